import JSON

/// A path pattern prepared once, when the engine is made, for the per-payload checks:
/// array indices parsed ahead (`PatternMatcher` parses `JSONPointer.arrayIndex` at every array it
/// meets) and no path built while walking. It matches exactly what `PatternMatcher`
/// matches, in the same order (tests compare the two).
struct CompiledPath: Sendable {
    enum Step: Sendable {
        /// A member of an object by key (`count`: its UTF-8 length), or the element of
        /// an array at `index` (`JSONPointer.arrayIndex(key)`, as `PatternMatcher` reads it; nil: none).
        case name(String, count: Int, index: Int?)
        /// Every element of an array, every member of an object, in order.
        case each
    }

    let steps: [Step]
    let hasWildcard: Bool
    /// The step of the one wildcard of a path that has exactly one (every rule the
    /// project ships): its walks are two loops of lookups, not a recursion per value.
    let onlyWildcard: Int?

    init(_ pattern: PathPattern) {
        steps = pattern.tokens.map { token in
            switch token {
            case .name(let name): .name(name, count: name.utf8.count, index: JSONPointer.arrayIndex(name))
            case .wildcard: .each
            }
        }
        hasWildcard = pattern.hasWildcard
        let wildcards = pattern.tokens.indices.filter { pattern.tokens[$0] == .wildcard }
        onlyWildcard = wildcards.count == 1 ? wildcards.first : nil
    }

    /// The value at the named steps `range` from `value`, or nil.
    @inline(__always)
    private func follow(_ value: JSON, _ range: Range<Int>) -> JSON? {
        var current = value
        for position in range {
            guard case .name(let name, let count, let index) = steps[position], let next = Self.child(current, name, count, index) else { return nil }
            current = next
        }
        return current
    }

    /// The first value matched (the value, for a path without wildcards), or nil.
    func first(in root: JSON) -> JSON? {
        if !hasWildcard { return plain(root) }
        var found: JSON?
        forEach(in: root) { value in
            found = value
            return false
        }
        return found
    }

    /// The value of a path without wildcards: a loop, no recursion.
    private func plain(_ root: JSON) -> JSON? {
        var current = root
        for step in steps {
            guard case .name(let name, let count, let index) = step, let next = Self.child(current, name, count, index) else { return nil }
            current = next
        }
        return current
    }

    @inline(__always)
    fileprivate static func child(_ value: JSON, _ name: String, _ count: Int, _ index: Int?) -> JSON? {
        switch value {
        case .object(let object):
            // `object[name]`, with the lengths compared here: most keys differ in length,
            // and the call that compares scalars costs more than the whole test.
            for index in object.members.indices where object.members[index].key.utf8.count == count {
                if object.members[index].key.scalarEquals(name) { return object.members[index].value }
            }
            return nil
        case .array(let elements):
            guard let index, elements.indices.contains(index) else { return nil }
            return elements[index]
        default:
            return nil
        }
    }

    /// Calls `body` with each matched value in document order until it returns false;
    /// returns false when it stopped so.
    @discardableResult
    func forEach(in root: JSON, _ body: (JSON) -> Bool) -> Bool {
        guard let wildcard = onlyWildcard else { return walk(root, from: 0, body) }
        let rest = (wildcard + 1)..<steps.count
        switch follow(root, 0..<wildcard) {
        case .array(let elements)?:
            for index in elements.indices {
                if let value = follow(elements[index], rest), !body(value) { return false }
            }
        case .object(let object)?:
            for index in object.members.indices {
                if let value = follow(object.members[index].value, rest), !body(value) { return false }
            }
        default:
            break
        }
        return true
    }

