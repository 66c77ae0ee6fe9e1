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
        let events = NativeBridgeEvents(
            input: input, contract: contract, language: "kotlin", typeIdentifier: KotlinNaming.typeIdentifier, string: KotlinLiterals.string,
            null: "null", docLines: contexts.docLines, echoCall: { "replyTo(\"\($0)\")" }, replyResult: "; false when none was received",
            dataType: dataType)
        context["incoming"] = try events.incoming()
        context["replies"] = try events.replies()
        return FilePlan(path: "\(directory)/\(className).kt", contents: .template(name: "bridge-component", context: context))
    }

    /// The type and validation of an event's data: its generated class, which must be an
    /// object's (the base's `BridgeComponent<D>` decodes one).
    private func dataType(_ event: ContractEvent, _ declaration: Declaration, name: String) throws(CodeGenError) -> (type: String, validate: String) {
        guard case .structure = declaration.kind else {
            throw CodeGenError("kotlin: the data of the \(contract.component) event \(event.name) must be an object (properties) for its bridge component base")
        }
        return (name, "{ it.validate() }")
    }
}
