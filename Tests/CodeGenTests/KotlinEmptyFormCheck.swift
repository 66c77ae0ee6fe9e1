import Foundation
import Schema
@testable import CodeGen

/// A JUnit test, written by the Kotlin end-to-end test, that holds the generated Kotlin's
/// `decode(json)` and `validate()` to `tabgen validate` on numbers beyond Double's range in
/// the empty form (issue 23, item 4): the CLI takes `1E400` and `-1E400` there, at the top
/// of a member or nested, so `validate()` must not report the TG010 ("cannot be encoded")
/// the rules' encoding of infinity used to make. Rules are in the schema so `validate()`
/// encodes the value for them.
enum KotlinEmptyFormCheck {
    static let schemaName = "kotlin_empty_form"
    static let schema = """
    {"metadata": {"tabgen": {"rootName": "Holder", "rules": [
       {"code": "TG401", "severity": "error", "kind": "unique", "path": "/ids/*", "message": "duplicate id: {reason}"}]}},
     "properties": {"any": {}},
     "optionalProperties": {"ids": {"elements": {"type": "string"}}, "more": {"values": {}}}}
    """

    static let payloads: [String] = [
        #"{"any":1E400}"#,
        #"{"any":-1E400}"#,
        #"{"any":[1,{"a/b":[-1E400]},1e400],"ids":["x","y"]}"#,
        #"{"any":{"n":1E400},"more":{"m":-1E400}}"#,
        #"{"any":1E400,"ids":["x","x"]}"#,
    ]

    static func write(package: String, to directory: URL) throws {
        let validator = PayloadValidator(document: try Support.document(json: schema, name: "\(schemaName).jtd.json"))
        var checks: [String] = []
        for payload in payloads {
            let expected = Array(payload.utf8).withUnsafeBufferPointer { validator.findings(for: $0) }
                .map { [$0.code, $0.severity.rawValue, $0.pointer.description, $0.message].joined(separator: "|") }
            checks.append("""
                    assertEquals(listOf<String>(\(expected.map(KotlinLiterals.string).joined(separator: ", "))),
                                 Holder.decode(\(KotlinLiterals.string(payload))).validate().map { listOf(it.code, it.severity.label, it.pointer, it.message).joinToString("|") })
            """)
        }
        let text = """
        package \(package)

        import org.junit.Assert.assertEquals
        import org.junit.Test

        public class EmptyFormOverflowTest {
            /** 1E400 and -1E400 in the empty form: validate() reports what tabgen validate reports. */
            @Test
            public fun beyondDoubleRange() {
        \(checks.joined(separator: "\n"))
            }
        }

        """
        let path = directory.appendingPathComponent("src/test/kotlin/" + KotlinTarget.directory(for: package) + "/EmptyFormOverflowTest.kt")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: path)
    }
}
