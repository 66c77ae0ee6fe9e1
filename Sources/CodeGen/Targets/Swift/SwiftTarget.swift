import Schema

/// Swift: `Codable, Hashable, Sendable` value types for Swift 6 language mode.
///
/// Layout of an output directory:
/// - `<Type>.swift`, one per declaration (a union's variant structs in the union's file);
/// - `TabgenRuntime.swift` (unless `runtime: false`), the same for every schema;
/// - `<Namespace>.swift` when a namespace is set;
/// - `<Component>ComponentBase.swift` with `bridgeComponent: true`;
/// - `fixtures/<Root>.fixtures.json`, `Tests/<Root>Fixtures.swift` and
///   `Tests/<Root>RoundTripTests.swift` (unless `tests: false`), for each message root
///   (each event's data type when the contract lists events).
///
/// `sourcesFolder` and `testsFolder` move the types and runtime, and the tests, into
/// folders of the output (an Xcode 16 project's synchronized folders, one per target).
///
/// A contract that lists events is namespaced by default (`enum Menu`, see
/// `resolved(for:)`) and its file names start with the namespace (`Menu+MenuData.swift`,
/// the convention for a file that extends a type), so that two contracts with a type of
/// the same name can be added to one app target.
public struct SwiftTarget: SchemaDependentTarget, ConfigurableTarget {
    public var options: SwiftOptions

    public init(options: SwiftOptions = SwiftOptions()) {
        self.options = options
    }

    /// A folder per contract, all compiled into one module: one runtime (the first
    /// contract's), and file names that start with the contract's namespace. The namespace
    /// is `MenuContract`, as with `--schema`, or the output's own namespace and the
    /// component (`App` -> `AppMenu`).
    public var contractLayout: ContractLayout {
        ContractLayout(componentFolders: true, namespacePrefixesFileNames: true, namespace: { component, outputNamespace in
            SwiftOptions.defaultNamespace(component: component, prefix: outputNamespace ?? "")
        }) { options, index, _ in ContractLayout.firstContractsRuntime(options, index: index) }
    }

    /// The folder above `Generated/Tabgen/` (tabgen init's layout: the app's, or the
    /// tests' for the generated tests), which compiles into one module with it.
    public func compiledSources(with path: String, outputFolders: [String]) -> CompiledSources? {
        let file = path.split(separator: "/").map(String.init)
        let parts = outputFolders + file
        guard path.hasSuffix(".swift"), parts.count > 3, parts.dropLast().suffix(2) == ["Generated", "Tabgen"] else { return nil }
        // The folder above Generated/: below the output, or above it.
        let up = max(0, 3 - file.count)
        return CompiledSources(root: (Array(repeating: "..", count: up) + file.dropLast(3)).joined(separator: "/"), extensions: ["swift"], packages: false)
    }

    /// Types generated into `<sources>/Generated/Tabgen/` (tabgen init's layout) replace
    /// the hand-written ones beside `Generated/`: in the output itself, or in its
    /// sourcesFolder (Xcode 16 synchronized folders).
    public func handWrittenCounterpart(of path: String, outputFolders: [String]) -> HandWrittenCounterpart? {
        let file = path.split(separator: "/").map(String.init)
        let parts = outputFolders + file
        guard path.hasSuffix(".swift"), parts.count > 3, parts.dropLast().suffix(2) == ["Generated", "Tabgen"],
              let name = parts.last else { return nil }
        // The folder above Generated/: below the output, or above it.
        return HandWrittenCounterpart(levelsUp: max(0, 3 - file.count), path: (file.dropLast(3) + [name]).joined(separator: "/"))
    }

    public func typeIdentifier(for parts: [String]) -> String { SwiftNaming.typeIdentifier(parts) }
    public func fieldIdentifier(for jsonName: String) -> String { SwiftNaming.memberIdentifier(jsonName) }
    public func caseIdentifier(for value: String) -> String { SwiftNaming.memberIdentifier(value) }

    public var reservedTypeNames: Set<String> {
        var names = options.namespace.isEmpty ? SwiftNaming.reservedTypeNames : SwiftNaming.reservedTypeNames.union([options.namespace])
        if options.bridgeComponent { names.formUnion(SwiftBridgeComponent.hotwireTypeNames) }
        return names
    }

    public var reservedMemberNames: Set<String> { SwiftNaming.reservedMemberNames }
    public var reservedCaseNames: Set<String> { SwiftNaming.reservedCaseNames }
    public var typeNamesAreCaseInsensitive: Bool { true }
    public func escapedIdentifier(_ identifier: String) -> String { SwiftNaming.escaped(identifier) }

    public func typeExpression(_ type: TypeRef, names: NameTable) -> String {
        SwiftTypeMapping.expression(type, names: names)
    }

    public func stringLiteral(_ text: String) -> String { SwiftLiterals.string(text) }

    /// The prefix of the file names of a contract that lists events (`Menu+`): one module
    /// may hold two contracts' `MessageData`, but swiftc refuses two files of one name.
    func filePrefix(_ input: TargetInput) -> String {
        input.model.listsEvents && !options.namespace.isEmpty ? options.namespace + "+" : ""
    }

