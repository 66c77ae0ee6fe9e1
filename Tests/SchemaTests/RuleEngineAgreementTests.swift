import Foundation
import JSON
import Testing
import CodeGen
@testable import Schema

/// `RuleEngine.evaluate` answers most rules with compiled checks and reports through the
/// generic evaluation only when a check cannot clear the rule. Its findings must be the
/// generic evaluation's of every rule (codes, severities, pointers, messages, order), on
/// the conformance suite of every schema with rules and of those without.
struct RuleEngineAgreementTests {
    /// The built-in schema, the contracts (the data of each event), the conformance schemas.
    static func documents() throws -> [(name: String, document: SchemaDocument)] {
        var documents: [(name: String, document: SchemaDocument)] = [("builtin", try repositorySchema())]
        for name in ["menu", "form", "path-configuration"] {
            let document = try repositoryDocument("contracts/\(name).json")
            documents.append((name, document))
            for event in document.extensions.contract?.events ?? [] {
                documents.append(("\(name).\(event.name)", document.document(for: event)))
            }
        }
        documents.append(("numbers", try repositoryDocument("Tests/Conformance/schemas/numbers.jtd.json", name: "numbers.jtd.json")))
        for (name, path) in codeGenTestSchemas() {
            documents.append((name, try repositoryDocument(path, name: path.split(separator: "/").last.map(String.init))))
        }
        return documents
    }

    /// The generic evaluation of every rule whose `when` holds, by rule.
    static func reference(_ engine: RuleEngine, _ payload: JSON) -> [[Finding]] {
        let generic = GenericRuleEngine(rules: engine.rules)
        return engine.rules.map { rule in
            rule.when.allSatisfy { $0.holds(on: payload) } ? generic.findings(rule, payload) : []
        }
    }

    /// Payloads of the built-in schema with many tabs: past the pairwise scans of the
    /// compiled checks (32 values, 64 referring values, 4,096 comparisons), so the
    /// generic evaluation decides, with duplicates and missing references early and late.
    @Test func largePayloadsReportWhatTheGenericEvaluationReports() throws {
        let engine = RuleEngine(rules: try repositorySchema().extensions.rules)
        var state: UInt64 = 99
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var withFindings = 0
        for count in [31, 32, 33, 63, 64, 65, 70, 130] {
            for _ in 0..<12 {
                var tabs: [JSON] = []
                for index in 0..<count {
                    let id = next(40) == 0 ? "tab\(next(count))" : "tab\(index)"
                    var members: [JSONObject.Member] = [
                        .init(key: "id", value: .string(next(30) == 0 ? ["t\u{E9}", "te\u{301}"][next(2)] : id)),
                        .init(key: "title", value: .string("T")), .init(key: "icon", value: .string("i")),
                        .init(key: "path", value: .string(["/x", "//h", "/a//b", ""][next(4) == 0 ? next(4) : 0])),
                    ]
                    if next(4) == 0 { members.append(.init(key: "deprecated", value: .string("soft"))) }
                    if next(2) == 0 { members.append(.init(key: "replaces", value: .string("tab\(next(count + 3))"))) }
                    tabs.append(.object(JSONObject(members)))
                }
                let active: JSON = .string("tab\(next(count + 2))")
                let payload = JSON.object(JSONObject([.init(key: "active", value: active), .init(key: "tabs", value: .array(tabs))]))
                let expected = Self.reference(engine, payload).flatMap { $0 }
                if !expected.isEmpty { withFindings += 1 }
                #expect(engine.evaluate(payload) == expected, "\(count) tabs: \(JSONWriter.string(payload))")
            }
        }
        #expect(withFindings > 50)
    }

    /// `RelativeReference.problem`, its scalar classes rewritten by value, says what it said.
    @Test func relativeReferenceProblemsAreWordedAsBefore() {
        let pieces = ["/", "//", "a", "Z", "0", ":", "?", "#", "%", "%2e", "%zz", "%4", " ", "\\", "\u{7F}", "\u{1}", "[", "]", "@",
                      "https:", "x+y-z.w:", "é", "e\u{301}", "\u{1F600}", "host", ".", "..", "~", "!$&'()*+,;=", "\"", "^", "`", "{"]
        var state: UInt64 = 5
        var problems = 0
        for _ in 0..<20000 {
            var text = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<Int((state >> 33) % 7) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                text += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            for allowAuthority in [false, true] {
                let expected = GenericRelativeReference.problem(in: text, allowAuthority: allowAuthority)
                if expected != nil { problems += 1 }
                #expect(RelativeReference.problem(in: text, allowAuthority: allowAuthority) == expected, "\(text.debugDescription)")
            }
        }
        #expect(problems > 10000)
    }

    @Test func compiledRulesReportWhatTheGenericEvaluationReports() throws {
        var payloads = 0
        var withRuleFindings = 0
        var schemasWithRules = Set<String>()
        for (name, document) in try Self.documents() {
            let engine = RuleEngine(rules: document.extensions.rules)
            if !engine.rules.isEmpty { schemasWithRules.insert(name) }
            for testCase in ConformanceSuite(document: document, name: name, seed: 13).cases(count: 600) {
                guard let payload = try? JSONReader().parse(Array(testCase.payload.utf8)) else { continue }
                payloads += 1
                let perRule = Self.reference(engine, payload)
                let expected = perRule.flatMap { $0 }
                if !expected.isEmpty { withRuleFindings += 1 }
                #expect(engine.evaluate(payload) == expected, "\(testCase.id): \(testCase.payload)")
                // The byte pass tells which rules report nothing; skipping them changes nothing.
                var passing: UInt64 = 0
                for index in perRule.indices where index < 64 && perRule[index].isEmpty { passing |= 1 << UInt64(index) }
                #expect(engine.evaluate(payload, skipping: passing) == expected, "\(testCase.id) skipping: \(testCase.payload)")
            }
        }
        #expect(schemasWithRules.isSuperset(of: ["builtin", "menu.display", "path-configuration"]), "\(schemasWithRules.sorted())")
        #expect(payloads > 5000)
        #expect(withRuleFindings > 200, "\(withRuleFindings) payloads with rule findings")
    }
}
