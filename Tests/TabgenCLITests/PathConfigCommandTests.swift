import Foundation
import Testing
import TestSupport

/// `tabgen validate --path-config` and `tabgen paths` on path configurations written
/// after the reference documentation's examples and the two demo apps'
/// (Payloads/path-configuration/; the expectations were worked out from the libraries'
/// code, docs/path-configuration.md).
struct PathConfigCommandTests {
    static func file(_ name: String) -> String { CLI.payload("path-configuration/\(name)") }
    /// The fixtures' directory with a trailing slash, to strip from output.
    static let directory = URL(fileURLWithPath: file("ios_v1.json")).deletingLastPathComponent().path + "/"

    // MARK: validate --path-config

    /// The verdict and the findings (file:line:column code pointer) of each example.
    @Test(arguments: [
        // The documentation's settings example: a comma is missing after "settings"; neither app loads it.
        ("doc-settings.json", [String](), Int32(1), ["doc-settings.json:1:1: error[PC206] (root):", "doc-settings.json:6:3: error[TG001] (root):"]),
        // The documentation's rules example: "patterns" is a string, which both apps refuse.
        ("doc-rules.json", [], 1, ["doc-rules.json:1:1: error[PC206] (root):", "doc-rules.json:5:19: error[TG014] /rules/0/patterns:"]),
        ("doc-override.json", [], 0, []),
        // The overview's example: a comma after the last rule, which Gson reads as a null
        // rule (located at the nearest place tabgen's strict reading has: /rules).
        ("doc-overview.json", [], 1, ["doc-overview.json:5:12: error[PC204] /rules/1:", "doc-overview.json:9:6: error[TG001] (root):"]),
        ("doc-android.json", [], 0, []),
        ("doc-empty.json", [], 0, []),
        ("ios_v1.json", [], 0, []),
        ("ios_v1.json", ["--platform", "both"], 0, ["ios_v1.json:11:41: warning[PC006] /rules/1/properties/view_controller:"]),
        ("android_v1.json", [], 0, []),
        ("android_v1.json", ["--platform", "both"], 0, ["android_v1.json:23:29: warning[PC006] /rules/3/properties/uri:",
                                                       "android_v1.json:31:49: warning[PC006] /rules/5/properties/uri:"]),
        ("android_v1.json", ["--platform", "ios"], 0, []),
        ("shared.json", [], 1, [
            "shared.json:9:20: warning[PC004] /rules/1/patterns/0:",
            "shared.json:10:38: warning[PC007] /rules/1/properties/presentation:",
            "shared.json:10:73: error[TG010] /rules/1/properties/pull_to_refresh_enabled:",
            "shared.json:13:20: error[PC001] /rules/2/patterns/0:",
            "shared.json:13:35: error[PC001] /rules/2/patterns/1:",
            "shared.json:21:20: warning[PC003] /rules/4/patterns/0:",
            "shared.json:21:44: warning[PC002] /rules/4/patterns/1:",
            "shared.json:24:5: warning[PC005] /rules/5:",
            "shared.json:33:19: warning[PC101] /rules/7/patterns:",
        ]),
    ] as [(String, [String], Int32, [String])])
    func validateVerdicts(_ name: String, _ options: [String], _ status: Int32, _ findings: [String]) throws {
        let result = try CLI.run(["validate", "--path-config", Self.file(name)] + options)
        #expect(result.status == status, "\(result.stderr)")
        let heads = result.stdoutLines.map { line in
            // Up to the pointer: file:line:column: severity[code] pointer:
            let parts = line.replacingOccurrences(of: Self.directory, with: "").split(separator: " ", maxSplits: 3)
            return parts.prefix(3).joined(separator: " ")
        }
        #expect(heads == findings)
        #expect(result.stderr.contains("path-configuration.json (built in)"))
    }

