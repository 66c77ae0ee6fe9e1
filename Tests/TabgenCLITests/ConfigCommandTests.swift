import Foundation
import Testing
import TestSupport

/// validate and diff read tabgen.yml as emit and check do, and say which schema they used.
final class ConfigCommandTests: TemporaryDirectorySuite {
    /// The repository's schema.json (the built-in one).
    static let builtInSchema = CLI.packageRoot.appendingPathComponent("schema.json").path

    /// A project at `directory` whose schema forbids two tabs as well as one (so it differs
    /// from the built-in schema), with `config` as its tabgen.yml and a payload of two tabs.
    func project(config: String) throws {
        let builtIn = try String(contentsOf: URL(fileURLWithPath: Self.builtInSchema), encoding: .utf8)
        let schema = builtIn.replacingOccurrences(of: #""forbidden": [1],"#, with: #""forbidden": [1, 2],"#)
        #expect(schema != builtIn)
        try Data(schema.utf8).write(to: directory.appendingPathComponent("schema.json"))
        try Data(config.utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        let two = #"{"active": "a", "tabs": [{"id": "a", "title": "A", "icon": "i", "path": "/a"}, {"id": "b", "title": "B", "icon": "i", "path": "/b"}]}"#
        try Data(two.utf8).write(to: directory.appendingPathComponent("two.json"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("app/views"), withIntermediateDirectories: true)
    }

    /// tabgen with `arguments` in a `project(config:)`.
    func run(_ arguments: [String], inProject config: String) throws -> CLIResult {
        try project(config: config)
        return try CLI.run(arguments, in: directory)
    }

    @Test func validateUsesTheConfigSchemaAndSaysSo() throws {
        let here = try run(["validate", "two.json"], inProject: "version: 1\nschema: schema.json\n")
        #expect(here.status == 1, "\(here.stdout)\(here.stderr)")
        #expect(here.stdout.contains("error[TG101]"))
        #expect(here.stderr.hasPrefix("tabgen: schema.json (from tabgen.yml)\n"))
        // From a subdirectory, the config is found in a parent.
        let below = try CLI.run(["validate", "../../two.json"], in: directory.appendingPathComponent("app/views"))
        #expect(below.status == 1)
        #expect(below.stderr.contains("(from ../../tabgen.yml)"), "\(below.stderr)")
        // --schema wins, and says so.
        let builtIn = try CLI.run(["validate", "--schema", Self.builtInSchema, "two.json"], in: directory)
        #expect(builtIn.status == 0)
        #expect(builtIn.stderr.contains("(--schema)"))
    }

    @Test func validateDefaultsComeFromTheConfig() throws {
        try project(config: "version: 1\nvalidate:\n  strict: true\n  max-bytes: 100\n")
        try Data(#"{"active": "home", "tabs": []}"#.utf8).write(to: directory.appendingPathComponent("warn.json"))
        let strict = try CLI.run(["validate", "warn.json"], in: directory)
        #expect(strict.status == 1, "a warning fails under validate: strict: true")
        #expect(strict.stderr.contains("tabgen: schema.json (built in); tabgen.yml names no schema"))
        let large = try CLI.run(["validate", "two.json"], in: directory)
        #expect(large.stdout.contains("error[TG002]"), "\(large.stdout)")
        let raised = try CLI.run(["validate", "--max-bytes", "1000", "two.json"], in: directory)
        #expect(raised.status == 0, "the command line overrides the config: \(raised.stdout)")
    }

    /// Config errors, mistyped keys and options among them, get a position and, where
    /// a name is near a known one, a suggestion: (tabgen.yml, command, what it says).
    @Test(arguments: [
        ("version: 1\nvalidate:\n  strict: maybe\n", ["validate", "two.json"],
         "tabgen.yml:3:11: validate.strict must be true or false"),
        ("version: 1\nschema: schema.json\noutputs:\n  - lang: swift\n    out: gen\n    options:\n      acessLevel: public\n", ["emit"],
         "tabgen.yml:7:7: outputs[0].options: unknown swift option acessLevel; did you mean accessLevel? (known: accessLevel,"),
        ("version: 1\noutputs:\n  - lang: swift\n    out: gen\n    options: {accessLevel: private}\n", ["check"],
         "tabgen.yml:5:28: outputs[0].options: swift option accessLevel must be public or internal, not private"),
        ("version: 1\nschmea: schema.json\n", ["validate", "two.json"],
         "tabgen.yml:2:1: unknown key schmea at the top level; did you mean schema? (expected: "),
    ])
    func configErrorsSayWhere(_ config: String, _ arguments: [String], _ message: String) throws {
        let result = try run(arguments, inProject: config)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func mistypedOptionGetsASuggestion() throws {
        let option = try CLI.run(["emit", "--lang", "swift", "--option", "swift.namespce=TabBar", "--out", "gen"], in: directory)
        #expect(option.status == 2)
        #expect(option.stderr.contains("--option swift.namespce=TabBar: unknown swift option namespce; did you mean namespace? (known: "), "\(option.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("gen").path))
    }

    @Test func anHTMLPageGivenAsAPayloadSuggestsHTML() throws {
        try CLI.write(["home.html": "\n<!DOCTYPE html>\n<html></html>\n"], to: directory)
        let result = try CLI.run(["validate", "--format", "json", "home.html"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("TG001"))
        #expect(!result.stdout.contains("--html"), "standard output stays JSON")
        #expect(result.stderr.contains("tabgen: note: home.html starts with '<': an HTML page? tabgen validate --html home.html checks the bridge elements on it"), "\(result.stderr)")
        try Data("{\"tabs\": [<]}".utf8).write(to: directory.appendingPathComponent("broken.json"))
        #expect(!(try CLI.run(["validate", "broken.json"], in: directory).stderr.contains("--html")))
    }

    @Test func aTrailingCommaIsReportedAtTheComma() throws {
        try CLI.write(["comma.json": "{\"active\": null,\n \"tabs\": [],\n}\n"], to: directory)
        let result = try CLI.run(["validate", "comma.json"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("comma.json:2:12: error[TG001]"), "\(result.stdout)")
    }

    @Test func usageAndHelpPointWhereThingsAre() throws {
        let check = try CLI.run(["check", "--help"])
        #expect(check.stdout.contains("USAGE: tabgen check [--config <PATH>] [--templates <DIR>] [--format <FORMAT>]"), "\(check.stdout.prefix(400))")
        #expect(check.stdout.contains("tabgen check --lang <LANG> [--out <DIR>]"))
        #expect(!check.stdout.contains("tabgen check <options>"))
        let diff = try CLI.run(["diff", "--help"])
        #expect(diff.stdout.contains("docs/reference/codes.md"))
        #expect(!diff.stdout.contains("listed in the README"))
    }

    @Test func planValidatesAgainstTheConfigSchema() throws {
        let result = try run(["plan", "two.json"], inProject: "version: 1\nschema: schema.json\n")
        #expect(result.status == 2, "two tabs are invalid under the project's schema: \(result.stdout)\(result.stderr)")
        #expect(result.stderr.hasPrefix("tabgen: schema.json (from tabgen.yml)\n"))
        #expect(result.stderr.contains("cannot plan"))
    }

    @Test func initWritesAConfigForTheLayoutFound() throws {
        let manager = FileManager.default
        for folder in ["ios/Shop.xcodeproj", "ios/Shop", "android/app/src/main/java", "web/app/javascript/controllers", "web/config"] {
            try manager.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("plugins {}\n".utf8).write(to: directory.appendingPathComponent("android/app/build.gradle.kts"))
        let first = try CLI.run(["init"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("iOS sources in ios/Shop, Android module android/app, Rails app in web"), "\(first.stderr)")
        let config = try String(contentsOf: directory.appendingPathComponent("tabgen.yml"), encoding: .utf8)
        #expect(config.contains(#"\#n    out: "ios/Shop/Generated/Tabgen"\#n"#))
        #expect(config.contains(#"\#n      testableImport: "Shop"\#n"#))
        #expect(config.contains(#"\#n    out: "android/app"\#n"#))
        #expect(config.contains(#"\#n    out: "web/app/javascript/controllers/bridge"\#n"#))
        #expect(manager.fileExists(atPath: directory.appendingPathComponent("schema.json").path))
        // What init wrote works as it stands.
        try CLI.emit(["-q"], in: directory)
        #expect(manager.fileExists(atPath: directory.appendingPathComponent("web/app/javascript/controllers/bridge/navigation_controller.js").path))
        #expect(try CLI.run(["check", "-q"], in: directory).status == 0)
        let again = try CLI.run(["init"], in: directory)
        #expect(again.status == 2)
        #expect(again.stderr.contains("tabgen.yml exists already"))
    }

    @Test func diffTakesItsPolicyAndNewSchemaFromTheConfig() throws {
        try project(config: "version: 1\nschema: schema.json\n")
        let builtIn = Self.builtInSchema
        // forbidden [1] -> [1, 2] tightens TG101: breaking for new clients.
        let strict = try CLI.run(["diff", builtIn], in: directory)
        #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
        #expect(strict.stdout.contains("D052"))
        #expect(strict.stderr.contains("tabgen: schema.json (from tabgen.yml)"))
        try Data("version: 1\nschema: schema.json\nbreaking:\n  allow: [new-clients]\n".utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        let allowed = try CLI.run(["diff", builtIn], in: directory)
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(allowed.stderr.contains("breaking policy from tabgen.yml"))
    }

    /// diff with NEW and explain read tabgen.yml (its breaking: policy, its rules) and say
    /// which, as validate, emit and check do; outside a project they name none.
    @Test func diffWithNewAndExplainNameTheConfigTheyRead() throws {
        let diff = try run(["diff", Self.builtInSchema, "schema.json"], inProject: "version: 1\nschema: schema.json\n")
        #expect(diff.status == 1, "\(diff.stdout)\(diff.stderr)")
        #expect(diff.stderr.hasPrefix("tabgen: schema.json (NEW); config tabgen.yml\n"), "\(diff.stderr)")
        let quiet = try CLI.run(["diff", "--quiet", Self.builtInSchema, "schema.json"], in: directory)
        #expect(!quiet.stderr.contains("config tabgen.yml"), "\(quiet.stderr)")
        let explain = try CLI.run(["explain", "TG104"], in: directory.appendingPathComponent("app/views"))
        #expect(explain.status == 0)
        #expect(explain.stderr.hasPrefix("tabgen: ") && explain.stderr.hasSuffix("schema.json (from ../../tabgen.yml)\n"), "\(explain.stderr)")
        let outside = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        let plain = try CLI.run(["explain", "TG104"], in: outside)
        #expect(plain.status == 0)
        #expect(plain.stderr.isEmpty, "\(plain.stderr)")
    }

    /// `tabgen config --path` and `--outputs`: the file every command reads from here, as
    /// the gem's generator asks for it (it searched for itself before, and could differ).
    @Test func configPrintsTheFileFoundAndItsOutputs() throws {
        let here = try run(["config", "--path"], inProject: "version: 1\nschema: schema.json\noutputs:\n  - lang: swift\n    out: ios/App/Generated\n  - lang: ruby\n    out: rails\n")
        #expect(here.status == 0 && here.stdout == "tabgen.yml\n", "\(here.stdout)\(here.stderr)")
        let below = try CLI.run(["config", "--path"], in: directory.appendingPathComponent("app/views"))
        #expect(below.stdout == "../../tabgen.yml\n", "\(below.stdout)\(below.stderr)")
        let outputs = try CLI.run(["config", "--outputs"], in: directory.appendingPathComponent("app"))
        #expect(outputs.status == 0 && outputs.stdout == "swift\tios/App/Generated\nruby\trails\n", "\(outputs.stdout)\(outputs.stderr)")
        // No config: exit 1, saying where it looked; a broken one: exit 2 with its position.
        let outside = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: outside.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let none = try CLI.run(["config", "--path"], in: outside)
        #expect(none.status == 1 && none.stdout.isEmpty, "\(none.stdout)\(none.stderr)")
        #expect(none.stderr.contains("no tabgen.yml, tabgen.yaml, tabgen.json in this folder or a parent"), "\(none.stderr)")
        try Data("version: 1\noutputs: [\n".utf8).write(to: outside.appendingPathComponent("tabgen.yml"))
        let broken = try CLI.run(["config", "--outputs"], in: outside)
        #expect(broken.status == 2 && broken.stderr.contains("tabgen.yml"), "\(broken.stderr)")
        #expect(try CLI.run(["config"], in: directory).status == 2)
        #expect(try CLI.run(["config", "--path", "--outputs"], in: directory).status == 2)
    }
}