    private func walk(_ value: JSON, from position: Int, _ body: (JSON) -> Bool) -> Bool {
        var current = value
        var position = position
        // The named steps before a wildcard, without recursing.
        while position < steps.count, case .name(let name, let count, let index) = steps[position] {
            guard let next = Self.child(current, name, count, index) else { return true }
            current = next
            position += 1
        }
        guard position < steps.count else { return body(current) }
        switch current {
        case .array(let elements):
            for index in elements.indices where !walk(elements[index], from: position + 1, body) { return false }
        case .object(let object):
            for index in object.members.indices where !walk(object.members[index].value, from: position + 1, body) { return false }
        default:
            break
        }
        return true
    }
}

extension CompiledPath {
    /// Calls `body` with each matched value and where it is: the index each wildcard took,
    /// from which `tokens(at:in:)` builds the path of a value that is reported.
    func forEachLocated(in root: JSON, _ body: (_ value: JSON, _ positions: [Int]) -> Void) {
        guard let wildcard = onlyWildcard else {
            var positions: [Int] = []
            return walkLocated(root, from: 0, &positions, body)
        }
        // One array of one position, set in place for each value.
        var positions = [0]
        let rest = (wildcard + 1)..<steps.count
        switch follow(root, 0..<wildcard) {
        case .array(let elements)?:
            for index in elements.indices {
                guard let value = follow(elements[index], rest) else { continue }
                positions[0] = index
                body(value, positions)
            }
        case .object(let object)?:
            for index in object.members.indices {
                guard let value = follow(object.members[index].value, rest) else { continue }
                positions[0] = index
                body(value, positions)
            }
        default:
            break
        }
    }

    private func walkLocated(_ value: JSON, from position: Int, _ positions: inout [Int], _ body: (JSON, [Int]) -> Void) {
        var current = value
        var position = position
        while position < steps.count, case .name(let name, let count, let index) = steps[position] {
            guard let next = Self.child(current, name, count, index) else { return }
            current = next
            position += 1
        }
        guard position < steps.count else { return body(current, positions) }
        switch current {
        case .array(let elements):
            for index in elements.indices {
                positions.append(index)
                walkLocated(elements[index], from: position + 1, &positions, body)
                positions.removeLast()
            }
        case .object(let object):
            for index in object.members.indices {
                positions.append(index)
                walkLocated(object.members[index].value, from: position + 1, &positions, body)
                positions.removeLast()
            }
        default:
            break
        }
    }

    /// The path of the value `forEachLocated` found at `positions`, as `PatternMatcher`
    /// gives it: a key for an object member, an index for an array element.
    func tokens(at positions: [Int], in root: JSON) -> [PathToken] {
        var tokens: [PathToken] = []
        tokens.reserveCapacity(steps.count)
        var current = root
        var wildcard = 0
        for step in steps {
            switch (step, current) {
            case (.name(let name, _, _), .object(let object)):
                guard let next = object[name] else { return tokens }
                tokens.append(.key(name))
                current = next
            case (.name(_, _, let index?), .array(let elements)) where elements.indices.contains(index):
                tokens.append(.index(index))
                current = elements[index]
            case (.each, .array(let elements)) where wildcard < positions.count && elements.indices.contains(positions[wildcard]):
                tokens.append(.index(positions[wildcard]))
                current = elements[positions[wildcard]]
                wildcard += 1
            case (.each, .object(let object)) where wildcard < positions.count && object.members.indices.contains(positions[wildcard]):
                let member = object.members[positions[wildcard]]
                tokens.append(.key(member.key))
                current = member.value
                wildcard += 1
            default:
                return tokens  // not reached: the positions came from a walk of the same root
            }
        }
        return tokens
    }
}

/// A `Condition` on compiled paths.
struct CompiledCondition: Sendable {
    let path: CompiledPath
    let test: Condition.Test

    init(_ condition: Condition) {
        path = CompiledPath(condition.path)
        test = condition.test
    }

    /// `Condition.holds(on:)`, the same answer.
    func holds(on base: JSON) -> Bool {
        test.holds(for: path.first(in: base))
    }
}

extension Array where Element == CompiledCondition {
    func allHold(on base: JSON) -> Bool {
        for condition in self where !condition.holds(on: base) { return false }
        return true
    }
}
