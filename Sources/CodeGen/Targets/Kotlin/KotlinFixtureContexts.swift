import Schema

/// The contexts of the fixtures, the JUnit test and the runtime.
extension KotlinContexts {
    var rootName: String { names.typeName(model.rootID) }
    var fixturesName: String { names.extras["fixtures"] ?? rootName + "Fixtures" }

    /// The output's one JUnit test, over the fixtures objects `fixturesNames`:
    /// `<Component>RoundTripTest` (`<Root>RoundTripTest` with no contract), unless a type or
    /// one of those objects already has that name.
    func testsName(fixturesNames: [String]) -> String {
        let component = model.contract.map { KotlinNaming.typeIdentifier([$0.component]) } ?? ""
        let taken = Set(names.types.values).union(fixturesNames)
        var scope = NameResolver(reserved: taken.union(KotlinNaming.reservedTypeNames), caseInsensitive: true)
        return scope.claim((component.isEmpty ? rootName : component) + "RoundTripTest")
    }

    /// How the fixtures compute `validate()` on a decoded root value.
    func rootValidateExpression() -> String {
        let root = model.root
        if case .named(let id) = root.nonNullable, let declaration = model[id] {
            switch declaration.kind {
            case .structure, .enumeration, .union:
                return root.isNullable ? "value?.validate() ?: emptyList()" : "value.validate()"
            case .alias:
                break
            }
        }
        let statement = walk.statement(root, value: "value", path: "emptyList()")
        guard !model.rules.isEmpty else {
            return statement.map { "TabgenValidation.collect { violations -> \($0) }" } ?? "value.let { emptyList() }"
        }
        var expression = "TabgenValidation.validate(value, serializer, \(names.extras["rules"] ?? rootName + "Rules").rules)"
        if let statement { expression += " { violations -> \(statement) }" }
        return expression
    }

    /// Where a fixtures object reads its fixtures: the project's shared folder (relative to
    /// the module directory) and the root's file in it, or a test resource of the object's package.
    enum FixturesSource {
        case shared(folder: String, place: String)
        case resource(name: String)
    }

    /// The context of the fixtures file, a `TabgenFixtures` of the runtime that reads the
    /// fixtures JSON (`source`) when the tests run and carries only the fixtures this client
    /// labels otherwise than that file: the fixtures exist once, as JSON.
    func fixtures(fixturesFile: String, source: FixturesSource) -> [String: Any] {
        var needs = FileNeeds()
        needs.usesRuntime = true
        let serializer = types.serializer(model.root)
        needs.imports.formUnion(KotlinTypeMapping.imports(forSerializer: serializer))
        if types.mentionsAny(model.root) { needs.imports.insert("kotlinx.serialization.json.JsonElement") }
        var context: [String: Any] = [
            "fixturesFile": fixturesFile,
            "fixturesName": fixturesName,
            "rootType": types.expression(model.root),
            "serializer": serializer,
            "validateExpression": rootValidateExpression(),
        ]
        let labeled = input.fixtures.fixtures.map { fixture in
            var fixture = fixture
            // The shared fixtures say what a strict client does; a tolerant one also decodes
            // `null` optional members and missing nullable or array ones, and reports them.
            if !fixture.decodes, options.decoding == .tolerant, let label = KotlinTolerance.label(fixture, model: model, types: types) {
                fixture.decodes = true
                fixture.canonical = label.canonical
                fixture.typedCodes = label.typedCodes
            }
            // A strict client rejects the unknown enum values the shared fixtures keep.
            if fixture.decodes, options.decoding == .strict,
               InstanceValidator.validate(fixture.payload, against: model.document).contains(where: { $0.schemaPath.last == "enum" }) {
                fixture.decodes = false
                fixture.canonical = nil
                fixture.typedCodes = []
            }
            return fixture
        }
        let relabeled = SharedFixturesTarget.relabeled(input.fixtures.fixtures, labels: labeled.map {
            SharedFixturesTarget.Label(decodes: $0.decodes, typedCodes: $0.typedCodes, canonical: $0.canonical)
        })
        switch source {
        case .shared(let folder, let place):
            context["readsFile"] = true
            context["folder"] = KotlinLiterals.string(folder)
            context["place"] = KotlinLiterals.string(place)
        case .resource(let name):
            context["readsResource"] = true
            context["resource"] = name
            context["place"] = KotlinLiterals.string(name)
        }
        context["relabeled"] = relabeled.isEmpty ? "emptyMap()" : "mapOf(\n" + relabeled.map { entry in
            "        \(entry.index) to Label(\(entry.label.decodes), \(stringList(entry.label.typedCodes)), "
                + (entry.label.canonical.map { KotlinLiterals.string(JSONWriter.string($0, sortKeys: true)) } ?? "null") + "), // "
                + KotlinLiterals.string(entry.fixture.name)
        }.joined(separator: "\n") + "\n    )"
        let fileContext = file(package: package, needs: needs, body: nil)
        return fileContext.merging(context) { _, new in new }
    }

