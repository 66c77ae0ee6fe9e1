import Schema

/// Kotlin: `@Serializable` data classes for kotlinx.serialization, for the Android
/// clients (they replace the hand-written `TabData`).
///
/// Layout of an output directory (Gradle's, so `--out app` drops into a module):
/// - `src/main/kotlin/<package>/<Type>.kt`, one per declaration (a union's variants are
///   nested in the union's file);
/// - `src/main/kotlin/<runtime package>/TabgenRuntime.kt` (unless `runtime: false`): strict
///   primitive serializers, timestamps, violations, the rule runtime, `BridgeJson`;
/// - `src/test/resources/<package>/<Root>.fixtures.json` and `src/test/kotlin/<package>/<Root>Fixtures.kt`
///   (which reads that file) for each message root (each event's data type when the contract lists events), and one
///   JUnit 4 test over all of them, `<Component>RoundTripTest.kt` (unless `tests: false`);
///   with several contracts, one for all of them with the first's files (`files(for:)`).
public struct KotlinTarget: ConfigurableTarget {
    public var options: KotlinOptions

    public init(options: KotlinOptions = KotlinOptions()) {
        self.options = options
    }

    /// A folder per contract; one runtime for the module when there are several: the first
    /// contract's, with the parts any contract uses (`TargetInput.sharingRuntime`), in
    /// the package the contracts' packages sit below; the others import it (unless the
    /// config sets `runtime` or `runtimePackage`). The namespace is a package segment (`menu`).
    public var contractLayout: ContractLayout {
        ContractLayout(componentFolders: true, perContractOptions: ["namespace"], namespace: { component, _ in KotlinContexts.componentSegment(component) }) { options, index, count in
            var options = options
            if count > 1, options["runtime"] == nil, options["runtimePackage"] == nil {
                options["runtimePackage"] = options["package"] ?? KotlinOptions().package
                options = ContractLayout.firstContractsRuntime(options, index: index)
            }
            return options
        }
    }

    /// A Gradle source set (`src/main`: its `java/` and `kotlin/`, Kotlin and Java), where
    /// types are told apart by package.
    public func compiledSources(with path: String, outputFolders: [String]) -> CompiledSources? {
        let parts = path.split(separator: "/")
        guard path.hasSuffix(".kt"), parts.count > 3, parts[0] == "src", parts[2] == "kotlin" else { return nil }
        return CompiledSources(root: "src/\(parts[1])", extensions: ["kt", "java"], packages: true)
    }

    /// An Android module compiles Kotlin from src/main/java as well as src/main/kotlin.
    public func handWrittenCounterpart(of path: String, outputFolders: [String]) -> HandWrittenCounterpart? {
        guard path.hasPrefix("src/main/kotlin/") else { return nil }
        return HandWrittenCounterpart(levelsUp: 0, path: "src/main/java/" + path.dropFirst("src/main/kotlin/".count))
    }

    public func typeIdentifier(for parts: [String]) -> String { KotlinNaming.typeIdentifier(parts) }
    public func fieldIdentifier(for jsonName: String) -> String { KotlinNaming.propertyIdentifier(jsonName) }
    public func caseIdentifier(for value: String) -> String { KotlinNaming.caseIdentifier(value) }

    public var reservedTypeNames: Set<String> { KotlinNaming.reservedTypeNames }
    public var reservedMemberNames: Set<String> { KotlinNaming.reservedMemberNames }
    public var reservedCaseNames: Set<String> { KotlinNaming.reservedCaseNames }
    public var typeNamesAreCaseInsensitive: Bool { true }
    public func escapedIdentifier(_ identifier: String) -> String { KotlinNaming.escaped(identifier) }

    public func typeExpression(_ type: TypeRef, names: NameTable) -> String {
        KotlinTypeMapping.expression(type, names: names)
    }

    public func stringLiteral(_ text: String) -> String { KotlinLiterals.string(text) }

    /// `com.example.tabs` -> `com/example/tabs`.
    static func directory(for package: String) -> String {
        package.replacingOccurrences(of: ".", with: "/")
    }

