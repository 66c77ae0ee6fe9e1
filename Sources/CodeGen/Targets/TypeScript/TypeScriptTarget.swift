import Schema

/// TypeScript: a Stimulus controller for the schema's bridge contract (extending
/// `BridgeComponent` of @hotwired/hotwire-native-bridge), the message types, and
/// `parse<Root>(text)`, which checks a payload exactly as `tabgen validate` does.
///
/// Layout of an output directory:
/// - `tabgen_runtime.ts` (`.js`), the runtime the other modules import, once per output;
/// - `<name>_controller.ts` (flavor `javascript`: `.js`, an ES module with JSDoc
///   types), named after the contract's Stimulus identifier (`bridge--navigation` ->
///   `navigation_controller`); without a contract, `<root>.ts` and no controller;
/// - with `bridgeComponent: true`, for a contract that lists events,
///   `<module>_bridge_component.ts` (`.js` in flavor `javascript`; TypeScriptBridgeComponent);
/// - `fixtures/<Root>.fixtures.json` and `<name>_controller.test.ts` (a `node:test`
///   suite), unless `tests: false`.
public struct TypeScriptTarget: ConfigurableTarget {
    public var options: TypeScriptOptions

    public init(options: TypeScriptOptions = TypeScriptOptions()) {
        self.options = options
    }

    /// Stimulus registers `controllers/bridge/navigation_controller.js` as
    /// `bridge--navigation`, and the bases import `controllers/bridge/<module>`: every
    /// contract's files in the output itself, which holds one runtime module when there are
    /// several: the first contract's, with every part any contract uses
    /// (`TargetInput.sharingRuntime`), unless the config sets `runtime`. The namespace is
    /// the module name, in snake_case as with `--schema` (`overflow_menu`).
    public var contractLayout: ContractLayout {
        ContractLayout(componentFolders: false, perContractOptions: ["namespace"], namespace: { component, _ in TypeScriptOptions.defaultNamespace(component: component) }) { options, index, _ in
            ContractLayout.firstContractsRuntime(options, index: index)
        }
    }

    public func typeIdentifier(for parts: [String]) -> String {
        TypeScriptNaming.typeName(parts)
    }

    /// Fields keep their JSON names: the types describe the wire format itself.
    public func fieldIdentifier(for jsonName: String) -> String { jsonName }
    /// Enum cases are string literal types: the value itself.
    public func caseIdentifier(for value: String) -> String { value }

    public var reservedTypeNames: Set<String> { TypeScriptNaming.reservedTypeNames }
    public var reservedMemberNames: Set<String> { [] }
    public var reservedCaseNames: Set<String> { [] }
    public var typeNamesAreCaseInsensitive: Bool { false }

    public func escapedIdentifier(_ identifier: String) -> String {
        TypeScriptLiterals.propertyKey(identifier, inObjectLiteral: false)
    }

    public func typeExpression(_ type: TypeRef, names: NameTable) -> String {
        expression(type, names: names, model: nil)
    }

    func expression(_ type: TypeRef, names: NameTable, model: TypeModel?) -> String {
        switch type {
        case .primitive(let primitive):
            switch primitive {
            case .boolean: return "boolean"
            case .string, .timestamp: return "string"
            default: return "number"
            }
        case .any:
            return "unknown"
        case .array(let inner):
            let element = expression(inner, names: names, model: model)
            return element.contains(" ") ? "(\(element))[]" : element + "[]"
        case .map(let inner):
            return "Record<string, \(expression(inner, names: names, model: model))>"
        case .named(let id):
            let name = names.typeName(id)
            if let model, case .enumeration? = model[id]?.kind { return "\(name) | UnknownEnumValue" }
            return name
        case .nullable(let inner):
            return expression(inner, names: names, model: model) + " | null"
        }
    }

    public func stringLiteral(_ text: String) -> String { TypeScriptLiterals.string(text) }

    /// The runtime module every generated module of an output imports, written once per
    /// output (`runtime` option). Its name does not end in `_controller`, so Stimulus's
    /// loaders (`eagerLoadControllersFrom`, `lazyLoadControllersFrom`) do not register it.
    static let runtimeModule = "tabgen_runtime"

