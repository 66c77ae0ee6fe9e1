import Schema

/// What the native bridge component bases (Swift's, Kotlin's) say of a contract's events:
/// a handler per event the page sends and a reply method per event the native side sends,
/// named, typed and documented alike, each spelled by its language.
struct NativeBridgeEvents {
    let input: TargetInput
    let contract: BridgeContract
    /// The target's name, which starts its errors.
    let language: String
    /// The language's type identifier of some words (`onSelected` is built from it).
    let typeIdentifier: ([String]) -> String
    /// The language's string literal, and its null.
    let string: (String) -> String
    let null: String
    /// The language's documentation comment lines of a text.
    let docLines: (String?) -> [String]
    /// The base's call that sends an echo of the wire event named (`reply(to: "x")`).
    let echoCall: (String) -> String
    /// What a reply method returns, said after what it does ("" when nothing).
    let replyResult: String
    /// The type the base hands over for an event's data, from the data's declaration and
    /// the name of its generated type, and the expression that validates it; throws when
    /// the language's base cannot take such data.
    let dataType: (ContractEvent, Declaration, String) throws(CodeGenError) -> (type: String, validate: String)

    /// Per event the page sends, `data(of:)` with `wireLiteral`, `handler` and `docLines`.
    func incoming() throws(CodeGenError) -> [[String: Any]] {
        try contract.webToNativeEvents.map { event throws(CodeGenError) in
            var item = try data(of: event)
            item["wireLiteral"] = string(event.wireName)
            item["handler"] = "on" + typeIdentifier([event.name])
            item["docLines"] = docLines(event.description ?? "The `\(event.name)` event, sent by the page.")
            return item
        }
    }

    /// Per event the native side sends, `data(of:)` with `wireLiteral`, `method`,
    /// `eventLiteral` and `docLines`.
    func replies() throws(CodeGenError) -> [[String: Any]] {
        try contract.events.filter { $0.direction == .nativeToWeb }.map { event throws(CodeGenError) in
            var item = try data(of: event)
            item["wireLiteral"] = string(event.wireName)
            item["method"] = "reply" + typeIdentifier([event.name])
            item["eventLiteral"] = string(event.name)
            let about = event.description.map { $0 + "\n\n" } ?? ""
            let echo = event.echo ? " It is an echo: that message sent back unchanged, its data and metadata included, as `\(echoCall(event.wireName))` sends it." : ""
            item["docLines"] = docLines(about + "Replies `\(event.name)` to the last `\(event.wireName)` message (on the wire, the event `\(event.wireName)`)\(replyResult)." + echo)
            return item
        }
    }

    /// `hasData`, `dataType`, `validateExpression` and `definitionLiteral` of an event.
    func data(of event: ContractEvent) throws(CodeGenError) -> [String: Any] {
        guard let id = input.model.dataDeclarationID(of: event) else {
            return ["hasData": false, "dataType": "", "validateExpression": "", "definitionLiteral": ""]
        }
        guard let declaration = input.model[id], let name = input.names.types[id] else {
            throw CodeGenError("\(language): no generated type for the data of the \(contract.component) event \(event.name)")
        }
        let (type, validate) = try dataType(event, declaration, name)
        var definition = null
        if case .definition(let name) = event.data { definition = string(name) }
        return ["hasData": true, "dataType": type, "validateExpression": validate, "definitionLiteral": definition]
    }
}
