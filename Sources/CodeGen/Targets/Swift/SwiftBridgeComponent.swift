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
        let events = NativeBridgeEvents(
            input: input, contract: contract, language: "swift", typeIdentifier: SwiftNaming.typeIdentifier, string: SwiftLiterals.string,
            null: "nil", docLines: contexts.docLines, echoCall: { "reply(to: \"\($0)\")" }, replyResult: "", dataType: dataType)
        context["incoming"] = try events.incoming()
        context["replies"] = try events.replies()
        return FilePlan(path: "\(className).swift", contents: .template(name: "bridge-component", context: context))
    }

    /// The type and validation of an event's data: its generated type, in the namespace,
    /// validated when it is an object or a union (an enum or alias has nothing to check).
    private func dataType(_ event: ContractEvent, _ declaration: Declaration, name: String) -> (type: String, validate: String) {
        let validates: Bool
        switch declaration.kind {
        case .structure, .union: validates = true
        case .enumeration, .alias: validates = false
        }
        return (options.namespace.isEmpty ? name : "\(options.namespace).\(name)", validates ? "{ $0.validate() }" : "{ _ in [] }")
    }
}
