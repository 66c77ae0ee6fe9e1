import JSON

/// The findings of one rule, on compiled paths: values are found without building their
/// paths, and a path is built only for a value that is reported. The messages, pointers
/// and order are those of the generic evaluation on `PatternMatcher` (tests compare them).
/// Messages are written as bytes from the template split once (`RuleMessage`), with the
/// rule's fixed words made once (in each kind's `Compiled`, `Kinds/`).
extension RuleEngine {
    func report(_ rule: Rule, _ compiled: CompiledRule, _ payload: JSON, text: PayloadText? = nil, into findings: inout [Finding]) {
        compiled.kind.report(payload, RuleReporter(rule: rule, message: compiled.message, text: text), into: &findings)
    }

    /// What `countedEntries` and `distinctCount` count on an array or object: the entries
    /// on which the filter holds, and those counted once per distinct value at `distinct`
    /// (entries without one count alone); nil for any other value.
    static func counted(_ value: JSON, where filter: [CompiledCondition], distinct: CompiledPath?) -> (entries: Int, count: Int)? {
        var entries = 0
        var count = 0
        var seen = FirstSeen<JSON, Void>()
        func visit(_ entry: JSON) {
            guard filter.isEmpty || filter.allHold(on: entry) else { return }
            entries += 1
            guard let distinct, let key = distinct.first(in: entry) else {
                count += 1
                return
            }
            if seen.record(key, ()) == nil { count += 1 }
        }
        guard value.forEachEntry(visit) else { return nil }
        return (entries, count)
    }

    /// The values equal (by scalars) to an earlier one, or else canonically equivalent
    /// to an earlier string (TG022), with the ordinal of the first of their class, in order.
    static func duplicates(_ values: [JSON]) -> [(ordinal: Int, first: Int, exact: Bool)] {
        var duplicates: [(ordinal: Int, first: Int, exact: Bool)] = []
        if values.count <= FirstSeen<JSON, Int>.limit {
            // The first equal value is the first of its class: what FirstSeen answers,
            // without copying the values into it.
            for index in values.indices {
                for earlier in 0..<index where values[earlier] == values[index] {
                    duplicates.append((index, earlier, true))
                    break
                }
            }
        } else {
            var seen = FirstSeen<JSON, Int>()
            for index in values.indices {
                if let first = seen.record(values[index], index) { duplicates.append((index, first, true)) }
            }
        }
        // Two ASCII strings are canonically equivalent only when equal: the classes
        // (Swift's String hashing and ==) matter only when some string is not ASCII.
        guard values.contains(where: { if case .string(let text) = $0 { !CompiledRule.isASCII(text) } else { false } }) else { return duplicates }
        var canonical = FirstSeen<String, Int>()
        var exact = duplicates.makeIterator()
        var nextExact = exact.next()
        var all: [(ordinal: Int, first: Int, exact: Bool)] = []
        for index in values.indices {
            if let duplicate = nextExact, duplicate.ordinal == index {
                all.append(duplicate)
                nextExact = exact.next()
            } else if case .string(let text) = values[index], let first = canonical.record(text, index) {
                all.append((index, first, false))
            }
        }
        return all
    }
}
