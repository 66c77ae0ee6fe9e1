import Schema

/// The template contexts of the Ruby target: every name, literal and comment decided
/// here, so templates only lay them out. Every context sets every key its template reads.
struct RubyContexts {
    let target: RubyTarget
    let input: TargetInput
    /// The module of the value objects (`Navigation`) and its folder (`navigation`).
    let moduleName: String
    let moduleFile: String

    init(target: RubyTarget, input: TargetInput) {
        self.target = target
        self.input = input
        if !target.options.module.isEmpty {
            moduleName = target.options.module
        } else if let component = input.model.contract?.component, !Naming.words(component).isEmpty {
            moduleName = Self.module(of: component)
        } else {
            moduleName = "Tabgen"
        }
        moduleFile = RubyNaming.fileName(moduleName)
    }

    /// The module of a component's value objects (`overflow-menu` -> `OverflowMenu`,
    /// `string` -> `StringBridge`), with `--schema` and `contracts:` alike.
    static func module(of component: String) -> String {
        RubyNaming.untaken(RubyNaming.typeIdentifier([component]))
    }

    var model: TypeModel { input.model }
    var names: NameTable { input.names }

    /// The path a test reads a root's fixtures by, relative to the test's folder
    /// (`upToOutput` climbs to the output directory): the output's own file, or the
    /// project's shared one (`sharedFixtures`).
    func fixturesPath(of root: DeclarationID, upToOutput: String, own: String) -> String {
        guard let folder = target.options.sharedFixtures else { return upToOutput + own }
        return SharedFixturesTarget.path(of: root, in: SharedFixturesTarget.paths(for: input), upToOutput: upToOutput, sharedFixtures: folder)
    }

    func file() -> [String: Any] {
        [
            "header": input.header.lines.flatMap { RubyLiterals.comment($0, width: 100) },
            "module": moduleName,
            "strict": target.options.strictDecoding,
        ]
    }

    /// The definition a type is checked against (`'MenuData'`), for a contract that lists
    /// events; nil for a one-event schema, whose root is the definition.
    func checkedDefinition(_ definition: String?) -> String? {
        guard model.listsEvents, let definition else { return nil }
        return RubyLiterals.string(definition)
    }

    func docLines(_ text: String?) -> [String] {
        text.map { RubyLiterals.comment($0, width: 88) } ?? []
    }

    func wrap(_ type: TypeRef) -> String {
        target.wrapExpression(type, names: names, model: model)
    }

