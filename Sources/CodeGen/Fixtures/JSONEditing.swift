import Schema

/// Reading and editing JSON values at concrete paths, and matching rule path patterns,
/// for deriving fixtures. (The rule engine's own matcher is internal to Schema; this
/// one works on copies and returns concrete paths to edit.)
enum JSONEditing {
    static func value(at path: [PathToken], in root: JSON) -> JSON? {
        var current = root
        for token in path {
            switch (token, current) {
            case (.key(let key), .object(let object)):
                guard let next = object[key] else { return nil }
                current = next
            case (.index(let index), .array(let elements)) where elements.indices.contains(index):
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Sets the value at `path` (adding the member when the parent object lacks it).
    /// Returns false when the parent is missing or of the wrong kind.
    @discardableResult
    static func set(_ value: JSON, at path: [PathToken], in root: inout JSON) -> Bool {
        guard let first = path.first else {
            root = value
            return true
        }
        let rest = Array(path.dropFirst())
        switch (first, root) {
        case (.key(let key), .object(var object)):
            if let position = object.members.firstIndex(where: { $0.key == key }) {
                var child = object.members[position].value
                guard set(value, at: rest, in: &child) else { return false }
                object.members[position].value = child
            } else {
                guard rest.isEmpty else { return false }
                object.members.append(JSONObject.Member(key: key, value: value))
            }
            root = .object(object)
            return true
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            var child = elements[index]
            guard set(value, at: rest, in: &child) else { return false }
            elements[index] = child
            root = .array(elements)
            return true
        default:
            return false
        }
    }

    /// Removes the member or element at `path`.
    @discardableResult
    static func remove(at path: [PathToken], in root: inout JSON) -> Bool {
        guard let last = path.last else { return false }
        let parentPath = Array(path.dropLast())
        guard var parent = value(at: parentPath, in: root) else { return false }
        switch (last, parent) {
        case (.key(let key), .object(var object)):
            guard let position = object.members.firstIndex(where: { $0.key == key }) else { return false }
            object.members.remove(at: position)
            parent = .object(object)
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            elements.remove(at: index)
            parent = .array(elements)
        default:
            return false
        }
        return set(parent, at: parentPath, in: &root)
    }

    /// Every concrete path and value a rule path pattern matches, in document order.
    static func matches(_ pattern: PathPattern, in root: JSON) -> [(path: [PathToken], value: JSON)] {
        var results: [(path: [PathToken], value: JSON)] = []
        func walk(_ tokens: ArraySlice<PathPattern.Token>, _ value: JSON, _ path: [PathToken]) {
            guard let token = tokens.first else {
                results.append((path, value))
                return
            }
            let rest = tokens.dropFirst()
            switch (token, value) {
            case (.wildcard, .array(let elements)):
                for (index, element) in elements.enumerated() { walk(rest, element, path + [.index(index)]) }
            case (.wildcard, .object(let object)):
                for member in object.members { walk(rest, member.value, path + [.key(member.key)]) }
            case (.name(let name), .object(let object)):
                if let child = object[name] { walk(rest, child, path + [.key(name)]) }
            case (.name(let name), .array(let elements)):
                if let index = Int(name), elements.indices.contains(index) { walk(rest, elements[index], path + [.index(index)]) }
            default:
                return
            }
        }
        walk(pattern.tokens[...], root, [])
        return results
    }

    /// The concrete path of a pattern without wildcards.
    static func concretePath(_ pattern: PathPattern) -> [PathToken]? {
        var path: [PathToken] = []
        for token in pattern.tokens {
            guard case .name(let name) = token else { return nil }
            path.append(.key(name))
        }
        return path
    }

    /// Whether a rule condition holds on `base` (as the rule engine decides it).
    static func holds(_ condition: Condition, on base: JSON) -> Bool {
        let value = matches(condition.path, in: base).first?.value
        switch condition.test {
        case .present(let wanted):
            return (value.map { !$0.isNull } ?? false) == wanted
        case .count(let min, let max):
            let count: Int
            switch value {
            case .array(let elements)?: count = elements.count
            case .object(let object)?: count = object.count
            default: return false
            }
            return count >= (min ?? 0) && count <= (max ?? Int.max)
        case .equals(let expected):
            return value == expected
        }
    }
}
