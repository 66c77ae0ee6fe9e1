/// Follows path patterns through a schema, to check at load time that a rule's
/// pointers address something the schema can hold.
struct SchemaNavigator {
    let document: SchemaDocument
    /// Whether a member `additionalProperties` merely tolerates is a place a wildcard
    /// reaches: for a rule's pointers it is (the rule may check it); for `declares` it is
    /// not, because a server built from the schema does not send it.
    var countsAdditionalProperties = true

    /// Follows `ref`s to the schema that has a concrete form.
    func resolve(_ schema: Schema) -> Schema {
        var current = schema
        var hops = 0
        while case .ref(let name) = current.form, let target = document.definition(named: name), hops <= document.definitions.count {
            current = target
            hops += 1
        }
        return current
    }

    /// The schemas that values at `pattern` (from each of `schemas`) are validated
    /// against; empty when the pattern addresses nothing. On failure, `failure` names
    /// the first token that led nowhere.
    func schemas(at pattern: PathPattern, from start: [Schema]) -> (schemas: [Schema], failure: String?) {
        var current = start
        for token in pattern.tokens {
            var next: [Schema] = []
            for schema in current {
                next += step(resolve(schema), token)
            }
            if next.isEmpty {
                let description: String
                switch token {
                case .wildcard: description = "\"*\" needs an array, a values map or an object with properties"
                case .name(let name): description = "\(JSONWriter.quoted(name)) is not a property or element there"
                }
                let places = current.map { resolve($0).pointer.description }.map { $0.isEmpty ? "(root)" : $0 }
                return ([], "\(description) (schema at \(places.joined(separator: ", ")))")
            }
            current = next
        }
        return (current.map(resolve), nil)
    }

    private func step(_ schema: Schema, _ token: PathPattern.Token) -> [Schema] {
        switch (schema.form, token) {
        case (.empty, _):
            return [Schema(form: .empty, pointer: schema.pointer)]
        case (.elements(let element), .wildcard):
            return [element]
        case (.elements(let element), .name(let name)):
            return JSONPointer.arrayIndex(name) == nil ? [] : [element]
        case (.values(let value), _):
            return [value]
        case (.properties(let form), .wildcard):
            let additional = form.additionalProperties && countsAdditionalProperties ? [Schema(form: .empty, pointer: schema.pointer)] : []
            return form.all.map(\.property.schema) + additional
        case (.properties(let form), .name(let name)):
            // Only declared properties: with additionalProperties a payload may carry
            // any key, but a rule on an undeclared one is far likelier a typo.
            return form.property(named: name).map { [$0.property.schema] } ?? []
        case (.discriminator(let form), .name(let name)) where name == form.tag:
            return [Schema(form: .type(.string), pointer: schema.pointer.appending(key: "discriminator"))]
        case (.discriminator(let form), _):
            return form.mapping.flatMap { step($0.schema, token) }
        default:
            return []
        }
    }
}

extension SchemaDocument {
    /// Whether the schema declares a place for values at `pattern`: through properties,
    /// elements, values, discriminator mappings or the empty form, but not what
    /// `additionalProperties` merely tolerates.
    package func declares(_ pattern: PathPattern) -> Bool {
        SchemaNavigator(document: self, countsAdditionalProperties: false).schemas(at: pattern, from: [root]).failure == nil
    }
}
