import Schema

/// The Kotlin bridge component base (`bridgeComponent: true`): an abstract
/// `BridgeComponent<D>` of Hotwire Native Android per contract, with a typed handler per
/// web-to-native event and a typed reply per native-to-web event. Its own file, because it
/// imports `dev.hotwire.core`, which a module holding only the types does not have.
struct KotlinBridgeComponent {
    let contexts: KotlinContexts
    let contract: BridgeContract

    var input: TargetInput { contexts.input }

    /// `NavigationComponentBase` for the `navigation` component.
    var className: String { KotlinNaming.typeIdentifier([contract.component, "component", "base"]) }

    func plan(directory: String) throws(CodeGenError) -> FilePlan {
        if Set(input.names.types.values).contains(className) {
            throw CodeGenError("kotlin: the bridge component base \(className) has the name of a generated type; rename the definition")
        }
        var context: [String: Any] = [
            "header": contexts.headerLines,
            "package": contexts.package,
            "vis": contexts.visibility,
            "pub": contexts.memberVisibility,
            "className": className,
            "componentName": contract.component,
            "componentLiteral": KotlinLiterals.string(contract.component),
        ]
        context["runtimeImport"] = contexts.runtimePackage == contexts.package ? false : contexts.runtimePackage + ".*"
        let schema = contexts.decodeSchema()
        context["schemaLines"] = schema["lines"]
        context["schemaStrict"] = schema["strict"]
        let crashing = BridgeDelivery.crashingRules(of: input.model.document).map(KotlinLiterals.string)
        context["crashingRules"] = crashing.isEmpty ? "emptySet<String>()" : "setOf(\(crashing.joined(separator: ", ")))"
        context["incoming"] = try contract.webToNativeEvents.map { event throws(CodeGenError) in
            var item = try data(event)
            item["wireLiteral"] = KotlinLiterals.string(event.wireName)
            item["handler"] = "on" + KotlinNaming.typeIdentifier([event.name])
            item["docLines"] = contexts.docLines(event.description ?? "The `\(event.name)` event, sent by the page.")
            return item
        }
        context["replies"] = try contract.events.filter { $0.direction == .nativeToWeb }.map { event throws(CodeGenError) in
            var item = try data(event)
            item["wireLiteral"] = KotlinLiterals.string(event.wireName)
            item["method"] = "reply" + KotlinNaming.typeIdentifier([event.name])
            let about = event.description.map { $0 + "\n\n" } ?? ""
            let echo = event.echo ? " It is an echo: that message sent back unchanged, its data and metadata included, as `replyTo(\"\(event.wireName)\")` sends it." : ""
            item["docLines"] = contexts.docLines(about + "Replies `\(event.name)` to the last `\(event.wireName)` message (on the wire, the event `\(event.wireName)`); false when none was received." + echo)
            return item
        }
        return FilePlan(path: "\(directory)/\(className).kt", contents: .template(name: "bridge-component", context: context))
    }

    /// `hasData`, `dataType` and `validateExpression` of an event.
    private func data(_ event: ContractEvent) throws(CodeGenError) -> [String: Any] {
        guard let id = input.model.dataDeclarationID(of: event) else {
            return ["hasData": false, "dataType": "", "validateExpression": "", "definitionLiteral": ""]
        }
        guard let declaration = input.model[id], let name = input.names.types[id] else {
            throw CodeGenError("kotlin: no generated type for the data of the \(contract.component) event \(event.name)")
        }
        guard case .structure = declaration.kind else {
            throw CodeGenError("kotlin: the data of the \(contract.component) event \(event.name) must be an object (properties) for its bridge component base")
        }
        var definition = "null"
        if case .definition(let name) = event.data { definition = KotlinLiterals.string(name) }
        return ["hasData": true, "dataType": name, "validateExpression": "{ it.validate() }", "definitionLiteral": definition]
    }
}
