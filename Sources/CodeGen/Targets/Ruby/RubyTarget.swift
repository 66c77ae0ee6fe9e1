import Schema

/// Ruby (Rails): plain Ruby 3.1 value objects, the schema's checks, and a ViewComponent
/// that renders the Stimulus controller of the bridge contract.
///
/// Layout of an output directory (a Rails app's root):
/// - `app/models/<module>/<type>.rb`, one per declaration (Zeitwerk's names), plus
///   `contract.rb` (the schema and the rules) and `violation.rb`;
/// - `app/models/tabgen_runtime.rb` (unless `runtime: false`): the checks of `tabgen
///   validate` and the helpers of the value objects, from Runtime/ruby/, one for every
///   contract of a project; with it `app/helpers/tabgen_bridge_helper.rb`,
///   `tabgen_bridge_component_supported?(:menu)` from the app's user agent;
/// - `app/components/<component>_component.rb` + `.html.erb` when the schema has a
///   bridge contract and an object root; with `view: helper` (apps without
///   view_component) `app/helpers/tabgen_<component>_helper.rb` instead, a plain Rails
///   helper rendering the same attributes with the same policy, and its test in
///   `test/helpers/`;
/// - `fixtures/<Root>.fixtures.json` and `test/contracts/<module>_test.rb` (unless
///   `tests: false`), one test file per contract listing its classes (one per root type
///   and component), which the methods and modules of `test/tabgen_test_support.rb` define
///   (written with the runtime, one for the app); for a contract that lists events, per
///   event data type `fixtures/<module>/<Root>.fixtures.json` and its test class, and per
///   web-to-native event with a value `app/components/<module>/<event>_component.rb` +
///   `.html.erb` and its test class (RubyEventComponents.swift).
public struct RubyTarget: ConfigurableTarget {
    public var options: RubyOptions

    public init(options: RubyOptions = RubyOptions()) {
        self.options = options
    }

    /// Rails autoloads `app/...` of its root only: every contract's files in the output
    /// itself (their names carry the component), one runtime for the app (the first
    /// contract's). The namespace is a module name (`Menu`).
    public var contractLayout: ContractLayout {
        ContractLayout(componentFolders: false, perContractOptions: ["module", "namespace"], namespace: { component, _ in
            RubyContexts.module(of: component)
        }) { options, index, _ in ContractLayout.firstContractsRuntime(options, index: index) }
    }

    /// Its output is a Rails app's root (out: .), which can also hold the Stimulus
    /// controller's output (app/javascript/...): these are the folders it writes, and
    /// the one file it writes in test/ itself.
    public var sharedRootFolders: [String]? {
        ["app/models", "app/components", "app/helpers", "test/\(RubyContexts.contractTestFolder)", "test/helpers",
         "test/\(RubyContexts.testSupportFile).rb", "fixtures"]
    }

    public func typeIdentifier(for parts: [String]) -> String { RubyNaming.typeIdentifier(parts) }
    public func fieldIdentifier(for jsonName: String) -> String { RubyNaming.memberIdentifier(jsonName) }
    public func caseIdentifier(for value: String) -> String { RubyNaming.caseIdentifier(value) }
    public var reservedTypeNames: Set<String> { RubyNaming.reservedTypeNames }
    public var reservedMemberNames: Set<String> { RubyNaming.reservedMemberNames }
    public var reservedCaseNames: Set<String> { RubyNaming.reservedCaseNames }
    public var typeNamesAreCaseInsensitive: Bool { true }
    public func escapedIdentifier(_ identifier: String) -> String { identifier }

    /// How a value of `type` is built from parsed JSON: `nil` (kept as it is), a
    /// generated class or module (`TabData`: its `from_h`), or `[:array, T]` / `[:map, T]`.
    public func typeExpression(_ type: TypeRef, names: NameTable) -> String {
        wrapExpression(type, names: names, model: nil)
    }

    func wrapExpression(_ type: TypeRef, names: NameTable, model: TypeModel?) -> String {
        let resolved = model?.resolved(type) ?? type
        switch resolved.nonNullable {
        case .primitive, .any: return "nil"
        case .array(let inner):
            let element = wrapExpression(inner, names: names, model: model)
            return element == "nil" ? "nil" : "[:array, \(element)]"
        case .map(let inner):
            let element = wrapExpression(inner, names: names, model: model)
            return element == "nil" ? "nil" : "[:map, \(element)]"
        case .named(let id):
            if let declaration = model?[id] {
                switch declaration.kind {
                case .enumeration, .alias: return "nil"
                case .structure, .union: break
                }
            }
            return names.typeName(id)
        case .nullable: return "nil"
        }
    }

    public func stringLiteral(_ text: String) -> String { RubyLiterals.string(text) }

