import JSON

/// A rule with its paths and conditions compiled once (in `RuleEngine.init`), and the
/// check that answers, without paths, messages, hashing or allocation, that the rule
/// certainly reports nothing on a payload. When it cannot say so (a violation, or more
/// values than a short scan should compare) the generic evaluation reports: so the
/// findings are the generic engine's, and this check only has to be conservative.
/// The check and the report are the kind's (`RuleKind.compiled`).
/// A class, immutable, so the per-payload loop shares it instead of copying its paths.
final class CompiledRule: Sendable {
    let kind: any CompiledRuleKind
    let when: [CompiledCondition]
    /// The message, split at its placeholders for the report.
    let message: RuleMessage

    /// Whether the report costs what `passes` costs when the rule holds: then the
    /// engine reports at once instead of walking the values twice.
    var reportsDirectly: Bool { kind.reportsDirectly }

    /// Values a check compares pairwise at most; past it the generic (hashing) pass decides.
    static var pairwiseLimit: Int { 32 }

    init(_ rule: Rule) {
        when = rule.when.map(CompiledCondition.init)
        message = RuleMessage(rule.message)
        kind = rule.kind.compiled()
    }

    /// Whether the rule certainly has no finding on `payload` (its `when` holding).
    /// `buffer` is scratch space the caller reuses across rules; it is left empty.
    func passes(_ payload: JSON, buffer: inout [JSON]) -> Bool {
        defer { buffer.removeAll(keepingCapacity: true) }
        return kind.passes(payload, buffer: &buffer)
    }

    static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte >= 0x80 { return false }
            return true
        }
    }
}
