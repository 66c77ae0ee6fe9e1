import Foundation
import Schema
import Testing
@testable import CodeGen

/// Generates Kotlin for the built-in schema and every test schema (the jtd-codegen
/// conformance set and tabgen's own), compiles it all with the real Kotlin compiler
/// (kotlinx.serialization plugin, warnings as errors) in ONE kotlinc invocation, and runs
/// every generated JUnit round-trip test with `Tests/Kotlin/krun --junit`.
///
/// Layout: the built-in schema as an app uses it (package `tabgen.e2e.builtin.navigation`,
/// its own runtime with every helper (`runtime: all`), its tests); the built-in again with
/// `decoding: strict` and `visibility: internal` (`tabgen.e2e.strict.navigation`, its own
/// runtime holding only what it uses); the built-in as a second bridge component `menu`
/// (`tabgen.e2e.builtin.menu`: same type names, no collision); every test schema in a package of its own
/// (`tabgen.e2e.c_NAME`) sharing the first runtime (`runtime: false`, `runtimePackage`).
/// Everything compiles with `-Xexplicit-api=strict`. In parallel, the built-in's main
/// sources compile at `-language-version 2.0` (the oldest K2 language an Android client
/// may use). Hand-written JUnit tests check, against the schema file itself, that every
/// hostile enum value came out exact, and hold both built-in packages to the decoding
/// policy (`KotlinDecodingPolicyCheck`).
struct KotlinEndToEnd: ScratchRun {
    var setupError: String?
    /// Everything kotlinc printed when it failed or warned (it prints nothing when all is well).
    var compileOutput: String?
    var compatibilityOutput: String?
    /// The JVM's own notices ("OpenJDK 64-Bit Server VM warning: ..."), which say nothing
    /// about the generated code: kept apart from the compiler's output and shown in `summary`.
    var jvmNotices: [String] = []
    var runStatus: Int32 = -1
    var runOutput = ""
    var report = KotlinSupport.JUnitReport("")
    /// Fixtures per package, and the packages in schema order.
    var expected: [String: Int] = [:]
    var sourceFiles = 0
    var generateSeconds = 0.0
    var compileSeconds = 0.0
    var runSeconds = 0.0

    static let builtInPackage = "tabgen.e2e.builtin.navigation"
    static let strictPackage = "tabgen.e2e.strict.navigation"
    /// The base package of the contracts that list events (`<base>.menu`, `<base>.form`).
    static let eventsPackage = "tabgen.e2e.events"
    /// The built-in schema with the project's shared fixtures (tabgen.yml `fixtures:`).
    static let sharedPackage = "tabgen.e2e.shared.navigation"
    /// Tests the harness adds (not generated): the hostile literal check, the decoding
    /// policy checks and the menu's MN101 check.
    static let extraTests = 4 + KotlinDecodingPolicyCheck.testCount(strict: false) + KotlinDecodingPolicyCheck.testCount(strict: true)
        + KotlinStrictTextCheck.testCount + DecodingFailureAgreement.suites.count + 1 + 1 + 1 + KotlinMigrationCheck.testCount + 2
    /// Test classes the harness adds.
    static let extraTestClasses = 11

    static let shared: KotlinEndToEnd = run()

