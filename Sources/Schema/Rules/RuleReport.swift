import JSON

/// The findings of one rule, on compiled paths: values are found without building their
/// paths, and a path is built only for a value that is reported. The messages, pointers
/// and order are those of the generic evaluation on `PatternMatcher` (tests compare them).
extension RuleEngine {
    func report(_ rule: Rule, _ compiled: CompiledRule, _ payload: JSON, into findings: inout [Finding]) {
        func report(_ path: [PathToken], value: JSON?, reason: String, count: Int? = nil) {
            findings.append(Finding(code: rule.code, severity: rule.severity, pointer: JSONPointer(path),
                                    message: Self.format(rule.message, ascii: compiled.asciiMessage, value: value, reason: reason, count: count, pointer: JSONPointer(path))))
        }
        switch (rule.kind, compiled.kind) {
        case (.count(_, let min, let max, let forbidden, let distinct, let filter), .count(let path, _, _, _, _, _)):
            path.forEachLocated(in: payload) { value, positions in
                guard let entries = Self.countedEntries(value, where: filter) else { return }
                var count = entries.count
                var noun = count == 1 ? "1 entry" : "\(count) entries"
                if !filter.isEmpty { noun += " where " + filter.map(Self.describe).joined(separator: " and ") }
                if let distinct {
                    count = Self.distinctCount(entries, by: distinct)
                    if count != entries.count { noun += " but \(count) distinct \(distinct)" }
                }
                if forbidden.contains(count) {
                    report(path.tokens(at: positions, in: payload), value: value, reason: "it has \(noun)", count: count)
                } else if let min, count < min {
                    report(path.tokens(at: positions, in: payload), value: value, reason: "it has \(noun), fewer than \(min)", count: count)
                } else if let max, count > max {
                    report(path.tokens(at: positions, in: payload), value: value, reason: "it has \(noun), more than \(max)", count: count)
                }
            }
        case (.unique, .unique(let path)):
            var seen = FirstSeen<JSON, Int>()
            // The first of each class of canonically equivalent strings: Swift's String
            // hashing and == are canonical equivalence (TG022).
            var canonical = FirstSeen<String, Int>()
            var ordinal = 0
            var duplicates: [(ordinal: Int, first: Int, exact: Bool)] = []
            path.forEach(in: payload) { value in
                // A null is no value (an optional member sent as null): two are no duplicate.
                if value.isNull { return true }
                if let first = seen.record(value, ordinal) {
                    duplicates.append((ordinal, first, true))
                } else if case .string(let text) = value, let first = canonical.record(text, ordinal) {
                    duplicates.append((ordinal, first, false))
                }
                ordinal += 1
                return true
            }
            guard !duplicates.isEmpty else { return }
            // The values again, with the paths of those the findings name.
            var named = [Bool](repeating: false, count: ordinal)
            for duplicate in duplicates {
                named[duplicate.ordinal] = true
                named[duplicate.first] = true
            }
            var matches: [(value: JSON, at: [PathToken])] = []
            matches.reserveCapacity(ordinal)
            var matched = 0
            path.forEachLocated(in: payload) { value, positions in
                guard !value.isNull else { return }
                matches.append((value, named[matched] ? path.tokens(at: positions, in: payload) : []))
                matched += 1
            }
            for duplicate in duplicates {
                let match = matches[duplicate.ordinal]
                let first = matches[duplicate.first]
                let at = match.at
                let firstPointer = JSONPointer(first.at)
                if duplicate.exact {
                    report(at, value: match.value, reason: "\(Self.show(match.value)) is also at \(firstPointer)")
                } else {
                    findings.append(CanonicalEquivalence.finding(at: at, message: CanonicalEquivalence.uniqueMessage(match.value, first: first.value, at: firstPointer)))
                }
            }
        case (.reference(let pattern, let targetPattern, let keyPattern, let targetConditions, let required),
              .reference(let path, let targets, let key, let targetWhere, _)):
            var keys = FirstSeen<JSON, Void>()
            var unfilteredKeys = FirstSeen<JSON, Void>()
            // The first qualifying string key of each class of canonically equivalent
            // strings (Swift's String hashing and ==), for TG022.
            var canonicalKeys = FirstSeen<String, JSON>()
            var targetCount = 0
            targets.forEach(in: payload) { target in
                let qualifies = targetWhere.allHold(on: target)
                if qualifies { targetCount += 1 }
                func record(_ keyValue: JSON) -> Bool {
                    if qualifies { keys.record(keyValue, ()) }
                    if qualifies, case .string(let text) = keyValue { canonicalKeys.record(text, keyValue) }
                    if !targetWhere.isEmpty { unfilteredKeys.record(keyValue, ()) }
                    return true
                }
                // A key without wildcards (an id) is one lookup, not a walk.
                guard key.hasWildcard else { return key.first(in: target).map(record) ?? true }
                return key.forEach(in: target, record)
            }
            // The words for what a value must name, made once and only for a finding.
            var wordsMade: (wanted: String, conditions: String)?
            func words() -> (wanted: String, conditions: String) {
                if let wordsMade { return wordsMade }
                let conditions = targetConditions.map(Self.describe).joined(separator: " and ")
                let made = ("\(targetPattern)\(keyPattern)" + (targetConditions.isEmpty ? "" : " where " + conditions), conditions)
                wordsMade = made
                return made
            }
            var sawValue = false
            path.forEachLocated(in: payload) { value, positions in
                sawValue = true
                if case .null = value {
                    if required, targetCount > 0 {
                        report(path.tokens(at: positions, in: payload), value: value, reason: "it is null, but it must name one of \(words().wanted)")
                    }
                    return
                }
                guard !keys.contains(value) else { return }
                let at = path.tokens(at: positions, in: payload)
                if unfilteredKeys.contains(value) {
                    report(at, value: value, reason: "\(Self.show(value)) names an entry of \(targetPattern) that does not satisfy \(words().conditions)")
                } else {
                    report(at, value: value, reason: "\(Self.show(value)) matches no \(words().wanted)")
                }
                // No key by scalars; one by canonical equivalence is what an iOS client finds.
                if case .string(let text) = value, let equivalent = canonicalKeys[text] {
                    findings.append(CanonicalEquivalence.finding(at: at, message: CanonicalEquivalence.referenceMessage(value, key: equivalent, wanted: words().wanted)))
                }
            }
            if required, !sawValue, !pattern.hasWildcard, targetCount > 0 {
                report(pattern.tokens.compactMap { if case .name(let name) = $0 { .key(name) } else { nil } },
                       value: nil, reason: "it is absent, but it must name one of \(words().wanted)")
            }
        case (.relativeReference(_, let allowAuthority), .relativeReference(let path, _)):
            path.forEachLocated(in: payload) { value, positions in
                guard case .string(let text) = value else { return }
                // What the fast pass clears has no finding (no problem, not empty, no "//"
                // to resolve to a leading one): the full checks below cost far more.
                if RelativeReference.isPlainPath(text), allowAuthority || !RelativeReference.hasDoubleSlash(text) { return }
                if let problem = RelativeReference.problem(in: text, allowAuthority: allowAuthority) {
                    report(path.tokens(at: positions, in: payload), value: value, reason: problem)
                } else if text.isEmpty {
                    findings.append(Finding(code: FindingCode.emptyPath, severity: .warning, pointer: JSONPointer(path.tokens(at: positions, in: payload)),
                                            message: "\"\" is a relative reference to the start URL itself, but Swift's URL(string: \"\", relativeTo:) returns nil and the iOS reference app stops with fatalError; write \"/\" or \"./\""))
                } else if !allowAuthority, let resolved = RelativeReference.networkPathResolution(of: text) {
                    let host = resolved.dropFirst(2).prefix { $0 != "/" }
                    findings.append(Finding(code: FindingCode.networkPathResolution, severity: .warning, pointer: JSONPointer(path.tokens(at: positions, in: payload)),
                                            message: "\(JSONWriter.quoted(text)) resolves to the path \(JSONWriter.quoted(resolved)), which reads as the host \(JSONWriter.quoted(String(host))) wherever it is resolved again; remove the empty segment"))
                }
            }
        case (.equals(_, let expected), .equals(let path, _)):
            path.forEachLocated(in: payload) { value, positions in
                guard value != expected else { return }
                report(path.tokens(at: positions, in: payload), value: value, reason: "it is \(Self.show(value)), expected \(Self.show(expected))")
            }
        default:
            // Not reached: a compiled rule has the kind of the rule it was compiled from.
            break
        }
    }
}
