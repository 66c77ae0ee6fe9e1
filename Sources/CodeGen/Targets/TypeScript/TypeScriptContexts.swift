import Schema

/// The template contexts of the TypeScript target: names, types, literals and comments
/// decided here, ready to paste.
struct TypeScriptContexts {
    let target: TypeScriptTarget
    let input: TargetInput

    var model: TypeModel { input.model }
    var names: NameTable { input.names }
    var javascript: Bool { target.options.flavor == .javascript }
    var rootName: String { names.typeName(model.rootID) }

    func type(_ type: TypeRef) -> String { target.expression(type, names: names, model: model) }

    func main() throws(CodeGenError) -> [String: Any] {
        var context: [String: Any] = [
            "header": input.header.lines,
            "root": rootName,
            "rootType": type(model.root),
            "schemaName": GenerationHeader.oneLine(input.fixtures.schemaName),
            "types": model.declarations.map { javascript ? jsDeclaration($0) : tsDeclaration($0) },
        ]
        let raw: JSON
        do {
            raw = try JSONReader().parse(model.document.source)
        } catch {
            throw CodeGenError("typescript: the schema source does not parse: \(error)")
        }
        let schema = Self.strip(raw)
        context["schema"] = TypeScriptLiterals.literal(schema, expandDepth: 3)
        let rules = TypeScriptRuleTable.literals(raw, listsEvents: model.listsEvents, contract: model.contract)
        context["rules"] = TypeScriptLiterals.literal(.array(rules), expandDepth: 1)
        context["tolerated"] = TypeScriptLiterals.string(target.options.decoding == .tolerant ? "warning" : "error")
        context["decoding"] = target.options.decoding.rawValue
        let crashing = Set(BridgeDelivery.crashingRules(of: model.document))
        let survived = target.options.decoding == .strict ? []
            : model.document.extensions.rules.filter { $0.severity == .error && !crashing.contains($0.code) }.map { TypeScriptLiterals.string($0.code) }
        context["survivedRules"] = "[" + survived.joined(separator: ", ") + "]"
        for (feature, used) in Self.features(schema: schema, rules: rules) { context[feature] = used }
        context["runtimeImport"] = TypeScriptLiterals.string(runtimeSpecifier)
        context["listsEvents"] = model.listsEvents
        if model.listsEvents, let contract = model.contract {
            context["roots"] = model.messageRoots.map { root -> [String: Any] in
                let events = root.events.map { event in
                    event.replyTo == nil ? "the \(TypeScriptLiterals.string(event.name)) event"
                        : "the reply \(TypeScriptLiterals.string(event.name)) (sent back as the \(TypeScriptLiterals.string(event.wireName)) event)"
                }
                return ["name": names.typeName(root.id), "type": type(root.type),
                        "definition": TypeScriptLiterals.string(root.definition ?? ""),
                        "eventsText": events.joined(separator: " and ")]
            }
            context["intro"] = Self.wrap(
                "The \(TypeScriptLiterals.string(contract.component)) bridge component's message types, and a parse function per "
                    + "event data type, which checks a payload as `tabgen validate` does (same codes, same messages).")
        } else if let contract = model.contract {
            guard TypeScriptLiterals.isIdentifier(contract.value), contract.value != "__proto__" else {
                throw CodeGenError("typescript: the contract's value \(contract.value) is not a JavaScript identifier, so Stimulus has no \(contract.value)Value property")
            }
            let attribute = String(contract.valueAttribute.dropFirst("data-\(contract.stimulusIdentifier)-".count))
            context["contract"] = [
                "component": TypeScriptLiterals.string(contract.component),
                "event": TypeScriptLiterals.string(contract.event),
                "eventText": TypeScriptLiterals.templateLiteralText(contract.event),
                "valueKey": contract.value,
                // Stimulus's names (camelize of the dasherized key), not `value + "Value"`:
                // `tab_bar` is read into `tabBarValue`.
                "valueProperty": contract.valueProperty,
                "valueChanged": contract.valueProperty + "Changed",
                "valueAttributeSuffix": String(TypeScriptLiterals.templateLiteralText(attribute).dropFirst().dropLast()),
            ] as [String: Any]
            context["intro"] = Self.wrap(
                "The \(TypeScriptLiterals.string(contract.component)) bridge component: sends the \(rootName) in "
                    + "\(contract.valueAttribute) to the native app as the \(TypeScriptLiterals.string(contract.event)) event, "
                    + "on connect and whenever the value changes, after checking it as `tabgen validate` does "
                    + "(same codes, same messages), so invalid data never reaches an app.")
        } else {
            context["intro"] = Self.wrap("The \(rootName) types and parse\(rootName)(), which checks a payload as `tabgen validate` does (same codes, same messages).")
        }
        return context
    }