    /// Shapes the conformance set does not have, for the Kotlin target's own decisions: an
    /// alias root with rules (`ItemsRules`), enums inside maps, nullable lists and optional
    /// nullable members; a union root with rules whose variants' names shadow top-level
    /// types (`Open`, `Serializer`, `String`); a discriminator with no variants.
    static let extraSchemas: [(name: String, json: String)] = [
        ("kotlin_alias_root_rules", """
        {"metadata": {"tabgen": {"rootName": "Items", "rules": [
           {"code": "TG201", "severity": "error", "kind": "unique", "path": "/*/id", "message": "duplicate id: {reason}"},
           {"code": "TG202", "severity": "warning", "kind": "count", "path": "/*/byName", "max": 1, "message": "too many: {reason}"}]}},
         "elements": {"ref": "item"},
         "definitions": {
           "item": {"properties": {"id": {"type": "string"}, "level": {"ref": "level"}, "byName": {"values": {"ref": "level", "nullable": true}}},
                    "optionalProperties": {"maybe": {"ref": "level", "nullable": true}, "list": {"elements": {"ref": "level", "nullable": true}},
                                           "when": {"type": "timestamp"}}},
           "level": {"enum": ["low", "high"]}}}
        """),
        ("kotlin_union_root_rules", """
        {"metadata": {"tabgen": {"rootName": "Event", "rules": [
           {"code": "TG301", "severity": "error", "kind": "relativeReference", "path": "/url", "allowAuthority": false, "message": "{value}: {reason}"},
           {"code": "TG302", "severity": "warning", "kind": "equals", "path": "/kind", "value": "open", "when": [{"path": "/url", "present": true}], "message": "{reason}"}]}},
         "discriminator": "kind",
         "mapping": {
           "open": {"properties": {"url": {"type": "string"}, "mode": {"enum": ["push", "modal"]}}},
           "close": {"properties": {}},
           "Serializer": {"optionalProperties": {"Open": {"ref": "Open"}, "String": {"ref": "String"}}}},
         "definitions": {"String": {"type": "string"}, "Open": {"type": "string"}}}
        """),
        ("kotlin_empty_mapping", """
        {"properties": {"u": {"discriminator": "t", "mapping": {}}, "n": {"type": "int16"}}}
        """),
        (KotlinEmptyFormCheck.schemaName, KotlinEmptyFormCheck.schema),
    ]

