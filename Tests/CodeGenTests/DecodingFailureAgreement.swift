import Foundation
import Schema
import Testing
@testable import CodeGen

/// The conformance cases (docs/conformance.md) that no generated native client decodes,
/// each with the finding the generated decoders must report: the first one `tabgen
/// validate` (the Schema library) reports among those decoding does not let through
/// (the controller profile marks the ones it lets through as warnings). The Swift
/// end-to-end program (`EndToEnd`) decodes each through `decode(json:)`, the Kotlin one
/// (`KotlinEndToEnd`) through `decode(json)`, in the JUnit class written by `writeKotlinCheck`.
enum DecodingFailureAgreement {
    struct Case {
        var label: String
        var payload: String
        /// `CODE POINTER`, as the drivers print it.
        var expected: String
    }

    struct Suite {
        /// The test schema's name (`Support.testSchemas`), nil for the built-in schema.
        var schema: String?
        var document: SchemaDocument
        var cases: [Case]
    }

    /// Besides the built-in schema, test schemas (with a struct or union root, which has
    /// the entry point) for the forms it does not have: a discriminator at the root,
    /// nullable references, and values, elements and discriminators nested (custom_overrides,
    /// recursive); keys that need escaping in pointers (hostile).
    static let schemaNames = ["basic_discriminator", "nullable_references", "custom_overrides", "recursive", "hostile"]
    static let seed: UInt64 = 14

    static let suites: [Suite] = {
        var suites: [Suite] = []
        if let builtIn = try? Support.builtIn() { suites.append(Suite(schema: nil, document: builtIn, cases: cases(builtIn, suite: "builtin", count: 1500))) }
        for name in schemaNames {
            guard let url = Support.testSchemas.first(where: { $0.name == name })?.url,
                  let document = try? Support.document(at: url, name: "\(name).jtd.json") else { continue }
            suites.append(Suite(schema: name, document: document, cases: cases(document, suite: name, count: 300)))
        }
        return suites
    }()

    static var allCases: [Case] { suites.flatMap(\.cases) }

    /// The built-in suite's cases for `decoding: strict`, which lets through unknown members
    /// only: every case with a finding of the decoding codes, expecting the first of them
    /// in the CLI's order (labels start with `strict `).
    static let strictCases: [Case] = {
        guard let builtIn = try? Support.builtIn() else { return [] }
        return ConformanceSuite(document: builtIn, name: "builtin", seed: seed).cases(count: 1500).compactMap { item -> Case? in
            guard let first = primary(item, strict: true) else { return nil }
            return Case(label: "strict \(item.id) \(item.kind)", payload: item.payload, expected: "\(first.code) \(first.pointer.description)")
        }
    }()

    /// The codes of what `tabgen validate` finds in the text and its RFC 8927 validation.
    static let decodingCodes: Set<String> = [FindingCode.malformedJSON, FindingCode.wrongType, FindingCode.notInEnum,
                                             FindingCode.missingProperty, FindingCode.wrongShape, FindingCode.badDiscriminator]

    static func cases(_ document: SchemaDocument, suite: String, count: Int) -> [Case] {
        ConformanceSuite(document: document, name: suite, seed: seed).cases(count: count).compactMap { item -> Case? in
            guard !item.expectation.nativeDecodes, let first = primary(item) else { return nil }
            return Case(label: "\(item.id) \(item.kind)", payload: item.payload, expected: "\(first.code) \(first.pointer.description)")
        }
    }

    /// The first finding `tabgen validate` prints (it sorts by position in the text, then
    /// in the order found, as `ReportFormat.located` does) that decoding does not let
    /// through (an error in the controller profile) and that is not a rule's; the first
    /// TG024 if there is one.
    static func primary(_ item: ConformanceCase, strict: Bool = false) -> Finding? {
        let server = item.expectation.server
        let controller = item.expectation.controller
        guard server.count == controller.count else { return nil }
        // Keys canonically equivalent (TG024) are refused by the text check, before decoding:
        // the first of them in the text, wherever the other findings are.
        if let keys = server.first(where: { $0.code == FindingCode.equivalentKeys }) { return keys }
        let located = Array(item.payload.utf8).withUnsafeBufferPointer { buffer in
            JSONLocator.offsets(of: server.map { JSONLocator.Request(path: $0.pointer.tokens, preferKey: $0.locatesKey) }, in: buffer)
        }
        let offsets = zip(server, located).map { finding, offset in finding.offset ?? offset }
        let order = server.indices.sorted { (offsets[$0], $0) < (offsets[$1], $1) }
        return order.first { (strict || controller[$0].severity == .error) && decodingCodes.contains(server[$0].code) }.map { server[$0] }
    }

    /// The namespace of the built-in schema generated with `decoding: strict` in the Swift
    /// end-to-end program (its files are written by `writeSwiftStrict`).
    static let strictNamespace = "StrictBuiltIn"

