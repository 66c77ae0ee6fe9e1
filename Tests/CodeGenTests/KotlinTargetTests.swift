import Foundation
import Schema
import Testing
@testable import CodeGen
import TestSupport

@Suite("Kotlin naming: casing, keywords, collisions, empty and non-ASCII names")
struct KotlinNamingTests {
    @Test("PascalCase types, camelCase properties, acronyms as words, digits prefixed")
    func kotlinIdentifiers() {
        #expect(KotlinNaming.typeIdentifier(["MessageData"]) == "MessageData")
        #expect(KotlinNaming.typeIdentifier(["Root", "nested_id_initialism"]) == "RootNestedIdInitialism")
        #expect(KotlinNaming.typeIdentifier(["HTTPServer"]) == "HttpServer")
        #expect(KotlinNaming.typeIdentifier(["0foo"]) == "_0foo")
        #expect(KotlinNaming.typeIdentifier([""]) == "Empty")
        #expect(KotlinNaming.propertyIdentifier("word_with_trailing_initialism_id") == "wordWithTrailingInitialismId")
        #expect(KotlinNaming.propertyIdentifier("id") == "id")
        #expect(KotlinNaming.propertyIdentifier("utf8") == "utf8")
        #expect(KotlinNaming.propertyIdentifier("") == "empty")
        #expect(KotlinNaming.propertyIdentifier("$foo") == "foo")
        #expect(KotlinNaming.propertyIdentifier("名前") == "u540d_u524d")
        #expect(KotlinNaming.caseIdentifier("BAR_BAZ") == "BarBaz")
        #expect(KotlinNaming.caseIdentifier("soft") == "Soft")
    }

    @Test("hard keywords get backticks; soft keywords and other words do not",
          arguments: [("for", "`for`"), ("object", "`object`"), ("class", "`class`"), ("in", "`in`"), ("when", "`when`"),
                      ("default", "default"), ("value", "value"), ("data", "data"), ("field", "field"), ("it", "it")])
    func kotlinKeywords(_ name: String, _ expected: String) {
        #expect(KotlinNaming.escaped(name) == expected)
    }

    @Test("collisions get 2, 3, ...; reserved names (Kotlin, kotlinx, JUnit, runtime) count as taken")
    func kotlinCollisions() throws {
        let document = try Support.document(json: """
        {"definitions": {"foo": {"enum": ["foo", "Foo", "FOO", "unknown", "serializer", "fooBar", "foobar"]}, "FOO": {"type": "string"},
                         "string": {"type": "string"}, "Json": {"type": "string"}, "Test": {"type": "string"}},
         "properties": {"foo": {"ref": "foo"}, "Foo": {"ref": "FOO"}, "validate": {"ref": "string"}, "for": {"type": "string"},
                        "copy": {"ref": "Json"}, "x": {"ref": "Test"}}}
        """)
        let model = ModelBuilder().build(document)
        let target = KotlinTarget()
        let names = target.nameTable(for: model)
        let enumID = DeclarationID("/definitions/foo")
        #expect(names.typeName(enumID) == "Foo")
        #expect(names.typeName(DeclarationID("/definitions/FOO")) == "Foo2")
        #expect(names.typeName(DeclarationID("/definitions/string")) == "String2")
        #expect(names.typeName(DeclarationID("/definitions/Json")) == "Json2")
        #expect(names.typeName(DeclarationID("/definitions/Test")) == "Test2")
        #expect(names.fields[model.rootID] == ["foo", "foo2", "validate2", "for", "copy2", "x"])
        // Nested classes of an enum: never the enum's own name, never Unknown, and
        // case-insensitively distinct (they are class files).
        let contexts = KotlinContexts(target: target, input: TargetInput(model: model, names: names, fixtures: FixtureSet(schemaName: "t", fixtures: []), header: KotlinSupport.header(schema: "t")))
        #expect(contexts.caseNames[enumID] == ["Foo2", "Foo3", "Foo4", "Unknown2", "Serializer2", "FooBar", "Foobar2"])
    }

    @Test("package names: dot-separated identifiers, no hard keyword", arguments: [
        ("com.example.app.tabs", true), ("tabgen", true), ("a_b.c2", true), ("com.example.in", false), ("1abc", false),
        ("com..example", false), ("", false), ("com.ex-ample", false), ("com.é", false),
    ])
    func kotlinPackageNames(_ name: String, _ valid: Bool) {
        #expect(KotlinNaming.isPackageName(name) == valid)
    }

