/// Makes names unique within one scope, deterministically: the first claimant of a
/// name keeps it, later ones (and reserved words) get `2`, `3`, ... appended. Names are
/// compared case-insensitively when asked to, because type names become file names and
/// macOS file systems do not tell `Foo.swift` from `FOO.swift`.
public struct NameResolver {
    private var taken: Set<String>
    private let caseInsensitive: Bool

    public init(reserved: Set<String> = [], caseInsensitive: Bool = false) {
        self.caseInsensitive = caseInsensitive
        self.taken = Set(reserved.map { caseInsensitive ? $0.lowercased() : $0 })
    }

    /// Claims `candidate` or the first free `candidate2`, `candidate3`, ...
    public mutating func claim(_ candidate: String) -> String {
        var name = candidate
        var suffix = 2
        while taken.contains(key(name)) {
            name = candidate + String(suffix)
            suffix += 1
        }
        taken.insert(key(name))
        return name
    }

    private func key(_ name: String) -> String { caseInsensitive ? name.lowercased() : name }
}

/// The identifiers a target chose for one model: every declaration's type name, every
/// struct's field names, every enum's case names and every union's variant case names.
/// Names are bare identifiers; targets escape keywords where they use them.
public struct NameTable: Sendable {
    public var types: [DeclarationID: String] = [:]
    /// Per struct, one name per field, in field order.
    public var fields: [DeclarationID: [String]] = [:]
    /// Per enum, one name per case; per union, one name per variant; in schema order.
    public var cases: [DeclarationID: [String]] = [:]
    /// Names for the extra types a target emits (fixtures, tests), by role.
    public var extras: [String: String] = [:]

    public init() {}

    public func typeName(_ id: DeclarationID) -> String {
        types[id] ?? "UnknownType"
    }
}
