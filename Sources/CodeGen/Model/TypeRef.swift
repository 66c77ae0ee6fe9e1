import Schema

/// A reference to a type, as a field, an element, a map value or an alias holds it.
///
/// Language-neutral: a target maps each case to its own spelling (`[String: Int8]?`
/// in Swift, `Map<String, Byte>?` in Kotlin).
public indirect enum TypeRef: Sendable, Hashable {
    /// A JTD primitive (`boolean`, `string`, `timestamp`, the float and integer widths).
    case primitive(PrimitiveType)
    /// The empty form `{}`: any JSON value.
    case any
    /// `elements`: an array of the inner type.
    case array(TypeRef)
    /// `values`: an object with string keys, every value of the inner type.
    case map(TypeRef)
    /// A declared type (struct, enum, union or alias), by its id.
    case named(DeclarationID)
    /// `nullable: true`: the inner type or JSON `null`. Never nested directly.
    case nullable(TypeRef)

    /// Whether JSON `null` is a value of this type (aliases are not followed).
    public var isNullable: Bool {
        if case .nullable = self { return true }
        return false
    }

    /// The type without its `nullable` wrapper.
    public var nonNullable: TypeRef {
        if case .nullable(let inner) = self { return inner }
        return self
    }

    /// Every declaration this reference mentions, outermost first.
    public var referencedDeclarations: [DeclarationID] {
        switch self {
        case .primitive, .any: []
        case .array(let inner), .map(let inner), .nullable(let inner): inner.referencedDeclarations
        case .named(let id): [id]
        }
    }
}
