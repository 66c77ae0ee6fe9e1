import Foundation
import Testing

/// What `validate --jsonl` prints, end to end: columns counted in Unicode scalars after
/// multi-byte text, and a file name that needs escaping written the same in every
/// format whatever --jobs (the writer that writes findings straight into bytes).
struct ValidateJSONLinesOutputTests {
    /// A payload whose `path` of its second tab is absolute (TG104), after `prefix` text
    /// in that tab's title; returns the line and the column of that path's value.
    static func payload(titles prefix: String) -> (line: String, column: Int) {
        let head = #"{"active":"a","tabs":[{"id":"a","title":"First","icon":"i","path":"/a"},{"id":"b","title":"T\#(prefix)","icon":"i","path":"#
        let line = head + #""https://x.example/b"}]}"#
        return (line, head.unicodeScalars.count + 1)
    }

    @Test func columnsCountScalarsAfterMultiByteText() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let prefixes = ["", "Übersicht", "€€€€€€€€", "𝄞 and 𝄞", "日本語のタイトル", "e\u{0301}", "\\\"quoted\\\" é"]
        let lines = prefixes.map { Self.payload(titles: $0) }
        let file = directory.appendingPathComponent("cols.jsonl")
        try Data(lines.map(\.line).joined(separator: "\n").utf8).write(to: file)
        for jobs in ["1", "2"] {
            let result = try CLI.run(["validate", "--jsonl", "--jobs", jobs, file.path], in: directory)
            #expect(result.status == 1)
            let expected = lines.enumerated().map { index, line in "\(file.path):\(index + 1):\(line.column): error[TG104] /tabs/1/path:" }
            #expect(result.stdoutLines.map { String($0.prefix(while: { $0 != "\"" })).trimmingCharacters(in: .whitespaces) } == expected,
                    "\(result.stdout)")
        }
    }

    @Test func fileNamesAreEscapedInJSON() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "we\"ird \\ na\tme é€.jsonl"
        let file = directory.appendingPathComponent(name)
        let bad = Self.payload(titles: "x")
        try Data((bad.line + "\n" + bad.line + "\n").utf8).write(to: file)
        var outputs: [String] = []
        for jobs in ["1", "2"] {
            let result = try CLI.run(["validate", "--jsonl", "--format", "json", "--jobs", jobs, name], in: directory)
            #expect(result.status == 1)
            #expect(result.stdoutLines.count == 2)
            for (index, line) in result.stdoutLines.enumerated() {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(object["file"] as? String == name)
                #expect(object["line"] as? Int == index + 1)
                #expect(object["column"] as? Int == bad.column)
                #expect(object["pointer"] as? String == "/tabs/1/path")
            }
            #expect(result.stdout.contains(#""file":"we\"ird \\ na\tme é€.jsonl""#))
            outputs.append(result.stdout)
        }
        #expect(outputs[0] == outputs[1])
    }
}
