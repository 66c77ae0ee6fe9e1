/// A parsed JSON value.
///
/// Objects keep their members in document order (code generation and messages
/// depend on it); duplicate keys never reach this type because the reader rejects them.
public enum JSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    /// Calls `body` on each element of an array or each member value of an object, in
    /// order: the entries rules count. False, with no call, for any other value.
    @inlinable @discardableResult
    public func forEachEntry(_ body: (JSON) -> Void) -> Bool {
        switch self {
        case .array(let elements):
            for index in elements.indices { body(elements[index]) }
        case .object(let object):
            for index in object.members.indices { body(object.members[index].value) }
        default:
            return false
        }
        return true
    }
}

/// A JSON object: members in document order, with keys known to be unique.
public struct JSONObject: Sendable {
    public struct Member: Sendable {
        public var key: String
        public var value: JSON

        public init(key: String, value: JSON) {
            self.key = key
            self.value = value
        }
    }

    public var members: [Member]

    public init(_ members: [Member] = []) {
        self.members = members
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    /// The value for `key`. Linear: objects in payloads and schemas are small, and the
    /// validators that walk large objects iterate members instead of looking keys up.
    @inlinable @inline(__always)
    public subscript(key: String) -> JSON? {
        // `scalarEquals` compares lengths first, which skips most non-matching keys cheaply.
        for member in members where member.key.scalarEquals(key) {
            return member.value
        }
        return nil
    }
}

extension JSON {
    /// The kind of value, as JSON calls it, for messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    @inlinable
    public subscript(key: String) -> JSON? {
        objectValue?[key]
    }

    /// The value at a concrete path, or nil when the path leaves the value. Tokens are read
    /// against the value, as RFC 6901 reads a pointer: a member where the value is an object
    /// (an index token names the member of its decimal text), an element where it is an
    /// array (a key token only when it is an array index: `PathToken.arrayIndex`), so a
    /// pointer parsed from text, whose tokens are all keys, finds array elements too.
    public func value(at path: [PathToken]) -> JSON? {
        var current = self
        for token in path {
            switch current {
            case .object(let object):
                guard let next = object[token.text] else { return nil }
                current = next
            case .array(let elements):
                guard let index = token.arrayIndex, elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}

extension JSON: Equatable {
    /// JSON equality: objects compare as unordered sets of members, numbers by value.
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a.scalarEquals(b)
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }
}

extension JSONObject: Equatable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }
}

extension JSON: Hashable {
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): value.hashScalars(into: &hasher)
        case .array(let values): hasher.combine(values)
        case .object(let object):
            // Order-independent, to agree with ==.
            var sum = 0
            for member in object.members {
                var inner = Hasher()
                member.key.hashScalars(into: &inner)
                inner.combine(member.value)
                sum = sum &+ inner.finalize()
            }
            hasher.combine(object.count)
            hasher.combine(sum)
        }
    }
}
