import JSON

/// The fast pass of the rule engine: answers whether a rule certainly holds, without
/// paths, messages or hashing. Only rules that fail it are evaluated in full.
extension RuleEngine {
    /// The compiled check of `CompiledRule`, on one rule (tests compare it with `fullFindings`).
    static func passes(_ rule: Rule, _ payload: JSON) -> Bool {
        var buffer: [JSON] = []
        return CompiledRule(rule).passes(payload, buffer: &buffer)
    }
}
