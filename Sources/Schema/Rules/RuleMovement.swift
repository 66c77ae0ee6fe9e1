import JSON

/// How a rule's parameters moved between two versions: each parameter tightens,
/// loosens, or changes in a way that has no order (a different path or value). Each
/// rule kind notes its own parameters (`RuleKind.compare`); `tabgen diff` decides.
package struct RuleMovement {
    package enum Step {
        case tightens, loosens, incomparable
    }

    package enum Outcome {
        case tightened, loosened, changed
    }

    package private(set) var details: [String] = []
    private var tightens = false
    private var loosens = false
    private var incomparable = false

    package init() {}

    /// Nil when nothing that affects payloads changed.
    package var outcome: Outcome? {
        if incomparable || (tightens && loosens) { return .changed }
        if tightens { return .tightened }
        if loosens { return .loosened }
        return nil
    }

    package mutating func note(_ step: Step, _ detail: String) {
        switch step {
        case .tightens: tightens = true
        case .loosens: loosens = true
        case .incomparable: incomparable = true
        }
        details.append(detail)
    }

    package mutating func compareKinds(_ before: any RuleKind, _ after: any RuleKind) {
        guard before.name == after.name else {
            note(.incomparable, "kind \(before.name) → \(after.name)")
            return
        }
        if before.path != after.path { note(.incomparable, "path \(before.path) → \(after.path)") }
        before.compare(toAny: after, in: &self)
    }

    /// Compares condition lists, which hold when all their conditions hold. `moreIs`
    /// says what adding conditions does to the rule.
    package mutating func compareConditions(_ before: [Condition], _ after: [Condition], name: String, moreIs: Step) {
        let added = after.filter { condition in !before.contains { $0.isSame(as: condition) } }
        let removed = before.filter { condition in !after.contains { $0.isSame(as: condition) } }
        switch (added.isEmpty, removed.isEmpty) {
        case (true, true):
            break
        case (false, true):
            note(moreIs, "\(name) condition added: \(added.map(\.summary).joined(separator: ", "))")
        case (true, false):
            note(moreIs == .tightens ? .loosens : moreIs == .loosens ? .tightens : .incomparable, "\(name) condition removed: \(removed.map(\.summary).joined(separator: ", "))")
        case (false, false):
            note(.incomparable, "\(name) conditions changed")
        }
    }

    package static func show(_ bound: Int?) -> String {
        bound.map(String.init) ?? "none"
    }
}

extension Condition {
    package func isSame(as other: Condition) -> Bool {
        guard path == other.path else { return false }
        switch (test, other.test) {
        case (.present(let a), .present(let b)): return a == b
        case (.count(let min1, let max1), .count(let min2, let max2)): return min1 == min2 && max1 == max2
        case (.equals(let a), .equals(let b)): return a == b
        default: return false
        }
    }

    /// `/deprecated present`, `/tabs count 1...`, `/active equals null`, for messages.
    package var summary: String {
        switch test {
        case .present(let flag): "\(path) \(flag ? "present" : "absent")"
        case .count(let min, let max): "\(path) count \(min.map(String.init) ?? "0")...\(max.map(String.init) ?? "")"
        case .equals(let value): "\(path) equals \(JSONWriter.string(value))"
        }
    }
}
