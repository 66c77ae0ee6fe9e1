import JSON

/// Evaluates a schema's rules on a payload: one generic engine for the rule
/// vocabulary, with no knowledge of tabs or any other particular message.
public struct RuleEngine: Sendable {
    public let rules: [Rule]

    public init(rules: [Rule]) {
        self.rules = rules
    }

    public func evaluate(_ payload: JSON) -> [Finding] {
        evaluate(payload, skipping: 0)
    }

    /// The findings of the rules not in `skipping` (bit n: rule n), which the caller
    /// knows report nothing on this payload.
    public func evaluate(_ payload: JSON, skipping: UInt64) -> [Finding] {
        var findings: [Finding] = []
        for index in rules.indices where !(index < 64 && skipping & (1 << UInt64(index)) != 0)
            && rules[index].when.allSatisfy({ Self.holds($0, on: payload) }) {
            if Self.passes(rules[index], payload) { continue }
            evaluate(rules[index], payload, into: &findings)
        }
        return findings
    }

    /// The full evaluation of one rule, without the fast pass (tests compare the two).
    func fullFindings(_ rule: Rule, _ payload: JSON) -> [Finding] {
        var findings: [Finding] = []
        evaluate(rule, payload, into: &findings)
        return findings
    }

    private func evaluate(_ rule: Rule, _ payload: JSON, into findings: inout [Finding]) {
        func report(_ path: [PathToken], value: JSON?, reason: String, count: Int? = nil) {
            findings.append(Finding(code: rule.code, severity: rule.severity, pointer: JSONPointer(path),
                                    message: Self.format(rule.message, value: value, reason: reason, count: count, pointer: JSONPointer(path))))
        }
        switch rule.kind {
        case .count(let path, let min, let max, let forbidden, let distinct, let filter):
            PatternMatcher.forEach(path, in: payload) { at, value in
                guard let entries = Self.countedEntries(value, where: filter) else { return }
                var count = entries.count
                var noun = count == 1 ? "1 entry" : "\(count) entries"
                if !filter.isEmpty { noun += " where " + filter.map(Self.describe).joined(separator: " and ") }
                if let distinct {
                    count = Self.distinctCount(entries, by: distinct)
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
        case .unique(let path):
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
                    report(match.path, value: match.value, reason: "\(Self.show(match.value)) is also at \(JSONPointer(first.path))")
                } else {
                    findings.append(CanonicalEquivalence.finding(at: match.path, message: CanonicalEquivalence.uniqueMessage(match.value, first: first.value, at: JSONPointer(first.path))))
                }
            }
        case .reference(let path, let targets, let key, let targetWhere, let required):
            var keys = FirstSeen<JSON, Void>()
            var unfilteredKeys = FirstSeen<JSON, Void>()
            // The first qualifying string key of each class of canonically equivalent
            // strings (Swift's String hashing and ==), for TG022.
            var canonicalKeys = FirstSeen<String, JSON>()
            var targetCount = 0
            PatternMatcher.forEach(targets, in: payload) { _, target in
                let qualifies = targetWhere.allSatisfy { Self.holds($0, on: target) }
                if qualifies { targetCount += 1 }
                PatternMatcher.forEach(key, in: target) { _, keyValue in
                    if qualifies { keys.record(keyValue, ()) }
                    if qualifies, case .string(let text) = keyValue { canonicalKeys.record(text, keyValue) }
                    if !targetWhere.isEmpty { unfilteredKeys.record(keyValue, ()) }
                }
            }
            let wanted = "\(targets)\(key)" + (targetWhere.isEmpty ? "" : " where " + targetWhere.map(Self.describe).joined(separator: " and "))
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
                    report(at, value: value, reason: "\(Self.show(value)) names an entry of \(targets) that does not satisfy \(targetWhere.map(Self.describe).joined(separator: " and "))")
                } else {
                    report(at, value: value, reason: "\(Self.show(value)) matches no \(wanted)")
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
        case .relativeReference(let path, let allowAuthority):
            PatternMatcher.forEach(path, in: payload) { at, value in
                guard case .string(let text) = value else { return }
                // What the fast pass clears has no finding (no problem, not empty, no "//"
                // to resolve to a leading one): the full checks below cost far more.
                if RelativeReference.isPlainPath(text), allowAuthority || !RelativeReference.hasDoubleSlash(text) { return }
                if let problem = RelativeReference.problem(in: text, allowAuthority: allowAuthority) {
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
        case .equals(let path, let expected):
            PatternMatcher.forEach(path, in: payload) { at, value in
                guard value != expected else { return }
                report(at, value: value, reason: "it is \(Self.show(value)), expected \(Self.show(expected))")
            }
        }
    }

    /// The entries of an array or object that satisfy every condition; nil for any other value.
    static func countedEntries(_ value: JSON, where filter: [Condition]) -> [JSON]? {
        let entries: [JSON]
        switch value {
        case .array(let elements): entries = elements
        case .object(let object): entries = object.members.map(\.value)
        default: return nil
        }
        guard !filter.isEmpty else { return entries }
        return entries.filter { entry in filter.allSatisfy { $0.holds(on: entry) } }
    }

    /// Entries counted once per distinct value at `key`; entries without one count alone.
    /// Small arrays compare pairwise, which beats hashing below a few dozen entries.
    static func distinctCount(_ entries: [JSON], by key: PathPattern) -> Int {
        var small: [JSON] = []
        var large: Set<JSON> = []
        var count = 0
        for entry in entries {
            guard let value = PatternMatcher.value(at: key, in: entry) else {
                count += 1
                continue
            }
            if entries.count <= 32 {
                if !small.contains(value) {
                    small.append(value)
                    count += 1
                }
            } else if large.insert(value).inserted {
                count += 1
            }
        }
        return count
    }

    static func holds(_ condition: Condition, on base: JSON) -> Bool {
        condition.holds(on: base)
    }

    static func describe(_ condition: Condition) -> String {
        switch condition.test {
        case .present(true): "\(condition.path) is present"
        case .present(false): "\(condition.path) is absent or null"
        case .count(let min, let max): "\(condition.path) has \(min ?? 0)...\(max.map(String.init) ?? "") entries"
        case .equals(let value): "\(condition.path) is \(show(value))"
        }
    }

    /// A value for a message: JSON text, cut short so a hostile payload cannot flood output.
    package static func show(_ value: JSON) -> String {
        // Cut by Unicode scalars, as every generated validator cuts (not by grapheme clusters).
        // The text is valid UTF-8, so scalars are counted by their lead bytes.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        JSONWriter.write(value, to: &bytes)
        var scalars = 0
        var cut = 0  // where the 118th scalar starts
        for index in bytes.indices where bytes[index] & 0xC0 != 0x80 {
            scalars += 1
            if scalars == 118 { cut = index }
            if scalars > 120 { break }
        }
        guard scalars > 120 else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[..<cut], as: UTF8.self) + "..."
    }

    /// Fills `{value}`, `{reason}`, `{count}` and `{pointer}` in a rule's message.
    static func format(_ template: String, value: JSON?, reason: String, count: Int?, pointer: JSONPointer) -> String {
        // An ASCII template (every one the project ships) is one Character per byte
        // but "\r\n", which holds no brace: scanning bytes finds the same placeholders
        // without breaking the text into Characters.
        if template.utf8.allSatisfy({ $0 < 0x80 }) {
            return formatASCII(template, value: value, reason: reason, count: count, pointer: pointer)
        }
        return formatCharacters(template, value: value, reason: reason, count: count, pointer: pointer)
    }

    /// `format` on any template, by Characters.
    static func formatCharacters(_ template: String, value: JSON?, reason: String, count: Int?, pointer: JSONPointer) -> String {
        var output = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = rest[rest.index(after: open)..<close]
            switch name {
            case "value": output += value.map(show) ?? "(absent)"
            case "reason": output += reason
            case "count": output += count.map(String.init) ?? ""
            case "pointer": output += pointer.description
            default: output += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        output += rest
        return output
    }
}

extension RuleEngine {
    /// `format` on an ASCII template, by bytes.
    static func formatASCII(_ template: String, value: JSON?, reason: String, count: Int?, pointer: JSONPointer) -> String {
        let bytes = Array(template.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + reason.utf8.count + 64)
        var index = 0
        // Where the text after the last placeholder starts: an unclosed "{" ends the
        // scan there, and (as `formatCharacters` does) the whole of it is appended.
        var segment = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{") else {
                output.append(bytes[index])
                index += 1
                continue
            }
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                output += bytes[segment...]
                return String(decoding: output, as: UTF8.self)
            }
            let name = bytes[(index + 1)..<close]
            if name.elementsEqual("value".utf8) {
                output += (value.map(show) ?? "(absent)").utf8
            } else if name.elementsEqual("reason".utf8) {
                output += reason.utf8
            } else if name.elementsEqual("count".utf8) {
                output += (count.map(String.init) ?? "").utf8
            } else if name.elementsEqual("pointer".utf8) {
                output += pointer.description.utf8
            } else {
                output += bytes[index...close]
            }
            index = close + 1
            segment = index
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension Condition {
    /// Whether the condition holds on `base` (the payload, or a reference target).
    public func holds(on base: JSON) -> Bool {
        let value = PatternMatcher.value(at: path, in: base)
        switch test {
        case .present(let wanted):
            let present = value.map { !$0.isNull } ?? false
            return present == wanted
        case .count(let min, let max):
            let count: Int
            switch value {
            case .array(let elements)?: count = elements.count
            case .object(let object)?: count = object.count
            default: return false
            }
            return count >= (min ?? 0) && count <= (max ?? Int.max)
        case .equals(let expected):
            return value == expected
        }
    }
}

extension PathPattern {
    /// Every concrete path the pattern matches in `root`, with its value, in document order.
    public func matches(in root: JSON) -> [(path: [PathToken], value: JSON)] {
        PatternMatcher.all(self, in: root)
    }
}
