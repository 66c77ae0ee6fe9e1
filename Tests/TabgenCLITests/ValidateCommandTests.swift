import Foundation
import Testing
import TestSupport

/// `tabgen validate` end to end: formats, exit codes and hostile input.
struct ValidateCommandTests {
    @Test func validPayloadExitsZero() throws {
        let result = try CLI.run(["validate", CLI.payload("validate/valid.json")])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("checked 1 payload: 1 valid, 0 invalid"))
    }

    @Test func textFormatReadsLikeACompiler() throws {
        let result = try CLI.run(["validate", "home.json"], in: URL(fileURLWithPath: CLI.payload("validate")))
        #expect(result.status == 1)
        #expect(result.stdoutLines == [#"home.json:2:43: error[TG104] /tabs/1/path: "https://evil.example/x" is not a relative reference (it has scheme "https")"#])
    }

    @Test func namesAllThreeProblems() throws {
        // One distinct tab (two entries share an id), an absolute path, a duplicate id.
        let result = try CLI.run(["validate", CLI.payload("validate/three_problems.json")])
        #expect(result.status == 1)
        #expect(result.stdoutLines.count == 3)
        for code in ["error[TG101] /tabs:", "error[TG103] /tabs/1/id:", "error[TG104] /tabs/0/path:"] {
            #expect(result.stdout.contains(code), "missing \(code) in \(result.stdout)")
        }
    }

    @Test func jsonFormatIsOneObjectPerFinding() throws {
        let result = try CLI.run(["validate", "--format", "json", CLI.payload("validate/three_problems.json")])
        #expect(result.status == 1)
        #expect(result.stdoutLines.count == 3)
        for line in result.stdoutLines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys).isSuperset(of: ["file", "line", "column", "severity", "code", "pointer", "message"]))
            #expect(object["severity"] as? String == "error")
            #expect((object["line"] as? Int ?? 0) >= 1)
        }
    }

    @Test func warningsFailOnlyWhenStrict() throws {
        let relaxed = try CLI.run(["validate", CLI.payload("validate/warning.json")])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains("warning[TG106] /active:"))
        let strict = try CLI.run(["validate", "--strict", CLI.payload("validate/warning.json")])
        #expect(strict.status == 1)
    }

    @Test func jsonLinesReportLineNumbers() throws {
        let result = try CLI.run(["validate", "--jsonl", CLI.payload("validate/mixed.jsonl")])
        #expect(result.status == 1)
        let lines = result.stdoutLines
        #expect(lines.contains { $0.contains("mixed.jsonl:3:22: error[TG101] /tabs:") })
        #expect(lines.contains { $0.contains("mixed.jsonl:5:24: error[TG001] (root): not well-formed JSON") })
        #expect(lines.contains { $0.contains("mixed.jsonl:6:11: warning[TG106] /active:") })
        // Blank and whitespace-only lines are not payloads.
        #expect(result.stderr.contains("checked 5 payloads: 2 valid, 3 invalid") == false)
        #expect(result.stderr.contains("checked 4 payloads: 2 valid, 2 invalid"))
    }

    @Test func readsStandardInput() throws {
        let valid = try Data(contentsOf: URL(fileURLWithPath: CLI.payload("validate/valid.json")))
        let result = try CLI.run(["validate", "-"], stdin: valid)
        #expect(result.status == 0)
        let jsonl = try CLI.run(["validate", "--jsonl", "-"], stdin: Data("{\"active\":null,\"tabs\":[]}\n{\"active\":null}\n".utf8))
        #expect(jsonl.status == 1)
        #expect(jsonl.stdout.contains("<stdin>:2:1: error[TG012] (root): missing required property \"tabs\""))
    }

    @Test func usageErrorsExitTwo() throws {
        let none = try CLI.run(["validate"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("give at least one FILE"))
        #expect(try CLI.run(["validate", "--format", "xml", CLI.payload("validate/valid.json")]).status == 2)
        #expect(try CLI.run(["frobnicate"]).status == 2)
        #expect(try CLI.run(["validate", "--help"]).status == 0)
    }

    @Test func unreadableFileExitsTwoButChecksTheOthers() throws {
        let result = try CLI.run(["validate", "/nonexistent/payload.json", CLI.payload("validate/home.json")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("tabgen: error: cannot read /nonexistent/payload.json: No such file or directory"))
        #expect(result.stdout.contains("error[TG104]"))
        let directory = try CLI.run(["validate", CLI.payload("validate")])
        #expect(directory.status == 2)
        #expect(directory.stderr.contains("it is a directory"))
    }

    @Test func schemaErrorsExitTwoWithLocation() throws {
        let directory = try CLI.directory(holding: ["broken.json": "{\n  \"properties\": {\"a\": {\"type\": \"int\"}}\n}"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("broken.json")
        let result = try CLI.run(["validate", "--schema", schema.path, CLI.payload("validate/valid.json")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("broken.json:2:32: error: /properties/a/type: \"int\" is not a JTD type"))
        let missing = try CLI.run(["validate", "--schema", "/nonexistent.json", CLI.payload("validate/valid.json")])
        #expect(missing.status == 2)
    }

    @Test func builtInSchemaWorksFromAnyDirectory() throws {
        let result = try CLI.run(["validate", CLI.payload("validate/valid.json")], in: URL(fileURLWithPath: "/"))
        #expect(result.status == 0)
    }

    @Test(arguments: [
        ("invalid UTF-8", Data([0x7B, 0x22, 0x61, 0xFF, 0x22, 0x3A, 0x31, 0x7D]), "1:4:", "invalid UTF-8"),
        ("byte-order mark", Data([0xEF, 0xBB, 0xBF]) + Data("{}".utf8), "1:1:", "byte-order mark"),
        ("duplicate key", Data("{\"active\": null,\n \"tabs\": [], \"active\": \"x\"}".utf8), "2:14:", "duplicate object key \"active\""),
        ("lone surrogate", Data(#"{"active": "\udead", "tabs": []}"#.utf8), "1:13:", "lone surrogate"),
        ("deep nesting", Data(String(repeating: "[", count: 100_000).utf8), "1:513:", "nesting deeper than 512"),
        ("empty file", Data(), "1:1:", "unexpected end of input"),
        ("truncated", Data(#"{"active": null, "tabs": ["#.utf8), "1:27:", "unexpected end of input"),
    ])
    func hostileInputIsAFindingNotACrash(_ name: String, _ bytes: Data, _ position: String, _ message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("payload.json")
        try bytes.write(to: file)
        let result = try CLI.run(["validate", file.path])
        #expect(result.status == 1, "\(name)")
        #expect(result.stdout.contains("payload.json:\(position) error[TG001]"), "\(name): \(result.stdout)")
        #expect(result.stdout.contains(message), "\(name): \(result.stdout)")
    }

    @Test func oversizedPayloadIsRefusedWithoutReadingIt() throws {
        let directory = try CLI.directory(holding: ["big.json": String(repeating: " ", count: 2_000)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.json")
        let result = try CLI.run(["validate", "--max-bytes", "1000", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("big.json:1:1: error[TG002] (root): payload is larger than the limit of 1000 bytes"))
    }

    /// Valid lines are only counted, and the lines with findings are kept per worker:
    /// across batches and workers the findings still come in line order, the counts
    /// are the same for any --jobs, and blank lines are no payloads.
    @Test func jsonLinesFindingsStayInLineOrderForAnyJobs() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("many.jsonl")
        let valid = #"{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a"},{"id":"b","title":"B","icon":"i","path":"/b"}]}"#
        let invalid = #"{"active":"z","tabs":[{"id":"a","title":"A","icon":"i","path":"/a"},{"id":"b","title":"B","icon":"i","path":"/b"}]}"#
        var text = ""
        var expectedLines: [Int] = []
        var payloads = 0
        // 10,000 lines: three batches (4,096 lines each) and several workers per batch.
        for number in 1...10_000 {
            if number % 97 == 0 {
                text += "  \n"
                continue
            }
            payloads += 1
            if number % 7 == 0 || number == 4_096 || number == 4_097 {
                text += invalid + "\n"
                expectedLines.append(number)
            } else {
                text += valid + "\n"
            }
        }
        try Data(text.utf8).write(to: file)
        var outputs: [String] = []
        for jobs in ["1", "2", "3"] {
            let result = try CLI.run(["validate", "--jsonl", "--jobs", jobs, file.path])
            #expect(result.status == 1)
            let numbers = result.stdoutLines.compactMap { line -> Int? in
                guard line.contains("error[TG102]") else { return nil }
                return Int(line.split(separator: ":")[1])
            }
            #expect(numbers == expectedLines, "--jobs \(jobs)")
            #expect(result.stderr.contains("checked \(payloads) payloads: \(payloads - expectedLines.count) valid, \(expectedLines.count) invalid"),
                    "\(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(outputs.allSatisfy { $0 == outputs[0] })
    }

    @Test func overlongJSONLineIsSkippedAndCountingGoesOn() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("long.jsonl")
        var data = Data("{\"active\":null,\"tabs\":[]}\n".utf8)
        data.append(Data("[\"".utf8) + Data(repeating: 0x61, count: 5_000_000) + Data("\"]\n".utf8))
        data.append(Data("{\"active\":null}\n".utf8))
        try data.write(to: file)
        let result = try CLI.run(["validate", "--jsonl", "--max-bytes", "4096", file.path])
        #expect(result.status == 1)
        #expect(result.stdoutLines.count == 2)
        #expect(result.stdout.contains("long.jsonl:2:1: error[TG002]"))
        #expect(result.stdout.contains("long.jsonl:3:1: error[TG012]"))
    }
}
