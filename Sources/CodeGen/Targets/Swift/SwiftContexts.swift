import Schema

/// The template contexts of the Swift target: every name, type spelling, literal and
/// comment decided here, so templates only lay them out.
///
/// Every context sets every key its template reads (Mustache looks a missing key up in
/// the enclosing contexts, which would leak a parent's value into a child).
struct SwiftContexts {
    let target: SwiftTarget
    let input: TargetInput

    var model: TypeModel { input.model }
    var names: NameTable { input.names }
    var options: SwiftOptions { target.options }
    var access: String { options.accessLevel == .public ? "public " : "" }

    /// Declarations inside `extension Namespace {}` are indented one level.
    var bodyIndent: String { options.namespace.isEmpty ? "" : "    " }

    /// Keys shared by every file.
    func file() -> [String: Any] {
        var context: [String: Any] = [
            "header": input.header.lines.flatMap { SwiftLiterals.comment($0, documentation: false) },
            "access": access,
            // Public runtime types show Foundation's `Date`: with InternalImportsByDefault
            // the import must say so.
            "runtimeImport": options.accessLevel == .public ? "public import Foundation" : "import Foundation",
        ]
        context["fileImport"] = "import Foundation"
        if !options.namespace.isEmpty { context["namespace"] = options.namespace }
        if !options.testableImport.isEmpty { context["testableImport"] = options.testableImport }
        return context
    }

    func docLines(_ text: String?) -> [String] {
        text.map { SwiftLiterals.comment($0, documentation: true) } ?? []
    }

    func declaration(_ declaration: Declaration) -> [String: Any] {
        switch declaration.kind {
        case .structure(let structure): structContext(declaration, structure)
        case .enumeration(let enumeration): enumContext(declaration, enumeration)
        case .union(let union): unionContext(declaration, union)
        case .alias(let type): aliasContext(declaration, type)
        }
    }

    /// The rule table for the root (or an event data type), as Swift expressions.
    func rules(for declaration: Declaration) -> [String] {
        SwiftRuleTable.expressions(model.rules(of: declaration))
    }

    /// Whether `declaration` is the root struct or union, which gets `decode(json:)` and
    /// `decode(jsonData:)` (an alias or enum root decodes through `TabgenJSONText.decode`).
    func hasDecodeEntryPoint(_ declaration: Declaration) -> Bool {
        guard declaration.isRoot, declaration.unionID == nil else { return false }
        switch declaration.kind {
        case .structure, .union: return true
        case .enumeration, .alias: return false
        }
    }

    func rulesExpression(for declaration: Declaration) -> String {
        rules(for: declaration).isEmpty ? "[]" : "Self.tabgenRules"
    }

    func base(_ declaration: Declaration) -> [String: Any] {
        let rules = rules(for: declaration)
        let context: [String: Any] = [
            "name": names.typeName(declaration.id),
            "access": access,
            "docLines": docLines(declaration.docs),
            "rules": rules,
            "hasRules": !rules.isEmpty,
            "rulesExpression": rulesExpression(for: declaration),
            // The root struct or union gets `decode(json:)`, through the runtime's text check.
            "isRoot": hasDecodeEntryPoint(declaration),
            "decodeSchema": hasDecodeEntryPoint(declaration) ? decodeSchema() : false,
        ]
        return context.merging(declaration.kind.templateFlags) { own, _ in own }
    }

    /// The `TabgenSchema(...)` of the root type or a bridge component base: the schema as
    /// string literals (one a line, joined) and the decoding policy.
    func decodeSchema() -> [String: Any] {
        ["lines": DecodingSchema.pieces(DecodingSchema.text(of: model)).map { SwiftLiterals.string($0) + "," },
         "strict": options.decoding == .strict ? "true" : "false"]
    }