    func stringList(_ values: [String]) -> String {
        values.isEmpty ? "emptyList()" : "listOf(" + values.map(KotlinLiterals.string).joined(separator: ", ") + ")"
    }

    /// A root whose fixtures a JUnit test runs: its contract's component (empty: none), its
    /// type name, and its fixtures object and that object's package.
    struct TestedRoot {
        var component: String
        var rootName: String
        var fixturesName: String
        var package: String
    }

    /// The context of the output's one JUnit test: every fixture of every root in `roots`,
    /// each a case named `<Root>: <fixture>`.
    func tests(roots: [TestedRoot]) -> [String: Any] {
        tests(roots: roots, named: testsName(fixturesNames: roots.map(\.fixturesName)), package: package) { root in
            "\(root.fixturesName).cases(\(KotlinLiterals.string(root.rootName)))"
        }
    }

    /// The context of the one JUnit test of several contracts (tabgen.yml `contracts:`),
    /// `ContractsRoundTripTest` in the runtime's package: every fixture of every contract's
    /// roots, each case named `<Root>: <fixture>`, or `<component> <Root>: <fixture>` where
    /// two contracts have a root of that name.
    func projectTests(roots: [TestedRoot]) -> [String: Any] {
        var contracts: [String: Set<String>] = [:]
        for root in roots { contracts[root.rootName, default: []].insert(root.component) }
        return tests(roots: roots, named: "ContractsRoundTripTest", package: runtimePackage) { root in
            let label = (contracts[root.rootName]?.count ?? 0) > 1 ? "\(root.component) \(root.rootName)" : root.rootName
            return "\(root.package).\(root.fixturesName).cases(\(KotlinLiterals.string(label)))"
        }
    }

    private func tests(roots: [TestedRoot], named testsName: String, package: String, cases: (TestedRoot) -> String) -> [String: Any] {
        var needs = FileNeeds()
        needs.usesRuntime = true
        for name in ["org.junit.Test", "org.junit.runner.RunWith", "org.junit.runners.Parameterized"] {
            needs.imports.insert(name)
        }
        var context = file(package: package, needs: needs, body: nil)
        context["fixturesFiles"] = roots.map { $0.fixturesName + ".kt" }.joined(separator: ", ")
        context["testsName"] = testsName
        context["cases"] = roots.map(cases).joined(separator: " +\n            ")
        return context
    }

    /// The context of `runtime.mustache`: the header and the runtime with the parts
    /// `used` names (with what they need in turn), or all of them with `runtime: all`.
    func runtime(used: Set<String>) -> [String: Any] {
        ["header": headerLines,
         "runtime": KotlinRuntime.text(used: used, all: options.runtimeAll, package: runtimePackage, visibility: options.visibility)]
    }
}
