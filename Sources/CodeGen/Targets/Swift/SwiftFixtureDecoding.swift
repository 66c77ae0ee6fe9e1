import Schema

/// What the generated Swift decoder does with a fixture under the chosen decoding
/// policy. The shared fixtures say what an open-enum client without null tolerance
/// does; tolerant decoding also accepts `null` optional members and missing nullable
/// or array members, strict decoding also rejects unknown enum values.
struct SwiftFixtureDecoding {
    let document: SchemaDocument
    let policy: SwiftOptions.Decoding

    struct Outcome {
        var decodes: Bool
        var typedCodes: [String]
        var canonical: JSON?
    }

    func outcome(_ fixture: Fixture) -> Outcome {
        let shared = Outcome(decodes: fixture.decodes, typedCodes: fixture.typedCodes, canonical: fixture.canonical)
        let indicators = InstanceValidator.validate(fixture.payload, against: document)
        switch policy {
        case .strict:
            guard fixture.decodes, indicators.contains(where: { $0.kind == .keyword && $0.schemaPath.last == "enum" }) else { return shared }
            return Outcome(decodes: false, typedCodes: [], canonical: nil)
        case .tolerant:
            guard !fixture.decodes, !indicators.isEmpty else { return shared }
            let deriver = FixtureDeriver(document: document)
            var repaired = fixture.payload
            for indicator in indicators {
                if deriver.isTolerated(indicator, in: fixture.payload) { continue }
                if let path = nullOptionalMember(indicator, in: fixture.payload) {
                    _ = JSONEditing.remove(at: path, in: &repaired)
                } else if let (path, value) = missingMember(indicator, in: fixture.payload) {
                    _ = JSONEditing.set(value, at: path, in: &repaired)
                } else {
                    return shared
                }
            }
            // validate() reports what `tabgen validate` reports on the payload (decoding
            // notes keep null-versus-absent for the rules), except members the schema does
            // not declare: decoding drops them, and with them their TG013.
            return Outcome(decodes: true, typedCodes: fixture.codes.filter { $0 != FindingCode.unexpectedProperty },
                           canonical: Canonicalizer.canonical(repaired, in: document))
        }
    }

    /// The path of an optional, non-nullable member sent as `null`, when that is what the indicator is about.
    func nullOptionalMember(_ indicator: ErrorIndicator, in payload: JSON) -> [PathToken]? {
        let path = indicator.instancePath
        guard indicator.kind == .keyword, case .key(let key)? = path.last, JSONEditing.value(at: path, in: payload) == .null,
              let member = lookup.schema(at: path, in: payload), !member.nullable,
              property(key, of: Array(path.dropLast()), in: payload)?.isRequired == false else { return nil }
        return path
    }

    /// The path of a missing required member that tolerant decoding reads, and what it reads
    /// there (`TypeModel.missingMemberValue`: null if nullable, else `[]` for an array), when
    /// that is what the indicator is about.
    func missingMember(_ indicator: ErrorIndicator, in payload: JSON) -> (path: [PathToken], value: JSON)? {
        guard indicator.kind == .missingProperty, let name = indicator.schemaPath.last,
              let found = property(name, of: indicator.instancePath, in: payload), found.isRequired else { return nil }
        let schema = lookup.resolve(found.property.schema)
        let path = indicator.instancePath + [.key(name)]
        if schema.nullable { return (path, .null) }
        if case .elements = schema.schema.form { return (path, .array([])) }
        return nil
    }

    var lookup: SchemaLookup { SchemaLookup(document: document) }

    /// The declared property `name` of the object at `path`.
    func property(_ name: String, of path: [PathToken], in payload: JSON) -> (property: Property, isRequired: Bool)? {
        guard let parent = lookup.schema(at: path, in: payload) else { return nil }
        switch parent.schema.form {
        case .properties(let form):
            return form.property(named: name)
        case .discriminator(let form):
            guard let tag = JSONEditing.value(at: path, in: payload)?[form.tag]?.stringValue,
                  case .properties(let properties)? = form.variant(for: tag)?.schema.form else { return nil }
            return properties.property(named: name)
        default:
            return nil
        }
    }
}