    func declaration(_ declaration: Declaration) -> [String: Any] {
        var context = file()
        context["schemaPointerLiteral"] = RubyLiterals.string(declaration.schemaPointer.description)
        context["schemaPointerComment"] = RubyLiterals.comment(declaration.schemaPointer.description.isEmpty ? "(root)" : declaration.schemaPointer.description, marker: "").joined(separator: " ")
        context.merge(declaration.kind.templateFlags) { _, flag in flag }
        context["name"] = names.typeName(declaration.id)
        // A contract that lists events: each event's data type validates against its definition.
        let root = model.listsEvents ? model.messageRoots.first { $0.id == declaration.id } : nil
        context["isRoot"] = declaration.isRoot || root != nil
        context["checkArgument"] = checkedDefinition(root?.definition).map { ", " + $0 } ?? ""
        var docs = docLines(declaration.docs)
        context["fields"] = [[String: Any]]()
        context["cases"] = [[String: Any]]()
        context["variants"] = [[String: Any]]()
        context["variant"] = false
        context["wrap"] = "nil"
        switch declaration.kind {
        case .structure(let structure):
            if let unionID = declaration.unionID, let union = model[unionID], case .union(let form) = union.kind,
               let variant = form.variants.first(where: { $0.structure == declaration.id }) {
                if !docs.isEmpty { docs.append("#") }
                docs += RubyLiterals.comment("The variant of \(names.typeName(unionID)) with \(form.tag) = \(JSONWriter.quoted(variant.tagValue)).")
                context["variant"] = ["tagLiteral": RubyLiterals.string(form.tag), "tagValueLiteral": RubyLiterals.string(variant.tagValue)]
            }
            let fieldNames = names.fields[declaration.id] ?? []
            context["fields"] = zip(structure.fields, fieldNames).map { field, name -> [String: Any] in
                let nullable = model.isNullable(field.type)
                var docs = docLines(field.docs)
                if !field.isRequired {
                    docs += RubyLiterals.comment(nullable ? "Optional: absent unless given; nil is sent as null." : "Optional: nil leaves it out.")
                }
                // An optional member that takes no null keeps a null apart from absence
                // (TabgenRuntime::ValueObject::Member), so that `to_h` sends it back and
                // `validate` reports it.
                var options: [String] = []
                if !field.isRequired { options.append("optional: true") }
                if !field.isRequired && nullable { options.append("nullable: true") }
                let wrapping = wrap(field.type)
                if wrapping != "nil" { options.append("type: -> { \(wrapping) }") }
                return ["declaration": Self.memberArguments(":\(name), \(RubyLiterals.string(field.jsonName))", options), "docLines": docs]
            }
            if declaration.isRoot, let contract = model.contract {
                if !docs.isEmpty { docs.append("#") }
                docs += RubyLiterals.comment("Bridge contract: the data of the \(contract.event) event of the \(contract.component) bridge component, sent by the Stimulus controller \(contract.stimulusIdentifier) from its \(contract.value) value (HTML attribute \(contract.valueAttribute)).", width: 88)
            }
        case .enumeration(let enumeration):
            let caseNames = names.cases[declaration.id] ?? []
            context["cases"] = zip(enumeration.cases, caseNames).map { enumCase, name -> [String: Any] in
                ["name": name, "literal": RubyLiterals.string(enumCase.value), "docLines": docLines(enumCase.docs)]
            }
            context["allLiteral"] = Self.constantArray("ALL", "[" + caseNames.joined(separator: ", ") + "]", elements: caseNames)
        case .union(let union):
            context["tagLiteral"] = RubyLiterals.string(union.tag)
            context["variants"] = union.variants.map { variant -> [String: Any] in
                ["tagValueLiteral": RubyLiterals.string(variant.tagValue), "typeName": names.typeName(variant.structure)]
            }
        case .alias(let type):
            context["wrap"] = wrap(type)
        }
        context["docLines"] = docs
        return context
    }

    /// The arguments of a `member` declaration: on one line when it fits in 100 columns,
    /// else the options one a line, aligned with the first argument (RuboCop's layout).
    static func memberArguments(_ first: String, _ options: [String]) -> String {
        let line = ([first] + options).joined(separator: ", ")
        if "    member \(line)".count <= 100 { return line }
        return ([first] + options).joined(separator: ",\n" + String(repeating: " ", count: "    member ".count))
    }

    /// A class-level constant's array literal (`    NAME = [...].freeze`): on one line when
    /// it fits in 100 columns, else one element a line (RuboCop's line length and array
    /// layout, in both styles).
    static func constantArray(_ name: String, _ literal: String, elements: [String], words: [String] = []) -> String {
        if "    \(name) = \(literal).freeze".count <= 100 || elements.isEmpty { return literal }
        if literal.hasPrefix("%w[") { return "%w[\n" + words.map { "      " + $0 }.joined(separator: "\n") + "\n    ]" }
        return "[\n" + elements.map { "      " + $0 }.joined(separator: ",\n") + "\n    ]"
    }

    /// The shared runtime's file under app/models/ (Zeitwerk's name for TabgenRuntime).
    static let runtimeFile = "tabgen_runtime"
    /// The user agent helper's file under app/helpers/ (Zeitwerk's name for TabgenBridgeHelper).
    static let bridgeHelperFile = "tabgen_bridge_helper"
    /// The tests' shared modules under test/ (TabgenTestSupport), one for the app like the
    /// runtime; each test requires it relative to its own folder.
    static let testSupportFile = "tabgen_test_support"

    /// tabgen_runtime.rb: Runtime/ruby/tabgen_runtime.rb with the strict decoding parts
    /// only for `decoding: strict`; the template writes the magic comment and the header
    /// above it, so the source's own magic comment is left out.
    func runtime() -> [String: Any] {
        var context = file()
        let features: Set<String> = target.options.strictDecoding ? ["strict"] : []
        context["runtime"] = RuntimeText(path: "ruby/\(Self.runtimeFile).rb", comment: "#", features: features) { text in
            let magic = "# frozen_string_literal: true\n\n"
            return text.hasPrefix(magic) ? String(text.dropFirst(magic.count)) : text
        }
        return context
    }

