import Foundation
import Schema
@testable import CodeGen

/// A JUnit test, written by the Kotlin end-to-end test into the built-in schema's package,
/// that holds the generated `MessageData.decode(json)` to `tabgen validate`'s reading of
/// the text (`StrictText.builtIn`): a text the CLI refuses throws `TabgenJsonTextException`
/// with the CLI's TG001 finding (or its TG024, for equivalent keys) (code, severity, pointer, message, from the Schema
/// library's `PayloadValidator`), and a text it takes decodes as `BridgeJson` decodes it.
enum KotlinStrictTextCheck {
    static var testCount: Int { StrictText.builtIn.count }

    static func write(package: String, document: SchemaDocument, to directory: URL) throws {
        var tests: [String] = []
        let validator = PayloadValidator(document: document)
        for (index, payload) in StrictText.builtIn.enumerated() {
            let literal = KotlinLiterals.string(payload.text)
            let findings = Array(payload.text.utf8).withUnsafeBufferPointer { validator.treeFindings(for: $0) }
            let body: String
            // The text check refuses what the CLI reads as TG001, and keys canonically
            // equivalent but not the same scalars (the CLI's first TG024).
            if let refusal = findings.first(where: { $0.code == FindingCode.malformedJSON })
                ?? findings.first(where: { $0.code == FindingCode.equivalentKeys }) {
                let expected = [refusal.code, refusal.severity.rawValue, refusal.pointer.description, refusal.message].map(KotlinLiterals.string)
                body = """
                        val error = assertThrows(TabgenJsonTextException::class.java) { MessageData.decode(\(literal)) }
                        val violation = error.violation
                        assertEquals(listOf(\(expected.joined(separator: ", "))), listOf(violation.code, violation.severity.label, violation.pointer, violation.message))
                """
            } else {
                body = """
                        assertEquals(BridgeJson.decodeFromString(MessageData.serializer(), \(literal)), MessageData.decode(\(literal)))
                """
            }
            tests.append("""
                /** \(payload.label) */
                @Test
                public fun text\(index)() {
            \(body)
                }
            """)
        }
        let text = """
        package \(package)

        import org.junit.Assert.assertEquals
        import org.junit.Assert.assertThrows
        import org.junit.Test

        public class StrictTextTest {
        \(tests.joined(separator: "\n\n"))
        }

        """
        let path = directory.appendingPathComponent("src/test/kotlin/" + KotlinTarget.directory(for: package) + "/StrictTextTest.kt")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: path)
    }
}