    func structContext(_ declaration: Declaration, _ structure: Structure) -> [String: Any] {
        var context = base(declaration)
        var docs = docLines(declaration.docs)
        if let unionID = declaration.unionID, let union = model[unionID], case .union(let form) = union.kind,
           let variant = form.variants.first(where: { $0.structure == declaration.id }) {
            if !docs.isEmpty { docs.append("///") }
            docs += SwiftLiterals.comment("The \(union.nameParts.last.map { "`\($0)`" } ?? "") variant with \(form.tag) = \(JSONLiteral.quoted(variant.tagValue)); see `\(names.typeName(unionID))`.", documentation: true)
        }
        if declaration.isRoot, let contract = model.contract {
            if !docs.isEmpty { docs.append("///") }
            docs += SwiftLiterals.comment("Bridge contract: the data of the `\(contract.event)` event of the `\(contract.component)` bridge component, sent by the Stimulus controller `\(contract.stimulusIdentifier)` from its `\(contract.value)` value (HTML attribute `\(contract.valueAttribute)`).", documentation: true)
            context["contract"] = ["component": SwiftLiterals.string(contract.component), "event": SwiftLiterals.string(contract.event)]
        } else if let contract = model.contract, let root = model.eventRoot(declaration.id), let sentence = root.contractSentence(component: contract.component) {
            if !docs.isEmpty { docs.append("///") }
            docs += SwiftLiterals.comment(sentence, documentation: true)
            context["contract"] = root.wireEvent.map { ["component": SwiftLiterals.string(contract.component), "event": SwiftLiterals.string($0)] } ?? false
        } else {
            context["contract"] = false
        }
        context["docLines"] = docs
        let fieldNames = names.fields[declaration.id] ?? []
        var fields: [[String: Any]] = []
        var nullFindings: [String] = []
        var notedNames: [String] = []
        for (field, plainName) in zip(structure.fields, fieldNames) {
            let name = SwiftNaming.escaped(plainName)
            let valueType = target.typeExpression(field.type, names: names)
            let type = field.isRequired ? valueType : valueType + "?"
            let storage = "_" + plainName
            let json = SwiftLiterals.string(field.jsonName)
            let tolerance = tolerance(for: field)
            let decode: String
            switch tolerance {
            case .nullOptional(let inner, let code, let message):
                decode = "container.tabgenDecodeOptional(\(inner).self, forKey: .\(name), notes: &notes)"
                nullFindings.append("\(json): (code: \(SwiftLiterals.string(code)), message: \(SwiftLiterals.string(message)))")
                notedNames.append(json)
            case .missingNullable(let inner):
                decode = "container.tabgenDecodeNullable(\(inner).self, forKey: .\(name), notes: &notes)"
                notedNames.append(json)
            case .missingArray:
                decode = "container.tabgenDecodeArray(forKey: .\(name), notes: &notes) { try \(plainDecode(field, name: name, valueType: valueType)) }"
                notedNames.append(json)
            case nil:
                decode = plainDecode(field, name: name, valueType: valueType)
            }
            fields.append([
                "canViolate": canViolate(field.type),
                "decodeExpression": decode,
                "notedNull": { if case .nullOptional = tolerance { true } else { false } }(),
                "notedMissing": { switch tolerance { case .missingNullable, .missingArray: true; default: false } }(),
                "stillTolerated": { if case .missingArray = tolerance { "self.\(name).isEmpty" } else { "self.\(name) == nil" } }(),
                "name": name,
                "storage": storage,
                "type": type,
                "valueType": valueType,
                "jsonLiteral": SwiftLiterals.string(field.jsonName),
                "docLines": docLines(field.docs),
                "isRequired": field.isRequired,
                "isRecursive": field.isRecursive,
                "initParameter": "\(name): \(type)" + (field.isRequired ? "" : " = nil"),
                "assignTarget": field.isRecursive ? "self.\(storage)" : "self.\(name)",
                "boxOpen": field.isRecursive ? "TabgenIndirect(" : "",
                "boxClose": field.isRecursive ? ")" : "",
            ])
        }
        context["fields"] = fields
        context["hasFields"] = !fields.isEmpty
        context["hasNotes"] = !notedNames.isEmpty
        context["nullFindings"] = nullFindings.isEmpty ? "[:]" : "[" + nullFindings.joined(separator: ", ") + "]"
        context["notedNames"] = notedNames.joined(separator: ", ")
        return context
    }

    /// How a field decodes when present: float32 goes through its Double
    /// (`tabgenDecodeFloat32`), as tabgen reads it.
    func plainDecode(_ field: Field, name: String, valueType: String) -> String {
        let method = holdsFloat32(field.type) ? "tabgenDecodeFloat32" : "decode"
        return field.isRequired
            ? "container.\(method)(\(valueType).self, forKey: .\(name))"
            : "container.contains(.\(name)) ? .some(container.\(method)(\(valueType).self, forKey: .\(name))) : .none"
    }