    /// A schema type named like one the runtime declares would clash with it in the
    /// package the runtime shares with the generated code.
    @Test("every top-level type the runtime declares is a reserved type name")
    func runtimeTypesAreReserved() throws {
        let text = try Support.templates.runtime("kotlin/TabgenRuntime.kt", comment: "//").text
        let kinds: Set<Substring> = ["class", "object", "interface", "typealias"]
        let modifiers: Set<Substring> = ["public", "internal", "private", "abstract", "open", "data", "sealed", "enum", "value", "fun"]
        let declared = text.split(separator: "\n").compactMap { line -> String? in
            guard !line.hasPrefix(" ") else { return nil }
            let words = line.split(separator: " ").drop { modifiers.contains($0) }
            guard words.count > 1, kinds.contains(words[words.startIndex]) else { return nil }
            return String(words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber })
        }
        #expect(declared.count >= 20)
        for name in declared { #expect(KotlinNaming.reservedTypeNames.contains(name), "\(name)") }
    }
}

@Suite("Kotlin literals and KDoc stay inert whatever the schema says")
struct KotlinLiteralTests {
    static let hostile = LiteralTests.hostile + ["${x}", "$y", "\"$\"", "\\$", "\u{1F600}", "a\u{0}b", "x\u{7F}"]

    @Test("string literals: printable ASCII only, no unescaped quote or $, and they read back exactly", arguments: hostile)
    func kotlinStringLiteral(_ text: String) throws {
        let literal = KotlinLiterals.string(text)
        #expect(literal.unicodeScalars.allSatisfy { (" "..."~").contains($0) })
        // No unescaped `$` (no template) and no unescaped quote: `unescape` refuses both.
        let value = try #require(KotlinSupport.unescape(literal), "\(literal)")
        #expect(value == text)
    }

    @Test("KDoc: one comment that ends only at its last line; no line breaks, controls or bidi overrides inside", arguments: hostile)
    func kotlinKDoc(_ text: String) {
        let lines = KotlinLiterals.kdoc("Doc: \(text) end")
        #expect(!lines.isEmpty)
        let joined = lines.joined(separator: "\n")
        #expect(joined.hasPrefix("/**") && joined.hasSuffix("*/"))
        let inner = joined.dropFirst(3).dropLast(2)
        #expect(!inner.contains("*/"), "\(joined)")
        #expect(!inner.contains("/*"), "\(joined)")
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || [0x7F, 0x85, 0x2028, 0x2029, 0x202E].contains($0.value) }, "\(line)")
        }
    }

    @Test("KDoc wraps long descriptions and keeps short ones on one line")
    func kotlinKDocWrapping() {
        #expect(KotlinLiterals.kdoc("The tab's label.") == ["/** The tab's label. */"])
        let long = String(repeating: "word ", count: 40)
        let lines = KotlinLiterals.kdoc(long)
        #expect(lines.first == "/**" && lines.last == " */")
        #expect(lines.allSatisfy { $0.count <= KotlinLiterals.kdocWidth + 3 })
        #expect(KotlinLiterals.kdoc("a */ b /* c") == ["/** a *&#47; b &#47;* c */"])
    }

    @Test("the hostile schema's Kotlin: hostile text only in KDoc and escaped literals")
    func kotlinHostileSchema() throws {
        let url = Support.schemasDirectory.appendingPathComponent("tabgen/hostile.jtd.json")
        let files = try KotlinSupport.generate(try Support.document(at: url, name: "hostile.jtd.json"))
        let kotlin = files.filter { $0.path.hasSuffix(".kt") }
        #expect(kotlin.count >= 5)
        for file in kotlin {
            var inKDoc = false
            for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                #expect(!line.unicodeScalars.contains { [0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029, 0x202E, 0x07, 0x00].contains($0.value) }, "\(file.path): \(line)")
                let trimmed = line.drop { $0 == " " }
                let isComment = inKDoc || trimmed.hasPrefix("/**") || trimmed.hasPrefix("//")
                if trimmed.hasPrefix("/**") { inKDoc = !trimmed.hasSuffix("*/") } else if inKDoc, trimmed.hasSuffix("*/") { inKDoc = false }
                if line.contains("Ends a comment") { #expect(isComment, "\(file.path): \(line)") }
                if isComment {
                    // Inside KDoc, nothing can end or nest the comment early.
                    let body = trimmed.hasPrefix("/**") ? trimmed.dropFirst(3) : trimmed[...]
                    let inner = body.hasSuffix("*/") ? body.dropLast(2) : body
                    #expect(!inner.contains("*/") && !inner.contains("/*"), "\(file.path): \(line)")
                    continue
                }
                let code = Support.codeOutsideLiteralsAndComments(line)
                for marker in ["${x}", "$y", "*/", "/*", "\"\"\"", "\\(x)", "é", "😀", "名前"] {
                    #expect(!code.contains(marker), "\(file.path): \(line)")
                }
            }
            #expect(!inKDoc, "\(file.path): a KDoc comment does not end")
        }
    }

    @Test("rule tables are Kotlin values of the rule data")
    func kotlinRuleTable() throws {
        let rules = try Support.builtIn().extensions.rules
        let expressions = KotlinRuleTable.expressions(rules)
        #expect(expressions.count == rules.count)
        // A table: one row per rule.
        #expect(!expressions.contains { $0.contains("\n") })
        let first = expressions[0]
        #expect(first.contains("kind = TabgenRule.Count("))
        #expect(first.contains("path = listOf(TabgenToken.Name(\"tabs\")),"))
        #expect(first.contains("forbidden = listOf(1),"))
        #expect(first.contains("distinct = listOf(TabgenToken.Name(\"id\")),"))
        let last = expressions[5]
        #expect(last.contains("severity = TabgenSeverity.WARNING,"))
        #expect(last.contains("value = JsonNull)"))
        #expect(KotlinRuleTable.json(.object(JSONObject([.init(key: "$a", value: .array([.number(1), .number(1.5), .bool(true)]))])))
                == "JsonObject(mapOf(\"\\$a\" to JsonArray(listOf(JsonPrimitive(1L), JsonPrimitive(1.5), JsonPrimitive(true)))))")
    }
}