    /// How the modules import the runtime module of their folder.
    var runtimeSpecifier: String {
        target.moduleSpecifier(TypeScriptTarget.runtimeModule, stimulusIdentifier: model.contract?.stimulusIdentifier)
    }

    /// The runtime module: the runtime (Runtime/typescript/runtime.ts, or runtime.js compiled
    /// from it for the JavaScript flavour) with the parts left out that neither the schema
    /// nor the contracts sharing the module (`TargetInput.sharingRuntime`) use (all kept
    /// with `runtime: all`).
    func runtimeModule() throws(CodeGenError) -> [String: Any] {
        var features: Set<String> = []
        if target.options.runtimeAll {
            features = Set(Self.features(schema: .object(JSONObject([])), rules: []).keys)
        } else {
            for document in [model.document] + input.sharingRuntime {
                let raw: JSON
                do {
                    raw = try JSONReader().parse(document.source)
                } catch {
                    throw CodeGenError("typescript: the schema source of \(document.sourceName) does not parse: \(error)")
                }
                let rules = TypeScriptRuleTable.literals(raw, listsEvents: document.listsEvents, contract: document.extensions.contract)
                let readsElements = document.extensions.contract?.events.contains { $0.fromElement != nil } ?? false
                // The checks of a Stimulus base, which TypeScriptTarget writes for such a contract.
                let bridgeBase = target.options.bridgeComponent && document.listsEvents && document.extensions.contract != nil
                features.formUnion(Self.features(schema: Self.strip(raw), rules: rules, readsElements: readsElements, bridgeBase: bridgeBase)
                    .filter(\.value).map(\.key))
            }
        }
        return ["header": input.header.lines,
                "runtime": RuntimeText(path: javascript ? "typescript/runtime.js" : "typescript/runtime.ts", comment: "//", features: features)]
    }

    func tests(module: String, fixturesFile: String) -> [String: Any] {
        // From the schema as the CLI reads it (a rule without a severity is an error),
        // not from the generated literal, so the tests catch a literal that drops one.
        let errorRules = model.document.extensions.rules.filter { $0.severity == .error }.map { TypeScriptLiterals.string($0.code) }
        let runtimeImport = runtimeSpecifier
        // A URL relative to the test file (beside the output's own fixtures/, or up to the shared folder).
        let fixturesURL = fixturesFile.hasPrefix("../") ? fixturesFile : "./" + fixturesFile
        return ["header": input.header.lines, "root": rootName, "module": module, "fixturesFile": fixturesFile, "fixturesURL": fixturesURL,
                "runtimeImport": TypeScriptLiterals.string(runtimeImport), "bareRuntimeImport": !runtimeImport.hasPrefix("./"),
                "resultType": model.listsEvents ? "ParseResult<unknown>" : "ParseResult",
                "errorRules": "[" + errorRules.joined(separator: ", ") + "]",
                "tolerant": target.options.decoding == .tolerant ? "true" : "false", "decoding": target.options.decoding.rawValue]
    }

    // MARK: Declarations