    public func files(for input: TargetInput) throws -> [FilePlan] {
        let contexts = SwiftContexts(target: self, input: input)
        let prefix = filePrefix(input)
        let sources = options.sourcesFolder.isEmpty ? "" : options.sourcesFolder + "/"
        var plans: [FilePlan] = []
        for declaration in input.model.declarations where declaration.unionID == nil {
            let name = input.names.typeName(declaration.id)
            var context = contexts.file()
            if declaration.isRoot, contexts.hasDecodeEntryPoint(declaration) {
                // `decode(jsonData: Data)` shows Foundation's `Data`: with InternalImportsByDefault the import must say so.
                context["fileImport"] = context["runtimeImport"]
            }
            context["body"] = NestedTemplate(template: "declaration", context: contexts.declaration(declaration), indent: contexts.bodyIndent)
            plans.append(FilePlan(path: sources + "\(prefix)\(name).swift", contents: .template(name: "file", context: context)))
        }
        if !options.namespace.isEmpty {
            var context = contexts.file()
            context["schemaComment"] = input.fixtures.schemaName
            plans.append(FilePlan(path: sources + "\(options.namespace).swift", contents: .template(name: "namespace", context: context)))
        }
        if options.bridgeComponent {
            guard let contract = input.model.contract else {
                throw CodeGenError("swift option bridgeComponent needs a schema with metadata.tabgen.contract")
            }
            var plan = try SwiftBridgeComponent(contexts: contexts, contract: contract).plan()
            plan.path = sources + plan.path
            plans.append(plan)
        }
        if options.runtime {
            var context = contexts.file()
            context["runtime"] = SwiftRuntime.text(options.accessLevel, features: runtimeFeatures(for: input))
            plans.append(FilePlan(path: sources + "TabgenRuntime.swift", contents: .template(name: "runtime", context: context)))
        }
        let shared = options.sharedFixtures.map { ($0, SharedFixturesTarget.paths(for: input)) }
        for input in input.perRoot where options.tests {
            let contexts = SwiftContexts(target: self, input: input)
            let rootName = input.names.typeName(input.model.rootID)
            var fixturesFile = "fixtures/\(rootName).fixtures.json"
            var sharedPath: String?
            if let (folder, places) = shared {
                // The tests read the project's one copy, found from the test file's own path.
                fixturesFile = SharedFixturesTarget.path(of: input.model.rootID, in: places, upToOutput: "", sharedFixtures: folder)
                sharedPath = SharedFixturesTarget.upToOutput(from: options.testsFolder) + fixturesFile
            } else {
                plans.append(FilePlan(path: fixturesFile,
                                      contents: .verbatim(input.fixtures.jsonText(header: input.header, rootName: rootName))))
            }
            var fixtures = contexts.fixtures(file: fixturesFile, sharedPath: sharedPath)
            fixtures["body"] = NestedTemplate(template: "fixtures-body", context: fixtures, indent: contexts.bodyIndent)
            plans.append(FilePlan(path: "\(options.testsFolder)/\(prefix)\(input.names.extras["fixtures"] ?? rootName + "Fixtures").swift",
                                  contents: .template(name: "fixtures", context: fixtures)))
            var tests = contexts.tests()
            tests["readsFile"] = sharedPath != nil
            plans.append(FilePlan(path: "\(options.testsFolder)/\(contexts.testsName).swift",
                                  contents: .template(name: "tests", context: tests)))
        }
        return plans
    }
}

extension SwiftTarget {
    /// A contract that lists events gets `enum <Component>` as its namespace unless
    /// `namespace` is set: `Menu.MenuData`, `Form.FormData`.
    public func resolved(for model: TypeModel) -> SwiftTarget {
        guard options.namespace.isEmpty, let component = TargetOption.defaultNamespace(for: model) else { return self }
        var target = self
        target.options.namespace = SwiftOptions.defaultNamespace(component: component)
        return target
    }
}

/// One runtime for every Swift output of a project (tabgen.yml `runtime:`), a file each app
/// target compiles, with the rule kinds' code any output uses.
extension SwiftTarget: RuntimeSharingTarget {
    /// `public` if one output is (its module's public types show the runtime's), else
    /// `internal`: the file compiles into every app, so it must suit the widest.
    public func sharedRuntimeOptions(_ outputs: [[String: String]]) throws(CodeGenError) -> [String: String] {
        let level = outputs.contains { $0["accessLevel"] == SwiftOptions.AccessLevel.public.rawValue }
            ? SwiftOptions.AccessLevel.public : SwiftOptions().accessLevel
        return ["accessLevel": level.rawValue]
    }

    public func usingSharedRuntime(_ options: [String: String], shared: [String: String]) -> [String: String] {
        var options = options
        options["runtime"] = "false"
        return options
    }

    /// The rule kinds' code the runtime keeps: every kind's with `runtime: all`, else the
    /// kinds this schema and the contracts sharing its runtime use.
    public func runtimeFeatures(for input: TargetInput) -> Set<String> {
        options.runtimeAll ? Set(RuleKinds.all.map { $0.runtimeFeature }) : input.runtimeRuleFeatures
    }

    public func sharedRuntimeFiles(for input: TargetInput, features: Set<String>) throws -> [FilePlan] {
        var context = SwiftContexts(target: self, input: input).file()
        context["runtime"] = SwiftRuntime.text(options.accessLevel, features: features)
        return [FilePlan(path: "TabgenRuntime.swift", contents: .template(name: "runtime", context: context))]
    }
}