    public func files(for input: TargetInput) throws -> [FilePlan] {
        let (plans, named, roots) = try codePlans(for: input)
        // Several contracts: one test over every contract's fixtures, with the first's files.
        let projectTest = options.tests && input.firstOfContracts && !input.sharingRuntime.isEmpty
        guard options.runtime || projectTest else { return plans }
        var used = named
        var allRoots = roots
        // The parts the code of the contracts sharing this runtime names, found as for this
        // schema's (their package does not change which parts they name), and their roots.
        for document in input.sharingRuntime {
            let (other, target) = try Generator(templates: InMemoryTemplateSource([:])).prepare(document, target: self, header: input.header)
            var sibling = target as? KotlinTarget ?? self
            // Its fixtures objects are in its own package, as `contracts:` sets it.
            if let contract = other.model.contract { sibling.options.namespace = contractLayout.namespace(contract.component, nil) }
            let code = try sibling.codePlans(for: other)
            used.formUnion(code.used)
            allRoots += code.roots
        }
        let contexts = KotlinContexts(target: self, input: input)
        var files = plans
        if projectTest, !allRoots.isEmpty {
            let tests = contexts.projectTests(roots: allRoots)
            files.append(FilePlan(path: "src/test/kotlin/\(Self.directory(for: contexts.runtimePackage))/\(tests["testsName"] ?? "").kt",
                                  contents: .template(name: "tests", context: tests)))
        }
        guard options.runtime else { return files }
        let runtime = "src/main/kotlin/" + Self.directory(for: contexts.runtimePackage)
        return files + [FilePlan(path: "\(runtime)/TabgenRuntime.kt", contents: .template(name: "runtime", context: contexts.runtime(used: used)))]
    }

    /// Every file but the runtime, the runtime parts they name, and the roots whose
    /// fixtures objects they hold (the output's test runs them, with several contracts
    /// the first contract's project test, `files(for:)`).
    func codePlans(for input: TargetInput) throws -> (plans: [FilePlan], used: Set<String>, roots: [KotlinContexts.TestedRoot]) {
        let contexts = KotlinContexts(target: self, input: input)
        let main = "src/main/kotlin/" + Self.directory(for: contexts.package)
        var plans: [FilePlan] = []
        // The runtime helpers the code names, found in the contexts (they hold every
        // expression the templates write) and in what the templates themselves write.
        var used: Set<String> = []
        for declaration in input.model.declarations where declaration.unionID == nil {
            let name = input.names.typeName(declaration.id)
            let context = contexts.declarationFile(declaration)
            KotlinRuntime.mentioned(in: context, into: &used)
            if case .union = declaration.kind { used.insert("TabgenUnion") }
            plans.append(FilePlan(path: "\(main)/\(name).kt", contents: .template(name: "file", context: context)))
        }
        if !contexts.tolerated.isEmpty { used.insert("TabgenTolerantSerializer") }
        if options.bridgeComponent {
            guard let contract = input.model.contract else {
                throw CodeGenError("kotlin option bridgeComponent needs a schema with metadata.tabgen.contract")
            }
            plans.append(try KotlinBridgeComponent(contexts: contexts, contract: contract).plan(directory: main))
            used.insert("TabgenSchema")
        }
        var testPlans: [FilePlan] = []
        var roots: [KotlinContexts.TestedRoot] = []
        let shared = options.sharedFixtures.map { ($0, SharedFixturesTarget.paths(for: input)) }
        for input in input.perRoot where options.tests {
            let contexts = KotlinContexts(target: self, input: input)
            let test = "src/test/kotlin/" + Self.directory(for: contexts.package)
            let rootName = input.names.typeName(input.model.rootID)
            let fixturesFile: String
            let source: KotlinContexts.FixturesSource
            if let (folder, places) = shared {
                // The test reads the project's one copy, relative to the module directory
                // (the output), where Gradle runs unit tests.
                fixturesFile = SharedFixturesTarget.path(of: input.model.rootID, in: places, upToOutput: "", sharedFixtures: folder)
                source = .shared(folder: folder, place: places[input.model.rootID]?.path ?? "")
            } else {
                // A test resource of the fixtures object's package: on the unit tests'
                // classpath under Gradle, and apart from other contracts' in one JVM.
                let name = "\(rootName).fixtures.json"
                fixturesFile = "src/test/resources/\(Self.directory(for: contexts.package))/\(name)"
                source = .resource(name: name)
                testPlans.append(FilePlan(path: fixturesFile,
                                          contents: .verbatim(input.fixtures.jsonText(header: input.header, rootName: rootName))))
            }
            let fixtures = contexts.fixtures(fixturesFile: fixturesFile, source: source)
            KotlinRuntime.mentioned(in: fixtures, into: &used)
            // The fixtures object is a `TabgenFixtures` (the template names it).
            used.insert("TabgenFixtures")
            testPlans.append(FilePlan(path: "\(test)/\(contexts.fixturesName).kt", contents: .template(name: "fixtures", context: fixtures)))
            roots.append(KotlinContexts.TestedRoot(component: input.model.contract?.component ?? "", rootName: rootName,
                                                   fixturesName: contexts.fixturesName, package: contexts.package))
        }
        if !roots.isEmpty, input.sharingRuntime.isEmpty {
            // One test runs every root's fixtures, each fixture its own case.
            let tests = contexts.tests(roots: roots)
            testPlans.append(FilePlan(path: "src/test/kotlin/\(Self.directory(for: contexts.package))/\(tests["testsName"] ?? "").kt",
                                      contents: .template(name: "tests", context: tests)))
        }
        // The rule kinds this schema and the contracts sharing its runtime use.
        used.formUnion(input.runtimeRuleFeatures)
        return (plans + testPlans, used, roots)
    }
}