    /// For a variant struct: the union's tag member and this variant's tag value.
    func tag(of declaration: Declaration) -> (name: String, value: String)? {
        guard let unionID = declaration.unionID, case .union(let union)? = model[unionID]?.kind,
              let variant = union.variants.first(where: { $0.structure == declaration.id }) else { return nil }
        return (union.tag, variant.tagValue)
    }

    struct Member {
        var key: String
        var type: String
        var optional: Bool
        var docs: String?
    }

    func members(_ declaration: Declaration, _ structure: Structure) -> [Member] {
        var members: [Member] = []
        if let tag = tag(of: declaration) {
            members.append(Member(key: tag.name, type: TypeScriptLiterals.string(tag.value), optional: false, docs: nil))
        }
        for field in structure.fields {
            members.append(Member(key: field.jsonName, type: type(field.type), optional: !field.isRequired, docs: field.docs))
        }
        return members
    }

    func tsDeclaration(_ declaration: Declaration) -> String {
        let name = names.typeName(declaration.id)
        var lines: [String] = declaration.docs.map { TypeScriptLiterals.comment($0, documentation: true) } ?? []
        switch declaration.kind {
        case .structure(let structure):
            lines.append("export interface \(name) {")
            for member in members(declaration, structure) {
                if let docs = member.docs { lines += TypeScriptLiterals.comment(docs, documentation: true).map { "  " + $0 } }
                lines.append("  \(target.escapedIdentifier(member.key))\(member.optional ? "?" : ""): \(member.type)")
            }
            lines.append("}")
        case .enumeration(let enumeration):
            lines.append("export type \(name) =")
            for enumCase in enumeration.cases {
                if let docs = enumCase.docs { lines += TypeScriptLiterals.comment(docs, documentation: true).map { "  " + $0 } }
                lines.append("  | \(TypeScriptLiterals.string(enumCase.value))")
            }
        case .union(let union):
            lines.append("export type \(name) = \(union.variants.map { names.typeName($0.structure) }.joined(separator: " | "))")
        case .alias(let aliased):
            lines.append("export type \(name) = \(type(aliased))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func jsDeclaration(_ declaration: Declaration) -> String {
        let name = names.typeName(declaration.id)
        var lines = ["/**"]
        if let docs = declaration.docs { lines += TypeScriptLiterals.commentText(docs).map { $0.isEmpty ? " *" : " * " + $0 } }
        switch declaration.kind {
        case .structure(let structure):
            let all = members(declaration, structure)
            if all.allSatisfy({ TypeScriptLiterals.isIdentifier($0.key) }) {
                lines.append(" * @typedef {object} \(name)")
                for member in all {
                    let key = member.optional ? "[\(member.key)]" : member.key
                    let docs = member.docs.map { " " + TypeScriptLiterals.commentText($0).joined(separator: " ") } ?? ""
                    lines.append(" * @property {\(member.type)} \(key)\(docs)")
                }
            } else {
                let body = all.map { "\(target.escapedIdentifier($0.key))\($0.optional ? "?" : ""): \($0.type)" }.joined(separator: ", ")
                lines.append(" * @typedef {{ \(body) }} \(name)")
            }
        case .enumeration(let enumeration):
            for enumCase in enumeration.cases {
                if let docs = enumCase.docs {
                    lines.append(" * \(TypeScriptLiterals.string(enumCase.value)): \(TypeScriptLiterals.commentText(docs).joined(separator: " "))")
                }
            }
            lines.append(" * @typedef {\(enumeration.cases.map { TypeScriptLiterals.string($0.value) }.joined(separator: " | "))} \(name)")
        case .union(let union):
            lines.append(" * @typedef {\(union.variants.map { names.typeName($0.structure) }.joined(separator: " | "))} \(name)")
        case .alias(let aliased):
            lines.append(" * @typedef {\(type(aliased))} \(name)")
        }
        lines.append(" */")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Helpers

    /// Which optional parts of the runtime the schema and its rules use (`usesTimestamp`,
    /// `usesCount`, ...: the features of Runtime/typescript/runtime.ts): the others are left
    /// out of the generated file, which is sent to every browser that opens the app.
    static func features(schema: JSON, rules: [JSON], readsElements: Bool = false, bridgeBase: Bool = false) -> [String: Bool] {
        var types: Set<String> = []
        var forms: Set<String> = []
        func visit(_ node: JSON) {
            guard case .object(let object) = node else { return }
            if case .string(let type)? = object["type"] { types.insert(type) }
            for member in object.members {
                switch member.key {
                case "definitions", "properties", "optionalProperties", "mapping":
                    if case .object(let map) = member.value { map.members.forEach { visit($0.value) } }
                    if member.key == "mapping" { forms.insert("discriminator") }
                case "elements", "values":
                    forms.insert(member.key)
                    visit(member.value)
                default:
                    break
                }
            }
        }
        visit(schema)
        var kinds: Set<String> = []
        var parameters: Set<String> = []
        var conditionTests: Set<String> = []
        for case .object(let rule) in rules {
            if case .string(let kind)? = rule["kind"] { kinds.insert(kind) }
            rule.members.forEach { parameters.insert($0.key) }
            for list in ["when", "where", "targetWhere"] {
                guard case .array(let conditions)? = rule[list] else { continue }
                for case .object(let condition) in conditions { condition.members.forEach { conditionTests.insert($0.key) } }
            }
        }
        let integers: Set<String> = ["int8", "uint8", "int16", "uint16", "int32", "uint32"]
        var features = [
            "usesTimestamp": types.contains("timestamp"),
            "usesIntegers": !types.isDisjoint(with: integers),
            "usesFloats": types.contains("float32") || types.contains("float64"),
            "usesValues": forms.contains("values"),
            "usesDiscriminator": forms.contains("discriminator"),
            "usesRules": !rules.isEmpty,
            // TG022, beside unique and reference rules.
            "usesEquivalence": kinds.contains("unique") || kinds.contains("reference"),
            // Count (`where`, `distinct`) and reference messages describe conditions and paths.
            "usesConditionText": kinds.contains("count") || kinds.contains("reference"),
            "usesDistinct": parameters.contains("distinct"),
            // A condition's `equals` test (the others, present and count, are always kept).
            "usesEqualsCondition": conditionTests.contains("equals"),
            // readElementData, for the Stimulus base of a contract with `fromElement`.
            "usesElementData": readsElements,
            // dataToSend and checkReply, for a contract's Stimulus base.
            "usesBridgeBase": bridgeBase,
        ]
        // `usesCount`, `usesRelativeReference`, ...: each kind's case of the rule switch.
        for kind in RuleKinds.all {
            features[kind.runtimeFeature] = kinds.contains(kind.name)
        }
        return features
    }

    /// The schema with `metadata` dropped from every schema node (and only there: a
    /// property may be named `metadata`).
    static func strip(_ schema: JSON) -> JSON {
        guard case .object(let object) = schema else { return schema }
        var members: [JSONObject.Member] = []
        for member in object.members {
            switch member.key {
            case "metadata":
                continue
            case "definitions", "properties", "optionalProperties", "mapping":
                if case .object(let map) = member.value {
                    members.append(.init(key: member.key, value: .object(JSONObject(map.members.map { .init(key: $0.key, value: strip($0.value)) }))))
                } else {
                    members.append(member)
                }
            case "elements", "values":
                members.append(.init(key: member.key, value: strip(member.value)))
            default:
                members.append(member)
            }
        }
        return .object(JSONObject(members))
    }

    /// Comment text wrapped at 85 columns, one line each, control characters shown as `?`.
    static func wrap(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in GenerationHeader.oneLine(text).split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > 85 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { $0.replacingOccurrences(of: "*/", with: "*\\/") }
    }
}
