import Foundation
import Testing
import TestSupport

/// `validate --jsonl --payload POINTER` (a payload inside each line's envelope), `--carry`,
/// `--records lines`, `--exit-status failures` and `--summary json`: the options for a
/// fleet's logs (issue 28).
struct ValidateEnvelopeTests {
    /// Payload lines as raw bytes, hostile ones included: each keeps its findings inside an
    /// envelope, since the payload is read from the line's own bytes.
    static let payloads: [[UInt8]] = [
        Array(#"{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a"},{"id":"b","title":"B","icon":"i","path":"/b"}]}"#.utf8),
        Array(#"{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a"},{"id":"b","title":"B","icon":"i","path":"https://x.example/b"}]}"#.utf8),
        // A duplicate key: TG001, which a re-serialising extractor would turn into TG102.
        Array(#"{"active":"a","active":"b","tabs":[{"id":"a","title":"A","icon":"i","path":"/a"},{"id":"b","title":"B","icon":"i","path":"/b"}]}"#.utf8),
        // A bare CR and a raw control character inside strings.
        Array("{\"active\":\"a\",\"tabs\":[{\"id\":\"a\",\"title\":\"A\r\",\"icon\":\"i\",\"path\":\"/a\"},{\"id\":\"b\",\"title\":\"B\u{1}\",\"icon\":\"i\",\"path\":\"/b\"}]}".utf8),
        // Invalid UTF-8 in a title, and a lone surrogate escape.
        Array(#"{"active":"a","tabs":[{"id":"a","title":"A"#.utf8) + [0xFF, 0xFE] + Array(#"","icon":"i","path":"/a"}]}"#.utf8),
        Array(#"{"active":"a","tabs":[{"id":"a","title":"\ud800","icon":"i","path":"/a"},{"id":"b","title":"B","icon":"i","path":"/b"}]}"#.utf8),
        // Not an object: the schema's TG010, as for a bare line.
        Array(#""just a string""#.utf8),
        Array(#"[1,2]"#.utf8),
        // Brackets that do not close: TG001 where they fail.
        Array(#"{"active":"a","tabs":[}"#.utf8),
        Array(#"{"active":null,"tabs":[]}"#.utf8),
    ]

    /// `{"app":"1.N","platform":...,"payload":PAYLOAD,"at":...}` around each payload, with
    /// a bare CR and invalid UTF-8 in other members of some envelopes.
    static func envelope(_ payload: [UInt8], index: Int) -> [UInt8] {
        var line = Array(#"{"app":"1.\#(index)","platform":"#.utf8)
        line += index % 3 == 0 ? Array("\"ios\r\"".utf8) : index % 3 == 1 ? [0x22, 0x61, 0xC3, 0x28, 0x22] : Array(#""android""#.utf8)
        line += Array(#", "payload" : "#.utf8) + payload + Array(#","at":{"day":"2026-11-29","n":[1,{"x":"]}"}]}}"#.utf8)
        return line
    }

    static func write(_ lines: [[UInt8]], to url: URL) throws {
        try Data(lines.map { $0 + [0x0A] }.joined()).write(to: url)
    }

    /// The findings as JSON objects without `file`, for comparing two runs.
    static func records(_ output: String) throws -> [[String: String]] {
        try output.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            var fields: [String: String] = [:]
            for (key, value) in object where key != "file" && key != "carry" { fields[key] = "\(value)" }
            return fields
        }
    }

    @Test func payloadsInEnvelopesHaveTheFindingsOfBareLines() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bare = directory.appendingPathComponent("bare.jsonl")
        let wrapped = directory.appendingPathComponent("wrapped.jsonl")
        try Self.write(Self.payloads, to: bare)
        try Self.write(Self.payloads.enumerated().map { Self.envelope($1, index: $0) }, to: wrapped)
        let expected = try CLI.run(["validate", "--jsonl", "--format", "json", "--jobs", "1", bare.path])
        #expect(expected.status == 1)
        // Every hostile payload has its finding (the first and last are valid).
        #expect(Set(try Self.records(expected.stdout).compactMap { $0["line"] }).count == Self.payloads.count - 2, "\(expected.stdout)")
        for jobs in ["1", "2"] {
            let result = try CLI.run(["validate", "--jsonl", "--payload", "/payload", "--format", "json", "--jobs", jobs, wrapped.path])
            #expect(result.status == 1)
            #expect(try Self.records(result.stdout) == Self.records(expected.stdout), "\(result.stdout)")
        }
        let text = try CLI.run(["validate", "--jsonl", "--payload", "/payload", "-q", wrapped.path])
        let bareText = try CLI.run(["validate", "--jsonl", "-q", bare.path])
        #expect(text.stdout.replacingOccurrences(of: wrapped.path, with: "F") == bareText.stdout.replacingOccurrences(of: bare.path, with: "F"))
    }

    @Test func carriedMembersAreInEveryRecordAsJSON() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("log.jsonl")
        try Self.write(Self.payloads.enumerated().map { Self.envelope($1, index: $0) }, to: file)
        let result = try CLI.run(["validate", "--jsonl", "--payload", "/payload", "--carry", "/app,/platform", "--carry", "/at/day,/at/n/1,/none",
                                  "--format", "json", file.path])
        #expect(result.status == 1)
        let lines = result.stdoutLines
        #expect(lines.count >= 8)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let carry = try #require(object["carry"] as? [String: Any])
            let index = try #require(object["line"] as? Int) - 1
            #expect(carry["/app"] as? String == "1.\(index)")
            // A string holding a bare CR or invalid UTF-8 is not JSON by itself: null, as a
            // missing member is.
            if index % 3 == 2 {
                #expect(carry["/platform"] as? String == "android")
            } else {
                #expect(carry["/platform"] is NSNull)
            }
            if Self.payloads[index] != Array(#"{"active":"a","tabs":[}"#.utf8) {
                #expect(carry["/at/day"] as? String == "2026-11-29")
                #expect((carry["/at/n/1"] as? [String: Any])?["x"] as? String == "]}")
            } else {
                // The envelope is read up to where its payload breaks: what follows is not carried.
                #expect(carry["/at/day"] is NSNull)
            }
            #expect(carry["/none"] is NSNull)
            #expect(Array(carry.keys).count == 5)
        }
    }

    @Test func envelopesThatCannotBeReadAreTG006() throws {
        let lines = [
            #"not json"#,
            #"{"app":"1"}"#,
            #"{"payload":{"active":null,"tabs":[]},"payload":{"active":null,"tabs":[]}}"#,
            #"{"payload":{"active":null,"tabs":[]}} trailing"#,
            #"{"payload":{"active":null,"tabs":[]},"app":tru}"#,
            #"{"payload":{"active":null,"tabs":[]},"app":"1""#,
            #"{"payload":7}"#,
            #"{"app":[1}],"payload":{"active":null,"tabs":[]}}"#,
            #"["payload"]"#,
            #"{"payload":{"active":null,"tabs":[]},"at":"#,
        ]
        let result = try CLI.run(["validate", "--jsonl", "--payload", "/payload", "--format", "json", "-"], stdin: Data(lines.joined(separator: "\n").utf8))
        #expect(result.status == 1)
        let records = try Self.records(result.stdout)
        #expect(records.map { $0["line"] } == (1...lines.count).map { "\($0)" }, "\(result.stdout)")
        let codes = records.map { $0["code"] ?? "" }
        // Line 7's payload is the number 7: the schema's TG014, not an envelope problem.
        #expect(codes == ["TG006", "TG006", "TG006", "TG006", "TG006", "TG006", "TG014", "TG006", "TG006", "TG006"], "\(result.stdout)")
        #expect(records[1]["message"] == "the envelope has no member at /payload (--payload)")
        #expect(records[2]["message"] == "the envelope has two members at /payload (--payload); the first is at byte 12 of the line")
        #expect(records[2]["column"] == "48")
        #expect(records[7]["message"]?.contains("closes no open bracket") == true)
        // A pointer through a scalar names nothing.
        let deep = try CLI.run(["validate", "--jsonl", "--payload", "/payload/x", "-q", "-"], stdin: Data(#"{"payload":"x"}"#.utf8))
        #expect(deep.status == 1)
        #expect(deep.stdout == "<stdin>:1:1: error[TG006] (root): the envelope has no member at /payload/x (--payload)\n")
    }

    /// A member carried from inside the payload, whose key the payload has twice: the
    /// payload's own TG001, as for the bare line (the first value carried).
    @Test func aDuplicateKeyInsideThePayloadStaysTG001() throws {
        let payload = #"{"active":"a","active":"b","tabs":[]}"#
        let bare = try CLI.run(["validate", "--jsonl", "--format", "json", "-"], stdin: Data(payload.utf8))
        let wrapped = try CLI.run(["validate", "--jsonl", "--payload", "/payload", "--carry", "/payload/active", "--format", "json", "-"],
                                  stdin: Data((#"{"payload":"# + payload + "}").utf8))
        #expect(wrapped.status == 1)
        #expect(try Self.records(wrapped.stdout) == Self.records(bare.stdout))
        #expect(try Self.records(bare.stdout).first?["code"] == "TG001")
        #expect(wrapped.stdout.contains(#""carry":{"/payload/active":"a"}"#), "\(wrapped.stdout)")
    }

    /// The payload as the envelope's last member (the usual log line, read by a loop of its
    /// own over the root's members): members before it carried from inside them, written
    /// as they are or rewritten, a key escaped, a member named twice.
    @Test func membersBeforeALastPayloadAreCarriedAsTheGeneralReadCarriesThem() throws {
        let payload = #"{"active":null,"tabs":[]}"#
        let lines = [
            #"{"meta":{"app":"2.1","n":[1,{"x":"]}"}]},"platform":"ios","payload":"# + payload + "}",
            #"{ "pl\u0061tform" : "a\"b\u0041" , "meta" : {"app":true}, "payload" : "# + payload + " } ",
            #"{"platform":"ios","platform":"android","payload":"# + payload + "}",
            #"{"platform":"ios","meta":{"app":1,"app":2},"payload":"# + payload + "}",
            #"{"platform":[1,{"a":"}"}],"meta":null,"payload":"# + payload + "}",
        ]
        let result = try CLI.run(["validate", "--jsonl", "--payload", "/payload", "--carry", "/meta/app,/meta/n/1,/platform",
                                  "--format", "json", "--records", "lines", "-"], stdin: Data(lines.joined(separator: "\n").utf8))
        #expect(result.status == 1)
        let carried = result.stdoutLines.map { line in
            line.range(of: #""carry":"#).map { String(line[$0.upperBound...].dropLast()) } ?? line
        }
        #expect(carried == [
            #"{"/meta/app":"2.1","/meta/n/1":{"x":"]}"},"/platform":"ios"}"#,
            #"{"/meta/app":true,"/meta/n/1":null,"/platform":"a\"bA"}"#,
            // Read up to the second member: the first one carried.
            #"{"/meta/app":null,"/meta/n/1":null,"/platform":"ios"}"#,
            #"{"/meta/app":1,"/meta/n/1":null,"/platform":"ios"}"#,
            #"{"/meta/app":null,"/meta/n/1":null,"/platform":[1,{"a":"}"}]}"#,
        ], "\(result.stdout)")
        let statuses = try result.stdoutLines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["status"] as? String }
        #expect(statuses == ["valid", "valid", "invalid", "invalid", "valid"], "\(result.stdout)")
        #expect(result.stdout.contains("the envelope has two members at /platform (--carry); the first is at byte 13 of the line"), "\(result.stdout)")
        #expect(result.stdout.contains("the envelope has two members at /meta/app (--carry); the first is at byte 33 of the line"), "\(result.stdout)")
    }

    @Test func linesUpToTheLimitAreReadAndLongerOnesAreTG002() throws {
        let payload = #"{"active":null,"tabs":[]}"#
        let head = #"{"pad":""#
        let tail = #"","payload":"# + payload + "}"
        let limit = 1 << 20
        let atLimit = head + String(repeating: "x", count: limit - head.utf8.count - tail.utf8.count) + tail
        let over = head + String(repeating: "x", count: limit + 1 - head.utf8.count - tail.utf8.count) + tail
        #expect(atLimit.utf8.count == limit)
        let input = [atLimit, over, atLimit, #"{"payload":{"tabs":1}}"#].joined(separator: "\n")
        let result = try CLI.run(["validate", "--jsonl", "--payload", "/payload", "--max-bytes", "\(limit)", "--format", "json",
                                  "--records", "lines", "--carry", "/pad", "-"], stdin: Data(input.utf8))
        #expect(result.status == 1)
        let objects = try result.stdoutLines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["status"] as? String } == ["valid", "invalid", "valid", "invalid"])
        let findings = objects[1]["findings"] as? [[String: Any]]
        #expect(findings?.first?["code"] as? String == "TG002")
        #expect(((objects[1]["carry"] as? [String: Any])?["/pad"]) is NSNull)
        #expect(((objects[0]["carry"] as? [String: Any])?["/pad"] as? String)?.count == limit - head.utf8.count - tail.utf8.count)
    }

    @Test func recordsLinesAnswersEveryLineInOrder() throws {
        let valid = #"{"app":"1","payload":{"active":null,"tabs":[]}}"#
        let invalid = #"{"app":"2","payload":{"active":"x","tabs":[]}}"#
        let broken = #"{"app":"3","payload":{"active":null}}"#
        var lines: [String] = []
        for index in 0..<600 { lines.append([valid, invalid, "", broken][index % 4]) }
        for jobs in ["1", "2"] {
            let result = try CLI.run(["validate", "--jsonl", "--payload", "/payload", "--carry", "/app", "--format", "json", "--records", "lines",
                                      "--jobs", jobs, "-q", "-"], stdin: Data(lines.joined(separator: "\n").utf8))
            #expect(result.status == 1)
            let objects = try result.stdoutLines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            // Blank lines are not payloads: no record.
            #expect(objects.count == 450)
            #expect(objects.map { $0["line"] as? Int } == lines.indices.filter { $0 % 4 != 2 }.map { $0 + 1 })
            for object in objects {
                let line = try #require(object["line"] as? Int)
                let findings = try #require(object["findings"] as? [[String: Any]])
                switch (line - 1) % 4 {
                case 0:
                    #expect(object["status"] as? String == "valid" && findings.isEmpty && object["errors"] as? Int == 0)
                case 1:
                    #expect(object["status"] as? String == "valid")
                    #expect(object["warnings"] as? Int == 1 && findings.first?["code"] as? String == "TG106")
                default:
                    #expect(object["status"] as? String == "invalid" && object["errors"] as? Int == 1 && findings.first?["code"] as? String == "TG012")
                }
                #expect((object["carry"] as? [String: Any])?["/app"] as? String == ["1", "2", "", "3"][(line - 1) % 4])
            }
        }
    }

    @Test func exitStatusFailuresExitsZeroOnFindingsOnly() throws {
        let invalid = Data(#"{"payload":{"active":"x","tabs":[1]}}"#.utf8)
        let findings = try CLI.run(["validate", "--jsonl", "--payload", "/payload", "--exit-status", "failures", "-"], stdin: invalid)
        #expect(findings.status == 0)
        #expect(findings.stdout.contains("<stdin>:1:"))
        let missing = try CLI.run(["validate", "--jsonl", "--exit-status", "failures", "/nonexistent/log.jsonl"])
        #expect(missing.status == 2)
        let usage = try CLI.run(["validate", "--jsonl", "--exit-status", "failures", "--payload", "payload", "-"], stdin: invalid)
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--payload payload: not a JSON pointer"))
        let schema = try CLI.run(["validate", "--jsonl", "--exit-status", "failures", "--schema", "/nonexistent/schema.json", "-"], stdin: invalid)
        #expect(schema.status == 2)
        let plain = try CLI.run(["validate", "--jsonl", "--payload", "/payload", "-"], stdin: invalid)
        #expect(plain.status == 1)
    }

    @Test func summaryJSONCountsTheRun() throws {
        let input = Data([#"{"payload":{"active":null,"tabs":[]}}"#, #"{"payload":{"active":"x","tabs":[]}}"#, "{", ""].joined(separator: "\n").utf8)
        let result = try CLI.run(["validate", "--jsonl", "--payload", "/payload", "--summary", "json", "--exit-status", "failures", "-"], stdin: input)
        #expect(result.status == 0)
        let last = try #require(result.stderr.split(separator: "\n").last)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(summary["checked"] as? Int == 3)
        #expect(summary["valid"] as? Int == 2)
        #expect(summary["invalid"] as? Int == 1)
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["warnings"] as? Int == 1)
        #expect(summary["unreadable"] as? Int == 0)
        #expect(summary["exitCode"] as? Int == 0)
        #expect(summary["unit"] as? String == "payload")
    }

    @Test func optionsThatDoNotApplyAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--payload", "/p", "x.json"], "--payload applies to --jsonl"),
            (["--jsonl", "--payload", "", "-"], "the whole line is the payload without --payload"),
            (["--jsonl", "--payload", "/p", "--carry", "/a", "-"], "--carry applies to --format json"),
            (["--jsonl", "--carry", "/a", "--format", "json", "-"], "--carry applies to --payload"),
            (["--jsonl", "--payload", "/p", "--carry", "/a,/a", "--format", "json", "-"], "--carry names a pointer twice"),
            (["--jsonl", "--payload", "/p", "--carry", "a", "--format", "json", "-"], "--carry a: not a JSON pointer"),
            (["--jsonl", "--records", "lines", "-"], "--records lines applies to --format json"),
            (["--records", "lines", "--format", "json", "x.json"], "--records lines applies to --jsonl"),
            (["--jsonl", "--payload", "/p", "--carry", (1...64).map { "/m\($0)" }.joined(separator: ","), "--format", "json", "-"],
             "--carry names 64 pointers: at most 63 (the limit on carried members)"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(["validate"] + arguments, stdin: Data())
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    /// A long-lived process fed a pipe answers each line before the next arrives
    /// (output used to wait for 64 KB or the end of the input).
    @Test func aStreamIsAnsweredLineByLine() throws {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["validate", "--jsonl", "--payload", "/payload", "--format", "json", "--records", "lines", "-q", "-"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Ends the process should a record not come, so a failure cannot hang the run.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        defer { watchdog.cancel() }
        var received: [String] = []
        for app in 1...3 {
            input.fileHandleForWriting.write(Data(#"{"app":"\#(app)","payload":{"active":null,"tabs":[]}}"#.utf8 + [0x0A]))
            var line: [UInt8] = []
            while line.last != 0x0A {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty { break }
                line += byte
            }
            received.append(String(decoding: line, as: UTF8.self))
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(received.map { $0.hasPrefix(#"{"file":"<stdin>","line":"#) && $0.contains(#""status":"valid""#) } == [true, true, true], "\(received)")
        #expect(process.terminationStatus == 0)
    }
}
