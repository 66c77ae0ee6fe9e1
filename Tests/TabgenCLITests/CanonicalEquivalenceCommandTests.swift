import Foundation
import Testing

/// `tabgen validate` on ids and references that are canonically equivalent but not the
/// same scalars (TG022): warnings where they are, as docs/reference/codes.md shows them.
struct CanonicalEquivalenceCommandTests {
    static let tail = " but has other Unicode scalars: Swift's String == takes them as equal, Kotlin, JavaScript and Ruby as different; send both in Unicode normalization form C (NFC)"

    /// The example of docs/reference/codes.md: active "Kilo" names "\u212Ailo" only to
    /// Swift, and two ids are "café" composed and decomposed.
    static let example = """
        {"active": "Kilo", "tabs": [
        {"id": "caf\\u00e9", "title": "T", "icon": "i", "path": "/"},
        {"id": "cafe\\u0301", "title": "T", "icon": "i", "path": "/x"},
        {"id": "\\u212ailo", "title": "K", "icon": "k", "path": "/k"}]}

        """

    @Test func theDocumentedExampleIsPrintedAsDocumented() throws {
        let result = try CLI.validate(Self.example)
        #expect(result.status == 1)  // TG102 is still an error
        #expect(result.stdoutLines == [
            #"payload.json:1:12: error[TG102] /active: active must name one of the tabs: "Kilo" matches no /tabs/*/id"#,
            "payload.json:1:12: warning[TG022] /active: \"Kilo\" is canonically equivalent to \"\u{212A}ilo\", a value of /tabs/*/id," + Self.tail,
            "payload.json:3:8: warning[TG022] /tabs/1/id: \"cafe\u{301}\" is canonically equivalent to \"caf\u{E9}\" at /tabs/0/id" + Self.tail,
        ])
        let documented = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/reference/codes.md"), encoding: .utf8)
        for line in result.stdoutLines.dropFirst() {
            // The docs show the composed and decomposed forms alike: compare what a reader sees.
            #expect(documented.precomposedStringWithCanonicalMapping.contains(line.precomposedStringWithCanonicalMapping), "\(line)")
        }
    }

    @Test func equivalentIdsAloneAreAWarningThatFailsOnlyWhenStrict() throws {
        let text = #"{"active": "\u00c5", "tabs": [{"id": "\u00c5", "title": "A", "icon": "a", "path": "/"}, {"id": "\u212b", "title": "B", "icon": "b", "path": "/b"}]}"#
        let relaxed = try CLI.validate(text)
        #expect(relaxed.status == 0)
        #expect(relaxed.stdoutLines.count == 1)
        #expect(relaxed.stdout.contains("warning[TG022] /tabs/1/id:"))
        #expect(try CLI.validate(text, ["--strict"]).status == 1)
        let json = try CLI.validate(text, ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutLines.first.map { Data($0.utf8) } ?? Data())) as? [String: Any])
        #expect(object["code"] as? String == "TG022")
        #expect(object["severity"] as? String == "warning")
        #expect(object["pointer"] as? String == "/tabs/1/id")
    }

    @Test func jsonLinesWarnOnTheirLine() throws {
        let lines = #"{"active": null, "tabs": []}"# + "\n" + #"{"active": "a", "tabs": [{"id": "\ud55c", "title": "A", "icon": "a", "path": "/"}, {"id": "\u1112\u1161\u11ab", "title": "B", "icon": "b", "path": "/b"}, {"id": "a", "title": "C", "icon": "c", "path": "/c"}]}"# + "\n"
        let result = try CLI.validate(lines, ["--jsonl"])
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 1)
        #expect(result.stdout.hasPrefix("payload.json:2:"), "\(result.stdout)")
        #expect(result.stdout.contains("warning[TG022] /tabs/1/id:"), "\(result.stdout)")
    }
}
