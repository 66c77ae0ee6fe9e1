import Foundation
import Reconciliation
import Schema
import Testing
import Evolution
import PathConfiguration
import TestSupport

/// `tabgen explain`, did-you-mean, and completion: what a user without the README meets.
struct ExplainCommandTests {
    /// Every code tabgen can print: the schema's own checks, the built-in rules, plan's
    /// warnings and diff's changes. Each must be documented in docs/reference/codes.md.
    static var everyCode: [String] {
        let builtIn = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("schema.json")
        let bytes = (try? [UInt8](Data(contentsOf: builtIn))) ?? []
        let rules = (try? SchemaReader(fileName: "schema.json").read(bytes))?.extensions.rules.map(\.code) ?? ["no schema"]
        let payload = [FindingCode.malformedJSON, FindingCode.tooLarge, FindingCode.missingPayload, FindingCode.multiplePayloads,
                       FindingCode.crossOriginRedirect, FindingCode.wrongType, FindingCode.notInEnum, FindingCode.missingProperty,
                       FindingCode.unexpectedProperty, FindingCode.wrongShape, FindingCode.badDiscriminator,
                       FindingCode.networkPathResolution, FindingCode.emptyPath, FindingCode.canonicalEquivalence, FindingCode.equivalentKeys]
        // The path-configuration contract's rules, its checks and `tabgen paths`' differences.
        let contract = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("contracts/path-configuration.json")
        let pathRules = (try? SchemaReader(fileName: "path-configuration.json").read([UInt8](Data(contentsOf: contract))))?.extensions.rules.map(\.code) ?? ["no path-configuration schema"]
        let paths = PathConfigurationChecker.codes + pathRules + [PlatformComparison.ruleOnOnePlatform, PlatformComparison.propertyDiffers,
                                                                  PlatformComparison.nativeScreenOnOnePlatform, PlatformComparison.androidThrows,
                                                                  PlatformComparison.matchGaveUp]
        return payload + rules + StepWarning.Code.allCases.map(\.rawValue) + ChangeCode.allCases.map(\.rawValue) + paths
    }

    @Test(arguments: everyCode)
    func everyCodeIsExplained(_ code: String) throws {
        let result = try CLI.run(["explain", code.lowercased()])
        #expect(result.status == 0, "\(code) has no section in docs/reference/codes.md: \(result.stderr)")
        #expect(result.stdout.hasPrefix("### \(code)"))
        #expect(result.stdout.split(separator: "\n").count >= 3)
    }

    @Test func payloadCodesShowAnExampleInTheToolsOwnFormat() throws {
        let result = try CLI.run(["explain", "TG104"])
        #expect(result.stdout.contains(#"error[TG104] /tabs/1/path: "https://evil.example/x" is not a relative reference (it has scheme "https")"#))
    }

    @Test func unknownCodesSuggestTheNearestOne() throws {
        let result = try CLI.run(["explain", "TG1O4"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown code TG1O4; did you mean TG104?"))
    }

    @Test func anUnknownCodeListsEveryFamily() throws {
        let result = try CLI.run(["explain", "PC999"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("codes: TGxxx, Pxxx, Dxxx, PCxxx, MNxxx; docs/reference/codes.md)"), "\(result.stderr)")
    }

    @Test func aRuleOfTheProjectsSchemaIsExplainedFromTheSchema() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = #"{"metadata": {"tabgen": {"rules": [{"code": "TG900", "kind": "count", "path": "/tabs", "max": 5, "description": "At most five tabs fit a phone."}]}}, "properties": {"tabs": {"elements": {}}}}"#
        try Data(schema.utf8).write(to: directory.appendingPathComponent("schema.json"))
        try Data("version: 1\nschema: schema.json\n".utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        let text = try CLI.explain(["tg900"], in: directory)
        #expect(text.contains("At most five tabs fit a phone."))
        #expect(text.contains("kind: count on /tabs"))
    }

    @Test func mistypedSubcommandsAndLanguagesGetASuggestion() throws {
        let subcommand = try CLI.run(["valdate", "x.json"])
        #expect(subcommand.status == 2)
        #expect(subcommand.stderr.contains("unknown subcommand 'valdate'; did you mean 'validate'?"))
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let language = try CLI.run(["emit", "--lang", "swfit", "--out", "g"], in: directory)
        #expect(language.status == 2)
        #expect(language.stderr.contains("unknown --lang swfit; did you mean swift?"))
        let upper = try CLI.run(["emit", "--lang", "Swift", "--out", "g", "-q"], in: directory)
        #expect(upper.status == 0, "--lang is case-insensitive: \(upper.stderr)")
    }

    @Test func completionCompletesFilesAndValues() throws {
        let bash = try CLI.run(["--generate-completion-script", "bash"]).stdout
        // File arguments keep file-name completion, and --lang offers the languages.
        #expect(bash.contains("complete -o filenames"))
        #expect(bash.contains("'--schema')\n        __tabgen_add_completions -o plusdirs -fX '!*.@(json)'"))
        #expect(bash.contains("'--out')\n        __tabgen_add_completions -d"))
        #expect(bash.contains("'--lang')\n        __tabgen_add_completions -W 'swift'$'\\n''kotlin'$'\\n''typescript'$'\\n''ruby'$'\\n''all'"))
        let help = try CLI.run(["validate", "--help"]).stdout
        let jobs = try #require(help.range(of: "--jobs")).upperBound
        let next = try #require(help.range(of: "--max-findings")).lowerBound
        #expect(help[jobs..<next].components(separatedBy: "default").count == 2, "--jobs states its default once: \(help[jobs..<next])")
    }
}
