import Foundation
import Testing
import TestSupport

/// Input built to crash or exhaust tabgen (issue 23): each must end with exit status 2
/// and a message that says what was refused, never a signal. The real binary runs with
/// the limits any user's machine has.
struct HostileInputCommandTests {
    /// Exit status 2 and `message` on stderr (a crash shows as the signal's number: 4, 5, 6, 11).
    func expectRefused(_ result: CLIResult, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "stderr: \(result.stderr.prefix(500))", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr.prefix(500))", sourceLocation: sourceLocation)
    }

    // MARK: item 9: HTTP framing with a sign

    @Test func signedChunkSizeOrContentLengthIsRefused() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        for chunk in ["-1", "%2B5", "-0"] {
            let url = server.url("/framing?chunk=\(chunk)")
            expectRefused(try CLI.run(["validate", "--url", url]), "cannot fetch \(url): a chunk size is not a hexadecimal number")
            // --path-config reads its URL with the same reader.
            let config = try CLI.run(["validate", "--path-config", url])
            #expect(config.status == 2)
            #expect(config.stderr.contains("a chunk size is not a hexadecimal number"), "\(config.stderr)")
        }
        let url = server.url("/framing?length=%2B5")
        expectRefused(try CLI.run(["validate", "--url", url]), "cannot fetch \(url): the Content-Length +5 is not a number")
        // The same page framed properly is read.
        let length = try Data(contentsOf: URL(fileURLWithPath: CLI.payload("html/valid.html"))).count
        let valid = server.url("/framing?length=\(length)")
        #expect(try CLI.run(["validate", "--url", valid]).status == 0)
    }

    // MARK: item 12: a huge --max-bytes

    @Test func hugeMaxBytesIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("one.jsonl")
        try Data("{}\n".utf8).write(to: file)
        // 100 GB was allocated at once (an abort); Int.max + 2 overflowed (a trap).
        for value in ["100000000000", "9223372036854775807", "1073741825"] {
            expectRefused(try CLI.run(["validate", "--jsonl", "--max-bytes", value, file.path]),
                          "--max-bytes must be at most 1073741824 (1 GiB, the cap on one payload or page held in memory)")
        }
        try Data("version: 1\nvalidate:\n  max-bytes: 100000000000\n".utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        expectRefused(try CLI.run(["validate", "--jsonl", "one.jsonl"], in: directory),
                      "tabgen.yml:3:14: validate.max-bytes must be at most 1073741824")
        // The cap itself is taken, and costs nothing until a line needs it.
        let capped = try CLI.run(["validate", "-q", "--jsonl", "--max-bytes", "1073741824", file.path])
        #expect(capped.status == 1, "\(capped.stderr)")
        #expect(capped.stdout.contains("one.jsonl:1:1: error[TG012]"), "\(capped.stdout)")
    }

    /// The JSON Lines block starts at 4 MiB and grows for a longer line, up to the limit.
    @Test func longLinesGrowTheBlockUpToTheLimit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("long.jsonl")
        let title = String(repeating: "x", count: 9 << 20)
        let long = #"{"active": "a", "tabs": [{"id": "a", "title": "\#(title)", "icon": "i", "path": "/a"}, {"id": "b", "title": "B", "icon": "i", "path": "/b"}]}"#
        try Data((long + "\nnot json\n" + long + "\n").utf8).write(to: file)
        let read = try CLI.run(["validate", "-q", "--jsonl", "--max-bytes", "\(10 << 20)", file.path])
        #expect(read.status == 1)
        #expect(read.stdoutLines.count == 1, "\(read.stdout.prefix(1000))")
        #expect(read.stdout.hasPrefix("\(file.path):2:2: error[TG001]"), "\(read.stdout.prefix(1000))")
        let over = try CLI.run(["validate", "-q", "--jsonl", "--max-bytes", "\(6 << 20)", file.path])
        #expect(over.stdoutLines.count == 3, "\(over.stdout.prefix(1000))")
        #expect(over.stdoutLines.first?.hasPrefix("\(file.path):1:1: error[TG002]") == true)
        #expect(over.stdoutLines.last?.hasPrefix("\(file.path):3:1: error[TG002]") == true)
    }

    // MARK: items 10 and 11: tabgen.yml built to exhaust the YAML reader

    /// A 500-byte "billion laughs": nine levels of ten aliases each.
    static let laughs: String = {
        var text = "version: 1\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        return text
    }()

    static let aliasMessage = "YAML aliases (*name) are not allowed: write the value out"
    static let depthMessage = "nested more than 64 levels deep (the limit on nesting in a config file)"

    @Test func configAliasesAreRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.laughs.utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        try Data(#"{"active": "a", "tabs": []}"#.utf8).write(to: directory.appendingPathComponent("p.json"))
        expectRefused(try CLI.run(["validate", "p.json"], in: directory), "tabgen.yml:3:10: \(Self.aliasMessage)")
        // One alias is enough, wherever it is; in a quoted string or a comment it is text.
        let config = "version: 1\nvalidate: &v\n  strict: true\n# *v in a comment\nschema: \"*v.json\"\nbreaking: *v\n"
        try Data(config.utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        expectRefused(try CLI.run(["validate", "p.json"], in: directory), "tabgen.yml:6:11: \(Self.aliasMessage)")
    }

    @Test func deeplyNestedConfigIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"active": "a", "tabs": []}"#.utf8).write(to: directory.appendingPathComponent("p.json"))
        // 200,000 levels in 400 KB, under the 1 MiB cap on the file: the composer recursed
        // once per level and overflowed the stack.
        let flow = "version: 1\nx: " + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000) + "\n"
        try Data(flow.utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        expectRefused(try CLI.run(["validate", "p.json"], in: directory), "tabgen.yml:2:67: \(Self.depthMessage)")
        // Block sequences nest two bytes a level.
        let block = "version: 1\nx:\n" + String(repeating: "- ", count: 100_000) + "a\n"
        try Data(block.utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        let refused = try CLI.run(["validate", "p.json"], in: directory)
        expectRefused(refused, Self.depthMessage)
        // 64 levels are read (and x: is then an unknown key).
        let deep = "version: 1\nx: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "\n"
        try Data(deep.utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        expectRefused(try CLI.run(["validate", "p.json"], in: directory), "tabgen.yml:2:1: unknown key x at the top level")
    }

    /// The SwiftPM plugin's runner reads tabgen.yml itself, with the same checks.
    @Test func pluginRunnerRefusesAliasesAndDepth() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("tabgen.yml")
        let output = directory.appendingPathComponent("Out.swift")
        let arguments = ["--tabgen", CLI.binary.path, "--output", output.path, "--config", config.path]
        try Data(Self.laughs.utf8).write(to: config)
        expectRefused(try CLI.run(arguments, program: "tabgen-plugin-runner"), "error: tabgen plugin: \(config.path):3:10: \(Self.aliasMessage)")
        let flow = "version: 1\nx: " + String(repeating: "{a: ", count: 100_000) + String(repeating: "}", count: 100_000) + "\n"
        try Data(flow.utf8).write(to: config)
        expectRefused(try CLI.run(arguments, program: "tabgen-plugin-runner"), Self.depthMessage)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// The runner reads no more of a config than tabgen does (1 MiB): it used to read any
    /// size whole. tabgen refuses the same file with the same limit.
    @Test func pluginRunnerRefusesAConfigOverTabgensLimit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("tabgen.yml")
        let output = directory.appendingPathComponent("Out.swift")
        let text = "version: 1\n#" + String(repeating: "x", count: (1 << 20) - 12) + "\n"
        #expect(text.utf8.count == (1 << 20) + 1)
        try Data(text.utf8).write(to: config)
        let arguments = ["--tabgen", CLI.binary.path, "--output", output.path, "--config", config.path]
        expectRefused(try CLI.run(arguments, program: "tabgen-plugin-runner"), "\(config.path) is larger than 1048576 bytes")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        expectRefused(try CLI.run(["validate", "--config", config.path, "-"], stdin: Data("{}".utf8)), "is larger than 1048576 bytes")
        // One byte less is read (and is a valid, empty config for the runner's purposes).
        try Data(text.utf8.dropLast(2) + Array("\n".utf8)).write(to: config)
        #expect(!(try CLI.run(arguments, program: "tabgen-plugin-runner")).stderr.contains("larger than"))
    }

    // MARK: item 13: a template that includes itself

    @Test func recursivePartialIsRefusedWithItsCycle() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let templates = directory.appendingPathComponent("templates/swift")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("x {{> struct}}".utf8).write(to: templates.appendingPathComponent("struct.mustache"))
        let out = directory.appendingPathComponent("out")
        let result = try CLI.run(["emit", "--lang", "swift", "--templates", directory.appendingPathComponent("templates").path, "--out", out.path])
        expectRefused(result, "template swift/struct.mustache includes itself through its partials: struct -> struct")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
    }

    // MARK: item 16: the plugin runner's temporary folder

    /// Runs the runner with TMPDIR in a folder of the test, after `plant` (a shell command)
    /// made `$TMPDIR/tabgen-plugin-$$`: the shell then becomes the runner (exec keeps the
    /// process id), so the runner's old folder name is taken beforehand. Returns what it wrote.
    func runRunner(afterPlanting plant: String, environment: [String: String] = [:]) throws -> (CLIResult, String) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let temporary = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let output = directory.appendingPathComponent("Out.swift")
        let runner = CLI.binary.deletingLastPathComponent().appendingPathComponent("tabgen-plugin-runner").path
        let script = "set -e; planted=\"$TMPDIR/tabgen-plugin-$$\"; \(plant); exec \"$0\" \"$@\""
        let result = try CLI.run(["-c", script, runner, "--tabgen", CLI.binary.path, "--output", output.path, "--schema", ConfigCommandTests.builtInSchema],
                                 environment: environment.merging(["TMPDIR": temporary.path]) { $1 }, program: "/bin/sh")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(left.count == 1 && left.first?.hasPrefix("tabgen-plugin-") == true, "the runner leaves only the planted folder: \(left)")
        return (result, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    @Test func pluginRunnerIgnoresAPlantedFolder() throws {
        let (result, output) = try runRunner(afterPlanting: #"mkdir "$planted"; echo 'let planted = "PLANTED"' > "$planted/Planted.swift""#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(output.contains("struct MessageData"), "the types are generated")
        #expect(!output.contains("PLANTED"), "a planted file is not compiled into the app")
    }

    @Test func pluginRunnerDoesNotFollowAPlantedLink() throws {
        let victim = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: victim) }
        let (result, output) = try runRunner(afterPlanting: #"ln -s "$VICTIM" "$planted""#, environment: ["VICTIM": victim.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(output.contains("struct MessageData"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path).isEmpty, "nothing is written through the link")
    }
}
