import JSON
@testable import Schema
import TabgenRuntime
import Testing

/// The generic rule evaluation as it was before the rules were compiled (PatternMatcher
/// walks that build every path, FirstSeen<JSON> hashing): the reference the compiled
/// engine is compared with. Kept verbatim; only `findings(_:_:)` is new.
///
/// It dispatches on each kind's type on purpose, unlike product code (`RuleKind`): it is
/// the second, independent implementation the agreement tests hold each kind's compiled
/// check and report against, so it must share none of the kinds' code. A kind it does
/// not know (nonEmpty, newer than the compiled engine) is recorded as an issue where a
/// test asks it, and is checked against the shared vectors (Tests/Vectors) instead.
struct GenericRuleEngine {
    let rules: [Rule]

    /// Every rule whose `when` holds, in order.
    func findings(_ payload: JSON) -> [Finding] {
        var findings: [Finding] = []
        for rule in rules where rule.when.allSatisfy({ $0.holds(on: payload) }) {
            evaluate(rule, payload, into: &findings)
        }
        return findings
    }

    func findings(_ rule: Rule, _ payload: JSON) -> [Finding] {
        var findings: [Finding] = []
        evaluate(rule, payload, into: &findings)
        return findings
    }

    func evaluate(_ rule: Rule, _ payload: JSON, into findings: inout [Finding]) {
        func report(_ path: [PathToken], value: JSON?, reason: String, count: Int? = nil) {
            findings.append(Finding(code: rule.code, severity: rule.severity, pointer: JSONPointer(path),
                                    message: RuleEngine.formatCharacters(rule.message, value: value, reason: reason, count: count, pointer: JSONPointer(path))))
        }
        switch rule.kind {
        case let kind as CountRule:
            let (path, min, max, forbidden, distinct, filter) = (kind.path, kind.min, kind.max, kind.forbidden, kind.distinct, kind.filter)
            PatternMatcher.forEach(path, in: payload) { at, value in
                guard let entries = RuleEngine.countedEntries(value, where: filter) else { return }
                var count = entries.count
                var noun = count == 1 ? "1 entry" : "\(count) entries"
                if !filter.isEmpty { noun += " where " + filter.map(RuleEngine.describe).joined(separator: " and ") }
                if let distinct {
                    count = RuleEngine.distinctCount(entries, by: distinct)
                    if count != entries.count { noun += " but \(count) distinct \(distinct)" }
                }
                if forbidden.contains(count) {
                    report(at, value: value, reason: "it has \(noun)", count: count)
                } else if let min, count < min {
                    report(at, value: value, reason: "it has \(noun), fewer than \(min)", count: count)
                } else if let max, count > max {
                    report(at, value: value, reason: "it has \(noun), more than \(max)", count: count)
                }
            }
        case let kind as UniqueRule:
            let path = kind.path
            var seen = FirstSeen<JSON, Int>()
            // The first of each class of canonically equivalent strings: Swift's String
            // hashing and == are canonical equivalence (TG022).
            var canonical = FirstSeen<String, Int>()
            var ordinal = 0
            var duplicates: [(ordinal: Int, first: Int, exact: Bool)] = []
            PatternMatcher.forEach(path, in: payload) { _, value in
                // A null is no value (an optional member sent as null): two are no duplicate.
                if value.isNull { return }
                if let first = seen.record(value, ordinal) {
                    duplicates.append((ordinal, first, true))
                } else if case .string(let text) = value, let first = canonical.record(text, ordinal) {
                    duplicates.append((ordinal, first, false))
                }
                ordinal += 1
            }
            guard !duplicates.isEmpty else { return }
            let matches = PatternMatcher.all(path, in: payload).filter { !$0.value.isNull }
            for duplicate in duplicates {
                let match = matches[duplicate.ordinal]
                let first = matches[duplicate.first]
                if duplicate.exact {
                    report(match.path, value: match.value, reason: "\(RuleEngine.show(match.value)) is also at \(JSONPointer(first.path))")
                } else {
                    findings.append(CanonicalEquivalence.finding(at: match.path, message: CanonicalEquivalence.uniqueMessage(match.value, first: first.value, at: JSONPointer(first.path))))
                }
            }
        case let kind as ReferenceRule:
            let (path, targets, key, targetWhere, required) = (kind.path, kind.targets, kind.key, kind.targetWhere, kind.required)
            var keys = FirstSeen<JSON, Void>()
            var unfilteredKeys = FirstSeen<JSON, Void>()
            // The first qualifying string key of each class of canonically equivalent
            // strings (Swift's String hashing and ==), for TG022.
            var canonicalKeys = FirstSeen<String, JSON>()
            var targetCount = 0
            PatternMatcher.forEach(targets, in: payload) { _, target in
                let qualifies = targetWhere.allSatisfy { RuleEngine.holds($0, on: target) }
                if qualifies { targetCount += 1 }
                PatternMatcher.forEach(key, in: target) { _, keyValue in
                    if qualifies { keys.record(keyValue, ()) }
                    if qualifies, case .string(let text) = keyValue { canonicalKeys.record(text, keyValue) }
                    if !targetWhere.isEmpty { unfilteredKeys.record(keyValue, ()) }
                }
            }
            let wanted = "\(targets)\(key)" + (targetWhere.isEmpty ? "" : " where " + targetWhere.map(RuleEngine.describe).joined(separator: " and "))
            var sawValue = false
            PatternMatcher.forEach(path, in: payload) { at, value in
                sawValue = true
                if case .null = value {
                    if required, targetCount > 0 {
                        report(at, value: value, reason: "it is null, but it must name one of \(wanted)")
                    }
                    return
                }
                guard !keys.contains(value) else { return }
                if unfilteredKeys.contains(value) {
                    report(at, value: value, reason: "\(RuleEngine.show(value)) names an entry of \(targets) that does not satisfy \(targetWhere.map(RuleEngine.describe).joined(separator: " and "))")
                } else {
                    report(at, value: value, reason: "\(RuleEngine.show(value)) matches no \(wanted)")
                }
                // No key by scalars; one by canonical equivalence is what an iOS client finds.
                if case .string(let text) = value, let equivalent = canonicalKeys[text] {
                    findings.append(CanonicalEquivalence.finding(at: at, message: CanonicalEquivalence.referenceMessage(value, key: equivalent, wanted: wanted)))
                }
            }
            if required, !sawValue, !path.hasWildcard, targetCount > 0 {
                report(path.tokens.compactMap { if case .name(let name) = $0 { .key(name) } else { nil } },
                       value: nil, reason: "it is absent, but it must name one of \(wanted)")
            }
        case let kind as RelativeReferenceRule:
            let (path, allowAuthority) = (kind.path, kind.allowAuthority)
            PatternMatcher.forEach(path, in: payload) { at, value in
                guard case .string(let text) = value else { return }
                // What the fast pass clears has no finding (no problem, not empty, no "//"
                // to resolve to a leading one): the full checks below cost far more.
                if RelativeReference.isPlainPath(text), allowAuthority || !RelativeReference.hasDoubleSlash(text) { return }
                if let problem = GenericRelativeReference.problem(in: text, allowAuthority: allowAuthority) {
                    report(at, value: value, reason: problem)
                } else if text.isEmpty {
                    findings.append(Finding(code: FindingCode.emptyPath, severity: .warning, pointer: JSONPointer(at),
                                            message: "\"\" is a relative reference to the start URL itself, but Swift's URL(string: \"\", relativeTo:) returns nil and the iOS reference app stops with fatalError; write \"/\" or \"./\""))
                } else if !allowAuthority, let resolved = RelativeReference.networkPathResolution(of: text) {
                    let host = resolved.dropFirst(2).prefix { $0 != "/" }
                    findings.append(Finding(code: FindingCode.networkPathResolution, severity: .warning, pointer: JSONPointer(at),
                                            message: "\(JSONWriter.quoted(text)) resolves to the path \(JSONWriter.quoted(resolved)), which reads as the host \(JSONWriter.quoted(String(host))) wherever it is resolved again; remove the empty segment"))
                }
            }
        case let kind as EqualsRule:
            let (path, expected) = (kind.path, kind.value)
            PatternMatcher.forEach(path, in: payload) { at, value in
                guard value != expected else { return }
                report(at, value: value, reason: "it is \(RuleEngine.show(value)), expected \(RuleEngine.show(expected))")
            }
        default:
            Issue.record("the generic engine knows no rule kind \(rule.kind.name)")
        }
    }
}

/// What `RelativeReference.problem` (tuned: scalar classes by value, the common case on
/// the bytes) must say: the generated Swift runtime's check, the one plain definition.
enum GenericRelativeReference {
    static func problem(in text: String, allowAuthority: Bool = false) -> String? {
        TabgenRuntimeShared.relativeReferenceProblem(in: text, allowAuthority: allowAuthority)
    }
}