    static func run() -> KotlinEndToEnd {
        Support.scratchRun("tabgen-kotlin-e2e") { root, result in
            var clock = Date()
            let sources = root.appendingPathComponent("gen")

            let document = try Support.builtIn()
            let builtIn = try KotlinSupport.generateCounting(document, options: KotlinSupport.options(package: "tabgen.e2e.builtin", runtimeAll: true))
            try Support.write(builtIn.files, to: sources.appendingPathComponent("builtin"))
            result.expected[builtInPackage] = builtIn.fixtures
            try KotlinDecodingPolicyCheck.write(package: builtInPackage, strict: false, document: document, to: sources.appendingPathComponent("builtin"))
            try KotlinStrictTextCheck.write(package: builtInPackage, document: document, to: sources.appendingPathComponent("builtin"))
            try KotlinNumberWordingCheck.write(package: builtInPackage, to: sources.appendingPathComponent("builtin"))
            try KotlinMigrationCheck.write(package: builtInPackage, to: sources.appendingPathComponent("builtin"))
            try DecodingFailureAgreement.writeKotlinCheck(package: builtInPackage, strictPackage: strictPackage, to: sources.appendingPathComponent("builtin"))
            let strict = try KotlinSupport.generateCounting(document, options: KotlinSupport.options(package: "tabgen.e2e.strict", decoding: .strict, visibility: .internal))
            try Support.write(strict.files, to: sources.appendingPathComponent("strict"))
            result.expected[strictPackage] = strict.fixtures
            try KotlinDecodingPolicyCheck.write(package: strictPackage, strict: true, document: document, to: sources.appendingPathComponent("strict"))
            // The built-in with shared fixtures: its tests read sources/fixtures/ relative to
            // the module directory (sources/shared), where krun runs as Gradle runs unit tests.
            var sharedOptions = KotlinSupport.options(package: "tabgen.e2e.shared", runtime: false, runtimePackage: builtInPackage)
            sharedOptions.sharedFixtures = "../fixtures"
            let shared = try KotlinSupport.generateCounting(document, options: sharedOptions)
            try Support.write(shared.files, to: sources.appendingPathComponent("shared"))
            try Support.write(try Generator(templates: Support.templates).generate(document, target: SharedFixturesTarget(), header: KotlinSupport.header(schema: document.sourceName)),
                              to: sources.appendingPathComponent("fixtures"))
            result.expected[sharedPackage] = shared.fixtures
            try writeSharedFixturesMissingCheck(to: sources.appendingPathComponent("shared"))
            // A second bridge component with the same type names, in the same base package
            // and the same compile: the per-contract packages keep them apart.
            let schemaText = try String(contentsOf: Support.packageRoot.appendingPathComponent("schema.json"), encoding: .utf8)
            let menuText = schemaText.replacingOccurrences(of: "\"component\": \"navigation\"", with: "\"component\": \"menu\"")
            let menu = try KotlinSupport.generateCounting(try Support.document(json: menuText, name: "menu.json"),
                                                          options: KotlinSupport.options(package: "tabgen.e2e.builtin", tests: false))
            try Support.write(menu.files, to: sources.appendingPathComponent("menu"))
            try writeTwoComponentsCheck(to: sources.appendingPathComponent("menu"))
            let schemas = try Support.testSchemas.map { schema in (schema.name, try Support.document(at: schema.url, name: "\(schema.name).jtd.json")) }
                + extraSchemas.map { schema in (schema.name, try Support.document(json: schema.json, name: "\(schema.name).jtd.json")) }
            for (name, document) in schemas {
                let package = KotlinSupport.package(for: name)
                let options = KotlinSupport.options(package: package, runtime: false, runtimePackage: builtInPackage)
                let generated = try KotlinSupport.generateCounting(document, options: options)
                try Support.write(generated.files, to: sources.appendingPathComponent(name))
                result.expected[package] = generated.fixtures
                if name == "hostile" {
                    try writeHostileCheck(generated.files, document: document, options: options, to: sources.appendingPathComponent(name))
                }
                if name == KotlinEmptyFormCheck.schemaName {
                    try KotlinEmptyFormCheck.write(package: package, to: sources.appendingPathComponent(name))
                }
            }
            // The contracts that list events, in one app: menu, form and share (whose types
            // are named like the menu's) in <base>.<component> packages, fixtures per event
            // data type and one round-trip class per contract.
            for contract in try ContractEvents.documents() {
                let options = KotlinSupport.options(package: Self.eventsPackage, runtime: false, runtimePackage: builtInPackage)
                let generator = Generator(templates: Support.templates)
                let prepared = try generator.prepare(contract.document, target: KotlinTarget(options: options), header: KotlinSupport.header(schema: contract.document.sourceName))
                try Support.write(try generator.render(prepared.input, target: prepared.target), to: sources.appendingPathComponent("events-" + contract.name))
                for root in prepared.input.model.messageRoots {
                    result.expected["\(Self.eventsPackage).\(contract.name) \(prepared.input.names.typeName(root.id))"] = prepared.input.rootFixtures[root.id]?.fixtures.count ?? 0
                }
                if contract.name == "menu" { try writeMenuRuleCheck(to: sources.appendingPathComponent("events-menu")) }
            }
            let kotlinFiles = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
                .compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix(".kt") } ?? []
            result.sourceFiles = kotlinFiles.count
            result.generateSeconds = Date().timeIntervalSince(clock)

            clock = Date()
            let classes = root.appendingPathComponent("classes")
            let builtInMain = sources.appendingPathComponent("builtin/src/main")
            // Set the toolchain up first, alone: on a fresh machine kotlin-env installs and
            // reports what it did, which is not compiler output, and two compilers must not
            // both set it up at once.
            let setup = try Support.run(KotlinSupport.kotlinEnv, [])
            guard setup.status == 0 else {
                result.setupError = "scripts/kotlin-env failed: \(setup.stdout)\(setup.stderr)"
                return
            }
            let compiles = try KotlinSupport.runInParallel([
                (KotlinSupport.kotlinc, ["--junit", "-Xexplicit-api=strict", "-d", classes.path, sources.path]),
                (KotlinSupport.kotlinc, ["--lv", "2.0", "-d", root.appendingPathComponent("lv20.jar").path, builtInMain.path]),
            ])
            let compile = compiles[0]
            let compatibility = compiles[1]
            result.compileSeconds = Date().timeIntervalSince(clock)
            let (compileText, compileNotices) = KotlinEndToEnd.splitJVMNotices(compile.stdout + compile.stderr)
            let (compatibilityText, compatibilityNotices) = KotlinEndToEnd.splitJVMNotices(compatibility.stdout + compatibility.stderr)
            result.jvmNotices = compileNotices + compatibilityNotices
            if compile.status != 0 || !compileText.isEmpty { result.compileOutput = compileText }
            if compatibility.status != 0 || !compatibilityText.isEmpty { result.compatibilityOutput = compatibilityText }
            guard compile.status == 0 else { return }

            clock = Date()
            let hostileSchema = Support.schemasDirectory.appendingPathComponent("tabgen/hostile.jtd.json")
            // Each module's src/test/resources (its fixtures, in its package's folder) is on
            // the classpath, as Gradle puts it there for unit tests.
            let resources = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
                .compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix("/src/test/resources") }.sorted() ?? []
            let classpath = ([classes.path] + resources).joined(separator: ":")
            let run = try Support.run(KotlinSupport.krun, ["--junit", "-cp", classpath, "-Dtabgen.hostileSchema=\(hostileSchema.path)"],
                                      in: sources.appendingPathComponent("shared"))
            result.runSeconds = Date().timeIntervalSince(clock)
            result.runStatus = run.status
            result.runOutput = run.stdout + run.stderr
            result.report = KotlinSupport.JUnitReport(run.stdout)
        }
    }

    /// A JUnit test in the hostile schema's package, written by hand here: the values of
    /// the hostile enum, read from the schema file at run time, are exactly those of the
    /// generated sealed interface, and each maps back to its own known case.
    static func writeHostileCheck(_ files: [GeneratedFile], document: SchemaDocument, options: KotlinOptions, to directory: URL) throws {
        let model = ModelBuilder().build(document)
        let names = KotlinTarget(options: options).nameTable(for: model)
        guard let definition = document.definitions.first(where: { if case .enumeration = $0.schema.form { true } else { false } }) else {
            throw CodeGenError("the hostile schema has no enum definition")
        }
        let enumName = names.typeName(DeclarationID(JSONPointer.root.appending(key: "definitions").appending(key: definition.name).description))
        let text = """
        package \(options.package)

        import java.io.File
        import kotlinx.serialization.json.JsonPrimitive
        import kotlinx.serialization.json.jsonArray
        import kotlinx.serialization.json.jsonObject
        import kotlinx.serialization.json.jsonPrimitive
        import org.junit.Assert.assertEquals
        import org.junit.Assert.assertTrue
        import org.junit.Test
        import \(options.effectiveRuntimePackage).BridgeJson

        public class HostileLiteralsTest {
            private val values: List<String> by lazy {
                val schema = BridgeJson.parseToJsonElement(File(System.getProperty("tabgen.hostileSchema")).readText()).jsonObject
                val definition = schema.getValue("definitions").jsonObject.getValue(\(KotlinLiterals.string(definition.name)))
                definition.jsonObject.getValue("enum").jsonArray.map { it.jsonPrimitive.content }
            }

            @Test
            public fun enumValuesAreExactlyTheSchemas() {
                assertEquals(values, \(enumName).entries.map { it.value })
            }

            @Test
            public fun everyValueDecodesToItsKnownCaseAndBack() {
                for (value in values) {
                    val decoded = BridgeJson.decodeFromString(\(enumName).Serializer, JsonPrimitive(value).toString())
                    assertTrue(value, decoded.isKnown)
                    assertEquals(value, decoded.value)
                    assertEquals(decoded, \(enumName).of(value))
                }
            }
        }

        """
        let path = directory.appendingPathComponent("src/test/kotlin/" + KotlinTarget.directory(for: options.package) + "/HostileLiteralsTest.kt")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: path)
    }

    /// A JUnit test naming both components' `MessageData` in one file.
    /// A JUnit test of the fixtures' readers (the shared file's, a test resource's): without
    /// the file, each fails saying where it looked and that tabgen emit writes it.
    static func writeSharedFixturesMissingCheck(to directory: URL) throws {
        let text = """
        package \(sharedPackage)

        import org.junit.Assert.assertEquals
        import org.junit.Assert.assertThrows
        import org.junit.Assert.assertTrue
        import org.junit.Test
        import tabgen.e2e.builtin.navigation.TabgenFixture
        import tabgen.e2e.builtin.navigation.TabgenFixtures
        import tabgen.e2e.builtin.navigation.TabgenViolation

        public class SharedFixturesMissingTest {
            @Test
            public fun aMissingFileSaysWhereAndWhatWritesIt() {
                val error = assertThrows(IllegalStateException::class.java) { MessageDataFixtures.read("nowhere") }
                val message = error.message ?: ""
                assertTrue(message, message.startsWith("cannot read the fixtures /"))
                assertTrue(message, message.contains("/nowhere/MessageData.fixtures.json: java.io.FileNotFoundException"))
                assertTrue(message, message.endsWith("(tabgen emit writes them)"))
            }

            /** Fixtures read from a test resource of this package that is not on the classpath. */
            private object MissingResource : TabgenFixtures<MessageData>(MessageData.serializer()) {
                override val all: List<TabgenFixture> by lazy { readResource("Missing.fixtures.json", emptyMap()) }

                override fun validate(value: MessageData): List<TabgenViolation> = value.validate()
            }

            @Test
            public fun aMissingResourceSaysWhereAndWhatWritesIt() {
                val error = assertThrows(IllegalStateException::class.java) { MissingResource.all }
                assertEquals(
                    "cannot read the fixtures tabgen/e2e/shared/navigation/Missing.fixtures.json: no such resource on the classpath " +
                        "(tabgen emit writes them to src/test/resources/tabgen/e2e/shared/navigation/Missing.fixtures.json)",
                    error.message,
                )
            }
        }

        """
        let path = directory.appendingPathComponent("src/test/kotlin/tabgen/e2e/shared/navigation/SharedFixturesMissingTest.kt")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: path)
    }

    static func writeTwoComponentsCheck(to directory: URL) throws {
        let text = """
        package tabgen.e2e.builtin

        import org.junit.Assert.assertEquals
        import org.junit.Test

        public class TwoComponentsTest {
            @Test
            public fun eachComponentHasItsOwnMessageData() {
                assertEquals("navigation", tabgen.e2e.builtin.navigation.MessageData.BRIDGE_COMPONENT)
                assertEquals("menu", tabgen.e2e.builtin.menu.MessageData.BRIDGE_COMPONENT)
                val json = \"\"\"{"active":null,"tabs":[]}\"\"\"
                val menu = tabgen.e2e.builtin.menu.BridgeJson.decodeFromString(tabgen.e2e.builtin.menu.MessageData.serializer(), json)
                assertEquals(emptyList<Any>(), menu.validate())
            }
        }

        """
        let path = directory.appendingPathComponent("src/test/kotlin/tabgen/e2e/builtin/TwoComponentsTest.kt")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: path)
    }

    /// A JUnit test of MN101, the rule of the menu's display event: `MenuData.validate()`
    /// reports what `tabgen validate --contract menu --event display` does.
    static func writeMenuRuleCheck(to directory: URL) throws {
        let expected = ContractEvents.duplicateIndexFinding.map { JSONWriter.quoted($0) }.joined(separator: ", ")
        let text = """
        package \(eventsPackage).menu

        import org.junit.Assert.assertEquals
        import org.junit.Test

        public class MenuRuleTest {
            @Test
            public fun menuDataChecksTheDisplayRule() {
                val json = \"\"\"\(ContractEvents.duplicateIndexMenu)\"\"\"
                val menu = \(builtInPackage).BridgeJson.decodeFromString(MenuData.serializer(), json)
                val found = menu.validate().map { listOf(it.code, it.pointer, it.message) }
                assertEquals(listOf(listOf(\(expected))), found)
            }
        }

        """
        let path = directory.appendingPathComponent("src/test/kotlin/" + KotlinTarget.directory(for: eventsPackage + ".menu") + "/MenuRuleTest.kt")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: path)
    }

    var totalExpected: Int { expected.values.reduce(0, +) + Self.extraTests }

    var summary: String {
        var text = String(format: "%d Kotlin files; generate %.1f s, kotlinc %.1f s, JUnit %.1f s; %d passed, %d failed",
                          sourceFiles, generateSeconds, compileSeconds, runSeconds, report.passed, report.failed)
        // Every test that fails on the shared compile repeats its cause, so the cause is
        // in whatever part of the log one reads.
        if let setupError { text += "\nsetup: " + Self.head(setupError) }
        if let compileOutput { text += "\nkotlinc printed: " + Self.head(compileOutput) }
        if !jvmNotices.isEmpty { text += "\nJVM notices (not counted): " + Self.head(jvmNotices.joined(separator: "\n")) }
        return text
    }

    private static func head(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.prefix(6).joined(separator: "\n") + (lines.count > 6 ? "\n(\(lines.count - 6) more lines)" : "")
    }

    /// Lines the JVM itself prints about its own configuration, apart from the rest.
    static func splitJVMNotices(_ output: String) -> (text: String, notices: [String]) {
        var kept: [Substring] = []
        var notices: [String] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("OpenJDK 64-Bit Server VM warning:") { notices.append(String(line)) } else { kept.append(line) }
        }
        let text = kept.joined(separator: "\n")
        return (text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "" : text, notices)
    }
}

