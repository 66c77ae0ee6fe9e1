import Schema

/// The Stimulus bridge component base of a contract that lists events
/// (`bridgeComponent: true`): `<module>_bridge_component.ts` (flavor `javascript`: `.js`,
/// the same class as an ES2017 module with JSDoc types, from the same context), an abstract
/// `<Component>BridgeComponent extends bridgeBase(BridgeComponent)` with a typed
/// `send<Event>` per web-to-native event, whose reply (if the contract lists one) is
/// checked with the module's `parse<Type>` before the typed callback runs. What every base
/// shares (the hooks, the checks, sending while connected) is the runtime's `bridgeBase`
/// and `sendChecked`: the base holds only the contract's table and typed methods. A file of its own, because it
/// imports @hotwired/hotwire-native-bridge, which the module of types does not need.
struct TypeScriptBridgeComponent {
    let target: TypeScriptTarget
    let input: TargetInput
    let contract: BridgeContract
    /// The module of the contract's types (`menu`), imported as `./menu.js`.
    let module: String

    var javascript: Bool { target.options.flavor == .javascript }

    /// How the base imports the module (`TypeScriptTarget.moduleSpecifier`).
    var moduleSpecifier: String { target.moduleSpecifier(module, stimulusIdentifier: contract.stimulusIdentifier) }

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
        var values: Set<String> = []
        var types: Set<String> = []
        var methods: Set<String> = []
        var sends: [[String: Any]] = []
        // The events whose data the server renders into a Stimulus value: the base sends
        // each on connect and when its value changes (see valueContext).
        var valueSends: [[String: Any]] = []
        // The contract's table: an entry per event with data, which the base's methods
        // hand to the runtime's sendChecked.
        var table: [String] = []
        var members = Self.baseMembers
        for event in contract.webToNativeEvents {
            let method = "send" + target.typeIdentifier(for: [event.name])
            guard methods.insert(method).inserted, members.insert(method).inserted else {
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
                                                "nameLiteral": TypeScriptLiterals.string(reply.name), "replyName": reply.name]
                // An echo brings the request's own data back, checked as such.
                if let data = try data(of: reply.echo ? event : reply) {
                    values.insert("parse\(data)")
                    types.insert(data)
                    var parameter = Naming.camelCase(Naming.nonEmptyWords(data), upperFirst: false, initialisms: false)
                    if Self.reservedWords.contains(parameter) { parameter += "Data" }
                    replyItem["replyData"] = ["type": data, "parse": "parse\(data)", "parameter": parameter,
                                              "envelope": reply.echo && input.model.document.dataCarriesEnvelope(event)]
                }
                item["reply"] = replyItem
            }
            if let entry = Self.tableEntry(of: event, item: item) {
                table.append(entry)
                item["tableAccess"] = TypeScriptLiterals.isIdentifier(event.name) && event.name != "__proto__"
                    ? "." + event.name : "[\(TypeScriptLiterals.string(event.name))]"
            }
            if let fields = event.fromElement, item["data"] != nil {
                item["fromElement"] = try fromElementContext(of: event, fields: fields, members: &members)
            }
            if let value = event.value, let data = item["data"] as? [String: Any] {
                var valueItem = try valueContext(of: event, value: value, members: &members)
                let attribute = contract.valueAttribute(of: event)
                let hookText = (item["reply"] as? [String: Any])?["callback"].map { "; its reply goes to \($0)()" } ?? ""
                valueItem["senderDocLines"] = TypeScriptContexts.wrap(
                    "Sends \(TypeScriptLiterals.string(event.name)) with the data in \(attribute), once checked\(hookText); "
                        + "connect() and a change of the value call it. Returns whether the message went to the bridge: "
                        + "false without the attribute (nothing to send, nothing reported: the subclass may send "
                        + "\(TypeScriptLiterals.string(event.name)) with its typed method) and for invalid data, which goes to "
                        + "onSendFailure (an empty value is invalid JSON, TG001), unless its only errors are of rules the native "
                        + "clients survive (onToleratedErrors, then sent).")
                if let reply = item["reply"] as? [String: Any], let name = reply["replyName"] as? String {
                    let replyData = reply["replyData"] as? [String: Any]
                    let check = (replyData?["parse"] as? String).map {
                        ", once `\($0)` accepts its data (otherwise `onReplyFailure(\(TypeScriptLiterals.string(name)), findings)` gets the findings)"
                    } ?? ""
                    valueItem["hookDocLines"] = TypeScriptContexts.wrap(
                        "The reply to the \(TypeScriptLiterals.string(event.name)) event the base sent from \(attribute)\(check). "
                            + "Override it to act on the reply; by default it dispatches `<identifier>:\(name)` (a Stimulus event"
                            + (replyData == nil ? "" : ", the reply in its `detail`") + "), so that a page can also listen with `data-action`.")
                }
                valueItem["eventLiteral"] = item["eventLiteral"]
                valueItem["tableAccess"] = item["tableAccess"]
                valueItem["data"] = data
                valueItem["reply"] = item["reply"]
                valueSends.append(valueItem)
            }
            sends.append(item)
        }
        // A data-less event's reply with data is checked in the base itself (checkReply).
        let anyDatalessReplyData = sends.contains { $0["data"] == nil && ($0["reply"] as? [String: Any])?["replyData"] != nil }
        let valueSentences = valueSends.map { item in
            "The \(item["eventLiteral"] ?? "") event is sent by the base itself, from \(item["attribute"] ?? "") (which the "
                + "server renders), on connect and whenever the value changes\((item["hook"] as? String).map { "; its reply goes to \($0)()" } ?? "")."
        }
        // What the base imports from the runtime: the class it extends, its send and reply
        // checks, readElementData.
        var runtimeValues = ["bridgeBase"]
        if anyDatalessReplyData { runtimeValues.append("checkReply") }
        let anyFromElement = sends.contains { $0["fromElement"] != nil }
        if anyFromElement { runtimeValues.append("readElementData") }
        if !table.isEmpty { runtimeValues.append("sendChecked") }
        var runtimeTypes: [String] = []
        if !javascript {
            if anyDatalessReplyData { runtimeTypes.append("type BridgeMessage") }
            if anyFromElement { runtimeTypes.append("type ElementDataResult") }
        }
        // The JavaScript flavour casts the findings readElementData returns (runtime.js has no types).
        if javascript && anyFromElement { types.insert("Violation") }
        let runtimeImports = runtimeValues + runtimeTypes
        let imports = (values.map { ($0, $0) } + types.map { ($0, "type " + $0) }).sorted { $0.0 < $1.0 }.map(\.1)
        let context: [String: Any] = [
            "header": input.header.lines,
            "intro": TypeScriptContexts.wrap(
                "The \(TypeScriptLiterals.string(contract.component)) bridge component's Stimulus base: extend it, register the "
                    + "subclass as \(contract.stimulusIdentifier), and send each event with its typed method; a reply reaches "
                    + "its callback only after it passes the same checks as `tabgen validate`."
                    + valueSentences.map { " " + $0 }.joined()),
            "className": className,
            "componentLiteral": TypeScriptLiterals.string(contract.component),
            "moduleImport": TypeScriptLiterals.string(moduleSpecifier),
            "imports": imports.isEmpty ? [] : [imports.joined(separator: ", ")],
            "valueImports": values.isEmpty ? [] : [values.sorted().joined(separator: ", ")],
            "typeImports": types.sorted(),
            "anyTypeImport": !types.isEmpty,
            "table": table,
            "anyTable": !table.isEmpty,
            "sends": sends,
            "valueSends": valueSends,
            "anyValue": !valueSends.isEmpty,
            "runtimeImports": runtimeImports.joined(separator: ", "),
            "runtimeImport": TypeScriptLiterals.string(target.moduleSpecifier(TypeScriptTarget.runtimeModule, stimulusIdentifier: contract.stimulusIdentifier)),
            "valueAttributes": valueSends.compactMap { $0["attribute"] as? String }.joined(separator: ", "),
            "valuesLiteral": valueSends.compactMap { $0["key"] as? String }.map { "\($0): String" }.joined(separator: ", "),
        ]
        return FilePlan(path: "\(module)_bridge_component.\(javascript ? "js" : "ts")",
                        contents: .template(name: javascript ? "bridge-component-js" : "bridge-component-ts", context: context))
    }

    /// What BridgeComponent and Stimulus's Controller define, and the base's own hooks: a
    /// generated member of the same name would replace them.
    static let baseMembers: Set<String> = [
        "application", "bridge", "component", "connect", "connectValues", "context", "disconnect", "dispatch", "element", "enabled",
        "identifier", "initialize", "onReplyFailure", "onSendFailure", "onToleratedErrors", "pendingMessageCallbacks", "platformOptingOut",
        "restore", "send", "sendsValues", "sendsValuesOnConnect",
    ]

    /// An event's entry in the contract's table (`SentEvent` of the runtime): the parse
    /// function of its data, and its reply's name, parse function and envelope; nil for an
    /// event without data, which the base sends itself.
    static func tableEntry(of event: ContractEvent, item: [String: Any]) -> String? {
        guard let data = item["data"] as? [String: Any], let parse = data["parse"] as? String else { return nil }
        var entry = "\(TypeScriptLiterals.propertyKey(event.name, inObjectLiteral: true)): { event: \(TypeScriptLiterals.string(event.name)), parse: \(parse)"
        if let reply = item["reply"] as? [String: Any], let name = reply["replyName"] as? String {
            entry += ", reply: { event: \(TypeScriptLiterals.string(name))"
            if let replyData = reply["replyData"] as? [String: Any], let replyParse = replyData["parse"] as? String {
                entry += ", parse: \(replyParse)"
                if replyData["envelope"] as? Bool == true { entry += ", envelope: true" }
            }
            entry += " }"
        }
        return entry + " }"
    }

    /// An event whose data the server renders into the Stimulus value `value`
    /// (`display` -> `data-bridge--menu-display-value`, the attribute the Ruby component
    /// writes and `validate --html` reads): Stimulus's names for it (`displayValue`,
    /// `hasDisplayValue`, `displayValueChanged`, from its dasherize/camelize as
    /// `BridgeContract.valueProperty` has them), and the hook its reply goes to, since the
    /// base, not the app, sends it (`onSelected`, the name of the callback parameter of
    /// `sendDisplay`).
    private func valueContext(of event: ContractEvent, value: String, members: inout Set<String>) throws(CodeGenError) -> [String: Any] {
        guard TypeScriptLiterals.isIdentifier(value), value != "__proto__" else {
            throw CodeGenError("typescript: the value \(value) of the \(contract.component) event \(event.name) is not a JavaScript identifier, so Stimulus has no \(value)Value property")
        }
        let property = BridgeContract.camelize(BridgeContract.dasherize(value) + "-value")
        var item: [String: Any] = [
            "key": value, "property": property,
            "hasProperty": "has" + property.prefix(1).uppercased() + property.dropFirst(),
            "changed": property + "Changed",
            "sender": "send" + target.typeIdentifier(for: [event.name]) + "Value",
            "attribute": contract.valueAttribute(of: event),
        ]
        var names = [property, property + "Changed", item["hasProperty"] as? String ?? "", item["sender"] as? String ?? ""]
        if let reply = contract.replies(to: event).first {
            let hook = "on" + target.typeIdentifier(for: [reply.name])
            item["hook"] = hook
            names.append(hook)
        }
        for name in names where !members.insert(name).inserted {
            throw CodeGenError("typescript: the \(contract.component) bridge component base would define \(name) twice (the value \(value) of the event \(event.name) gives it); rename the value or the event")
        }
        return item
    }

    /// An event whose data the page's script reads from the element (`fromElement`): a
    /// method that reads it with the runtime's readElementData (one definition with
    /// `validate --html`'s ElementData), the contract's sources passed as data, and sends it
    /// with the event's typed method (`sendDisplayFromElement` -> `sendDisplay`).
    private func fromElementContext(of event: ContractEvent, fields: [ElementField], members: inout Set<String>) throws(CodeGenError) -> [String: Any] {
        let method = "send" + target.typeIdentifier(for: [event.name]) + "FromElement"
        guard members.insert(method).inserted else {
            throw CodeGenError("typescript: the \(contract.component) bridge component base would define \(method) twice (the event \(event.name) reads its data from the element); rename the event")
        }
        let typed = "send" + target.typeIdentifier(for: [event.name])
        return [
            "fromMethod": method,
            "spec": TypeScriptLiterals.literal(Self.specLiteral(fields), indent: "    ", expandDepth: 1),
            "docLines": TypeScriptContexts.wrap(
                "Sends \(TypeScriptLiterals.string(event.name)) with the data read from the element as the contract's "
                    + "fromElement says, as `tabgen validate --html` reads it (the first non-empty of each read list, "
                    + "`data-bridge-disabled` items left out where asked, the platform from <html data-bridge-platform>), "
                    + "then checked and sent by \(typed). Returns false, the findings (TG003) going to onSendFailure, where "
                    + "the page's script would throw and send nothing: a missing target, or trim() of a missing value."),
        ]
    }

    /// `fromElement` as readElementData takes it: the contract's own form.
    static func specLiteral(_ fields: [ElementField]) -> JSON {
        func read(_ read: ElementRead) -> JSON {
            var members: [JSONObject.Member] = []
            if let target = read.target { members.append(.init(key: "target", value: .string(target))) }
            members.append(.init(key: "read", value: .array(read.names.map(JSON.string))))
            if read.trim { members.append(.init(key: "trim", value: .bool(true))) }
            return .object(JSONObject(members))
        }
        return .object(JSONObject(fields.map { field in
            switch field.source {
            case .read(let source):
                return .init(key: field.name, value: read(source))
            case .each(let target, let skipDisabled, let itemFields):
                var members: [JSONObject.Member] = [.init(key: "each", value: .string(target))]
                if skipDisabled { members.append(.init(key: "skipDisabled", value: .bool(true))) }
                members.append(.init(key: "fields", value: specLiteral(itemFields)))
                return .init(key: field.name, value: .object(JSONObject(members)))
            }
        }))
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
            // The base imports the module's names into its own scope (BridgeMessage, which it
            // imports from the runtime, is a reserved type name: a definition gets another).
            if name == className {
                throw CodeGenError("typescript: the data \(definition) of the \(contract.component) event \(event.name) is named \(name), which the bridge component base also uses; rename the definition")
            }
            return name
        case .enumeration, .alias:
            throw CodeGenError("typescript: the data \(definition) of the \(contract.component) event \(event.name) must be an object (properties or a discriminator); the bridge sends objects")
        }
    }
}