    @Test func androidOnlyFilesAreNotFaultedForIOSAndTheReverse() throws {
        // shared.json served to Android alone: push and the case of patterns are no finding.
        let android = try CLI.run(["validate", "-q", "--platform", "android", "--path-config", Self.file("shared.json")])
        #expect(!android.stdout.contains("PC007") && !android.stdout.contains("PC004"))
        #expect(android.stdout.contains("PC002"))
        let ios = try CLI.run(["validate", "-q", "--platform", "ios", "--path-config", Self.file("shared.json")])
        #expect(ios.stdout.contains("PC007"))
        #expect(!ios.stdout.contains("PC002") && !ios.stdout.contains("PC003"))
    }

    @Test func jsonAndGitHubFormats() throws {
        let json = try CLI.run(["validate", "--format", "json", "--path-config", Self.file("doc-rules.json")])
        let line = try #require(json.stdoutLines.first { $0.contains("TG014") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["code"] as? String == "TG014")
        #expect(object["pointer"] as? String == "/rules/0/patterns")
        #expect(object["line"] as? Int == 5 && object["column"] as? Int == 19)
        let github = try CLI.run(["validate", "--format", "github", "--path-config", Self.file("doc-rules.json")])
        #expect(github.stdoutLines.contains { $0.hasPrefix("::error file=\(Self.file("doc-rules.json")),line=5,col=19,title=TG014::/rules/0/patterns: ") })
    }

