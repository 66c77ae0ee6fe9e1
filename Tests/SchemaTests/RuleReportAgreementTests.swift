import JSON
import Testing
@testable import Schema

/// The report's cheaper paths against the generic evaluation, rule by rule and without
/// the pre-check (`fullFindings`): canonical equivalence looked at only when a string is
/// not ASCII (an ASCII "K" and U+212A KELVIN SIGN are equivalent, so an ASCII value still
/// needs it when a key is not ASCII), keys scanned while few and hashed past 32, paths
/// that are not relative references in ASCII and not.
struct RuleReportAgreementTests {
    @Test func reportsAgreeWithTheGenericEvaluationOnMixedScalars() throws {
        let engine = RuleEngine(rules: try repositorySchema().extensions.rules)
        let generic = GenericRuleEngine(rules: engine.rules)
        var state: UInt64 = 41
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let ids: [JSON] = ["a", "b", "K", "\u{212A}", "caf\u{E9}", "cafe\u{301}", "Kilo", "\u{212A}ilo", "\u{212B}", "A\u{30A}", ";", "\u{37E}"]
            .map(JSON.string) + [.null, .number(1)]
        let paths = ["/x", "/ok/1", "https://e.com/x", "//h/x", "//h", "/a//b", "/..//evil.com", "", "é", "/é", "/%zz", "/%2e",
                     "a:b", "./a:b", "/x#a#b", "javascript:alert(1)", "x+y.z-w:1", "//[::1]/x", "/[x]", "a b", "\\x", "\u{7F}", "😀:x"]
        var findings = 0
        var canonical = 0
        for round in 0..<1500 {
            let count = round % 10 == 9 ? 33 + next(40) : next(7)
            var tabs: [JSON] = []
            for _ in 0..<count {
                var members: [JSONObject.Member] = [
                    .init(key: "id", value: ids[next(ids.count)]),
                    .init(key: "title", value: .string("T")), .init(key: "icon", value: .string("i")),
                    .init(key: "path", value: .string(paths[next(paths.count)])),
                ]
                if next(3) == 0 { members.append(.init(key: "deprecated", value: .string("soft"))) }
                if next(2) == 0 { members.append(.init(key: "replaces", value: ids[next(ids.count)])) }
                tabs.append(.object(JSONObject(members)))
            }
            var root: [JSONObject.Member] = []
            if next(5) != 0 { root.append(.init(key: "active", value: ids[next(ids.count)])) }
            root.append(.init(key: "tabs", value: .array(tabs)))
            let payload = JSON.object(JSONObject(root))
            for rule in engine.rules {
                let expected = generic.findings(rule, payload)
                findings += expected.count
                canonical += expected.filter { $0.code == FindingCode.canonicalEquivalence }.count
                #expect(engine.fullFindings(rule, payload) == expected, "\(rule.code): \(JSONWriter.string(payload))")
            }
        }
        // The cases above are all met, often.
        #expect(findings > 5000)
        #expect(canonical > 300)
    }
}
