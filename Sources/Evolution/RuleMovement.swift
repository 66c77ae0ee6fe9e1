import Schema

/// How a rule's parameters moved between two versions: each parameter tightens,
/// loosens, or changes in a way that has no order (a different path or value).
struct RuleMovement {
    enum Step {
        case tightens, loosens, incomparable
    }

    enum Outcome {
        case tightened, loosened, changed
    }

    private(set) var details: [String] = []
    private var tightens = false
    private var loosens = false
    private var incomparable = false

    /// Nil when nothing that affects payloads changed.
    var outcome: Outcome? {
        if incomparable || (tightens && loosens) { return .changed }
        if tightens { return .tightened }
        if loosens { return .loosened }
        return nil
    }

    mutating func note(_ step: Step, _ detail: String) {
        switch step {
        case .tightens: tightens = true
        case .loosens: loosens = true
        case .incomparable: incomparable = true
        }
        details.append(detail)
    }

    mutating func compareKinds(_ before: Rule.Kind, _ after: Rule.Kind) {
        guard before.name == after.name else {
            note(.incomparable, "kind \(before.name) → \(after.name)")
            return
        }
        if before.path != after.path { note(.incomparable, "path \(before.path) → \(after.path)") }
        switch (before, after) {
        case (.count(_, let min1, let max1, let forbidden1, let distinct1, let where1), .count(_, let min2, let max2, let forbidden2, let distinct2, let where2)):
            // An absent min is 0 and an absent max is unbounded.
            let (low1, low2) = (min1 ?? 0, min2 ?? 0)
            if low1 != low2 { note(low2 > low1 ? .tightens : .loosens, "min \(Self.show(min1)) → \(Self.show(min2))") }
            let (high1, high2) = (max1 ?? .max, max2 ?? .max)
            if high1 != high2 { note(high2 < high1 ? .tightens : .loosens, "max \(Self.show(max1)) → \(Self.show(max2))") }
            let (set1, set2) = (Set(forbidden1), Set(forbidden2))
            if set1 != set2 {
                let step: Step = set2.isSuperset(of: set1) ? .tightens : set2.isSubset(of: set1) ? .loosens : .incomparable
                note(step, "forbidden \(forbidden1) → \(forbidden2)")
            }
            // Counting distinct entries raises no count and lowers some: it tightens
            // min and loosens max, so it has no order in general.
            if distinct1 != distinct2 {
                note(.incomparable, "distinct \(distinct1.map(\.description) ?? "none") → \(distinct2.map(\.description) ?? "none")")
            }
            // Filtering entries lowers counts: like distinct, no order in general.
            compareConditions(where1, where2, name: "where", moreIs: .incomparable)
        case (.reference(_, let targets1, let key1, let where1, let required1), .reference(_, let targets2, let key2, let where2, let required2)):
            if targets1 != targets2 { note(.incomparable, "targets \(targets1) → \(targets2)") }
            if key1 != key2 { note(.incomparable, "key \(key1) → \(key2)") }
            // More conditions on targets leave fewer targets a value may name.
            compareConditions(where1, where2, name: "targetWhere", moreIs: .tightens)
            if required1 != required2 { note(required2 ? .tightens : .loosens, "required \(required1) → \(required2)") }
        case (.relativeReference(_, let authority1), .relativeReference(_, let authority2)):
            if authority1 != authority2 { note(authority2 ? .loosens : .tightens, "allowAuthority \(authority1) → \(authority2)") }
        case (.equals(_, let value1), .equals(_, let value2)):
            if value1 != value2 { note(.incomparable, "value \(JSONWriter.string(value1)) → \(JSONWriter.string(value2))") }
        default:
            break  // unique: only the path, compared above
        }
    }

    /// Compares condition lists, which hold when all their conditions hold. `moreIs`
    /// says what adding conditions does to the rule.
    mutating func compareConditions(_ before: [Condition], _ after: [Condition], name: String, moreIs: Step) {
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

    private static func show(_ bound: Int?) -> String {
        bound.map(String.init) ?? "none"
    }
}

extension Condition {
    func isSame(as other: Condition) -> Bool {
        guard path == other.path else { return false }
        switch (test, other.test) {
        case (.present(let a), .present(let b)): return a == b
        case (.count(let min1, let max1), .count(let min2, let max2)): return min1 == min2 && max1 == max2
        case (.equals(let a), .equals(let b)): return a == b
        default: return false
        }
    }

    /// `/deprecated present`, `/tabs count 1...`, `/active equals null`, for messages.
    var summary: String {
        switch test {
        case .present(let flag): "\(path) \(flag ? "present" : "absent")"
        case .count(let min, let max): "\(path) count \(min.map(String.init) ?? "0")...\(max.map(String.init) ?? "")"
        case .equals(let value): "\(path) equals \(JSONWriter.string(value))"
        }
    }
}