    /// What tolerant decoding lets through for one field (nil: nothing, or strict mode).
    enum Tolerance {
        /// Optional, not nullable: `null` decodes as nil, reported as `tabgen validate`
        /// reports `null` there.
        case nullOptional(inner: String, code: String, message: String)
        /// Required and nullable: a missing member decodes as nil, reported as TG012.
        case missingNullable(inner: String)
        /// Required array: a missing member decodes as empty, reported as TG012.
        case missingArray
    }

    func tolerance(for field: Field) -> Tolerance? {
        guard options.decoding == .tolerant else { return nil }
        if field.isRequired {
            switch model.missingMemberValue(field.type) {
            case .null?:
                guard let inner = nullableInner(field.type) else { return nil }
                return .missingNullable(inner: target.typeExpression(inner, names: names))
            case .array?: return .missingArray
            default: return nil
            }
        }
        guard let finding = model.nullFinding(field.type) else { return nil }
        return .nullOptional(inner: target.typeExpression(field.type, names: names), code: finding.code, message: finding.message)
    }

    /// Whether a value of `type` can hold something `tabgenCollectViolations` reports
    /// (an enum value, or a struct's decoding notes): other fields are not visited, which
    /// spares building their paths.
    func canViolate(_ type: TypeRef, seen: Set<DeclarationID> = []) -> Bool {
        switch type {
        case .primitive, .any: return false
        case .array(let inner), .map(let inner), .nullable(let inner): return canViolate(inner, seen: seen)
        case .named(let id):
            guard !seen.contains(id), let declaration = model[id] else { return false }
            switch declaration.kind {
            case .alias(let target): return canViolate(target, seen: seen.union([id]))
            case .enumeration, .structure, .union: return true
            }
        }
    }

    /// Whether `type` is float32 inside arrays, maps and nullables, through aliases: its
    /// decoding goes through `TabgenFloat32Decoding` (structs and unions decode themselves).
    func holdsFloat32(_ type: TypeRef, seen: Set<DeclarationID> = []) -> Bool {
        switch type {
        case .primitive(let kind): return kind == .float32
        case .any: return false
        case .array(let inner), .map(let inner), .nullable(let inner): return holdsFloat32(inner, seen: seen)
        case .named(let id):
            guard !seen.contains(id), case .alias(let target)? = model[id]?.kind else { return false }
            return holdsFloat32(target, seen: seen.union([id]))
        }
    }

    /// The type inside `nullable`, through aliases (`typealias NullString = String?`); nil when not nullable.
    func nullableInner(_ type: TypeRef) -> TypeRef? {
        switch type {
        case .nullable(let inner): inner
        case .named(let id): if case .alias(let target)? = model[id]?.kind { nullableInner(target) } else { nil }
        default: nil
        }
    }


    func enumContext(_ declaration: Declaration, _ enumeration: Enumeration) -> [String: Any] {
        var context = base(declaration)
        let caseNames = names.cases[declaration.id] ?? []
        context["cases"] = zip(enumeration.cases, caseNames).map { enumCase, name -> [String: Any] in
            ["name": SwiftNaming.escaped(name), "literal": SwiftLiterals.string(enumCase.value), "docLines": docLines(enumCase.docs)]
        }
        context["strict"] = options.decoding == .strict
        context["expectedLiteral"] = SwiftLiterals.string(AllowedValues.list(enumeration.cases.map(\.value)))
        return context
    }

    func unionContext(_ declaration: Declaration, _ union: Union) -> [String: Any] {
        var context = base(declaration)
        let caseNames = names.cases[declaration.id] ?? []
        context["tagLiteral"] = SwiftLiterals.string(union.tag)
        context["variants"] = zip(union.variants, caseNames).map { variant, name -> [String: Any] in
            [
                "caseName": SwiftNaming.escaped(name),
                "typeName": names.typeName(variant.structure),
                "tagLiteral": SwiftLiterals.string(variant.tagValue),
                "docLines": docLines(model[variant.structure]?.docs),
            ]
        }
        context["hasVariants"] = !union.variants.isEmpty
        context["variantDeclarations"] = union.variants.compactMap { variant -> [String: Any]? in
            guard let structure = model[variant.structure], case .structure(let form) = structure.kind else { return nil }
            return structContext(structure, form)
        }
        return context
    }

