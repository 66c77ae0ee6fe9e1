import Foundation
import Testing
import TestSupport

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
        let directory = try temporaryDirectory()
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
        let directory = try temporaryDirectory()
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

    /// The byte pass answers a batch's lines first and the tree path the rest after:
    /// lines of every kind the pass hands on (a rule broken, a schema error, JSON that is
    /// not well-formed, a line over --max-bytes), among valid and blank ones, still come
    /// out in line order, each with its own code, for any --jobs.
    @Test func everyKindOfLineKeepsItsPlaceInTheReport() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tabs = #""tabs":[{"id":"a","title":"A","icon":"i","path":"/a"},{"id":"b","title":"B","icon":"i","path":"/b"}]"#
        let valid = #"{"active":"a","# + tabs + "}"
        // Each kind with the code it must report; the long line pads a valid payload past the limit.
        let kinds: [(line: String, code: String)] = [
            (#"{"active":"z","# + tabs + "}", "TG102"),
            (#"{"active":"a","tabs":[{"id":"a","title":7,"icon":"i","path":"/a"},{"id":"b","title":"B","icon":"i","path":"/b"}]}"#, "TG010"),
            (#"{"active":"a","tabs":["#, "TG001"),
            (#"{"active":"a","# + tabs + String(repeating: " ", count: 400) + "}", "TG002"),
        ]
        var text = ""
        var expected: [(line: Int, code: String)] = []
        // 9,000 lines: the batches (4,096 lines) split mixed runs of every kind.
        for number in 1...9_000 {
            let pick = (number &* 2_654_435_761) % 31
            if pick == 0 {
                text += "\r\n"
            } else if pick <= kinds.count {
                text += kinds[pick - 1].line + "\n"
                expected.append((number, kinds[pick - 1].code))
            } else {
                text += valid + (pick == 30 ? "\r\n" : "\n")
            }
        }
        let file = directory.appendingPathComponent("kinds.jsonl")
        try Data(text.utf8).write(to: file)
        #expect(Set(expected.map(\.code)).count == kinds.count)
        var outputs: [String] = []
        for jobs in ["1", "2"] {
            let result = try CLI.run(["validate", "--jsonl", "--max-bytes", "300", "--jobs", jobs, file.path])
            #expect(result.status == 1)
            let found = result.stdoutLines.compactMap { line -> (Int, String)? in
                let fields = line.split(separator: ":")
                guard fields.count > 3, let number = Int(fields[1]), let open = line.range(of: "[TG") else { return nil }
                return (number, String(line[line.index(after: open.lowerBound)...].prefix(5)))
            }
            #expect(found.map(\.0) == expected.map(\.line), "--jobs \(jobs)")
            #expect(found.map(\.1) == expected.map(\.code), "--jobs \(jobs)")
            outputs.append(result.stdout)
        }
        #expect(outputs[0] == outputs[1])
    }
}
