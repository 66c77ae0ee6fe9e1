import JSON

/// A rule with its paths and conditions compiled once (in `RuleEngine.init`), and the
/// check that answers, without paths, messages, hashing or allocation, that the rule
/// certainly reports nothing on a payload. When it cannot say so (a violation, or more
/// values than a short scan should compare) the generic evaluation reports: so the
/// findings are the generic engine's, and this check only has to be conservative.
/// A class, immutable, so the per-payload loop shares it instead of copying its paths.
final class CompiledRule: Sendable {
    enum Kind: Sendable {
        case count(path: CompiledPath, min: Int?, max: Int?, forbidden: [Int], distinct: CompiledPath?, where: [CompiledCondition])
        case unique(path: CompiledPath)
        case reference(path: CompiledPath, targets: CompiledPath, key: CompiledPath, targetWhere: [CompiledCondition], required: Bool)
        case relativeReference(path: CompiledPath, allowAuthority: Bool)
        case equals(path: CompiledPath, value: JSON)
    }

    let kind: Kind
    let when: [CompiledCondition]
    /// The message, split at its placeholders for the report.
    let message: RuleMessage
    /// The words of the report's reasons that depend only on the rule, made once.
    let words: Words

    /// What `RuleEngine.report` says of a rule besides its values, as the generic
    /// evaluation words it (`describe`, `PathPattern.description`). A class, so the
    /// report shares it rather than copying its strings.
    final class Words: Sendable {
        /// count: " where " and the conditions an entry is counted on, or "".
        let filter: String
        /// count: the pointer of the distinct value, or "".
        let distinct: String
        /// reference: the pattern of the targets.
        let targets: String
        /// reference: the conditions a target satisfies, joined by " and ".
        let conditions: String
        /// reference: what a value must name (targets, key and conditions).
        let wanted: String
        /// reference: the path of an absent value (the pattern's names).
        let absent: [PathToken]

        init(_ kind: Rule.Kind) {
            var filter = "", distinct = "", targets = "", conditions = "", wanted = ""
            var absent: [PathToken] = []
            switch kind {
            case .count(_, _, _, _, let distinctPattern, let counted):
                if !counted.isEmpty { filter = " where " + counted.map(RuleEngine.describe).joined(separator: " and ") }
                distinct = distinctPattern?.description ?? ""
            case .reference(let path, let targetPattern, let key, let targetWhere, _):
                targets = targetPattern.description
                conditions = targetWhere.map(RuleEngine.describe).joined(separator: " and ")
                wanted = "\(targetPattern)\(key)" + (targetWhere.isEmpty ? "" : " where " + conditions)
                absent = path.tokens.compactMap { if case .name(let name) = $0 { .key(name) } else { nil } }
            case .unique, .relativeReference, .equals:
                break
            }
            self.filter = filter
            self.distinct = distinct
            self.targets = targets
            self.conditions = conditions
            self.wanted = wanted
            self.absent = absent
        }
    }

    /// Whether the report costs what `passes` costs when the rule holds: then the
    /// engine reports at once instead of walking the values twice. A relative reference
    /// on a path with one wildcard qualifies: its report walks as the pass does (one
    /// position, set in place) and clears a plain path with the pass's own scan. (Not a
    /// unique rule: measured, its report, which keeps every value, costs more than the
    /// pass on payloads where it holds.)
    var reportsDirectly: Bool {
        switch kind {
        case .equals: true
        case .relativeReference(let path, _): path.onlyWildcard != nil
        case .count, .unique, .reference: false
        }
    }

    /// Values a check compares pairwise at most; past it the generic (hashing) pass decides.
    static var pairwiseLimit: Int { 32 }

    init(_ rule: Rule) {
        when = rule.when.map(CompiledCondition.init)
        message = RuleMessage(rule.message)
        words = Words(rule.kind)
        switch rule.kind {
        case .count(let path, let min, let max, let forbidden, let distinct, let filter):
            kind = .count(path: CompiledPath(path), min: min, max: max, forbidden: forbidden,
                          distinct: distinct.map(CompiledPath.init), where: filter.map(CompiledCondition.init))
        case .unique(let path):
            kind = .unique(path: CompiledPath(path))
        case .reference(let path, let targets, let key, let targetWhere, let required):
            kind = .reference(path: CompiledPath(path), targets: CompiledPath(targets), key: CompiledPath(key),
                              targetWhere: targetWhere.map(CompiledCondition.init), required: required)
        case .relativeReference(let path, let allowAuthority):
            kind = .relativeReference(path: CompiledPath(path), allowAuthority: allowAuthority)
        case .equals(let path, let value):
            kind = .equals(path: CompiledPath(path), value: value)
        }
    }

