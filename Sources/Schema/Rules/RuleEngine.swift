import JSON

/// Evaluates a schema's rules on a payload: one generic engine for the rule
/// vocabulary, with no knowledge of tabs or any other particular message.
public struct RuleEngine: Sendable {
    public let rules: [Rule]
    /// The rules' paths and conditions, compiled once for the per-payload checks.
    let compiled: [CompiledRule]

    public init(rules: [Rule]) {
        self.rules = rules
        compiled = rules.map(CompiledRule.init)
    }

    public func evaluate(_ payload: JSON) -> [Finding] {
        evaluate(payload, skipping: 0)
    }

    /// The findings of the rules not in `skipping` (bit n: rule n), which the caller
    /// knows report nothing on this payload.
    public func evaluate(_ payload: JSON, skipping: UInt64) -> [Finding] {
        evaluate(payload, skipping: skipping, reporting: 0)
    }

    /// `evaluate(_:skipping:)`, with the rules in `reporting` evaluated in full without
    /// their pre-check (`CompiledRule.passes`): the caller saw them fail, so the check
    /// would only find so again. The findings are the same whatever `reporting` holds.
    public func evaluate(_ payload: JSON, skipping: UInt64, reporting: UInt64) -> [Finding] {
        evaluate(payload, skipping: skipping, reporting: reporting, text: nil)
    }

    /// `evaluate(_:skipping:reporting:)` for a payload read from `text`, whose messages
    /// show numbers beyond Double's range as written there.
    func evaluate(_ payload: JSON, skipping: UInt64, reporting: UInt64, text: PayloadText?) -> [Finding] {
        var findings: [Finding] = []
        // Scratch for the compiled checks, shared by the rules of this payload; made
        // for the first pre-check (none may be needed).
        var buffer: [JSON] = []
        for index in rules.indices where !(index < 64 && skipping & (1 << UInt64(index)) != 0) {
            let rule = compiled[index]
            guard rule.when.allHold(on: payload) else { continue }
            // An equality is checked value by value in the report at the cost of the
            // pass: it would only walk the values twice.
            if !rule.reportsDirectly, !(index < 64 && reporting & (1 << UInt64(index)) != 0) {
                if buffer.capacity == 0 { buffer.reserveCapacity(CompiledRule.pairwiseLimit) }
                if rule.passes(payload, buffer: &buffer) { continue }
            }
            report(rules[index], rule, payload, text: text, into: &findings)
        }
        return findings
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
    /// Cut by Unicode scalars, as every generated validator cuts (not by grapheme clusters).
    package static func show(_ value: JSON) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        MessageBytes.appendShown(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Fills `{value}`, `{reason}`, `{count}` and `{pointer}` in a rule's message, by
    /// Characters: the definition `RuleMessage` writes as bytes (tests compare the two,
    /// and the reference engine in the tests formats with it).
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

extension Condition {
    /// Whether the condition holds on `base` (the payload, or a reference target).
    public func holds(on base: JSON) -> Bool {
        test.holds(for: PatternMatcher.value(at: path, in: base))
    }
}

extension Condition.Test {
    /// Whether the value at a condition's path (nil: nothing there) passes the test; the
    /// generic and the compiled conditions both answer through it.
    func holds(for value: JSON?) -> Bool {
        switch self {
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