@Suite("Kotlin end to end: generated Kotlin compiles with -Werror and round-trips in JUnit")
struct KotlinEndToEndTests {
    @Test("all generated Kotlin compiles in one kotlinc invocation, with no warning and no output")
    func kotlinCompiles() {
        let e2e = KotlinEndToEnd.shared
        e2e.expectClean(e2e.compileOutput)
        #expect(e2e.sourceFiles > 100, "\(e2e.summary)")
    }

    @Test("the built-in schema's code also compiles at -language-version 2.0")
    func kotlinCompilesAtLanguageVersion20() {
        let e2e = KotlinEndToEnd.shared
        e2e.expectClean(e2e.compatibilityOutput)
    }

    @Test("krun --junit runs every generated round trip: all pass, none skipped, none missing")
    func kotlinJUnitRun() {
        let e2e = KotlinEndToEnd.shared
        #expect(e2e.runStatus == 0, "\(e2e.summary)\n\(e2e.runOutput.suffix(4000))")
        #expect(e2e.report.failed == 0, "\(e2e.report.failures.joined(separator: "\n"))")
        #expect(e2e.report.skipped == 0)
        #expect(e2e.report.passed == e2e.totalExpected, "\(e2e.summary); expected \(e2e.totalExpected)")
        // One round-trip class per output (per package, whatever its roots), plus the hostile
        // literal and decoding policy checks.
        let packages = Set(e2e.expected.keys.map { $0.split(separator: " ")[0] })
        #expect(e2e.report.testClasses == packages.count + KotlinEndToEnd.extraTestClasses)
    }