    /// The built-in schema's Swift with `decoding: strict`, namespaced, sharing the program's runtime.
    static func writeSwiftStrict(to program: URL) throws {
        var options = SwiftOptions()
        options.namespace = strictNamespace
        options.runtime = false
        options.tests = false
        options.decoding = .strict
        let files = try Support.generate(try Support.builtIn(), options: options)
        try Support.write(files.filter { $0.path.hasSuffix(".swift") }, to: program, prefix: strictNamespace + "__")
    }

    /// Code for the Swift end-to-end program: one `DECFAIL label outcome` line per case,
    /// the outcome being `CODE POINTER` of the finding `decode(json:)` throws, `decoded`,
    /// or `other ...` for an error that carries no finding.
    static func swiftDriver() throws -> String {
        var driver = """
        func decodingFailure(_ decode: () throws -> Void) -> String {
            do {
                try decode()
                return "decoded"
            } catch let violation as TabgenViolation {
                return "\\(violation.code) \\(violation.pointer)"
            } catch DecodingError.dataCorrupted(let context) where context.underlyingError is TabgenViolation {
                guard let violation = context.underlyingError as? TabgenViolation else { return "other" }
                let path = context.codingPath.map { "/" + $0.stringValue.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
                return path == violation.pointer ? "\\(violation.code) \\(violation.pointer)" : "coding path \\(path) for \\(violation.pointer)"
            } catch {
                return "other \\(String(describing: error).prefix(200).replacingOccurrences(of: "\\n", with: " ").replacingOccurrences(of: "\\t", with: " "))"
            }
        }

        """
        let strictList = strictCases.map { "(\(SwiftLiterals.string($0.label)), \(SwiftLiterals.string($0.payload)))" }.joined(separator: ",\n    ")
        driver += """
        let decodingFailuresStrict: [(String, String)] = [
            \(strictList)
        ]
        for (label, payload) in decodingFailuresStrict {
            print("DECFAIL\\t\\(label)\\t\\(decodingFailure { _ = try \(strictNamespace).MessageData.decode(json: payload) })")
        }

        """
        for suite in suites {
            let root: String
            if let name = suite.schema {
                var options = SwiftOptions()
                options.namespace = Support.namespace(for: name)
                root = options.namespace + "." + SwiftTarget(options: options).nameTable(for: ModelBuilder().build(suite.document)).typeName(ModelBuilder().build(suite.document).rootID)
            } else {
                root = "MessageData"
            }
            let list = suite.cases.map { "(\(SwiftLiterals.string($0.label)), \(SwiftLiterals.string($0.payload)))" }.joined(separator: ",\n    ")
            driver += """
            let decodingFailures\(suite.schema.map(Support.namespace) ?? "BuiltIn"): [(String, String)] = [
                \(list)
            ]
            for (label, payload) in decodingFailures\(suite.schema.map(Support.namespace) ?? "BuiltIn") {
                print("DECFAIL\\t\\(label)\\t\\(decodingFailure { _ = try \(root).decode(json: payload) })")
            }

            """
        }
        return driver
    }

