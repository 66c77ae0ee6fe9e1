import JSON
@testable import Schema

// What the tests ask the validator's parts directly, which the product never does: kept
// here so that Sources/ holds only what `tabgen` runs.

extension RuleEngine {
    /// The full evaluation of one rule, without the pre-check (tests compare the two).
    func fullFindings(_ rule: Rule, _ payload: JSON) -> [Finding] {
        var findings: [Finding] = []
        report(rule, CompiledRule(rule), payload, into: &findings)
        return findings
    }

    /// The pre-check of `CompiledRule`, on one rule (tests compare it with `fullFindings`).
    static func passes(_ rule: Rule, _ payload: JSON) -> Bool {
        var buffer: [JSON] = []
        return CompiledRule(rule).passes(payload, buffer: &buffer)
    }
}

extension ByteValidator {
    /// Whether the pass can run at all for this schema.
    var isAvailable: Bool { plan != nil }

    /// True only for a payload on which the tree path reports no finding.
    func isValid(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth,
                 scratch: ByteScratch) -> Bool {
        verdict(bytes, maxDepth: maxDepth, scratch: scratch) == .valid
    }
}