/// One runtime for every Kotlin output of a project (tabgen.yml `runtime:`), in one package
/// that each Gradle module adds as a source folder.
extension KotlinTarget: RuntimeSharingTarget {
    /// The package the outputs' `runtimePackage` names (they must agree), else the
    /// packages' common prefix with `tabgen` added (`dev.example.shop.compose` and
    /// `dev.example.shop.fragments`: `dev.example.shop.tabgen`); `public` if one output
    /// is; every part if one output asks for all.
    public func sharedRuntimeOptions(_ outputs: [[String: String]]) throws(CodeGenError) -> [String: String] {
        let named = Set(outputs.compactMap { $0["runtimePackage"] }.filter { !$0.isEmpty })
        guard named.count <= 1 else {
            throw CodeGenError("kotlin outputs set runtimePackage to \(named.sorted().joined(separator: " and ")), but runtime: gives all of them one shared runtime, in one package: set the same runtimePackage (or none)")
        }
        let packages = outputs.map { ($0["package"] ?? KotlinOptions().package).split(separator: ".") }
        var common = packages.first ?? []
        for package in packages.dropFirst() {
            common = Array(zip(common, package).prefix { $0 == $1 }.map(\.0))
        }
        let package = named.first ?? (common.isEmpty ? KotlinRuntime.sourcePackage : (common + ["tabgen"]).joined(separator: "."))
        let visibility = outputs.contains { $0["visibility"] == KotlinOptions.Visibility.public.rawValue || $0["visibility"] == nil }
            ? KotlinOptions.Visibility.public : .internal
        let all = outputs.contains { $0["runtime"]?.lowercased() == "all" }
        return ["package": package, "runtimePackage": package, "visibility": visibility.rawValue, "runtime": all ? "all" : "true"]
    }

    public func usingSharedRuntime(_ options: [String: String], shared: [String: String]) -> [String: String] {
        var options = options
        options["runtime"] = "false"
        options["runtimePackage"] = shared["runtimePackage"]
        return options
    }

    public func runtimeFeatures(for input: TargetInput) throws -> Set<String> {
        try codePlans(for: input).used
    }

    /// `<package folders>/TabgenRuntime.kt`, the layout of a Kotlin source folder.
    public func sharedRuntimeFiles(for input: TargetInput, features: Set<String>) throws -> [FilePlan] {
        let contexts = KotlinContexts(target: self, input: input)
        return [FilePlan(path: "\(Self.directory(for: contexts.runtimePackage))/TabgenRuntime.kt",
                         contents: .template(name: "runtime", context: contexts.runtime(used: features)))]
    }
}