    func contract() -> [String: Any] {
        var context = file()
        context["schemaLiteral"] = RubyLiterals.value(RubyRuleTable.document(model.document), indent: "    ")
        // A contract that lists events: each rule names the definition it checks (the data
        // of its event), and `check(payload, definition)` runs only that definition's.
        let rules: [(rule: Rule, definition: String?)] = model.listsEvents
            ? model.messageRoots.flatMap { root in root.rules.map { ($0, root.definition) } }
            : model.rules.map { ($0, nil) }
        context["rules"] = rules.map { RubyLiterals.value(RubyRuleTable.rule($0.rule, definition: $0.definition), indent: "      ") }
        context["hasRules"] = !rules.isEmpty
        return context
    }

    /// The component's context, when the schema has a bridge contract and an object root.
    func component() throws -> [String: Any]? {
        // A contract that lists events gets a component per rendered event instead
        // (eventComponents(), RubyEventComponents.swift).
        guard let contract = model.contract, !model.listsEvents, let root = model.rootDeclaration, case .structure = root.kind else { return nil }
        for (what, text) in [("stimulusIdentifier", contract.stimulusIdentifier), ("valueAttribute", contract.valueAttribute)] {
            guard !text.isEmpty, text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "." }) else {
                throw CodeGenError("ruby: the contract's \(what) \(JSONWriter.quoted(text)) cannot be written into an HTML attribute")
            }
        }
        var context = file()
        let componentName = RubyNaming.untaken(RubyNaming.typeIdentifier([contract.component, "component"]), suffix: "Component")
        context["componentName"] = componentName
        context["componentFile"] = RubyNaming.fileName(componentName)
        context["messageClass"] = "\(moduleName)::\(names.typeName(root.id))"
        context["stimulusIdentifier"] = contract.stimulusIdentifier
        context["valueAttribute"] = contract.valueAttribute
        context["valueAttributeLiteral"] = RubyLiterals.string(contract.valueAttribute)
        context["stimulusLiteral"] = RubyLiterals.string(contract.stimulusIdentifier)
        context["eventLiteral"] = RubyLiterals.string("invalid_message.\(RubyNaming.fileName(componentName))")
        context["erbHeader"] = input.header.lines.map(RubyLiterals.erbComment)
        context["contractLines"] = RubyLiterals.comment("Renders the \(contract.component) bridge component's Stimulus controller (\(contract.stimulusIdentifier)), which sends the message to the native app as the \(contract.event) event.", width: 88)
        context["fixturesPath"] = fixturesPath(of: root.id, upToOutput: Self.contractTestUpToOutput, own: "fixtures/\(names.typeName(root.id)).fixtures.json")
        // view: helper. A helper is mixed into every view, so its names carry the prefix.
        let helperName = RubyNaming.typeIdentifier(["tabgen", contract.component, "helper"])
        let helperFile = RubyNaming.fileName(helperName)
        context["helperName"] = helperName
        context["helperFile"] = helperFile
        context["helperPrefix"] = String(helperFile.dropLast("_helper".count))
        context["helperEventLiteral"] = RubyLiterals.string("invalid_message.\(helperFile)")
        return context
    }

    func tests(fixturesFile: String) -> [String: Any] {
        var context = file()
        let rootName = names.typeName(model.rootID)
        context["rootClass"] = "\(moduleName)::\(rootName)"
        context["definition"] = checkedDefinition(model.messageRoots.first { $0.id == model.rootID }?.definition)
        context["testClass"] = "\(moduleName)\(rootName)FixturesTest"
        context["fixturesPath"] = fixturesPath(of: model.rootID, upToOutput: Self.contractTestUpToOutput, own: fixturesFile)
        return context
    }

    /// test/contracts/<module>_test.rb: the one test file of a contract, a Minitest class
    /// per root type (`models`, tests()), the component's (`components`, zero or one) and
    /// one per event component (`eventComponents`), each defined by a method of
    /// TabgenTestSupport (test/tabgen_test_support.rb).
    func contractTests(models: [[String: Any]], components: [[String: Any]], eventComponents: [[String: Any]]) -> [String: Any] {
        var context = file()
        context["testSupport"] = "../\(Self.testSupportFile)"
        context["models"] = models
        context["components"] = components
        context["eventComponents"] = eventComponents
        return context
    }

    /// The folder of the contracts' test files, under test/.
    static let contractTestFolder = "contracts"
    /// test/contracts/<module>_test.rb -> the output directory.
    static let contractTestUpToOutput = "../../"
}