    /// Whether the rule certainly has no finding on `payload` (its `when` holding).
    /// `buffer` is scratch space the caller reuses across rules; it is left empty.
    func passes(_ payload: JSON, buffer: inout [JSON]) -> Bool {
        defer { buffer.removeAll(keepingCapacity: true) }
        switch kind {
        case .count(let path, let min, let max, let forbidden, let distinct, let filter):
            return path.forEach(in: payload) { value in
                switch value {
                case .array, .object: break
                default: return true  // nothing counted
                }
                guard let count = Self.count(value, where: filter, distinct: distinct, buffer: &buffer) else { return false }
                return !forbidden.contains(count) && count >= (min ?? 0) && count <= (max ?? Int.max)
            }
        case .unique(let path):
            var nonASCII = false
            return path.forEach(in: payload) { value in
                if value.isNull { return true }
                if buffer.count >= Self.pairwiseLimit { return false }
                if buffer.contains(value) { return false }
                // Canonically equivalent strings (TG022): String == is canonical
                // equivalence, and two ASCII strings are equivalent only when equal.
                if case .string(let text) = value {
                    if !nonASCII, !Self.isASCII(text) { nonASCII = true }
                    if nonASCII, buffer.contains(where: { if case .string(let other) = $0 { other == text } else { false } }) { return false }
                }
                buffer.append(value)
                return true
            }
        case .reference(let path, let targets, let key, let targetWhere, let required):
            return Self.referencePasses(payload, path: path, targets: targets, key: key, targetWhere: targetWhere,
                                        required: required, buffer: &buffer)
        case .relativeReference(let path, let allowAuthority):
            return path.forEach(in: payload) { value in
                guard case .string(let text) = value else { return true }
                // "" (TG021) and a "//" anywhere, which may resolve to a leading "//"
                // (TG020): the generic pass decides.
                if RelativeReference.isPlainPath(text, allowingDoubleSlash: allowAuthority) { return true }
                if text.isEmpty || (!allowAuthority && RelativeReference.hasDoubleSlash(text)) { return false }
                // `problem` is nil, decided on the bytes (as the byte pass decides it).
                var copy = text
                return copy.withUTF8 { RelativeReference.isRelativeReference($0, allowAuthority: allowAuthority) }
            }
        case .equals(let path, let expected):
            return path.forEach(in: payload) { $0 == expected }
        }
    }

    /// What `RuleEngine.countedEntries` and `distinctCount` count on an array or object
    /// (nil: more distinct values than the pairwise scan compares).
    private static func count(_ value: JSON, where filter: [CompiledCondition], distinct: CompiledPath?, buffer: inout [JSON]) -> Int? {
        var count = 0
        var overflow = false
        func visit(_ entry: JSON) {
            guard filter.isEmpty || filter.allHold(on: entry) else { return }
            guard let distinct else {
                count += 1
                return
            }
            // Entries without a value at `distinct` count alone.
            guard let key = distinct.first(in: entry) else {
                count += 1
                return
            }
            if buffer.contains(key) { return }
            if buffer.count >= pairwiseLimit {
                overflow = true
                return
            }
            buffer.append(key)
            count += 1
        }
        switch value {
        case .array(let elements):
            for index in elements.indices { visit(elements[index]) }
        case .object(let object):
            for index in object.members.indices { visit(object.members[index].value) }
        default:
            break
        }
        buffer.removeAll(keepingCapacity: true)
        return overflow ? nil : count
    }

    /// The `reference` check: every referring value names a key of a qualifying target.
    private static func referencePasses(_ payload: JSON, path: CompiledPath, targets: CompiledPath, key: CompiledPath,
                                        targetWhere: [CompiledCondition], required: Bool, buffer: inout [JSON]) -> Bool {
        // The referring values first: usually there are none (an optional field), and
        // then the targets need not be looked at.
        let collected = path.forEach(in: payload) { value in
            guard buffer.count < 64 else { return false }
            buffer.append(value)
            return true
        }
        guard collected else { return false }
        if buffer.isEmpty, !required || path.hasWildcard { return true }
        // Bit n: referring value n names a key (or is null, which needs no key).
        var named: UInt64 = 0
        for index in buffer.indices where buffer[index].isNull { named |= 1 << UInt64(index) }
        let all: UInt64 = buffer.count == 64 ? ~0 : (1 << UInt64(buffer.count)) - 1
        var targetCount = 0
        var comparisons = 0
        let finished = targets.forEach(in: payload) { target in
            guard targetWhere.isEmpty || targetWhere.allHold(on: target) else { return true }
            targetCount += 1
            guard named != all else { return true }
            func name(_ keyValue: JSON) -> Bool {
                for index in buffer.indices where named & (1 << UInt64(index)) == 0 && buffer[index] == keyValue {
                    named |= 1 << UInt64(index)
                }
                comparisons += buffer.count
                // A hostile payload (many keys and many referring values): hash instead.
                return comparisons <= 4096
            }
            // A key without wildcards (an id) is one lookup, not a walk.
            guard key.hasWildcard else { return key.first(in: target).map(name) ?? true }
            return key.forEach(in: target, name)
        }
        guard finished else { return false }
        if buffer.isEmpty { return targetCount == 0 }
        guard named == all else { return false }
        // A null is a finding when the rule is required and some target qualifies.
        return !(required && targetCount > 0 && buffer.contains(where: \.isNull))
    }

    static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte >= 0x80 { return false }
            return true
        }
    }
}
