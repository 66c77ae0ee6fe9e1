import Foundation
import JSON

/// One RFC 8927 schema: a form, `nullable`, and its `metadata`.
///
/// A class, immutable: validators pass schemas around in hot loops, and sharing one
/// reference costs far less than copying a form, metadata and pointer each time.
public final class Schema: Sendable {
    public let form: Form
    public let nullable: Bool
    public let metadata: JSONObject
    /// Where this schema sits in the schema document, for messages.
    public let pointer: JSONPointer
    /// `form`'s case without its payload (but a type's): validators branch on it for
    /// every value, and reading `form`, an indirect enum, costs a retain and a release.
    let kind: Form.Kind

    public init(form: Form, nullable: Bool = false, metadata: JSONObject = JSONObject(), pointer: JSONPointer = .root) {
        self.form = form
        kind = Form.Kind(form)
        self.nullable = nullable
        self.metadata = metadata
        self.pointer = pointer
    }

    /// `metadata.description`, the convention jtd-codegen reads for doc comments.
    public var description: String? { metadata["description"]?.stringValue }
}

/// The eight forms of RFC 8927 section 2.2.
public indirect enum Form: Sendable {
    case empty
    case ref(String)
    case type(PrimitiveType)
    case enumeration([String])
    case elements(Schema)
    case properties(PropertiesForm)
    case values(Schema)
    case discriminator(DiscriminatorForm)

    /// A form's case; a type keeps its primitive type.
    enum Kind: Sendable {
        case empty, ref, type(PrimitiveType), enumeration, elements, properties, values, discriminator

        init(_ form: Form) {
            switch form {
            case .empty: self = .empty
            case .ref: self = .ref
            case .type(let type): self = .type(type)
            case .enumeration: self = .enumeration
            case .elements: self = .elements
            case .properties: self = .properties
            case .values: self = .values
            case .discriminator: self = .discriminator
            }
        }
    }

    /// The form's keyword, as the RFC names it.
    public var keyword: String {
        switch self {
        case .empty: "empty"
        case .ref: "ref"
        case .type: "type"
        case .enumeration: "enum"
        case .elements: "elements"
        case .properties: "properties"
        case .values: "values"
        case .discriminator: "discriminator"
        }
    }
}

public enum PrimitiveType: String, Sendable, CaseIterable {
    case boolean, string, timestamp, float32, float64, int8, uint8, int16, uint16, int32, uint32

    /// The inclusive range of an integer type; nil for the others.
    public var integerRange: ClosedRange<Double>? {
        switch self {
        case .int8: -128...127
        case .uint8: 0...255
        case .int16: -32768...32767
        case .uint16: 0...65535
        case .int32: -2_147_483_648...2_147_483_647
        case .uint32: 0...4_294_967_295
        default: nil
        }
    }
}

public struct Property: Sendable {
    public var name: String
    public var schema: Schema

    public init(name: String, schema: Schema) {
        self.name = name
        self.schema = schema
    }
}

public struct PropertiesForm: Sendable {
    /// `properties`, in document order.
    public var required: [Property]
    /// `optionalProperties`, in document order.
    public var optional: [Property]
    public var additionalProperties: Bool
    /// Whether the `properties` keyword itself was present; RFC 8927 error indicators
    /// for a non-object instance name it, or else `optionalProperties`.
    public var hasPropertiesKeyword: Bool

    /// By Unicode scalars (`ScalarKey`): a member named "cafe\u{301}" is not "caf\u{E9}".
    let index: [ScalarKey: PropertyIndex]
    /// Whether every property name is ASCII, which lets validators match keys with
    /// Swift's `==` (see `SchemaLookup.lookup`).
    let namesAreASCII: Bool

    enum PropertyIndex: Sendable {
        case required(Int)
        case optional(Int)
    }

    public init(required: [Property], optional: [Property], additionalProperties: Bool, hasPropertiesKeyword: Bool) {
        self.required = required
        self.optional = optional
        self.additionalProperties = additionalProperties
        self.hasPropertiesKeyword = hasPropertiesKeyword
        var index: [ScalarKey: PropertyIndex] = [:]
        for (position, property) in optional.enumerated() { index[ScalarKey(property.name)] = .optional(position) }
        for (position, property) in required.enumerated() { index[ScalarKey(property.name)] = .required(position) }
        self.index = index
        namesAreASCII = (required + optional).allSatisfy { $0.name.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// All properties, required first, each in document order.
    public var all: [(property: Property, isRequired: Bool)] {
        required.map { ($0, true) } + optional.map { ($0, false) }
    }

    public func property(named name: String) -> (property: Property, isRequired: Bool)? {
        switch index[ScalarKey(name)] {
        case .required(let position): (required[position], true)
        case .optional(let position): (optional[position], false)
        case nil: nil
        }
    }
}

public struct DiscriminatorForm: Sendable {
    public struct Variant: Sendable {
        public var tag: String
        public var schema: Schema

        public init(tag: String, schema: Schema) {
            self.tag = tag
            self.schema = schema
        }
    }

    public var tag: String
    /// `mapping`, in document order.
    public var mapping: [Variant]
    let index: [ScalarKey: Int]

    public init(tag: String, mapping: [Variant]) {
        self.tag = tag
        self.mapping = mapping
        var index: [ScalarKey: Int] = [:]
        for (position, variant) in mapping.enumerated() { index[ScalarKey(variant.tag)] = position }
        self.index = index
    }

    public func variant(for value: String) -> Variant? {
        index[ScalarKey(value)].map { mapping[$0] }
    }
}