    @Test("every fixture of the built-in schema round-trips and validates with its codes")
    func kotlinBuiltInRoundTrips() {
        let e2e = KotlinEndToEnd.shared
        #expect((e2e.expected[KotlinEndToEnd.builtInPackage] ?? 0) > 30)
        #expect(e2e.report.passLines.contains { $0.hasPrefix("NavigationRoundTripTest.roundTrip[MessageData: unknown enum values]") }, "\(e2e.summary)")
        #expect(e2e.report.passLines.contains { $0.hasPrefix("NavigationRoundTripTest.roundTrip[MessageData: rule TG101]") })
        #expect(e2e.report.passed > 0)
        let failures = e2e.report.failures(inPackage: KotlinEndToEnd.builtInPackage)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("with shared fixtures, the tests read the project's file relative to the module directory: every fixture round-trips")
    func kotlinSharedFixturesRoundTrip() {
        let e2e = KotlinEndToEnd.shared
        #expect(e2e.expected[KotlinEndToEnd.sharedPackage] == e2e.expected[KotlinEndToEnd.builtInPackage])
        #expect(e2e.report.passLines.contains { $0.hasPrefix("SharedFixturesMissingTest.aMissingFileSaysWhereAndWhatWritesIt") }, "\(e2e.summary)")
        let failures = e2e.report.failures(inPackage: KotlinEndToEnd.sharedPackage)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// The schema `name`'s fixtures were generated, compiled and all round-trip.
    func expectRoundTrips(_ name: String) {
        let e2e = KotlinEndToEnd.shared
        let package = KotlinSupport.package(for: name)
        #expect((e2e.expected[package] ?? 0) > 0, "no fixtures generated for \(name)")
        #expect(e2e.compileOutput == nil && e2e.setupError == nil && e2e.report.passed > 0, "\(e2e.summary)")
        let failures = e2e.report.failures(inPackage: package)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("every conformance schema compiles and round-trips", arguments: Support.conformanceNames)
    func kotlinConformanceRoundTrips(_ name: String) {
        expectRoundTrips(name)
    }

    @Test("Kotlin-specific shapes compile and round-trip: alias and union roots with rules, shadowing variants, no variants",
          arguments: KotlinEndToEndArguments.extra)
    func kotlinExtraShapesRoundTrip(_ name: String) {
        expectRoundTrips(name)
    }

    @Test("decoding policy: tolerant decodes the five payloads and validate() reports what tabgen validate reports; strict throws",
          arguments: [KotlinEndToEnd.builtInPackage, KotlinEndToEnd.strictPackage])
    func kotlinDecodingPolicy(_ package: String) {
        let e2e = KotlinEndToEnd.shared
        let strict = package == KotlinEndToEnd.strictPackage
        // Pass lines name the class, not its package: failures do, and the run's total
        // (kotlinJUnitRun) counts both packages' tests.
        #expect(e2e.compileOutput == nil && e2e.setupError == nil, "\(e2e.summary)")
        #expect(e2e.report.failures(inPackage: package).isEmpty, "\(e2e.report.failures(inPackage: package).joined(separator: "\n"))")
        for (name, _) in KotlinDecodingPolicyCheck.payloads {
            #expect(e2e.report.passLines.contains { $0.hasPrefix("DecodingPolicyTest.\(name) ") }, "\(name) (\(strict ? "strict" : "tolerant")) did not pass")
        }
    }

    @Test("hostile enum values are exact Kotlin literals (checked against the schema file at run time)")
    func kotlinHostileLiteralsRoundTrip() {
        let e2e = KotlinEndToEnd.shared
        for test in ["HostileLiteralsTest.enumValuesAreExactlyTheSchemas", "HostileLiteralsTest.everyValueDecodesToItsKnownCaseAndBack"] {
            #expect(e2e.report.passLines.contains { $0.hasPrefix(test + " ") }, "\(test) did not pass: \(e2e.summary)")
        }
    }
}

@Suite("Kotlin end to end: contracts that list events, in one app")
struct KotlinContractEventsEndToEndTests {
    @Test("every event data type of menu, form and share has fixtures, and each round-trips in JUnit in its contract's package",
          arguments: ["menu MenuData", "menu Selection", "form FormData", "share MenuData", "share Item"])
    func roundTrips(_ root: String) {
        let e2e = KotlinEndToEnd.shared
        let parts = root.split(separator: " ").map(String.init)
        let package = "\(KotlinEndToEnd.eventsPackage).\(parts[0])"
        #expect((e2e.expected["\(package) \(parts[1])"] ?? 0) > 3, "no fixtures generated for \(root)")
        #expect(e2e.compileOutput == nil && e2e.setupError == nil, "\(e2e.summary)")
        // The contract's one test runs every root's fixtures, each case named after its root.
        let testClass = parts[0].prefix(1).uppercased() + parts[0].dropFirst() + "RoundTripTest"
        #expect(e2e.report.passLines.contains { $0.hasPrefix("\(testClass).roundTrip[\(parts[1]): minimal]") }, "\(root) did not run: \(e2e.summary)")
        let failures = e2e.report.failures(inPackage: package)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("Menu's MenuData.validate() reports the display event's MN101 as tabgen validate --contract menu --event display does")
    func menuRule() {
        let e2e = KotlinEndToEnd.shared
        #expect(e2e.report.passLines.contains { $0.hasPrefix("MenuRuleTest.menuDataChecksTheDisplayRule") }, "\(e2e.summary)")
    }
}

/// The names of the extra schemas, for test arguments (without running the end to end).
enum KotlinEndToEndArguments {
    static let extra: [String] = KotlinEndToEnd.extraSchemas.map(\.name)
}
