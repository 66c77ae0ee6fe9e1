import Schema

/// Reading and editing JSON values at concrete paths, for deriving fixtures; reading
/// and matching go through the Schema library, so fixtures see what the engine sees.
enum JSONEditing {
    static func value(at path: [PathToken], in root: JSON) -> JSON? {
        root.value(at: path)
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
        pattern.matches(in: root)
    }

    /// The concrete path of a pattern without wildcards.
    static func concretePath(_ pattern: PathPattern) -> [PathToken]? {
        pattern.concretePath
    }

    /// Whether a rule condition holds on `base`, exactly as the rule engine decides it.
    static func holds(_ condition: Condition, on base: JSON) -> Bool {
        condition.holds(on: base)
    }
}