    func aliasContext(_ declaration: Declaration, _ type: TypeRef) -> [String: Any] {
        var context = base(declaration)
        context["target"] = target.typeExpression(type, names: names)
        context["rulesHolder"] = names.extras["rules"] ?? (names.typeName(declaration.id) + "Rules")
        return context
    }

    // MARK: Fixtures and tests

    /// How the tests call `validate` on the root value: the root's rule table, if any.
    var rootRulesExpression: String {
        guard let root = model.rootDeclaration, !model.rules.isEmpty else { return "[]" }
        let rootName = names.typeName(root.id)
        if case .alias = root.kind { return "\(names.extras["rules"] ?? rootName + "Rules").tabgenRules" }
        return "\(rootName).tabgenRules"
    }

    /// The context of the fixtures file: the fixtures transcribed, or with `sharedPath` (the
    /// project's shared file, relative to the tests' folder) the path the tests read them
    /// from and the fixtures this client labels otherwise than that file.
    func fixtures(file fixturesFile: String, sharedPath: String? = nil) -> [String: Any] {
        var context = file()
        context["fixturesFile"] = fixturesFile
        context["fixturesName"] = names.extras["fixtures"] ?? "Fixtures"
        context["rootType"] = target.typeExpression(model.root, names: names)
        context["rulesExpression"] = rootRulesExpression
        let decoding = SwiftFixtureDecoding(document: model.document, policy: options.decoding)
        func canonical(_ value: JSON?) -> String {
            value.map { SwiftLiterals.string(JSONWriter.string($0, sortKeys: true)) } ?? "nil"
        }
        func codes(_ codes: [String]) -> String {
            "[" + codes.map(SwiftLiterals.string).joined(separator: ", ") + "]"
        }
        if let sharedPath {
            context["sharedPath"] = SwiftLiterals.string(sharedPath)
            let relabeled = SharedFixturesTarget.relabeled(input.fixtures.fixtures, labels: input.fixtures.fixtures.map { fixture in
                let outcome = decoding.outcome(fixture)
                return SharedFixturesTarget.Label(decodes: outcome.decodes, typedCodes: outcome.typedCodes, canonical: outcome.canonical)
            })
            context["hasRelabeled"] = !relabeled.isEmpty
            context["relabeled"] = relabeled.map { entry -> [String: Any] in
                ["index": entry.index, "name": SwiftLiterals.string(entry.fixture.name), "decodes": entry.label.decodes ? "true" : "false",
                 "typedCodes": codes(entry.label.typedCodes), "canonical": canonical(entry.label.canonical)]
            }
            return context
        }
        context["fixtures"] = input.fixtures.fixtures.map { fixture -> [String: Any] in
            let outcome = decoding.outcome(fixture)
            return [
                "name": SwiftLiterals.string(fixture.name),
                "category": SwiftLiterals.string(fixture.category.rawValue),
                "payload": SwiftLiterals.string(fixture.payloadText),
                "verdict": SwiftLiterals.string(fixture.verdict.rawValue),
                "codes": codes(fixture.codes),
                "decodes": outcome.decodes ? "true" : "false",
                "typedCodes": codes(outcome.typedCodes),
                "canonical": canonical(outcome.canonical),
            ]
        }
        return context
    }

    /// The test suite's name. The suite is top-level (`@Suite` types of one test target
    /// share one scope), so a namespaced output prefixes its namespace:
    /// `MenuContractSelectionRoundTripTests`; one-event schemas too, or two of them under
    /// `contracts:` (navigation, sidebar) would both declare `MessageDataRoundTripTests`.
    var testsName: String {
        let name = names.extras["tests"] ?? "RoundTripTests"
        return options.namespace + name
    }

    func tests() -> [String: Any] {
        var context = file()
        let fixturesName = names.extras["fixtures"] ?? "Fixtures"
        context["fixturesName"] = fixturesName
        context["qualifiedFixtures"] = options.namespace.isEmpty ? fixturesName : "\(options.namespace).\(fixturesName)"
        context["testsName"] = testsName
        context["suiteTitle"] = SwiftLiterals.string("\(names.typeName(model.rootID)) round trips")
        return context
    }
}

/// JSON string literals for messages and comments.
enum JSONLiteral {
    static func quoted(_ text: String) -> String { JSONWriter.quoted(text) }
}
