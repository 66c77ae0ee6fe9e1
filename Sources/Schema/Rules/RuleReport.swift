import JSON

/// The findings of one rule, on compiled paths: values are found without building their
/// paths, and a path is built only for a value that is reported. The messages, pointers
/// and order are those of the generic evaluation on `PatternMatcher` (tests compare them).
/// Messages are written as bytes from the template split once (`RuleMessage`), with the
/// rule's fixed words made once (`CompiledRule.Words`).
extension RuleEngine {
    func report(_ rule: Rule, _ compiled: CompiledRule, _ payload: JSON, text: PayloadText? = nil, into findings: inout [Finding]) {
        let message = compiled.message
        let words = compiled.words
        func report(_ path: [PathToken], value: JSON?, count: Int? = nil, reason: (inout [UInt8]) -> Void) {
            findings.append(Finding(code: rule.code, severity: rule.severity, pointer: JSONPointer(path),
                                    message: message.render(value: value, count: count, pointer: path, text: text, reason: reason)))
        }
        switch compiled.kind {
        case .count(let path, let min, let max, let forbidden, let distinct, let filter):
            path.forEachLocated(in: payload) { value, positions in
                guard let counted = Self.counted(value, where: filter, distinct: distinct) else { return }
                let entries = counted.entries
                let count = counted.count
                // "it has N entries[ where ...][ but M distinct /id]", then why it is wrong.
                func noun(_ bytes: inout [UInt8]) {
                    MessageBytes.append("it has ", to: &bytes)
                    MessageBytes.appendDecimal(entries, to: &bytes)
                    MessageBytes.append(entries == 1 ? " entry" : " entries", to: &bytes)
                    MessageBytes.append(words.filter, to: &bytes)
                    if distinct != nil, count != entries {
                        MessageBytes.append(" but ", to: &bytes)
                        MessageBytes.appendDecimal(count, to: &bytes)
                        MessageBytes.append(" distinct ", to: &bytes)
                        MessageBytes.append(words.distinct, to: &bytes)
                    }
                }
                if forbidden.contains(count) {
                    report(path.tokens(at: positions, in: payload), value: value, count: count, reason: noun)
                } else if let min, count < min {
                    report(path.tokens(at: positions, in: payload), value: value, count: count) { bytes in
                        noun(&bytes)
                        MessageBytes.append(", fewer than ", to: &bytes)
                        MessageBytes.appendDecimal(min, to: &bytes)
                    }
                } else if let max, count > max {
                    report(path.tokens(at: positions, in: payload), value: value, count: count) { bytes in
                        noun(&bytes)
                        MessageBytes.append(", more than ", to: &bytes)
                        MessageBytes.appendDecimal(max, to: &bytes)
                    }
                }
            }
        case .unique(let path):
            // One walk: the values (a null is no value: two are no duplicate) and where
            // each is, the indices its wildcards took (`wildcards` to a value).
            var values: [JSON] = []
            values.reserveCapacity(8)
            var places: [Int] = []
            places.reserveCapacity(8)
            var wildcards = 0
            path.forEachLocated(in: payload) { value, positions in
                guard !value.isNull else { return }
                values.append(value)
                if positions.count == 1 { places.append(positions[0]) } else { places.append(contentsOf: positions) }
                wildcards = positions.count
            }
            let duplicates = Self.duplicates(values)
            guard !duplicates.isEmpty else { return }
            func tokens(_ ordinal: Int) -> [PathToken] {
                path.tokens(at: Array(places[(ordinal * wildcards)..<((ordinal + 1) * wildcards)]), in: payload)
            }
            for duplicate in duplicates {
                let value = values[duplicate.ordinal]
                let at = tokens(duplicate.ordinal)
                let first = tokens(duplicate.first)
                if duplicate.exact {
                    report(at, value: value) { bytes in
                        MessageBytes.appendShown(value, at: at, in: text, to: &bytes)
                        MessageBytes.append(" is also at ", to: &bytes)
                        MessageBytes.appendPointer(first, to: &bytes)
                    }
                } else {
                    findings.append(CanonicalEquivalence.finding(at: at, message: CanonicalEquivalence.uniqueMessage(value, first: values[duplicate.first], at: JSONPointer(first))))
                }
            }
        case .reference(let path, let targets, let key, let targetWhere, let required):
            // The keys of the qualifying targets, and with conditions those of all targets.
            var keys: [JSON] = []
            keys.reserveCapacity(8)
            var unfilteredKeys: [JSON] = []
            if !targetWhere.isEmpty { unfilteredKeys.reserveCapacity(8) }
            var targetCount = 0
            targets.forEach(in: payload) { target in
                let qualifies = targetWhere.allHold(on: target)
                if qualifies { targetCount += 1 }
                func record(_ keyValue: JSON) -> Bool {
                    if qualifies { keys.append(keyValue) }
                    if !targetWhere.isEmpty { unfilteredKeys.append(keyValue) }
                    return true
                }
                // A key without wildcards (an id) is one lookup, not a walk.
                guard key.hasWildcard else { return key.first(in: target).map(record) ?? true }
                return key.forEach(in: target, record)
            }
            let named = KeyList(keys)
            let unfiltered = KeyList(unfilteredKeys)
            // The first qualifying string key of each class of canonically equivalent
            // strings (Swift's String hashing and ==), for TG022: made only for a value
            // that names no key and is not ASCII, or when some key is not ASCII (two ASCII
            // strings are equivalent only when equal).
            var canonicalKeys: FirstSeen<String, JSON>?
            var nonASCIIKey: Bool?
            func equivalentKey(_ text: String) -> JSON? {
                if CompiledRule.isASCII(text) {
                    if nonASCIIKey == nil {
                        nonASCIIKey = keys.contains { if case .string(let key) = $0 { !CompiledRule.isASCII(key) } else { false } }
                    }
                    if nonASCIIKey == false { return nil }
                }
                if canonicalKeys == nil {
                    var made = FirstSeen<String, JSON>()
                    for keyValue in keys { if case .string(let key) = keyValue { made.record(key, keyValue) } }
                    canonicalKeys = made
                }
                return canonicalKeys?[text]
            }
            func mustName(_ bytes: inout [UInt8]) {
                MessageBytes.append(", but it must name one of ", to: &bytes)
                MessageBytes.append(words.wanted, to: &bytes)
            }
            var sawValue = false
            path.forEachLocated(in: payload) { value, positions in
                sawValue = true
                if case .null = value {
                    if required, targetCount > 0 {
                        report(path.tokens(at: positions, in: payload), value: value) { bytes in
                            MessageBytes.append("it is null", to: &bytes)
                            mustName(&bytes)
                        }
                    }
                    return
                }
                guard !named.contains(value) else { return }
                let at = path.tokens(at: positions, in: payload)
                if unfiltered.contains(value) {
                    report(at, value: value) { bytes in
                        MessageBytes.appendShown(value, at: at, in: text, to: &bytes)
                        MessageBytes.append(" names an entry of ", to: &bytes)
                        MessageBytes.append(words.targets, to: &bytes)
                        MessageBytes.append(" that does not satisfy ", to: &bytes)
                        MessageBytes.append(words.conditions, to: &bytes)
                    }
                } else {
                    report(at, value: value) { bytes in
                        MessageBytes.appendShown(value, at: at, in: text, to: &bytes)
                        MessageBytes.append(" matches no ", to: &bytes)
                        MessageBytes.append(words.wanted, to: &bytes)
                    }
                }
                // No key by scalars; one by canonical equivalence is what an iOS client finds.
                if case .string(let text) = value, let equivalent = equivalentKey(text) {
                    findings.append(CanonicalEquivalence.finding(at: at, message: CanonicalEquivalence.referenceMessage(value, key: equivalent, wanted: words.wanted)))
                }
            }
            if required, !sawValue, !path.hasWildcard, targetCount > 0 {
                report(words.absent, value: nil) { bytes in
                    MessageBytes.append("it is absent", to: &bytes)
                    mustName(&bytes)
                }
            }
        case .relativeReference(let path, let allowAuthority):
            path.forEachLocated(in: payload) { value, positions in
                guard case .string(let text) = value else { return }
                // What the pre-check clears has no finding (no problem, not empty, no "//"
                // to resolve to a leading one): the full checks below cost far more.
                if RelativeReference.isPlainPath(text, allowingDoubleSlash: allowAuthority) { return }
                if let problem = RelativeReference.problem(in: text, allowAuthority: allowAuthority) {
                    report(path.tokens(at: positions, in: payload), value: value) { MessageBytes.append(problem, to: &$0) }
                } else if text.isEmpty {
                    findings.append(Finding(code: FindingCode.emptyPath, severity: .warning, pointer: JSONPointer(path.tokens(at: positions, in: payload)),
                                            message: "\"\" is a relative reference to the start URL itself, but Swift's URL(string: \"\", relativeTo:) returns nil and the iOS reference app stops with fatalError; write \"/\" or \"./\""))
                } else if !allowAuthority, let resolved = RelativeReference.networkPathResolution(of: text) {
                    let host = resolved.dropFirst(2).prefix { $0 != "/" }
                    findings.append(Finding(code: FindingCode.networkPathResolution, severity: .warning, pointer: JSONPointer(path.tokens(at: positions, in: payload)),
                                            message: "\(JSONWriter.quoted(text)) resolves to the path \(JSONWriter.quoted(resolved)), which reads as the host \(JSONWriter.quoted(String(host))) wherever it is resolved again; remove the empty segment"))
                }
            }
        case .equals(let path, let expected):
            path.forEachLocated(in: payload) { value, positions in
                guard value != expected else { return }
                let at = path.tokens(at: positions, in: payload)
                report(at, value: value) { bytes in
                    MessageBytes.append("it is ", to: &bytes)
                    MessageBytes.appendShown(value, at: at, in: text, to: &bytes)
                    MessageBytes.append(", expected ", to: &bytes)
                    MessageBytes.appendShown(expected, to: &bytes)
                }
            }
        }
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
        switch value {
        case .array(let elements):
            for index in elements.indices { visit(elements[index]) }
        case .object(let object):
            for index in object.members.indices { visit(object.members[index].value) }
        default:
            return nil
        }
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

/// Keys looked up by JSON equality: scanned while few, hashed past `FirstSeen.limit`,
/// so a hostile payload stays linear.
private struct KeyList {
    let keys: [JSON]
    let table: Set<JSON>?

    init(_ keys: [JSON]) {
        self.keys = keys
        table = keys.count > FirstSeen<JSON, Void>.limit ? Set(keys) : nil
    }

    func contains(_ value: JSON) -> Bool {
        if let table { return table.contains(value) }
        for key in keys where key == value { return true }
        return false
    }
}
