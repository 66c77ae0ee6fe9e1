import Foundation
import Testing
import TestSupport

/// `tabgen paths` and `validate --path-config` on documents the two libraries load
/// differently: what Gson takes and JSONSerialization refuses, the reverse, and the
/// nulls that make the Android app throw (docs/path-configuration.md).
struct PathLoadCommandTests {
    static func run(_ document: String, _ arguments: [String], name: String = "shared.json") throws -> CLIResult {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try Data(document.utf8).write(to: file)
        return try CLI.run(arguments.map { $0 == "FILE" ? file.path : $0 })
    }

    @Test func pathsResolvesADocumentWithCommentsAsAndroidDoesAndSaysIOSIgnoresIt() throws {
        let document = """
        // bundled
        {'rules': [{patterns: ['/new$'], properties: {context: modal, title: 5}}]}
        """
        let result = try Self.run(document, ["paths", "--format", "json", "FILE", "/recipes/new"])
        #expect(result.status == 1, "\(result.stderr)")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let android = try #require(entry["android"] as? [String: Any])
        let properties = try #require(android["properties"] as? [String: [String: Any]])
        #expect(properties["context"]?["value"] as? String == "modal")
        #expect(properties["title"]?["value"] as? String == "5")
        let ios = try #require((entry["ios"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        #expect(ios["context"]?["value"] as? String == "default")
        let findings = try #require(entry["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["code"] as? String == "PC206" && ($0["message"] as? String ?? "").hasPrefix("iOS ignores this document (not well-formed JSON") })
    }

    @Test func pathsSaysAndroidThrowsForEveryURLAfterATrailingComma() throws {
        let document = """
        {"rules": [
          {"patterns": ["/new$"], "properties": {"context": "modal"}},
        ]}
        """
        let result = try Self.run(document, ["paths", "FILE", "/recipes/new"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error[PC204] /rules/1: Android throws resolving this URL: NullPointerException: rule 1 is null"))
        // iOS (JSONSerialization takes the comma) applies the rule.
        #expect(result.stdoutLines.contains { $0.hasPrefix("  context ") && $0.contains("\"modal\" (rule 0)") })
        #expect(!result.stdout.contains("PC206"))
    }

    @Test func pathsShowsWhatIOSAppliesAfterDroppingTheDocument() throws {
        let document = #"{"rules": [{"patterns": ["/new$"], "properties": {"context": "modal"}}, {"patterns": ["/x$"]}]}"#
        let result = try Self.run(document, ["paths", "FILE", "/recipes/new", "/x"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error[PC206] (root): iOS ignores this document (rule 1 has no properties object)"))
        #expect(result.stdoutLines.contains { $0.hasPrefix("  context ") && $0.contains("\"default\" (default)  \"modal\" (rule 0)") })
        // Android reaches the rule without properties only where it applies.
        #expect(result.stdout.contains("error[PC204] /rules/1: Android throws resolving this URL: NullPointerException: rule 1 applies and has no properties"))
        #expect(result.stdout.components(separatedBy: "PC204").count == 2)
    }

    @Test func pathsRefusesWhatNeitherPlatformLoads() throws {
        let result = try Self.run(#"{"rules": [}"#, ["paths", "FILE", "/"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not well-formed JSON"))
    }

    @Test func validateReportsTheDocumentEachPlatformIgnoresAndTheNullsAndroidThrowsOn() throws {
        let document = #"{"rules": [{"patterns": ["/a$", null], "properties": {"title": "A"}}, {"patterns": [".*"], "properties": {"title": "x", "title": "y"}}]}"#
        let both = try Self.run(document, ["validate", "-q", "--path-config", "FILE"])
        #expect(both.status == 1)
        #expect(both.stdout.contains("error[PC206] (root): iOS (rule 0 has no patterns array of strings) and Android (Gson: duplicate key \"title\" in rule 1's properties) ignore this document"))
        let nullPattern = try Self.run(#"{"rules": [{"patterns": ["/a$", null], "properties": {}}]}"#, ["validate", "-q", "--platform", "android", "--path-config", "FILE"])
        #expect(nullPattern.stdout.contains("error[PC204] /rules/0/patterns/1: pattern 1 of rule 0 is null: Android throws NullPointerException for every URL no pattern before it matches"))
        #expect(!nullPattern.stdout.contains("PC206"))
        // Served to iOS alone, the Android reading is no finding.
        let ios = try Self.run(#"{"rules": [{"patterns": ["/a$"], "properties": {"title": "x", "title": "y"}}]}"#, ["validate", "-q", "--path-config", "FILE"], name: "ios_v1.json")
        #expect(!ios.stdout.contains("PC206") && !ios.stdout.contains("PC204"))
    }
}