    /// The templates are in RuboCop's default style; `.rb` files take the chosen one.
    public func finish(path: String, _ text: String) -> String {
        path.hasSuffix(".rb") ? options.style.apply(text) : text
    }

    public func files(for input: TargetInput) throws -> [FilePlan] {
        let contexts = RubyContexts(target: self, input: input)
        let models = "app/models/\(contexts.moduleFile)"
        var plans: [FilePlan] = []
        // What the contract's test file tests (test/contracts/<module>_test.rb).
        var testedComponents: [[String: Any]] = []
        var testedEventComponents: [[String: Any]] = []
        for declaration in input.model.declarations {
            let name = input.names.typeName(declaration.id)
            plans.append(FilePlan(path: "\(models)/\(RubyNaming.fileName(name)).rb",
                                  contents: .template(name: "model", context: contexts.declaration(declaration))))
        }
        if options.runtime {
            plans.append(FilePlan(path: "app/models/\(RubyContexts.runtimeFile).rb", contents: .template(name: "runtime", context: contexts.runtime())))
            // One per app, like the runtime: which bridge components the requesting app has.
            plans.append(FilePlan(path: "app/helpers/\(RubyContexts.bridgeHelperFile).rb", contents: .template(name: "bridge-helper", context: contexts.file())))
            if options.tests {
                // One per app too: what every contract's generated tests share.
                plans.append(FilePlan(path: "test/\(RubyContexts.testSupportFile).rb", contents: .template(name: "test-support", context: contexts.file())))
            }
        }
        plans.append(FilePlan(path: "\(models)/contract.rb", contents: .template(name: "contract", context: contexts.contract())))
        plans.append(FilePlan(path: "\(models)/violation.rb", contents: .template(name: "violation", context: contexts.file())))
        if options.view == .helper, let helper = try contexts.component() {
            // Zeitwerk's names: app/helpers/tabgen_navigation_helper.rb holds TabgenNavigationHelper.
            let file = helper["helperFile"] as? String ?? "helper"
            if file == RubyContexts.bridgeHelperFile {
                throw CodeGenError("ruby option view: helper would write the helper of component \(input.model.contract?.component ?? "bridge") to app/helpers/\(file).rb, the file of the user agent helper every Ruby output has (TabgenBridgeHelper); use view: component or rename the component")
            }
            plans.append(FilePlan(path: "app/helpers/\(file).rb", contents: .template(name: "helper", context: helper)))
            if options.tests {
                plans.append(FilePlan(path: "test/helpers/\(file)_test.rb", contents: .template(name: "helper-test", context: helper)))
            }
        } else if let component = try contexts.component() {
            let file = "app/components/\(component["componentFile"] as? String ?? "component")"
            plans.append(FilePlan(path: "\(file).rb", contents: .template(name: "component", context: component)))
            plans.append(FilePlan(path: "\(file).html.erb", contents: .template(name: "component-erb", context: component)))
            testedComponents.append(component)
        }
        if options.view == .helper, input.model.listsEvents {
            throw CodeGenError("ruby option view: helper renders the one message of a bridge component; \(input.model.contract?.component ?? "this contract") lists events, whose data the Ruby target renders with a ViewComponent per event (view: component)")
        }
        for component in try contexts.eventComponents() {
            let file = component["componentFile"] as? String ?? "component"
            plans.append(FilePlan(path: "app/components/\(file).rb", contents: .template(name: "event-component", context: component)))
            plans.append(FilePlan(path: "app/components/\(file).html.erb", contents: .template(name: "event-component-erb", context: component)))
            testedEventComponents.append(component)
        }
        var testedModels: [[String: Any]] = []
        for input in input.perRoot where options.tests {
            let contexts = RubyContexts(target: self, input: input)
            let rootName = input.names.typeName(input.model.rootID)
            // Several contracts share a Rails app: theirs go in a folder per module.
            let fixturesFile = input.model.listsEvents ? "fixtures/\(contexts.moduleFile)/\(rootName).fixtures.json" : "fixtures/\(rootName).fixtures.json"
            if options.sharedFixtures == nil {
                plans.append(FilePlan(path: fixturesFile,
                                      contents: .verbatim(input.fixtures.jsonText(header: input.header, rootName: rootName))))
            }
            testedModels.append(contexts.tests(fixturesFile: fixturesFile))
        }
        if options.tests {
            // One test file per contract: its classes differ only by what they test.
            let context = contexts.contractTests(models: testedModels, components: testedComponents, eventComponents: testedEventComponents)
            plans.append(FilePlan(path: "test/\(RubyContexts.contractTestFolder)/\(contexts.moduleFile)_test.rb", contents: .template(name: "test", context: context)))
        }
        return plans
    }
}
