import Schema

/// The Swift bridge component base (`bridgeComponent: true`): a `BridgeComponent`
/// subclass of Hotwire Native iOS per contract, with a typed handler per web-to-native
/// event and a typed reply sender per native-to-web event. Its own file, because it
/// imports `HotwireNative`, which a module holding only the types does not have.
struct SwiftBridgeComponent {
    let contexts: SwiftContexts
    let contract: BridgeContract

    var input: TargetInput { contexts.input }
    var options: SwiftOptions { contexts.options }

    /// Names the Hotwire Native module declares, which generated types must not shadow.
    static let hotwireTypeNames: Set<String> = ["BridgeComponent", "BridgeDestination", "BridgingDelegate", "HotwireNative", "Message"]

    /// `NavigationComponentBase` for the `navigation` component.
    var className: String { SwiftNaming.typeIdentifier([contract.component, "component", "base"]) }

    func plan() throws(CodeGenError) -> FilePlan {
        let taken = Set(input.names.types.values)
        if taken.contains(className) {
            throw CodeGenError("swift: the bridge component base \(className) has the name of a generated type; rename the definition")
        }
        let isPublic = options.accessLevel == .public
        var context = contexts.file()
        // Foundation is only used inside the file (decoding, logging).
        context["foundationImport"] = "import Foundation"
        // The base's superclass is public API of a public base.
        context["hotwireImport"] = isPublic ? "public import HotwireNative" : "import HotwireNative"
        context["className"] = className
        context["componentName"] = contract.component
        context["componentLiteral"] = SwiftLiterals.string(contract.component)
        context["classAccess"] = isPublic ? "open " : ""
        context["overrideAccess"] = isPublic ? "open " : ""
        context["memberAccess"] = isPublic ? "open " : ""
        context["publicAccess"] = isPublic ? "public " : ""
        context["logType"] = className + "Support"
        context["schema"] = contexts.decodeSchema()
        context["crashingRules"] = BridgeDelivery.crashingRules(of: input.model.document).map(SwiftLiterals.string).joined(separator: ", ")
        context["refusesEveryError"] = options.decoding == .strict
        context["incoming"] = try contract.webToNativeEvents.map { event throws(CodeGenError) in
            var item = try data(event)
            item["wireLiteral"] = SwiftLiterals.string(event.wireName)
            item["handler"] = "on" + SwiftNaming.typeIdentifier([event.name])
            item["docLines"] = contexts.docLines(event.description ?? "The `\(event.name)` event, sent by the page.")
            return item
        }
        context["replies"] = try contract.events.filter { $0.direction == .nativeToWeb }.map { event throws(CodeGenError) in
            var item = try data(event)
            item["wireLiteral"] = SwiftLiterals.string(event.wireName)
            item["method"] = "reply" + SwiftNaming.typeIdentifier([event.name])
            item["eventLiteral"] = SwiftLiterals.string(event.name)
            let about = event.description.map { $0 + "\n\n" } ?? ""
            let echo = event.echo ? " It is an echo: that message sent back unchanged, its data and metadata included, as `reply(to: \"\(event.wireName)\")` sends it." : ""
            item["docLines"] = contexts.docLines(about + "Replies `\(event.name)` to the last `\(event.wireName)` message (on the wire, the event `\(event.wireName)`)." + echo)
            return item
        }
        return FilePlan(path: "\(className).swift", contents: .template(name: "bridge-component", context: context))
    }

    /// `hasData`, `dataType` and `validateExpression` of an event.
    private func data(_ event: ContractEvent) throws(CodeGenError) -> [String: Any] {
        guard let id = input.model.dataDeclarationID(of: event) else {
            return ["hasData": false, "dataType": "", "validateExpression": "", "definitionLiteral": ""]
        }
        guard let declaration = input.model[id], let name = input.names.types[id] else {
            throw CodeGenError("swift: no generated type for the data of the \(contract.component) event \(event.name)")
        }
        let validates: Bool
        switch declaration.kind {
        case .structure, .union: validates = true
        case .enumeration, .alias: validates = false
        }
        let type = options.namespace.isEmpty ? name : "\(options.namespace).\(name)"
        var definition = "nil"
        if case .definition(let name) = event.data { definition = SwiftLiterals.string(name) }
        return ["hasData": true, "dataType": type, "validateExpression": validates ? "{ $0.validate() }" : "{ _ in [] }",
                "definitionLiteral": definition]
    }
}
