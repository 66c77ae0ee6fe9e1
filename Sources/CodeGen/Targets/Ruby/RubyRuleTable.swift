import Schema

/// The schema and its rules as JSON data for the generated `Contract` module: the
/// engine is the same for every schema, only these tables change.
enum RubyRuleTable {
    static func object(_ members: [(String, JSON?)]) -> JSON {
        .object(JSONObject(members.compactMap { key, value in value.map { JSONObject.Member(key: key, value: $0) } }))
    }

    static func schema(_ schema: Schema) -> JSON {
        var members: [(String, JSON?)] = []
        switch schema.form {
        case .empty: break
        case .ref(let name): members.append(("ref", .string(name)))
        case .type(let type): members.append(("type", .string(type.rawValue)))
        case .enumeration(let values): members.append(("enum", .array(values.map(JSON.string))))
        case .elements(let inner): members.append(("elements", self.schema(inner)))
        case .values(let inner): members.append(("values", self.schema(inner)))
        case .properties(let form):
            if form.hasPropertiesKeyword || form.optional.isEmpty {
                members.append(("properties", object(form.required.map { ($0.name, self.schema($0.schema)) })))
            }
            if !form.optional.isEmpty || !form.hasPropertiesKeyword {
                members.append(("optionalProperties", object(form.optional.map { ($0.name, self.schema($0.schema)) })))
            }
            if form.additionalProperties { members.append(("additionalProperties", .bool(true))) }
        case .discriminator(let form):
            members.append(("discriminator", .string(form.tag)))
            members.append(("mapping", object(form.mapping.map { ($0.tag, self.schema($0.schema)) })))
        }
        if schema.nullable { members.append(("nullable", .bool(true))) }
        return object(members)
    }

    static func document(_ document: SchemaDocument) -> JSON {
        guard case .object(let root) = schema(document.root) else { return .object(JSONObject()) }
        var members = root.members
        if !document.definitions.isEmpty {
            members.insert(JSONObject.Member(key: "definitions",
                                             value: object(document.definitions.map { ($0.name, schema($0.schema)) })), at: 0)
        }
        return .object(JSONObject(members))
    }

    static func pattern(_ pattern: PathPattern) -> JSON { .string(pattern.description) }

    static func optional(_ value: Int?) -> JSON? { value.map { .number(Double($0)) } }

    static func conditions(_ conditions: [Condition]) -> JSON {
        .array(conditions.map { condition in
            switch condition.test {
            case .present(let flag): object([("path", pattern(condition.path)), ("present", .bool(flag))])
            case .count(let min, let max):
                object([("path", pattern(condition.path)), ("count", object([("min", optional(min)), ("max", optional(max))]))])
            case .equals(let value): object([("path", pattern(condition.path)), ("equals", value)])
            }
        })
    }

    static func rule(_ rule: Rule, definition: String? = nil) -> JSON {
        var members: [(String, JSON?)] = [
            ("definition", definition.map(JSON.string)), ("code", .string(rule.code)), ("severity", .string(rule.severity == .error ? "error" : "warning")),
            ("kind", .string(rule.kind.name)),
        ]
        // The kind's arguments as the runtime reads them, without those it may leave
        // out (nil, empty, false) and without words (the runtime words patterns itself).
        for argument in rule.kind.arguments where !argument.isOmittable {
            switch argument.value {
            case .pattern(let path): members.append((argument.name, pattern(path)))
            case .optionalPattern(let path): members.append((argument.name, path.map(pattern)))
            case .integer(let number): members.append((argument.name, optional(number)))
            case .integers(let numbers): members.append((argument.name, .array(numbers.map { .number(Double($0)) })))
            case .flag(let flag): members.append((argument.name, .bool(flag)))
            case .conditions(let list): members.append((argument.name, conditions(list)))
            case .json(let json): members.append((argument.name, json))
            case .words: break
            }
        }
        if !rule.when.isEmpty { members.append(("when", conditions(rule.when))) }
        members.append(("message", .string(rule.message)))
        return object(members)
    }
}
