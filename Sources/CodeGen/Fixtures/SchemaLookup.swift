import Schema

/// Finds the schema that validates a given place of an instance, following refs and
/// using the instance's own discriminator tags.
struct SchemaLookup {
    let document: SchemaDocument

    /// The schema with a concrete form (refs followed) and whether null is allowed there.
    func resolve(_ schema: Schema) -> (schema: Schema, nullable: Bool) {
        var current = schema
        var nullable = schema.nullable
        var hops = 0
        while case .ref(let name) = current.form, let target = document.definition(named: name), hops <= document.definitions.count {
            current = target
            nullable = nullable || target.nullable
            hops += 1
        }
        return (current, nullable)
    }

    /// The schema at `path` in `instance`, or nil when the path leaves the schema
    /// (unknown members, a discriminator tag, a wrong shape).
    func schema(at path: [PathToken], in instance: JSON) -> (schema: Schema, nullable: Bool)? {
        var current = resolve(document.root)
        var value: JSON? = instance
        for token in path {
            let next: Schema?
            switch (current.schema.form, token) {
            case (.elements(let element), .index):
                next = element
            case (.values(let valueSchema), .key):
                next = valueSchema
            case (.properties(let form), .key(let key)):
                next = form.property(named: key)?.property.schema
            case (.discriminator(let form), .key(let key)):
                guard let tag = value?[form.tag]?.stringValue, let variant = form.variant(for: tag),
                      case .properties(let properties) = variant.schema.form else { return nil }
                next = properties.property(named: key)?.property.schema
            default:
                next = nil
            }
            guard let next else { return nil }
            current = resolve(next)
            value = value.flatMap { JSONEditing.value(at: [token], in: $0) }
        }
        return current
    }
}
