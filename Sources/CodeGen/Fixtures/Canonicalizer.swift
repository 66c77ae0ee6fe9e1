import Schema

/// The canonical form of a payload: what a generated client's decode-then-encode
/// produces, to be compared with it as JSON values (member order and number spelling
/// do not matter; `1` equals `1.0`).
///
/// It is the payload with every member the schema does not declare removed (objects of
/// `properties` form and discriminator variants keep their declared members and the
/// tag), everything else unchanged: unknown enum values stay as sent, timestamps keep
/// their text, `null` stays `null` and absent optional members stay absent. In fixture
/// files it is written compactly with sorted keys.
public enum Canonicalizer {
    public static let definition = "decode then encode, compared as JSON values: members the schema does not declare are dropped; everything else, including unknown enum values and timestamp text, is kept as sent"

    public static func canonical(_ payload: JSON, in document: SchemaDocument) -> JSON {
        canonical(payload, document.root, SchemaLookup(document: document))
    }

    static func canonical(_ value: JSON, _ schema: Schema, _ lookup: SchemaLookup) -> JSON {
        let resolved = lookup.resolve(schema).schema
        switch (resolved.form, value) {
        case (.elements(let element), .array(let elements)):
            return .array(elements.map { canonical($0, element, lookup) })
        case (.values(let valueSchema), .object(let object)):
            return .object(JSONObject(object.members.map { .init(key: $0.key, value: canonical($0.value, valueSchema, lookup)) }))
        case (.properties(let form), .object(let object)):
            return .object(declared(object, form, lookup))
        case (.discriminator(let form), .object(let object)):
            guard let tag = object[form.tag]?.stringValue, let variant = form.variant(for: tag),
                  case .properties(let properties) = variant.schema.form else { return value }
            var kept = declared(object, properties, lookup)
            kept.members.insert(.init(key: form.tag, value: .string(tag)), at: 0)
            return .object(kept)
        default:
            return value
        }
    }

    static func declared(_ object: JSONObject, _ form: PropertiesForm, _ lookup: SchemaLookup) -> JSONObject {
        var members: [JSONObject.Member] = []
        for member in object.members {
            guard let property = form.property(named: member.key) else { continue }
            members.append(.init(key: member.key, value: canonical(member.value, property.property.schema, lookup)))
        }
        return JSONObject(members)
    }
}
