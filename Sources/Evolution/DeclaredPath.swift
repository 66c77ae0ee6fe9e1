import Schema

/// Whether a schema declares a place for values at a rule's path: through properties,
/// elements, values, discriminator mappings or the empty form. Unlike the navigator
/// that checks rules at load time, what `additionalProperties` merely tolerates does
/// not count, because a server built from that schema does not send it.
enum DeclaredPath {
    static func isDeclared(_ pattern: PathPattern, in document: SchemaDocument) -> Bool {
        var current = [document.root]
        for token in pattern.tokens {
            current = current.flatMap { step(document.resolveChain($0).schema, token) }
            if current.isEmpty { return false }
        }
        return true
    }

    private static func step(_ schema: Schema, _ token: PathPattern.Token) -> [Schema] {
        switch (schema.form, token) {
        case (.empty, _):
            return [schema]
        case (.elements(let element), .wildcard):
            return [element]
        case (.elements(let element), .name(let name)):
            return JSONPointer.arrayIndex(name) == nil ? [] : [element]
        case (.values(let value), _):
            return [value]
        case (.properties(let form), .wildcard):
            return form.all.map(\.property.schema)
        case (.properties(let form), .name(let name)):
            return form.property(named: name).map { [$0.property.schema] } ?? []
        case (.discriminator(let form), .name(let name)) where name == form.tag:
            return [Schema(form: .type(.string), pointer: schema.pointer)]
        case (.discriminator(let form), _):
            return form.mapping.flatMap { step($0.schema, token) }
        default:
            return []
        }
    }
}