    /// The JUnit class `DecodingFailureTest` in the built-in's package (`KotlinEndToEnd`):
    /// one test per suite, each decoding every case and listing those whose
    /// `TabgenDecodingException` (or `TabgenJsonTextException`) is not the expected finding.
    static func writeKotlinCheck(package: String, strictPackage: String, to directory: URL) throws {
        var tests: [String] = []
        for suite in suites {
            let root: String
            if let name = suite.schema {
                let options = KotlinSupport.options(package: KotlinSupport.package(for: name))
                let model = ModelBuilder().build(suite.document)
                root = KotlinSupport.package(for: name) + "." + KotlinTarget(options: options).nameTable(for: model).typeName(model.rootID)
            } else {
                root = "MessageData"
            }
            let list = suite.cases.map { item in
                "Triple(\(KotlinLiterals.string(item.label)), \(KotlinLiterals.string(item.payload)), \(KotlinLiterals.string(item.expected))),"
            }.joined(separator: "\n            ")
            tests.append("""
                @Test
                public fun \(suite.schema.map { "c_" + String($0.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }) } ?? "builtIn")() {
                    val cases = listOf(
                        \(list)
                    )
                    val wrong = cases.mapNotNull { (label, payload, expected) ->
                        val outcome = outcome { \(root).decode(payload) }
                        if (outcome == expected) null else "$label: expected $expected, got $outcome"
                    }
                    assertEquals("\(suite.cases.count) cases", emptyList<String>(), wrong)
                }
            """)
        }
        let strictList = strictCases.map { item in
            "Triple(\(KotlinLiterals.string(item.label)), \(KotlinLiterals.string(item.payload)), \(KotlinLiterals.string(item.expected))),"
        }.joined(separator: "\n            ")
        tests.append("""
            @Test
            public fun strict() {
                val cases = listOf(
                    \(strictList)
                )
                val wrong = cases.mapNotNull { (label, payload, expected) ->
                    val outcome = try {
                        \(strictPackage).MessageData.decode(payload)
                        "decoded"
                    } catch (error: \(strictPackage).TabgenJsonTextException) {
                        "${error.violation.code} ${error.violation.pointer}"
                    } catch (error: \(strictPackage).TabgenDecodingException) {
                        "${error.violation.code} ${error.violation.pointer}"
                    } catch (error: IllegalArgumentException) {
                        "other ${error::class.simpleName}: ${error.message.orEmpty().lineSequence().first()}"
                    }
                    if (outcome == expected) null else "$label: expected $expected, got $outcome"
                }
                assertEquals("\(strictCases.count) cases", emptyList<String>(), wrong)
                // Decoding without the entry point: an object or array for an optional string or
                // enum is a SerializationException too (the tree decoder's own is not).
                val tabs = \(KotlinLiterals.string(#"{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a"},{"id":"b","title":"B","icon":"i","path":"/b",%s}]}"#))
                for (member in listOf(\([#""deprecated":{}"#, #""deprecated":[]"#, #""replaces":{}"#, #""replaces":[1]"#].map(KotlinLiterals.string).joined(separator: ", ")))) {
                    assertThrows(member, SerializationException::class.java) {
                        \(strictPackage).BridgeJson.decodeFromString(\(strictPackage).MessageData.serializer(), tabs.format(member))
                    }
                }
            }
        """)
        let text = """
        package \(package)

        import kotlinx.serialization.SerializationException
        import org.junit.Assert.assertEquals
        import org.junit.Assert.assertThrows
        import org.junit.Test

        public class DecodingFailureTest {
            private fun outcome(decode: () -> Any?): String = try {
                decode()
                "decoded"
            } catch (error: TabgenJsonTextException) {
                "${error.violation.code} ${error.violation.pointer}"
            } catch (error: TabgenDecodingException) {
                "${error.violation.code} ${error.violation.pointer}"
            } catch (error: IllegalArgumentException) {
                "other ${error::class.simpleName}: ${error.message.orEmpty().lineSequence().first()}"
            }

        \(tests.joined(separator: "\n\n"))
        }

        """
        let path = directory.appendingPathComponent("src/test/kotlin/" + KotlinTarget.directory(for: package) + "/DecodingFailureTest.kt")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: path)
    }
}

@Suite("Decoding failures: the generated decoders report the finding tabgen validate reports first")
struct DecodingFailureAgreementTests {
    @Test("the suites hold a few hundred cases of every kind of RFC 8927 finding, TG001 and TG024")
    func suitesCoverTheFindings() {
        let cases = DecodingFailureAgreement.allCases
        #expect(cases.count >= 300, "\(cases.count) cases")
        let codes = Set(cases.map { String($0.expected.prefix(5)) })
        for code in ["TG001", "TG010", "TG011", "TG012", "TG014", "TG015", "TG024"] {
            #expect(codes.contains(code), "no case expects \(code)")
        }
        // Exact pointers below the root, not only the root.
        #expect(cases.filter { $0.expected.contains(" /") }.count >= cases.count / 2)
        // Strict decoding refuses more: null optional members, a missing active, unknown enum strings.
        let strict = DecodingFailureAgreement.strictCases
        #expect(strict.count > DecodingFailureAgreement.suites[0].cases.count, "\(strict.count) strict cases")
        #expect(strict.contains { $0.expected == "TG012 " })
        #expect(strict.contains { $0.expected.hasPrefix("TG011 /tabs/") && $0.payload.contains("\"deprecated\":\"") })
    }

    @Test("Swift decode(json:) throws each case's finding, with the coding path of its pointer")
    func swift() {
        let e2e = EndToEnd.shared
        e2e.expectClean(e2e.compileOutput)
        var wrong: [String] = []
        for item in DecodingFailureAgreement.allCases + DecodingFailureAgreement.strictCases where e2e.decodingFailures[item.label] != item.expected {
            wrong.append("\(item.label): expected \(item.expected), got \(e2e.decodingFailures[item.label] ?? "nothing")")
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(DecodingFailureAgreement.allCases.count):\n\(wrong.prefix(40).joined(separator: "\n"))")
    }

    @Test("Kotlin decode(json) throws each case's finding (JUnit DecodingFailureTest)")
    func kotlin() {
        let e2e = KotlinEndToEnd.shared
        e2e.expectClean(e2e.compileOutput)
        let passed = e2e.report.passLines.filter { $0.contains("DecodingFailureTest") }
        #expect(passed.count == DecodingFailureAgreement.suites.count + 1, "\(passed)")
        let failures = e2e.report.failures.filter { $0.contains("DecodingFailureTest") }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n").prefix(6000))")
    }
}
