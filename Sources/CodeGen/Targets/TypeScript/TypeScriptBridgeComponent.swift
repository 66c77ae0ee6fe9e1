import Schema

/// The Stimulus bridge component base of a contract that lists events
/// (`bridgeComponent: true`): `<module>_bridge_component.ts` (flavor `javascript`: `.js`,
/// the same class as an ES2017 module with JSDoc types, from the same context), an abstract
/// `<Component>BridgeComponent extends BridgeComponent` with a typed `send<Event>` per
/// web-to-native event, whose reply (if the contract lists one) is checked with the
/// module's `parse<Type>` before the typed callback runs. A file of its own, because it
/// imports @hotwired/hotwire-native-bridge, which the module of types does not need.
struct TypeScriptBridgeComponent {
    let target: TypeScriptTarget
    let input: TargetInput
    let contract: BridgeContract
    /// The module of the contract's types (`menu`), imported as `./menu.js`.
    let module: String

    var javascript: Bool { target.options.flavor == .javascript }

    /// How the base imports the module. TypeScript: `./menu.js`, for a bundler. JavaScript:
    /// the name importmap-rails pins it under (`pin_all_from "app/javascript/controllers",
    /// under: "controllers"`), `controllers/bridge/menu` beside the controller that Stimulus
    /// registers as `bridge--menu`: an importmap app imports by pinned names, and a relative
    /// import would miss the asset digest.
    var moduleSpecifier: String {
        guard javascript else { return "./\(module).js" }
        let folders = contract.stimulusIdentifier.components(separatedBy: "--").dropLast().filter { !$0.isEmpty }
        return (["controllers"] + folders + [module]).joined(separator: "/")
    }

    var names: NameTable { input.names }

    /// `MenuBridgeComponent` for the `menu` component.
    var className: String { target.typeIdentifier(for: [contract.component, "bridge", "component"]) }

    /// Words a callback parameter may not be named (ECMAScript reserved words and the
    /// strict-mode ones), so a type `Delete` gives `deleteData`, not `delete`.
    static let reservedWords: Set<String> = [
        "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
        "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "implements", "import",
        "in", "instanceof", "interface", "let", "new", "null", "package", "private", "protected", "public",
        "return", "static", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while",
        "with", "yield", "arguments", "eval",
    ]

    func plan() throws(CodeGenError) -> FilePlan {
        if Set(names.types.values).contains(className) {
            throw CodeGenError("typescript: the bridge component base \(className) has the name of a generated type; rename the definition")
        }
        // What the base imports from the module: values, and types (TypeScript `import type`,
        // JavaScript `@typedef {import(...)}`).
        var values: Set<String> = ["formatViolation"]
        var types: Set<String> = ["Violation"]
        var methods: Set<String> = []
        var sends: [[String: Any]] = []
        for event in contract.webToNativeEvents {
            let method = "send" + target.typeIdentifier(for: [event.name])
            guard methods.insert(method).inserted else {
                throw CodeGenError("typescript: two events of the \(contract.component) contract give the method \(method); rename one")
            }
            var item: [String: Any] = ["method": method, "eventLiteral": TypeScriptLiterals.string(event.name),
                                       "docLines": TypeScriptContexts.wrap(event.description ?? "Sends the \(event.name) event.")]
            if let data = try data(of: event) {
                values.insert("parse\(data)")
                types.insert(data)
                item["data"] = ["type": data, "parse": "parse\(data)"]
            }
            let replies = contract.replies(to: event)
            if replies.count > 1 {
                // A reply travels under its request's event name: two cannot be told apart.
                throw CodeGenError("typescript: the \(contract.component) event \(event.name) has \(replies.count) replies, which the page cannot tell apart (each is sent as \(event.name)); keep one")
            }
            if let reply = replies.first {
                var replyItem: [String: Any] = ["callback": "on" + target.typeIdentifier(for: [reply.name]),
                                                "nameLiteral": TypeScriptLiterals.string(reply.name)]
                if let data = try data(of: reply) {
                    values.insert("parse\(data)")
                    types.formUnion([data, "ParseResult"])
                    var parameter = Naming.camelCase(Naming.nonEmptyWords(data), upperFirst: false, initialisms: false)
                    if Self.reservedWords.contains(parameter) { parameter += "Data" }
                    replyItem["replyData"] = ["type": data, "parse": "parse\(data)", "parameter": parameter]
                }
                item["reply"] = replyItem
            }
            sends.append(item)
        }
        let anyReplyData = sends.contains { ($0["reply"] as? [String: Any])?["replyData"] != nil }
        let anyData = anyReplyData || sends.contains { $0["data"] != nil }
        let context: [String: Any] = [
            "header": input.header.lines,
            "intro": TypeScriptContexts.wrap(
                "The \(TypeScriptLiterals.string(contract.component)) bridge component's Stimulus base: extend it, register the "
                    + "subclass as \(contract.stimulusIdentifier), and send each event with its typed method; a reply reaches "
                    + "its callback only after it passes the same checks as `tabgen validate`."),
            "className": className,
            "componentLiteral": TypeScriptLiterals.string(contract.component),
            "moduleImport": TypeScriptLiterals.string(moduleSpecifier),
            "imports": (values.map { ($0, $0) } + types.map { ($0, "type " + $0) }).sorted { $0.0 < $1.0 }.map(\.1)
                .joined(separator: ", "),
            "valueImports": values.sorted().joined(separator: ", "),
            // ParseResult is generic: the JavaScript base names it where it uses it.
            "typeImports": types.subtracting(["ParseResult"]).sorted(),
            "bridgeImports": anyReplyData ? "BridgeComponent, type BridgeMessage" : "BridgeComponent",
            "anyReplyData": anyReplyData,
            "anyData": anyData,
            "sends": sends,
        ]
        return FilePlan(path: "\(module)_bridge_component.\(javascript ? "js" : "ts")",
                        contents: .template(name: javascript ? "bridge-component-js" : "bridge-component-ts", context: context))
    }

    /// The type name of an event's data (an object: the bridge adds `metadata` to what it
    /// sends, and the apps reply with objects); nil for an event without data.
    private func data(of event: ContractEvent) throws(CodeGenError) -> String? {
        guard case .definition(let definition) = event.data else {
            if event.data == .none { return nil }
            throw CodeGenError("typescript: the \(contract.component) event \(event.name) carries the root, which a contract that lists events does not have")
        }
        guard let root = input.model.messageRoots.first(where: { $0.definition == definition }),
              case .named(let id) = root.type, let declaration = input.model[id] else {
            throw CodeGenError("typescript: the data \(definition) of the \(contract.component) event \(event.name) must be an object, not null or a list; the bridge sends objects")
        }
        switch declaration.kind {
        case .structure, .union:
            let name = names.typeName(root.id)
            // The base imports these names from the bridge and the module into one scope.
            if name == "BridgeMessage" || name == className {
                throw CodeGenError("typescript: the data \(definition) of the \(contract.component) event \(event.name) is named \(name), which the bridge component base also uses; rename the definition")
            }
            return name
        case .enumeration, .alias:
            throw CodeGenError("typescript: the data \(definition) of the \(contract.component) event \(event.name) must be an object (properties or a discriminator); the bridge sends objects")
        }
    }
}
