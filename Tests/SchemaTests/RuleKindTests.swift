import Foundation
import Testing
@testable import Schema

/// The rule kinds as units (`Sources/Schema/Rules/Kinds/`): each is registered once, read
/// through its own file, and has its shared vectors (docs/architecture.md, "Adding a rule kind").
struct RuleKindTests {
    @Test func everyKindHasOneNameAndAVectorFile() {
        let names = RuleKinds.names
        #expect(Set(names).count == names.count)
        for name in names {
            // relativeReference → relative-reference.json
            let file = name.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
            let path = packageRoot.appendingPathComponent("Tests/Vectors/rules/\(file).json").path
            #expect(FileManager.default.fileExists(atPath: path), "no shared vectors for the \(name) rule kind at \(path)")
        }
    }

    /// Adding a kind touches one Swift file: no product source outside `Kinds/` names a
    /// kind's type (fixtures reached them by type, through `RuleFitting`, before each kind
    /// said how it is repaired and broken).
    @Test func noSourceOutsideTheKindsFolderNamesAKindsType() throws {
        let types = Set(RuleKinds.all.map { String(describing: $0) })
        #expect(types.contains("CountRule") && types.count == RuleKinds.all.count)
        let sources = packageRoot.appendingPathComponent("Sources")
        let kinds = "Schema/Rules/Kinds/"
        let files = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        for file in files where !file.hasPrefix(kinds) {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let named = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)).intersection(types)
            #expect(named.isEmpty, "Sources/\(file) names \(named.sorted())")
        }
    }

    @Test func nonEmptyIsReadOnStringsOnly() throws {
        let text = #"{"properties": {"title": {"type": "string"}, "count": {"type": "int32"}}, "metadata": {"tabgen": {"rules": [RULE]}}}"#
        let good = try schema(text.replacingOccurrences(of: "RULE", with: #"{"code": "N1", "kind": "nonEmpty", "path": "/title"}"#))
        let rule = try #require(good.extensions.rules.first)
        #expect(rule.kind.name == "nonEmpty")
        #expect(rule.message == "{reason}")

        let number = schemaErrors(text.replacingOccurrences(of: "RULE", with: #"{"code": "N1", "kind": "nonEmpty", "path": "/count"}"#))
        #expect(number.map(\.pointer.description) == ["/metadata/tabgen/rules/0/path"])
        #expect(number.first?.message == "this rule needs a string at its path, but the schema there has the type form")

        let extra = schemaErrors(text.replacingOccurrences(of: "RULE", with: #"{"code": "N1", "kind": "nonEmpty", "path": "/title", "min": 1}"#))
        #expect(extra.map(\.pointer.description) == ["/metadata/tabgen/rules/0/min"])
    }

    /// Blank is empty or Unicode White_Space only; other invisible characters are text.
    @Test(arguments: [("", "it is empty"), (" \t\n", "it has only white space"), ("\u{A0}\u{3000}\u{2028}", "it has only white space"),
                      ("\u{200B}", nil), ("\u{FEFF}", nil), (" a ", nil), ("Home", nil)] as [(String, String?)])
    func nonEmptyFindings(title: String, reason: String?) throws {
        let document = try schema(#"{"properties": {"title": {"type": "string"}}, "metadata": {"tabgen": {"rules": [{"code": "N1", "kind": "nonEmpty", "path": "/title"}]}}}"#)
        let payload = try parse("{\"title\": \(JSONWriter.quoted(title))}")
        let findings = PayloadValidator(document: document).findings(for: payload)
        #expect(findings.map(\.message) == (reason.map { [$0] } ?? []))
        #expect(findings.allSatisfy { $0.code == "N1" && $0.pointer.description == "/title" })
        // The compiled pre-check agrees with the report.
        var buffer: [JSON] = []
        #expect(CompiledRule(try #require(document.extensions.rules.first)).passes(payload, buffer: &buffer) == findings.isEmpty)
    }
}
