import Foundation
import Testing
import TestSupport

/// `tabgen diff` end to end: exit codes, the three formats, --allow, --lenient-clients
/// and git:REF:PATH. Fixtures are in Payloads/diff; base.json is the schema before.
struct DiffCommandTests {
    static let directory = URL(fileURLWithPath: CLI.payload("diff"))

    static func diff(_ arguments: [String], in directory: URL = directory) throws -> CLIResult {
        try CLI.run(["diff"] + arguments, in: directory)
    }

    @Test func binaryIsBuiltNextToTheTests() {
        #expect(FileManager.default.isExecutableFile(atPath: CLI.binary.path), "no tabgen at \(CLI.binary.path)")
    }

    /// Definitions d0 … d(count-1), each an object whose `next` refs the one after (or,
    /// with `aliases`, only a ref to it); the last holds a `value` of type `last`.
    static func chain(_ count: Int, last: String, aliases: Bool = false) -> Data {
        let definitions = (0..<count).map { index in
            let body = index == count - 1 ? #"{"properties": {"value": {"type": "\#(last)"}}}"#
                : aliases ? #"{"ref": "d\#(index + 1)"}"# : #"{"properties": {"next": {"ref": "d\#(index + 1)"}}}"#
            return #""d\#(index)": \#(body)"#
        }
        return Data(#"{"definitions": {\#(definitions.joined(separator: ",\n"))}, "properties": {"root": {"ref": "d0"}}}"#.utf8)
    }

    /// Issue 23, item 14: 4,000 chained definitions with the last one changed crashed
    /// the walk (SIGSEGV); item 18: a chain of refs only is refused by a documented limit.
    @Test func longChainsOfDefinitionsAreDiffedOrRefusedNotCrashed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.chain(20_000, last: "string").write(to: directory.appendingPathComponent("old.json"))
        try Self.chain(20_000, last: "int32").write(to: directory.appendingPathComponent("new.json"))
        try Self.chain(20_000, last: "int32", aliases: true).write(to: directory.appendingPathComponent("aliases.json"))
        let changed = try Self.diff(["old.json", "new.json"], in: directory)
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(changed.stdoutLines.count == 1)
        #expect(changed.stdout.contains("breaking[D012] /definitions/d19999/properties/value/type: type changed from string to int32"))
        let refused = try Self.diff(["aliases.json", "new.json"], in: directory)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("/definitions/d19966/ref: ref chain too long: \"d19966\" reaches a type through 33 definitions that are only a ref, over the ref chain limit of 32"))
    }

    /// base.json against a schema of at most one change, in text: the exit status, each
    /// line of standard output and the summary on standard error.
    struct TextCase: CustomTestStringConvertible, Sendable {
        var name: String
        var new: String
        var status: Int32
        var lines: [String]
        var summary: String
        var testDescription: String { name }
    }

    static let textCases = [
        TextCase(name: "identical schemas exit zero", new: "base.json", status: 0, lines: [],
                 summary: "tabgen diff: no changes between base.json and base.json\n"),
        TextCase(name: "an optional badge is safe", new: "optional-badge.json", status: 0, lines: [
            #"optional-badge.json:60:9: safe[D001] /definitions/TabData/optionalProperties/badge: optional property "badge" added — old clients: safe (TabData allows unknown properties, so old clients ignore it), new clients: safe (it is optional, and an old server omits it)"#,
        ], summary: "tabgen diff: 1 change: 1 safe\n"),
        TextCase(name: "a required badge breaks new clients", new: "required-badge.json", status: 1, lines: [
            #"required-badge.json:56:9: breaking[D002] /definitions/TabData/properties/badge: property "badge" added as required — old clients: safe (TabData allows unknown properties, so old clients ignore it), new clients: BREAKING (an old server does not send it)"#,
        ], summary: "tabgen diff: 1 change: 1 breaking; not allowed: 1 breaks new clients (--allow new-clients accepts it)\n"),
    ]

    @Test(arguments: textCases)
    func textReport(_ testCase: TextCase) throws {
        let result = try Self.diff(["base.json", testCase.new])
        #expect(result.status == testCase.status)
        #expect(result.stdoutLines == testCase.lines)
        #expect(result.stdout.isEmpty == testCase.lines.isEmpty)
        #expect(result.stderr == testCase.summary)
    }

    /// What --allow and --lenient-clients accept decides the exit status.
    @Test(arguments: [
        (["--allow", "new-clients", "base.json", "required-badge.json"], 0),
        (["--allow", "old-clients", "base.json", "required-badge.json"], 1),
        // Backwards (a rollback), the same edit breaks old clients instead.
        (["--allow", "new-clients", "required-badge.json", "base.json"], 1),
        (["--allow", "old-clients", "required-badge.json", "base.json"], 0),
        // An added enum value breaks only strict old clients.
        (["--lenient-clients", "base.json", "enum-value-added.json"], 0),
        (["--allow", "old-clients", "base.json", "enum-value-added.json"], 0),
        (["--allow", "new-clients", "base.json", "enum-value-added.json"], 1),
    ] as [([String], Int32)])
    func acceptedChanges(_ arguments: [String], _ status: Int32) throws {
        #expect(try Self.diff(arguments).status == status)
    }

    @Test func addedEnumValueBreaksOnlyStrictClients() throws {
        let result = try Self.diff(["base.json", "enum-value-added.json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("strict[D020] /definitions/Deprecation/enum/2: enum value \"never\" added — old clients: BREAKING for strict clients ("))
        #expect(result.stderr.contains("--lenient-clients or --allow old-clients"))
    }

    @Test func jsonFormatIsOneObjectPerChange() throws {
        let result = try Self.diff(["--format", "json", "base.json", "required-badge.json"])
        #expect(result.status == 1)
        #expect(result.stdoutLines.count == 1)
        let line = try #require(result.stdoutLines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["file"] as? String == "required-badge.json")
        #expect(object["line"] as? Int == 56)
        #expect(object["column"] as? Int == 9)
        #expect(object["code"] as? String == "D002")
        #expect(object["change"] as? String == "required property added")
        #expect(object["impact"] as? String == "breaking")
        #expect(object["fails"] as? Bool == true)
        #expect(object["oldPointer"] is NSNull)
        #expect(object["newPointer"] as? String == "/definitions/TabData/properties/badge")
        let oldClients = try #require(object["oldClients"] as? [String: Any])
        let newClients = try #require(object["newClients"] as? [String: Any])
        #expect(oldClients["impact"] as? String == "safe")
        #expect(newClients["impact"] as? String == "breaking")
        #expect(newClients["reason"] as? String == "an old server does not send it")

        let allowed = try Self.diff(["--format", "json", "--allow", "new-clients", "base.json", "required-badge.json"])
        #expect(allowed.status == 0)
        #expect(allowed.stdout.contains(#""fails":false"#))
    }

    @Test func githubFormatAnnotatesTheNewSchema() throws {
        let failing = try Self.diff(["--format", "github", "base.json", "required-badge.json"])
        #expect(failing.status == 1)
        #expect(failing.stdoutLines.count == 1)
        #expect(failing.stdout.hasPrefix("::error file=required-badge.json,line=56,col=9,title=D002 required property added::/definitions/TabData/properties/badge: property \"badge\" added as required — "))

        let accepted = try Self.diff(["--format", "github", "--allow", "new-clients", "base.json", "required-badge.json"])
        #expect(accepted.stdout.hasPrefix("::warning file=required-badge.json,line=56,col=9,"))

        let safe = try Self.diff(["--format", "github", "base.json", "optional-badge.json"])
        #expect(safe.stdout.hasPrefix("::notice file=optional-badge.json,line=60,col=9,title=D001 optional property added::"))
    }

    @Test func quietDropsTheSummary() throws {
        let result = try Self.diff(["-q", "base.json", "optional-badge.json"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func schemaErrorExitsTwo() throws {
        let result = try Self.diff(["base.json", "invalid.json"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(#"invalid.json:3:34: error: /properties/tabs/elements/ref: ref "Missing" names no definition"#))
    }

    @Test func missingFileExitsTwo() throws {
        let result = try Self.diff(["base.json", "missing.json"])
        #expect(result.status == 2)
        #expect(result.stderr == "tabgen: error: cannot read missing.json: No such file or directory\n")
    }

    @Test func usageErrorsExitTwo() throws {
        let malformed = try Self.diff(["git:main", "base.json"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("git:main: expected git:REF:PATH, e.g. git:origin/main:schema.json"))

        let option = try Self.diff(["git:--output=x:schema.json", "base.json"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("a git revision cannot start with \"-\""))

        #expect(try Self.diff(["--allow", "everyone", "base.json", "base.json"]).status == 2)
        #expect(try Self.diff(["--format", "xml", "base.json", "base.json"]).status == 2)
        #expect(try Self.diff(["base.json"]).status == 2)
    }

    @Test func helpTeachesTheDirectionsAndExitCodes() throws {
        let result = try CLI.run(["diff", "--help"])
        #expect(result.status == 0)
        for phrase in ["git:REF:PATH", "old clients", "new clients", "Exit codes: 0", "--lenient-clients", "tabgen diff git:origin/main:schema.json schema.json"] {
            #expect(result.stdout.contains(phrase), "help lacks \(phrase)")
        }
    }

    @Test func readsTheOldSchemaFromGit() throws {
        let repository = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: repository) }
        let schema = repository.appendingPathComponent("schema.json")
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data(contentsOf: Self.directory.appendingPathComponent("base.json")).write(to: schema)
        try Data("{}".utf8).write(to: repository.appendingPathComponent("docs/empty.json"))
        try Self.git(["init", "-q"], in: repository)
        try Self.git(["add", "schema.json", "docs/empty.json"], in: repository)
        try Self.git(["-c", "user.name=tabgen", "-c", "user.email=tabgen@example.com", "commit", "-q", "-m", "schema"], in: repository)
        try Data(contentsOf: Self.directory.appendingPathComponent("required-badge.json")).write(to: schema)

        let text = try Self.diff(["git:HEAD:schema.json", "schema.json"], in: repository)
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("schema.json:56:9: breaking[D002] /definitions/TabData/properties/badge:"))
        #expect(text.stderr.contains("1 breaks new clients"))

        // Backwards: the committed file is the new side, annotated by its path.
        let github = try Self.diff(["--format", "github", "schema.json", "git:HEAD:schema.json"], in: repository)
        #expect(github.status == 1)
        #expect(github.stdout.hasPrefix("::error file=schema.json,line=51,col=7,title=D004 required property removed::"))

        #expect(try Self.diff(["git:HEAD:schema.json", "git:HEAD:./schema.json"], in: repository).status == 0)

        let missing = try Self.diff(["git:HEAD:missing.json", "schema.json"], in: repository)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("tabgen: error: git:HEAD:missing.json: HEAD has no missing.json (the pull request that adds it?); compare with the schema built into tabgen"), "\(missing.stderr)")
        #expect(missing.stderr.contains("tabgen diff builtin schema.json, or --if-old-missing builtin (or pass) in CI"), "\(missing.stderr)")

        let badRevision = try Self.diff(["git:no-such-branch:schema.json", "schema.json"], in: repository)
        #expect(badRevision.status == 2)
        #expect(badRevision.stderr.hasPrefix("tabgen: error: cannot read git:no-such-branch:schema.json: fatal:"))

        let folder = try Self.diff(["git:HEAD:docs", "schema.json"], in: repository)
        #expect(folder.status == 2)
        #expect(folder.stderr == "tabgen: error: cannot read git:HEAD:docs: it is a directory\n")

        let notSchema = try Self.diff(["git:HEAD:docs/empty.json", "schema.json"], in: repository)
        #expect(notSchema.status == 1)  // {} admits anything: everything after it narrows
    }

    /// The pull request that adopts tabgen: the base branch has no schema.json yet.
    @Test func aMissingOldFileComparesWithTheBuiltInSchemaOrPasses() throws {
        let repository = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: repository) }
        try Data("read me\n".utf8).write(to: repository.appendingPathComponent("README"))
        try Self.git(["init", "-q"], in: repository)
        try Self.git(["add", "README"], in: repository)
        try Self.git(["-c", "user.name=tabgen", "-c", "user.email=tabgen@example.com", "commit", "-q", "-m", "before tabgen"], in: repository)
        let builtin = try String(contentsOf: ContractsCommandTests.root.appendingPathComponent("schema.json"), encoding: .utf8)
        try Data(builtin.utf8).write(to: repository.appendingPathComponent("schema.json"))

        #expect(try Self.diff(["git:HEAD:schema.json", "schema.json"], in: repository).status == 2)
        let same = try Self.diff(["--if-old-missing", "builtin", "git:HEAD:schema.json", "schema.json"], in: repository)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stderr.hasPrefix("tabgen: git:HEAD:schema.json: HEAD has no schema.json; comparing with schema.json (built in) (--if-old-missing builtin)\n"), "\(same.stderr)")
        #expect(try Self.diff(["builtin", "schema.json"], in: repository).status == 0)

        // A project's schema that adds a required field breaks the apps in the field (D002).
        let changed = builtin.replacingOccurrences(of: "\"optionalProperties\": {\n        \"deprecated\"", with: "\"optionalProperties\": {\n        \"badge\": {\"type\": \"string\"},\n        \"deprecated\"")
            .replacingOccurrences(of: "      \"properties\": {\n        \"id\": {", with: "      \"properties\": {\n        \"color\": {\"type\": \"string\"},\n        \"id\": {")
        try #require(changed != builtin, "TabData.optionalProperties moved: update this test")
        try Data(changed.utf8).write(to: repository.appendingPathComponent("schema.json"))
        let breaking = try Self.diff(["--if-old-missing", "builtin", "git:HEAD:schema.json", "schema.json"], in: repository)
        #expect(breaking.status == 1, "\(breaking.stdout)\(breaking.stderr)")
        #expect(try Self.diff(["builtin", "schema.json"], in: repository).status == 1)

        let pass = try Self.diff(["--if-old-missing", "pass", "--format", "json", "git:HEAD:schema.json", "schema.json"], in: repository)
        #expect(pass.status == 0)
        #expect(pass.stdout.isEmpty)
        #expect(pass.stderr.contains("HEAD has no schema.json, so no client implements it yet: nothing to compare"), "\(pass.stderr)")
        // Only a missing file: a revision that does not exist is still an error.
        let badRevision = try Self.diff(["--if-old-missing", "builtin", "git:no-such-branch:schema.json", "schema.json"], in: repository)
        #expect(badRevision.status == 2)
        #expect(badRevision.stderr.hasPrefix("tabgen: error: cannot read git:no-such-branch:schema.json: fatal:"))
    }

    @Test func gitOutsideARepositoryExitsTwo() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.diff(["git:HEAD:schema.json", CLI.payload("diff/base.json")], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a git repository"))
    }

    static func git(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
    }
}
