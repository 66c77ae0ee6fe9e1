import Schema

/// TypeScript: a Stimulus controller for the schema's bridge contract (extending
/// `BridgeComponent` of @hotwired/hotwire-native-bridge), the message types, and
/// `parse<Root>(text)`, which checks a payload exactly as `tabgen validate` does.
///
/// Layout of an output directory:
/// - `<name>_controller.ts` (flavor `javascript`: `.js`, an ES module with JSDoc
///   types), named after the contract's Stimulus identifier (`bridge--navigation` ->
///   `navigation_controller`); without a contract, `<root>.ts` and no controller;
/// - with `bridgeComponent: true`, for a contract that lists events,
///   `<module>_bridge_component.ts` (`.js` in flavor `javascript`; TypeScriptBridgeComponent);
/// - `fixtures/<Root>.fixtures.json` and `<name>_controller.test.ts` (a `node:test`
///   suite), unless `tests: false`.
public struct TypeScriptTarget: LanguageTarget {
    public var options: TypeScriptOptions

    public init(options: TypeScriptOptions = TypeScriptOptions()) {
        self.options = options
    }

    public var language: String { "typescript" }
    public var templateFolder: String { "typescript" }

    static let runtimeTypeNames: Set<String> = [
        // Declared by the generated file itself.
        "UnknownEnumValue", "Violation", "ParseResult", "Json", "JsonArray", "JsonObject", "Schema", "RootSchema",
        "Condition", "Rule", "Checked", "BridgeComponent",
        // Global types a declaration must not shadow.
        "Array", "ArrayBuffer", "BigInt", "Boolean", "Date", "Error", "Function", "Infinity", "JSON", "Map", "Math",
        "NaN", "Number", "Object", "Partial", "Promise", "Readonly", "ReadonlyArray", "Record", "RegExp", "Set",
        "String", "Symbol", "SyntaxError", "URL", "WeakMap", "WeakSet", "Element", "Event", "EventTarget",
        "Document", "Window", "Node", "any", "unknown", "never", "object", "string", "number", "boolean",
        "symbol", "bigint", "undefined", "null", "void", "this", "true", "false",
    ]

    public func typeIdentifier(for parts: [String]) -> String {
        let name = Naming.camelCase(parts.flatMap(Naming.nonEmptyWords), upperFirst: true, initialisms: false)
        return Naming.startsWithDigit(name) ? "_" + name : name
    }

    /// Fields keep their JSON names: the types describe the wire format itself.
    public func fieldIdentifier(for jsonName: String) -> String { jsonName }
    /// Enum cases are string literal types: the value itself.
    public func caseIdentifier(for value: String) -> String { value }

    public var reservedTypeNames: Set<String> { Self.runtimeTypeNames }
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
        var plans = [FilePlan(path: "\(module).\(ext)", contents: .template(name: javascript ? "controller-js" : "controller-ts",
                                                                              context: try contexts.main()))]
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
