import Schema

/// The tolerant decoding policy (`decoding: tolerant`) of the Kotlin target: which
/// members decoding tolerates, what `validate()` then reports for them (the code and
/// message `tabgen validate` gives), and what a tolerant client makes of a fixture.
enum KotlinTolerance {
    struct Member: Equatable {
        enum Kind: Equatable {
            /// An optional member that must not be null: `null` reads as absent.
            case nullAsAbsent
            /// A required member that may be null: a missing one reads as null.
            case missingAsNull
            /// A required array member: a missing one reads as an empty list.
            case missingAsEmpty

            /// The case of the runtime's `TabgenDeviation.Kind`.
            var runtimeName: String {
                switch self {
                case .nullAsAbsent: "NULL_AS_ABSENT"
                case .missingAsNull: "MISSING_AS_NULL"
                case .missingAsEmpty: "MISSING_AS_EMPTY"
                }
            }
        }

        var jsonName: String
        var kind: Kind
        var code: String
        var message: String
    }

    /// Per struct, its tolerated members in field order.
    static func members(_ model: TypeModel, types: KotlinTypeMapping) -> [DeclarationID: [Member]] {
        var result: [DeclarationID: [Member]] = [:]
        for declaration in model.declarations {
            guard case .structure(let structure) = declaration.kind else { continue }
            var members: [Member] = []
            for field in structure.fields {
                if field.isRequired, let read = model.missingMemberValue(field.type) {
                    members.append(Member(jsonName: field.jsonName, kind: read == .null ? .missingAsNull : .missingAsEmpty, code: FindingCode.missingProperty,
                                          message: "missing required property \(JSONWriter.quoted(field.jsonName))"))
                } else if !field.isRequired, !types.admitsNull(field.type) {
                    let (code, message) = model.nullFinding(field.type.nonNullable) ?? (FindingCode.wrongType, "wrong type, found null")
                    members.append(Member(jsonName: field.jsonName, kind: .nullAsAbsent, code: code, message: message))
                }
            }
            if !members.isEmpty { result[declaration.id] = members }
        }
        return result
    }


    // MARK: Fixtures

    /// What a tolerant client makes of a fixture a strict one rejects: nil when it still
    /// rejects it, otherwise the canonical encoding and the codes `validate()` reports
    /// (the tolerated deviations, as `tabgen validate` reports them on the payload, plus
    /// `tabgen validate` on the canonical value without the members decoding added).
    static func label(_ fixture: Fixture, model: TypeModel, types: KotlinTypeMapping) -> (canonical: JSON, typedCodes: [String])? {
        var deviations: [JSONPointer] = []
        let normalized = normalize(fixture.payload, model.root, path: [], model: model, types: types, deviations: &deviations)
        guard !deviations.isEmpty else { return nil }
        let document = model.document
        let deriver = FixtureDeriver(document: document)
        guard InstanceValidator.validate(normalized, against: document).allSatisfy({ deriver.isTolerated($0, in: normalized) }) else { return nil }
        let validator = PayloadValidator(document: document)
        let canonical = Canonicalizer.canonical(normalized, in: document)
        let reported = validator.findings(for: fixture.payload).filter { finding in
            [FindingCode.wrongType, FindingCode.notInEnum, FindingCode.missingProperty, FindingCode.wrongShape].contains(finding.code)
                && deviations.contains(finding.pointer)
        }
        // The rules of `validate()` see a member decoding added as missing (`tabs` missing
        // is no bootstrap to TG106, `[]` is), as `tabgen validate` does.
        var ruleView = canonical
        for finding in reported where finding.code == FindingCode.missingProperty {
            if let name = finding.schemaPath?.last { _ = JSONEditing.remove(at: finding.pointer.tokens + [.key(name)], in: &ruleView) }
        }
        let codes = Set(reported.map(\.code)).union(validator.findings(for: ruleView).map(\.code))
        return (canonical, codes.sorted())
    }

    /// `value` as the tolerant decoder reads it: `null` optional members dropped, missing
    /// nullable members added as `null`, missing arrays as `[]`; the pointers `validate()`
    /// reports collected.
    static func normalize(_ value: JSON, _ type: TypeRef, path: [PathToken], model: TypeModel, types: KotlinTypeMapping,
                          deviations: inout [JSONPointer], seen: Set<DeclarationID> = []) -> JSON {
        switch (type.nonNullable, value) {
        case (.array(let inner), .array(let elements)):
            return .array(elements.enumerated().map { normalize($0.element, inner, path: path + [.index($0.offset)], model: model, types: types, deviations: &deviations) })
        case (.map(let inner), .object(let object)):
            return .object(JSONObject(object.members.map {
                .init(key: $0.key, value: normalize($0.value, inner, path: path + [.key($0.key)], model: model, types: types, deviations: &deviations))
            }))
        case (.named(let id), _):
            guard let declaration = model[id] else { return value }
            switch declaration.kind {
            case .alias(let target):
                guard !seen.contains(id) else { return value }
                return normalize(value, target, path: path, model: model, types: types, deviations: &deviations, seen: seen.union([id]))
            case .structure(let structure):
                return normalizeStruct(value, structure, path: path, model: model, types: types, deviations: &deviations)
            case .union(let union):
                guard case .object(let object) = value, let tag = object[union.tag]?.stringValue,
                      let variant = union.variants.first(where: { $0.tagValue == tag }), let structure = model[variant.structure],
                      case .structure(let form) = structure.kind else { return value }
                return normalizeStruct(value, form, path: path, model: model, types: types, deviations: &deviations)
            case .enumeration:
                return value
            }
        default:
            return value
        }
    }

    static func normalizeStruct(_ value: JSON, _ structure: Structure, path: [PathToken], model: TypeModel, types: KotlinTypeMapping,
                                deviations: inout [JSONPointer]) -> JSON {
        guard case .object(var object) = value else { return value }
        for field in structure.fields {
            let member = object[field.jsonName]
            if field.isRequired, member == nil, let read = model.missingMemberValue(field.type) {
                object.members.append(.init(key: field.jsonName, value: read))
                deviations.append(JSONPointer(path))
            } else if !field.isRequired, member == .null, !types.admitsNull(field.type) {
                object.members.removeAll { $0.key == field.jsonName }
                deviations.append(JSONPointer(path + [.key(field.jsonName)]))
            }
        }
        object.members = object.members.map { member in
            guard let field = structure.fields.first(where: { $0.jsonName == member.key }) else { return member }
            return .init(key: member.key, value: normalize(member.value, field.type, path: path + [.key(member.key)], model: model, types: types, deviations: &deviations))
        }
        return .object(object)
    }
}
