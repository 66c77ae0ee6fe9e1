import JSON

/// Enumerates the values a path pattern matches in a payload. The path is a stack the
/// callback may copy; nothing is allocated per match unless the callback does.
enum PatternMatcher {
    static func forEach(_ pattern: PathPattern, in root: JSON, _ body: (_ path: inout [PathToken], _ value: JSON) -> Void) {
        var path: [PathToken] = []
        path.reserveCapacity(pattern.tokens.count)
        walk(pattern.tokens[...], root, &path, body)
    }

    private static func walk(_ tokens: ArraySlice<PathPattern.Token>, _ value: JSON, _ path: inout [PathToken],
                             _ body: (_ path: inout [PathToken], _ value: JSON) -> Void) {
        guard let token = tokens.first else {
            body(&path, value)
            return
        }
        let rest = tokens.dropFirst()
        switch (token, value) {
        case (.wildcard, .array(let elements)):
            for (index, element) in elements.enumerated() {
                path.append(.index(index))
                walk(rest, element, &path, body)
                path.removeLast()
            }
        case (.wildcard, .object(let object)):
            for member in object.members {
                path.append(.key(member.key))
                walk(rest, member.value, &path, body)
                path.removeLast()
            }
        case (.name(let name), .object(let object)):
            guard let child = object[name] else { return }
            path.append(.key(name))
            walk(rest, child, &path, body)
            path.removeLast()
        case (.name(let name), .array(let elements)):
            guard let index = JSONPointer.arrayIndex(name), elements.indices.contains(index) else { return }
            path.append(.index(index))
            walk(rest, elements[index], &path, body)
            path.removeLast()
        default:
            return
        }
    }

    /// The first value a pattern matches (the value, for a pattern without wildcards),
    /// or nil. A plain loop: conditions and keys call this once per entry.
    static func value(at pattern: PathPattern, in root: JSON) -> JSON? {
        var current = root
        for token in pattern.tokens {
            guard case .name(let name) = token else {
                var found: JSON?
                allValues(pattern, in: root) { value in
                    found = value
                    return false
                }
                return found
            }
            switch current {
            case .object(let object):
                guard let child = object[name] else { return nil }
                current = child
            case .array(let elements):
                guard let index = JSONPointer.arrayIndex(name), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// All matched paths and values, copied (the slow path, for messages).
    static func all(_ pattern: PathPattern, in root: JSON) -> [(path: [PathToken], value: JSON)] {
        var result: [(path: [PathToken], value: JSON)] = []
        forEach(pattern, in: root) { path, value in result.append((path, value)) }
        return result
    }
}

extension PatternMatcher {
    /// Calls `body` with each matched value, without building paths; stops when `body`
    /// returns false, and then returns false itself. The pre-check of the rule engine.
    @discardableResult
    static func allValues(_ pattern: PathPattern, in root: JSON, _ body: (JSON) -> Bool) -> Bool {
        values(pattern.tokens, from: 0, in: root, body)
    }

    private static func values(_ tokens: [PathPattern.Token], from position: Int, in value: JSON, _ body: (JSON) -> Bool) -> Bool {
        guard position < tokens.count else { return body(value) }
        // Nested switches rather than a switch on a (token, value) tuple: the tuple
        // copies both enums, which costs retains on this hot path.
        switch tokens[position] {
        case .wildcard:
            switch value {
            case .array(let elements):
                for index in elements.indices where !values(tokens, from: position + 1, in: elements[index], body) { return false }
            case .object(let object):
                for index in object.members.indices where !values(tokens, from: position + 1, in: object.members[index].value, body) { return false }
            default:
                break
            }
        case .name(let name):
            switch value {
            case .object(let object):
                if let child = object[name] { return values(tokens, from: position + 1, in: child, body) }
            case .array(let elements):
                if let index = JSONPointer.arrayIndex(name), elements.indices.contains(index) {
                    return values(tokens, from: position + 1, in: elements[index], body)
                }
            default:
                break
            }
        }
        return true
    }
}
