import Schema

/// The stable identity of a declaration: where its schema sits in the schema document
/// (`/definitions/TabData`, `/properties/foo`, `/mapping/bar`). Names are decided later,
/// by each target; ids never change with naming rules.
public struct DeclarationID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var pointer: String

    public init(_ pointer: String) {
        self.pointer = pointer
    }

    public var description: String { pointer.isEmpty ? "(root)" : pointer }

    public static func < (lhs: DeclarationID, rhs: DeclarationID) -> Bool { lhs.pointer < rhs.pointer }
}

/// One named type of the model.
public struct Declaration: Sendable {
    public var id: DeclarationID
    /// The raw name parts the name is made from, jtd-codegen style: a definition's name,
    /// the root name, or a parent's parts followed by a property name or a variant tag
    /// (`["MessageData"]`, `["Root", "foo", "bar"]`). Targets turn parts into identifiers.
    public var nameParts: [String]
    /// `metadata.description`, verbatim (targets escape it for comments).
    public var docs: String?
    public var kind: Kind
    /// The schema the declaration was built from.
    public var schemaPointer: JSONPointer
    /// Whether this is the type of the whole message (the root).
    public var isRoot: Bool
    /// For a variant struct: the union it belongs to.
    public var unionID: DeclarationID?

    public enum Kind: Sendable {
        /// `properties` / `optionalProperties`.
        case structure(Structure)
        /// `enum`.
        case enumeration(Enumeration)
        /// `discriminator` / `mapping`.
        case union(Union)
        /// Everything else that needs a name: a definition or root that is a primitive,
        /// an array, a map, a reference or `{}`.
        case alias(TypeRef)
    }
}

extension Declaration.Kind {
    /// The flags a declaration template branches on (`isStruct`, `isEnum`, `isUnion`,
    /// `isAlias`): the one of this kind is true.
    var templateFlags: [String: Any] {
        var flags: [String: Any] = ["isStruct": false, "isEnum": false, "isUnion": false, "isAlias": false]
        switch self {
        case .structure: flags["isStruct"] = true
        case .enumeration: flags["isEnum"] = true
        case .union: flags["isUnion"] = true
        case .alias: flags["isAlias"] = true
        }
        return flags
    }
}

/// An object with known properties.
public struct Structure: Sendable {
    /// Required properties first, then optional ones, each in schema order (the order of
    /// the hand-written types this replaces).
    public var fields: [Field]
    /// `additionalProperties`: whether the schema admits unknown members. Decoders ignore
    /// unknown members either way; `tabgen validate` reports them when this is false.
    public var additionalProperties: Bool
}

public struct Field: Sendable {
    /// The member name on the wire, verbatim (may be empty, non-ASCII, a keyword).
    public var jsonName: String
    public var docs: String?
    /// The value's type; `.nullable` when JSON `null` is allowed.
    public var type: TypeRef
    /// Required (`properties`) or optional (`optionalProperties`: omitted when absent).
    public var isRequired: Bool
    /// The field closes a cycle of value types (a struct that contains itself without an
    /// array, map or union in between): value-type languages must box it.
    public var isRecursive: Bool = false
    public var schemaPointer: JSONPointer
}

/// A closed set of strings on the wire. Generated clients keep values they do not know
/// (a newer server's) as an explicit unknown case rather than failing the message.
public struct Enumeration: Sendable {
    public var cases: [EnumCase]
}

public struct EnumCase: Sendable {
    /// The value on the wire, verbatim.
    public var value: String
    /// `metadata.enumDescription[value]`.
    public var docs: String?
}

/// A discriminated union: an object whose `tag` member selects the variant.
public struct Union: Sendable {
    /// The discriminator member name on the wire.
    public var tag: String
    public var variants: [Variant]
}

public struct Variant: Sendable {
    /// The discriminator value on the wire.
    public var tagValue: String
    /// The struct holding the variant's properties (without the tag).
    public var structure: DeclarationID
}