    /// How a generated module imports `module` of its own folder. TypeScript: `./menu.js`,
    /// for a bundler. JavaScript: the name importmap-rails pins it under
    /// (`pin_all_from "app/javascript/controllers", under: "controllers"`),
    /// `controllers/bridge/menu` beside the controller that Stimulus registers as
    /// `bridge--menu`: an importmap app imports by pinned names, and a relative import would
    /// miss the asset digest. A module of no contract has no such name: `./menu.js`.
    func moduleSpecifier(_ module: String, stimulusIdentifier: String?) -> String {
        guard options.flavor == .javascript, let stimulusIdentifier else { return "./\(module).js" }
        let folders = stimulusIdentifier.components(separatedBy: "--").dropLast().filter { !$0.isEmpty }
        return (["controllers"] + folders + [module]).joined(separator: "/")
    }

    /// The module name: `navigation_controller` for `bridge--navigation`.
    func moduleName(_ input: TargetInput) -> String {
        // A contract that lists events: the module is the contract's namespace (`menu`);
        // it holds no controller (the component's base is made elsewhere).
        if input.model.listsEvents, !options.namespace.isEmpty { return options.namespace }
        if input.model.listsEvents, let component = input.model.contract?.component, !Naming.nonEmptyWords(component).isEmpty {
            return TypeScriptOptions.defaultNamespace(component: component)
        }
        if let contract = input.model.contract {
            let last = contract.stimulusIdentifier.components(separatedBy: "--").last ?? contract.stimulusIdentifier
            let words = Naming.nonEmptyWords(last)
            return Naming.snakeCase(words) + "_controller"
        }
        return Naming.snakeCase(Naming.nonEmptyWords(input.names.typeName(input.model.rootID)))
    }

    public func files(for input: TargetInput) throws -> [FilePlan] {
        let contexts = TypeScriptContexts(target: self, input: input)
        let javascript = options.flavor == .javascript
        let ext = javascript ? "js" : "ts"
        let module = moduleName(input)
        guard module != Self.runtimeModule else {
            throw CodeGenError("typescript: the module \(module) would replace tabgen's runtime module \(Self.runtimeModule); rename the root type or set the namespace option")
        }
        var plans = [FilePlan(path: "\(module).\(ext)", contents: .template(name: javascript ? "controller-js" : "controller-ts",
                                                                              context: try contexts.main()))]
        if options.runtime {
            plans.append(FilePlan(path: "\(Self.runtimeModule).\(ext)", contents: .template(name: "runtime-module", context: try contexts.runtimeModule())))
        }
        if options.bridgeComponent, input.model.listsEvents, let contract = input.model.contract {
            plans.append(try TypeScriptBridgeComponent(target: self, input: input, contract: contract, module: module).plan())
        }
        let shared = options.sharedFixtures.map { ($0, SharedFixturesTarget.paths(for: input)) }
        for input in input.perRoot where options.tests {
            let contexts = TypeScriptContexts(target: self, input: input)
            let rootName = input.names.typeName(input.model.rootID)
            // The test sits in the output directory and reads the fixtures relative to itself.
            var fixturesFile = "fixtures/\(rootName).fixtures.json"
            if let (folder, places) = shared {
                fixturesFile = SharedFixturesTarget.path(of: input.model.rootID, in: places, upToOutput: "", sharedFixtures: folder)
            } else {
                plans.append(FilePlan(path: fixturesFile,
                                      contents: .verbatim(input.fixtures.jsonText(header: input.header, rootName: rootName))))
            }
            let testFile = input.model.listsEvents ? "\(module).\(Naming.snakeCase(Naming.nonEmptyWords(rootName)))" : module
            plans.append(FilePlan(path: "\(testFile).test.\(ext)", contents: .template(
                name: javascript ? "tests-js" : "tests-ts",
                context: contexts.tests(module: module, fixturesFile: fixturesFile))))
        }
        return plans
    }
}
