import Testing
@testable import CodeGen
@testable import Schema

/// The rule pre-checks (yes/no, `CompiledRule.passes`) must agree with the full
/// evaluations they stand in front of.
struct RulePreCheckTests {
    /// A deterministic generator of tab payloads, valid and broken in every way the rules know.
    struct Generator {
        var random: SeededGenerator

        mutating func next(_ bound: Int) -> Int {
            Int.random(in: 0..<bound, using: &random)
        }

        mutating func payload() -> JSON {
            let ids = ["home", "explore", "profile", "cart", "home"]
            let paths = ["/", "/x", "https://evil", "//h/x", "/a b", "rel", "a:b", "/%zz", "?q", ""]
            let count = [0, 1, 2, 3, 5][next(5)]
            var tabs: [JSON] = []
            for _ in 0..<count {
                var members: [JSONObject.Member] = [
                    .init(key: "id", value: .string(ids[next(ids.count)])),
                    .init(key: "title", value: .string("T")),
                    .init(key: "icon", value: .string("i")),
                    .init(key: "path", value: .string(paths[next(paths.count)])),
                ]
                if next(3) == 0 { members.append(.init(key: "deprecated", value: .string(["soft", "hard"][next(2)]))) }
                if next(3) == 0 { members.append(.init(key: "replaces", value: next(4) == 0 ? .null : .string(ids[next(ids.count)]))) }
                tabs.append(.object(JSONObject(members)))
            }
            let active: JSON = next(4) == 0 ? .null : .string(ids[next(ids.count)])
            return .object(JSONObject([.init(key: "active", value: active), .init(key: "tabs", value: .array(tabs))]))
        }
    }

    @Test func rulePassesAgreeWithFullEvaluation() throws {
        let document = try repositorySchema()
        let engine = RuleEngine(rules: document.extensions.rules)
        var generator = Generator(random: SeededGenerator(seed: 42))
        var violations = 0
        for _ in 0..<3000 {
            let payload = generator.payload()
            for rule in document.extensions.rules where rule.when.allSatisfy({ RuleEngine.holds($0, on: payload) }) {
                let full = engine.fullFindings(rule, payload)
                violations += full.count
                #expect(RuleEngine.passes(rule, payload) == full.isEmpty, "\(rule.code) on \(JSONWriter.string(payload))")
            }
        }
        #expect(violations > 1000)  // the generator does exercise the rules
    }
}
