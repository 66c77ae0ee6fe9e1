import Foundation
import Schema
@testable import CodeGen

/// A JUnit test, written by the end-to-end test into the built-in schema's packages, that
/// holds the generated Kotlin to the decoding policy on the five payloads of issue 9 (and
/// the two rules that came with it, and TG022): with `decoding: tolerant` each decodes and
/// `validate()` reports exactly what `tabgen validate` reports (code, pointer, message;
/// an unknown enum value as a warning); with `decoding: strict` the four deviations throw.
/// The expected lines come from the CLI's own `PayloadValidator`, not from the generator.
enum KotlinDecodingPolicyCheck {
    static let payloads: [(name: String, json: String)] = [
        ("deprecatedNull", #"{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"x","title":"X","icon":"x","path":"/x","deprecated":null}]}"#),
        ("replacesNull", #"{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"x","title":"X","icon":"x","path":"/x","replaces":null}]}"#),
        ("activeMissing", #"{"tabs":[]}"#),
        ("rootMetadata", #"{"active":null,"tabs":[],"metadata":{"url":"https://x.example/"}}"#),
        ("unknownEnumValue", #"{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"x","title":"X","icon":"x","path":"/x","deprecated":"urgent"}]}"#),
        ("twoTabsReplaceOne", #"{"active":"a","tabs":[{"id":"a","title":"A","icon":"a","path":"/a"},{"id":"b","title":"B","icon":"b","path":"/b","deprecated":"soft"},{"id":"c","title":"C","icon":"c","path":"/c","replaces":"b"},{"id":"d","title":"D","icon":"d","path":"/d","replaces":"b"}]}"#),
        ("oneTabNotDeprecated", #"{"active":"a","tabs":[{"id":"a","title":"A","icon":"a","path":"/a","deprecated":"soft"},{"id":"b","title":"B","icon":"b","path":"/b"}]}"#),
        // Ids and references canonically equivalent but not the same scalars (TG022).
        ("canonicallyEquivalentIds", #"{"active":"Kilo","tabs":[{"id":"caf\u00e9","title":"A","icon":"a","path":"/a","deprecated":"soft"},{"id":"cafe\u0301","title":"B","icon":"b","path":"/b"},{"id":"\u212ailo","title":"K","icon":"k","path":"/k","replaces":"cafe\u0301"}]}"#),
        // No tabs: bootstrap to the reference Android client (its default is an empty list).
        ("tabsMissing", #"{"active":"home"}"#),
        ("emptyMessage", #"{}"#),
    ]

    /// The payloads a strict client rejects (the tolerated deviations).
    static let strictRejects: Set<String> = ["deprecatedNull", "replacesNull", "activeMissing", "unknownEnumValue", "tabsMissing", "emptyMessage"]

    /// `CODE severity pointer message` per finding of `tabgen validate`, sorted; an enum
    /// value that is a string the schema does not list is a warning on the client side.
    static func expectedLines(_ payload: String, document: SchemaDocument) throws -> [String] {
        let json = try JSONReader().parse(Array(payload.utf8))
        return PayloadValidator(document: document).findings(for: json).map { finding in
            var severity = finding.severity == .error ? "error" : "warning"
            if finding.code == FindingCode.notInEnum, json.value(at: finding.pointer.tokens)?.stringValue != nil { severity = "warning" }
            return "\(finding.code) \(severity) \(finding.pointer) \(finding.message)"
        }.sorted()
    }

    static func write(package: String, strict: Bool, document: SchemaDocument, to directory: URL) throws {
        var tests: [String] = []
        for (name, json) in payloads {
            let literal = KotlinLiterals.string(json)
            if strict, strictRejects.contains(name) {
                tests.append("""
                    @Test
                    public fun \(name)() {
                        assertThrows(SerializationException::class.java) { decode(\(literal)) }
                    }
                """)
            } else {
                let expected = try expectedLines(json, document: document)
                let list = expected.isEmpty ? "emptyList<String>()" : "listOf(\n            " + expected.map(KotlinLiterals.string).joined(separator: ",\n            ") + ",\n        )"
                tests.append("""
                    @Test
                    public fun \(name)() {
                        assertEquals(\(list), lines(decode(\(literal))))
                    }
                """)
            }
        }
        let extra = strict ? "" : """

            @Test
            public fun unknownValuesAreKeptAndEncodedBack() {
                val value = decode(\(KotlinLiterals.string(payloads[4].json)))
                val deprecated = value.tabs[1].deprecated
                assertEquals(Deprecation.of("urgent"), deprecated)
                assertEquals(false, deprecated?.isKnown)
                assertTrue(BridgeJson.encodeToString(MessageData.serializer(), value).contains("\\"deprecated\\":\\"urgent\\""))
            }

            @Test
            public fun nullReadsAsAbsentAndIsNotWrittenBack() {
                val value = decode(\(KotlinLiterals.string(payloads[0].json)))
                assertNull(value.tabs[1].deprecated)
                assertEquals(value.tabs[1], value.tabs[1].copy())
                assertFalse(BridgeJson.encodeToString(MessageData.serializer(), value).contains("deprecated"))
                // A copy holds no record of what decoding saw: it reports what it holds.
                assertEquals(emptyList<TabgenViolation>(), value.copy(tabs = value.tabs.map { it.copy() }).validate())
            }
        """
        let text = """
        package \(package)

        import kotlinx.serialization.SerializationException
        import org.junit.Assert.assertEquals
        import org.junit.Assert.assertFalse
        import org.junit.Assert.assertNull
        import org.junit.Assert.assertSame
        import org.junit.Assert.assertThrows
        import org.junit.Assert.assertTrue
        import org.junit.Test

        public class DecodingPolicyTest {
            private fun decode(json: String): MessageData = BridgeJson.decodeFromString(MessageData.serializer(), json)

            private fun lines(value: MessageData): List<String> =
                value.validate().map { "${it.code} ${it.severity.label} ${it.pointer} ${it.message}" }.sorted()

        \(tests.joined(separator: "\n\n"))

            @Test
            public fun knownValuesAreTheirObjects() {
                assertSame(Deprecation.Soft, Deprecation.of("soft"))
                assertSame(Deprecation.Hard, Deprecation.of("hard"))
                assertEquals("soft", Deprecation.Soft.value)
                assertEquals(Deprecation.of("x"), Deprecation.of("x"))
                assertEquals(listOf("soft", "hard"), Deprecation.entries.map { it.value })
            }
        \(extra)
        }

        """
        let path = directory.appendingPathComponent("src/test/kotlin/" + KotlinTarget.directory(for: package) + "/DecodingPolicyTest.kt")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: path)
    }

    /// Test methods per package: one per payload and the enum check, plus two in tolerant mode.
    static func testCount(strict: Bool) -> Int { payloads.count + 1 + (strict ? 0 : 2) }
}
