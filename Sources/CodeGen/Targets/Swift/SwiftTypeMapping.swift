import Schema

/// How Swift spells the model's types.
enum SwiftTypeMapping {
    static func primitive(_ type: PrimitiveType) -> String {
        switch type {
        case .boolean: "Bool"
        case .string: "String"
        // RFC 3339 text kept as received, with its instant as `date`: independent of the
        // decoder's dateDecodingStrategy (Hotwire's decoder reads Date as a number).
        case .timestamp: "TabgenTimestamp"
        case .float32: "Float"
        case .float64: "Double"
        case .int8: "Int8"
        case .uint8: "UInt8"
        case .int16: "Int16"
        case .uint16: "UInt16"
        case .int32: "Int32"
        case .uint32: "UInt32"
        }
    }

    static func expression(_ type: TypeRef, names: NameTable) -> String {
        switch type {
        case .primitive(let kind): Self.primitive(kind)
        case .any: "TabgenJSON"
        case .array(let inner): "[\(expression(inner, names: names))]"
        case .map(let inner): "[String: \(expression(inner, names: names))]"
        case .named(let id): names.typeName(id)
        case .nullable(let inner): expression(inner, names: names) + "?"
        }
    }
}