@Suite("Kotlin output: the shape of the built-in schema's code, layout and options")
struct KotlinGenerationTests {
    @Test("TabData replaces the hand-written one: same fields, order, types and defaults")
    func kotlinTabDataShape() throws {
        let files = try KotlinSupport.generate(try Support.builtIn(), options: KotlinSupport.options(package: "com.example.app.tabs"))
        let tabData = KotlinSupport.file(files, endingWith: "/TabData.kt")
        let properties = tabData.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("val ") }
        #expect(properties == ["val id: String,", "val title: String,", "val icon: String,", "val path: String,",
                               "val deprecated: Deprecation? = null,", "val replaces: String? = null,"])
        // A package per bridge contract: a second component's MessageData cannot collide.
        #expect(tabData.contains("package com.example.app.tabs.navigation\n"))
        // Tolerant decoding (the default): the class's serializer wraps the generated one.
        #expect(tabData.contains("@KeepGeneratedSerializer\n@Serializable(with = TabData.Serializer::class)\npublic data class TabData(\n"))
        #expect(tabData.contains("public object Serializer : TabgenTolerantSerializer<TabData>("))
        #expect(tabData.contains("""
                    TabgenDeviation(
                        "deprecated",
                        TabgenDeviation.Kind.NULL_AS_ABSENT,
                        "TG011",
                        "null is not one of \\"soft\\", \\"hard\\"",
                    ),
        """))
        let message = KotlinSupport.file(files, endingWith: "/MessageData.kt")
        #expect(message.contains("    val active: String?,\n"))  // required and nullable: no default, written as null
        #expect(message.contains("    val tabs: List<TabData>,\n"))
        #expect(message.contains("const val BRIDGE_COMPONENT: String = \"navigation\""))
        #expect(message.contains("fun validate(): List<TabgenViolation>"))
        let deprecation = KotlinSupport.file(files, endingWith: "/Deprecation.kt")
        #expect(deprecation.contains("sealed interface Deprecation {"))
        #expect(deprecation.contains("data object Soft : Deprecation {"))
        // Unknown("soft") cannot be written: the constructor is private, of() normalises.
        #expect(deprecation.contains("public class Unknown private constructor(override val value: String) : Deprecation {"))
        #expect(deprecation.contains("public fun of(value: String): Deprecation = Unknown.of(value)"))
        #expect(deprecation.contains("                \"soft\" -> Soft\n"))
        #expect(!deprecation.contains("data class Unknown"))
        let runtime = KotlinSupport.file(files, endingWith: "/TabgenRuntime.kt")
        #expect(runtime.contains("val BridgeJson: Json = Json { ignoreUnknownKeys = true }"))
        // Kotlin conventions: 4-space indentation, no tabs, no trailing whitespace.
        for file in files where file.path.hasSuffix(".kt") {
            for line in file.contents.split(separator: "\n") {
                #expect(!line.contains("\t") && !line.hasSuffix(" "), "\(file.path): \(line)")
                #expect(line.prefix { $0 == " " }.count % 4 == 0 || line.drop { $0 == " " }.hasPrefix("*"), "\(file.path): \(line)")
            }
        }
    }

    @Test("layout: Gradle source sets under the package directory, fixtures next to them")
    func kotlinLayout() throws {
        let document = try Support.builtIn()
        let paths = try KotlinSupport.generate(document, options: KotlinSupport.options(package: "com.example.app.tabs")).map(\.path)
        #expect(paths == [
            "src/main/kotlin/com/example/app/tabs/navigation/Deprecation.kt",
            "src/main/kotlin/com/example/app/tabs/navigation/MessageData.kt",
            "src/main/kotlin/com/example/app/tabs/navigation/TabData.kt",
            "src/main/kotlin/com/example/app/tabs/navigation/TabgenRuntime.kt",
            "src/test/kotlin/com/example/app/tabs/navigation/MessageDataFixtures.kt",
            "src/test/kotlin/com/example/app/tabs/navigation/NavigationRoundTripTest.kt",
            "src/test/resources/com/example/app/tabs/navigation/MessageData.fixtures.json",
        ])
        let shared = try KotlinSupport.generate(document, options: KotlinSupport.options(package: "com.example.b", runtime: false, runtimePackage: "com.example.a", tests: false))
        #expect(shared.map(\.path) == ["src/main/kotlin/com/example/b/navigation/Deprecation.kt", "src/main/kotlin/com/example/b/navigation/MessageData.kt",
                                       "src/main/kotlin/com/example/b/navigation/TabData.kt"])
        #expect(KotlinSupport.file(shared, endingWith: "/TabData.kt").contains("\nimport com.example.a.*\n"))
    }

    @Test("the fixtures file is the shared one; generation is deterministic")
    func kotlinFixturesAndDeterminism() throws {
        let document = try Support.builtIn()
        let first = try KotlinSupport.generate(document)
        #expect(try KotlinSupport.generate(document) == first)
        // The same fixtures as Swift's, but for the header line naming the command.
        func body(_ text: String) -> [Substring] { text.split(separator: "\n").filter { !$0.hasPrefix("  \"//\"") } }
        let swiftFixtures = Support.file(try Support.generate(document), "fixtures/MessageData.fixtures.json")
        #expect(body(Support.file(first, "src/test/resources/tabgen/generated/navigation/MessageData.fixtures.json")) == body(swiftFixtures))
        let fixtures = KotlinSupport.file(first, endingWith: "MessageDataFixtures.kt")
        #expect(fixtures.contains("object MessageDataFixtures : TabgenFixtures<MessageData>(MessageData.serializer()) {"))
        #expect(fixtures.contains("override fun validate(value: MessageData): List<TabgenViolation> = value.validate()"))
        #expect(!fixtures.contains("BridgeJson"))
        // The fixtures exist once, as the JSON file: the object reads it, it holds no copy.
        #expect(fixtures.contains("override val all: List<TabgenFixture> by lazy { readResource(\"MessageData.fixtures.json\", relabeled) }"))
        #expect(!fixtures.contains("TabgenFixture(name ="))
        let tests = KotlinSupport.file(first, endingWith: "NavigationRoundTripTest.kt")
        #expect(tests.contains("@RunWith(Parameterized::class)\npublic class NavigationRoundTripTest(private val case: TabgenFixtureCase) {"))
        #expect(tests.contains("        case.assertRoundTrip()\n"))
        #expect(tests.contains("List<TabgenFixtureCase> =\n            MessageDataFixtures.cases(\"MessageData\")\n"))
        #expect(tests.contains("import org.junit.Test\n"))
    }

    @Test("the round trip the tests run is the runtime's TabgenFixtures, there only with tests")
    func kotlinFixtureSupportInTheRuntime() throws {
        let document = try Support.builtIn()
        func runtime(tests: Bool) throws -> String {
            KotlinSupport.file(try KotlinSupport.generate(document, options: KotlinSupport.options(tests: tests)), endingWith: "/TabgenRuntime.kt")
        }
        let withTests = try runtime(tests: true)
        #expect(withTests.contains("public abstract class TabgenFixtures<T>("))
        #expect(withTests.contains("if (!TabgenJsonValues.equal(BridgeJson.parseToJsonElement(encoded), expected)) {"))
        #expect(withTests.contains("\nimport java.io.File\n"))
        let without = try runtime(tests: false)
        #expect(!without.contains("TabgenFixture"))
        #expect(!without.contains("import java.io.File"))
    }

    @Test("options: package, runtimePackage, runtime, tests; bad values are errors")
    func kotlinOptions() throws {
        let options = try KotlinOptions(["package": "com.example.tabs", "runtime": "false", "tests": "no", "runtimePackage": "com.example.shared"])
        #expect(options.package == "com.example.tabs" && !options.runtime && !options.tests && options.effectiveRuntimePackage == "com.example.shared")
        #expect(try KotlinOptions([:]).package == "tabgen.generated")
        #expect(throws: CodeGenError.self) { try KotlinOptions(["package": "com.example.in"]) }
        #expect(throws: CodeGenError.self) { try KotlinOptions(["package": "Com Example"]) }
        #expect(throws: CodeGenError.self) { try KotlinOptions(["tests": "maybe"]) }
        #expect(throws: CodeGenError.self) { try KotlinOptions(["accessLevel": "public"]) }
        #expect(TargetRegistry.languages.contains("kotlin"))
        let target = try TargetRegistry.target(language: "kotlin", options: ["package": "a.b"])
        #expect(target.language == "kotlin" && target.templateFolder == "kotlin")
    }

    @Test("optional members: T? = null refusing null; optional and nullable: TabgenOptional")
    func kotlinOptionalMembers() throws {
        let document = try Support.document(json: """
        {"properties": {"a": {"type": "int8"}}, "optionalProperties": {"b": {"type": "string"}, "c": {"type": "uint32", "nullable": true}, "d": {}}}
        """)
        let root = KotlinSupport.file(try KotlinSupport.generate(document, options: KotlinSupport.options(decoding: .strict)), endingWith: "/Root.kt")
        #expect(root.contains("@file:UseSerializers(TabgenInt8Serializer::class, TabgenUInt32Serializer::class)"))
        #expect(root.contains("    val a: Byte,\n"))
        #expect(root.contains("    @Serializable(with = BSerializer::class)\n    val b: String? = null,\n"))
        #expect(root.contains("    val c: TabgenOptional<UInt?> = TabgenOptional.Absent,\n"))
        #expect(root.contains("    val d: TabgenOptional<JsonElement> = TabgenOptional.Absent,\n"))
        #expect(root.contains("private object BSerializer : TabgenOptionalValueSerializer<String>(String.serializer())"))
        // Tolerant: `b` reads null as absent through the class's serializer, which records it.
        let tolerant = KotlinSupport.file(try KotlinSupport.generate(document), endingWith: "/Root.kt")
        #expect(tolerant.contains("    val b: String? = null,\n"))
        #expect(!tolerant.contains("BSerializer"))
        #expect(tolerant.contains("                \"b\",\n                TabgenDeviation.Kind.NULL_AS_ABSENT,\n                \"TG010\",\n                \"expected a string, found null\",\n"))
        #expect(tolerant.contains("    val c: TabgenOptional<UInt?> = TabgenOptional.Absent,\n"))
    }

    @Test("options: decoding, visibility, runtime all, contractPackage; bad values are errors")
    func kotlinPolicyOptions() throws {
        let options = try KotlinOptions(["decoding": "strict", "visibility": "internal", "runtime": "all", "contractPackage": "false"])
        #expect(options.decoding == .strict && options.visibility == .internal && options.runtime && options.runtimeAll && !options.contractPackage)
        let defaults = try KotlinOptions([:])
        #expect(defaults.decoding == .tolerant && defaults.visibility == .public && !defaults.runtimeAll && defaults.contractPackage)
        #expect(throws: CodeGenError.self) { try KotlinOptions(["decoding": "lenient"]) }
        #expect(throws: CodeGenError.self) { try KotlinOptions(["visibility": "private"]) }
        var flat = KotlinSupport.options(package: "com.example.app")
        flat.contractPackage = false
        #expect(try KotlinSupport.generate(try Support.builtIn(), options: flat).contains { $0.path == "src/main/kotlin/com/example/app/TabData.kt" })
        let internalFiles = try KotlinSupport.generate(try Support.builtIn(), options: KotlinSupport.options(visibility: .internal))
        #expect(KotlinSupport.file(internalFiles, endingWith: "/TabData.kt").contains("\ninternal data class TabData(\n"))
        #expect(KotlinSupport.file(internalFiles, endingWith: "/TabgenRuntime.kt").contains("\ninternal val BridgeJson: Json"))
        #expect(!KotlinSupport.file(internalFiles, endingWith: "/TabgenRuntime.kt").contains("public "))
    }

    @Test("the runtime holds only what the schema's code uses; runtime: all holds every helper")
    func kotlinRuntimeParts() throws {
        let builtIn = KotlinSupport.file(try KotlinSupport.generate(try Support.builtIn()), endingWith: "/TabgenRuntime.kt")
        for used in ["val BridgeJson", "class TabgenTolerantSerializer", "class TabgenRule(", "object TabgenRuleEngine", "object TabgenJsonValues"] {
            #expect(builtIn.contains(used), "\(used)")
        }
        for unused in ["TabgenTimestamp", "TabgenInt8Serializer", "TabgenUnion", "TabgenOptional", "TabgenStrict", "tabgenEachValue"] {
            #expect(!builtIn.contains(unused), "\(unused)")
        }
        let all = KotlinSupport.file(try KotlinSupport.generate(try Support.builtIn(), options: KotlinSupport.options(runtimeAll: true)), endingWith: "/TabgenRuntime.kt")
        for helper in ["object TabgenUInt32Serializer", "class TabgenTimestamp", "object TabgenUnion", "sealed interface TabgenOptional",
                       "open class TabgenOptionalValueSerializer", "fun <T> tabgenEachValue"] {
            #expect(all.contains(helper), "\(helper)")
        }
        #expect(Self.publicDeclarations(builtIn) < Self.publicDeclarations(all))
    }

    @Test("the target's feature names are the runtime file's, and the file's needs pull in what a part uses")
    func kotlinRuntimeFeatures() throws {
        let source = try Support.templates.runtime(KotlinRuntime.path, comment: "//")
        #expect(Set(KotlinRuntime.features) == source.features)
        // A strict integer serializer needs TabgenStrict, which needs TabgenJsonValues.
        let ints = try source.selecting(["TabgenInt32Serializer"])
        #expect(ints.contains("object TabgenInt32Serializer") && ints.contains("object TabgenStrict") && ints.contains("object TabgenJsonValues"))
        #expect(!ints.contains("TabgenRuleEngine"))
    }

    @Test("the runtime file in a package and a visibility, importing only what the selected parts use")
    func kotlinRuntimeAdjusted() {
        let text = """
            package tabgen.runtime

            import java.text.Normalizer
            import kotlinx.serialization.builtins.nullable
            import kotlinx.serialization.builtins.serializer
            import kotlinx.serialization.json.JsonElement
            import kotlinx.serialization.json.JsonNull

            /** A [JsonNull] in a comment needs no import. */
            public class A(public val name: String) {
                public val descriptor = Int.serializer().descriptor
                private fun nullable(value: JsonElement): Boolean = java.text.Normalizer.normalize("", java.text.Normalizer.Form.NFC).isEmpty()
                public fun serial() = "tabgen.runtime.A"
            }
            """
        let demoted = KotlinRuntime.adjusted(text, package: "com.example.rt", visibility: .internal)
        #expect(demoted == """
            package com.example.rt

            import kotlinx.serialization.builtins.serializer
            import kotlinx.serialization.json.JsonElement

            /** A [JsonNull] in a comment needs no import. */
            internal class A(val name: String) {
                val descriptor = Int.serializer().descriptor
                private fun nullable(value: JsonElement): Boolean = java.text.Normalizer.normalize("", java.text.Normalizer.Form.NFC).isEmpty()
                fun serial() = "com.example.rt.A"
            }
            """)
        let publicText = KotlinRuntime.adjusted(text, package: "p", visibility: .public)
        #expect(publicText.contains("public class A(public val name: String)") && publicText.contains("\"p.A\""))
    }

    /// Top-level and nested `public` declarations (not members such as functions).
    static func publicDeclarations(_ text: String) -> Int {
        text.split(separator: "\n").filter { line in
            let trimmed = line.drop { $0 == " " }
            return trimmed.hasPrefix("public ") && (trimmed.contains(" class ") || trimmed.contains(" object ") || trimmed.contains(" interface ")
                || (line.first != " " && (trimmed.hasPrefix("public val ") || trimmed.hasPrefix("public fun "))))
        }.count
    }
}

/// `tabgen emit --lang kotlin` and `tabgen check` as a user runs them.
@Suite("Kotlin: tabgen emit and check")
final class KotlinCLITests: TemporaryDirectorySuite, TabgenCLISuite {
    @Test("emit --lang kotlin on the built-in schema; check passes, then finds an edit")
    func kotlinEmitThenCheck() throws {
        let emit = try tabgen(["emit", "--lang", "kotlin", "--out", "app", "--kotlin-package", "com.example.app.tabs"], in: directory)
        #expect(emit.status == 0, "\(emit.stderr)")
        #expect(emit.stderr.contains("kotlin: app: 8 written"))
        let main = "app/src/main/kotlin/com/example/app/tabs/navigation"
        for path in ["\(main)/MessageData.kt", "\(main)/TabData.kt", "\(main)/Deprecation.kt", "\(main)/TabgenRuntime.kt", "app/.tabgen-manifest",
                     "app/src/test/resources/com/example/app/tabs/navigation/MessageData.fixtures.json", "app/src/test/kotlin/com/example/app/tabs/navigation/NavigationRoundTripTest.kt"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path), "\(path)")
        }
        let tabData = try String(contentsOf: directory.appendingPathComponent("\(main)/TabData.kt"), encoding: .utf8)
        #expect(tabData.hasPrefix("// Generated by tabgen 0.1.0 from schema.json (built in). Do not edit.\n"))
        #expect(tabData.contains("// Regenerate with: tabgen emit --lang kotlin --option kotlin.package=com.example.app.tabs --out (this directory)\n"))
        let arguments = ["--lang", "kotlin", "--out", "app", "--kotlin-package", "com.example.app.tabs"]
        let check = try tabgen(["check"] + arguments, in: directory)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

        try Data(tabData.replacingOccurrences(of: "val icon: String,", with: "val icon: Strinh,").utf8)
            .write(to: directory.appendingPathComponent("\(main)/TabData.kt"))
        let edited = try tabgen(["check"] + arguments, in: directory)
        #expect(edited.status == 1)
        #expect(edited.stdout.contains("\n-    val icon: Strinh,\n+    val icon: String,\n"))
        // Another package is another directory: the old files go, except the one edited
        // since tabgen wrote it, which is kept with a warning.
        let moved = try tabgen(["emit", "--lang", "kotlin", "--out", "app", "--kotlin-package", "com.example.other"], in: directory)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stderr.contains("removed"))
        #expect(moved.stderr.contains("kept \(main.dropFirst(4))/TabData.kt (edited since tabgen wrote it)"), "\(moved.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(main)/TabData.kt").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(main)/MessageData.kt").path))
        #expect(try tabgen(["emit", "--lang", "kotlin", "--kotlin-package", "com.example.in"], in: directory).status == 2)
    }

    @Test("tabgen.yml: a kotlin output with its package option")
    func kotlinProjectConfig() throws {
        try Data("""
        version: 1
        outputs:
          - lang: kotlin
            out: android/app
            options:
              package: com.example.tabs
        """.utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        let emit = try tabgen(["emit"], in: directory)
        #expect(emit.status == 0, "\(emit.stderr)")
        let text = try String(contentsOf: directory.appendingPathComponent("android/app/src/main/kotlin/com/example/tabs/navigation/TabData.kt"), encoding: .utf8)
        #expect(text.contains("// Regenerate with: tabgen emit\n"))
        #expect(text.contains("package com.example.tabs.navigation\n"))
        #expect(try tabgen(["check"], in: directory).status == 0)
    }
}