    @Test func standardInputAndStrict() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.file("ios_v1.json")))
        let relaxed = try CLI.run(["validate", "--path-config", "-", "--platform", "both"], stdin: data)
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.hasPrefix("<stdin>:11:41: warning[PC006]"))
        let strict = try CLI.run(["validate", "--strict", "--path-config", "-", "--platform", "both"], stdin: data)
        #expect(strict.status == 1)
    }

    @Test func usageErrors() throws {
        let mixed = try CLI.run(["validate", "--path-config", Self.file("ios_v1.json"), "payload.json"])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("--path-config cannot be combined with FILEs"))
        let platform = try CLI.run(["validate", "--platform", "ios", "payload.json"])
        #expect(platform.status == 2)
        #expect(platform.stderr.contains("--platform applies to --path-config"))
        let large = try CLI.run(["validate", "--max-bytes", "10", "--path-config", Self.file("ios_v1.json")])
        #expect(large.status == 1)
        #expect(large.stdout.hasSuffix("ios_v1.json:1:1: error[TG002] (root): path configuration is larger than the limit of 10 bytes (--max-bytes)\n"))
        let missing = try CLI.run(["validate", "--path-config", "/nonexistent/ios_v1.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read /nonexistent/ios_v1.json"))
    }

    @Test func fetchesAServedConfiguration() throws {
        let server = try StaticServer(directory: Self.file(""))
        defer { server.stop() }
        let ios = try CLI.run(["validate", "--path-config", server.url("/ios_v1.json")])
        #expect(ios.status == 0, "\(ios.stderr)")
        // Served at a name that says neither platform: checked for both.
        let shared = try CLI.run(["validate", "-q", "--path-config", server.url("/shared.json")])
        #expect(shared.status == 1)
        #expect(shared.stdoutLines.first?.hasPrefix(server.url("/shared.json") + ":9:20: warning[PC004]") == true)
        let served = try CLI.run(["paths", "--header", "X-Trace: 1", server.url("/ios_v1.json"), "/numbers"])
        #expect(served.status == 0, "\(served.stderr)")
        #expect(served.stdout.contains("\(server.url("/ios_v1.json")):11:41: warning[PC203]"))
        let absent = try CLI.run(["validate", "--path-config", server.url("/absent.json")])
        #expect(absent.status == 2)
        #expect(absent.stderr.contains("HTTP 404"))
    }

    // MARK: tabgen paths

    @Test func iosDemoResolvedOnBothPlatforms() throws {
        let result = try CLI.run(["paths", Self.file("ios_v1.json"), "/recipes/new", "/numbers", "/Recipes/NEW"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines.map { $0.replacingOccurrences(of: Self.directory, with: "") }
        // /recipes/new: rule 0 sets pull_to_refresh_enabled on both, so nothing differs.
        let newEntry = Self.entry(lines, "/recipes/new")
        #expect(!newEntry.contains { $0.contains("[PC") })
        #expect(newEntry.contains { $0.hasPrefix("  context ") && $0.contains("\"modal\" (rule 0)") })
        let numbers = Self.entry(lines, "/numbers")
        #expect(numbers.filter { $0.contains("[PC") } == [
            "  ios_v1.json:1:1: warning[PC202] (root): pull_to_refresh_enabled: iOS true (default), Android false (default)",
            "  ios_v1.json:11:41: warning[PC203] /rules/1/properties/view_controller: iOS shows the native view controller \"numbers\", Android a web view (no uri outside hotwire://fragment/web)",
        ])
        let upper = Self.entry(lines, "/Recipes/NEW")
        #expect(upper.filter { $0.contains("[PC") }.map { String($0.split(separator: " ")[1]) } == ["warning[PC201]", "warning[PC202]", "warning[PC202]"])
        #expect(upper.contains { $0.contains("rule 0 applies on Android only: Android matches patterns ignoring case") })
    }

    @Test func theDocumentationsOverrideExampleMeansTheSameOnBoth() throws {
        let result = try CLI.run(["paths", Self.file("doc-override.json"), "/", "/new", "/recipes/new?draft=1"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("[PC"), "\(result.stdout)")
        #expect(Self.entry(result.stdoutLines, "/new").contains { $0.hasPrefix("  pull_to_refresh_enabled ") && $0.contains("false (rule 1)") })
        #expect(Self.entry(result.stdoutLines, "/").contains { $0.hasPrefix("  pull_to_refresh_enabled ") && $0.contains("true (rule 0)") })
    }

    @Test func androidDemoInJSON() throws {
        let list = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: list) }
        let urls = list.appendingPathComponent("urls.txt")
        try Data("# the image viewer\nhttps://demo.example/photos/1.JPG\n\n/numbers/3\n".utf8).write(to: urls)
        let result = try CLI.run(["paths", "--format", "json", "--urls-from", urls.path, Self.file("android_v1.json")])
        #expect(result.status == 0, "\(result.stderr)")
        let entries = try result.stdoutLines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(entries.count == 2)
        let photo = entries[0]
        #expect(photo["url"] as? String == "https://demo.example/photos/1.JPG")
        let ios = try #require(photo["ios"] as? [String: Any])
        let android = try #require(photo["android"] as? [String: Any])
        // The image rule's pattern is lower case: Android matches .JPG, iOS does not.
        #expect(ios["rules"] as? [Int] == [0])
        #expect(android["rules"] as? [Int] == [0, 5])
        let uri = try #require((android["properties"] as? [String: Any])?["uri"] as? [String: Any])
        #expect(uri["value"] as? String == "hotwire://fragment/image_viewer" && uri["rule"] as? Int == 5)
        // Rule 5 on Android only; its context; its image viewer, a native screen iOS does not show.
        let codes = (photo["findings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes?.sorted() == ["PC201", "PC202", "PC203"])
        // /numbers/3: both platforms read the same rules, and the file sets every property
        // whose defaults differ: nothing differs.
        let sheet = entries[1]
        #expect((sheet["findings"] as? [Any])?.isEmpty == true)
        let sheetContext = ((sheet["ios"] as? [String: Any])?["properties"] as? [String: Any])?["context"] as? [String: Any]
        #expect(sheetContext?["value"] as? String == "modal" && sheetContext?["rule"] as? Int == 4)
    }

    @Test func androidThrowsIsAnError() throws {
        let result = try CLI.run(["paths", Self.file("shared.json"), "/settings"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error[PC204] /rules/1/properties/pull_to_refresh_enabled: Android throws reading pull_to_refresh_enabled: ClassCastException: \"false\" is not a Boolean"))
        #expect(result.stdout.contains("error[PC204] /rules/2/patterns/0: pattern \"/users/{id}\" does not compile"))
        let strict = try CLI.run(["paths", "--strict", Self.file("ios_v1.json"), "/numbers"])
        #expect(strict.status == 1)
        let explicit = try CLI.run(["paths", "resolve", Self.file("ios_v1.json"), "/recipes/new"])
        #expect(explicit.status == 0)
    }

    @Test func pathsUsageErrors() throws {
        let noURL = try CLI.run(["paths", Self.file("ios_v1.json")])
        #expect(noURL.status == 2)
        #expect(noURL.stderr.contains("give at least one URL after CONFIG"))
        let relative = try CLI.run(["paths", Self.file("ios_v1.json"), "recipes/new"])
        #expect(relative.status == 2)
        #expect(relative.stderr.contains("recipes/new: not an absolute URL or a path starting with /"))
        let malformed = try CLI.run(["paths", Self.file("doc-settings.json"), "/"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("doc-settings.json:6:3: not well-formed JSON"))
    }

    @Test func anAppsOwnPropertiesComeFromItsSchema() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The built-in schema with one more property, as an app would extend its copy.
        let builtIn = PathAccessorsCompileTests.root.appendingPathComponent("contracts/path-configuration.json")
        var text = try String(contentsOf: builtIn, encoding: .utf8)
        let anchor = #""title": {"#
        try #require(text.contains(anchor))
        text = text.replacingOccurrences(of: anchor, with: #""show_share_button": {"type": "boolean", "metadata": {"description": "Whether the share button shows."}},\#n        "# + anchor)
        let schema = directory.appendingPathComponent("path-configuration.json")
        try Data(text.utf8).write(to: schema)
        let swift = try CLI.run(["paths", "accessors", "--lang", "swift", "--schema", schema.path])
        #expect(swift.status == 0, "\(swift.stderr)")
        #expect(swift.stdout.contains(#"public var showShareButton: Bool? { values["show_share_button"] as? Bool }"#))
        let kotlin = try CLI.run(["paths", "accessors", "--lang", "kotlin", "--schema", schema.path])
        #expect(kotlin.stdout.contains("public val showShareButton: Boolean?\n        get() = values[\"show_share_button\"] as? Boolean\n"))
        let config = directory.appendingPathComponent("config.json")
        try Data(#"{"rules": [{"patterns": ["/share"], "properties": {"show_share_button": true}}]}"#.utf8).write(to: config)
        let paths = try CLI.run(["paths", "--schema", schema.path, config.path, "/share"])
        let row = paths.stdoutLines.first { $0.hasPrefix("  show_share_button ") }?.split(separator: " ").joined(separator: " ")
        #expect(row == "show_share_button true (rule 0) true (rule 0)")
        let clash = directory.appendingPathComponent("clash.json")
        try Data(#"{"definitions": {"Properties": {"optionalProperties": {"share-url": {"type": "string"}, "share_url": {"type": "string"}}}}, "properties": {"rules": {"elements": {}}}}"#.utf8).write(to: clash)
        let clashing = try CLI.run(["paths", "accessors", "--lang", "kotlin", "--schema", clash.path])
        #expect(clashing.status == 2)
        #expect(clashing.stdout.isEmpty)
        #expect(clashing.stderr.contains(#"properties "share-url" and "share_url" would both become `shareUrl`; rename it in the schema"#))
        let usage = try CLI.run(["paths", "accessors", "--lang", "swift", "--kotlin-package", "a.b"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--kotlin-package applies to --lang kotlin"))
    }

    /// The lines of one URL's entry: from its line to the next unindented one.
    static func entry(_ lines: [String], _ url: String) -> [String] {
        guard let start = lines.firstIndex(of: url) else { return [] }
        let rest = lines[(start + 1)...]
        return Array(rest.prefix { $0.hasPrefix("  ") })
    }
}

/// `python3 -m http.server` on 127.0.0.1 and a free port, serving one directory.
final class StaticServer {
    private let process = Process()
    let port: Int

    init(directory: String) throws {
        process.standardInput = FileHandle.nullDevice
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        let line = try startTestServer(process, ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory])
        guard let range = line.range(of: "port "), let port = Int(line[range.upperBound...].prefix { $0.isNumber }) else {
            kill(process.processIdentifier, SIGKILL)
            throw TestServerError(message: "http.server did not print its port (got \(line.debugDescription))")
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
