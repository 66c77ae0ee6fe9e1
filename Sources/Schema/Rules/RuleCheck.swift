import JSON

/// The fast pass of the rule engine: answers whether a rule certainly holds, without
/// paths, messages or hashing. Only rules that fail it are evaluated in full.
extension RuleEngine {
    static func passes(_ rule: Rule, _ payload: JSON) -> Bool {
        switch rule.kind {
        case .count(let path, let min, let max, let forbidden, let distinct, let filter):
            return PatternMatcher.allValues(path, in: payload) { value in
                guard let entries = countedEntries(value, where: filter) else { return true }
                let count = distinct.map { distinctCount(entries, by: $0) } ?? entries.count
                return !forbidden.contains(count) && count >= (min ?? 0) && count <= (max ?? Int.max)
            }
        case .unique(let path):
            var seen: [JSON] = []
            var nonASCII = false
            return PatternMatcher.allValues(path, in: payload) { value in
                if value.isNull { return true }
                if seen.count >= 32 { return false }  // large sets: let the full pass hash them
                if seen.contains(value) { return false }
                // Canonically equivalent strings (TG022): String == is canonical equivalence.
                // Two ASCII strings are equivalent only when equal, so all-ASCII values skip it.
                if case .string(let text) = value {
                    if !nonASCII, text.utf8.contains(where: { $0 >= 0x80 }) { nonASCII = true }
                    if nonASCII, seen.contains(where: { if case .string(let other) = $0 { other == text } else { false } }) { return false }
                }
                seen.append(value)
                return true
            }
        case .reference(let path, let targets, let key, let targetWhere, let required):
            // The referring values first: usually there are none (an optional field),
            // and then the targets need not be collected at all.
            var referring: [JSON] = []
            PatternMatcher.allValues(path, in: payload) { value in
                referring.append(value)
                return true
            }
            if referring.isEmpty, !required || path.hasWildcard { return true }
            var keys: [JSON] = []
            var targetCount = 0
            let collected = PatternMatcher.allValues(targets, in: payload) { target in
                guard targetWhere.allSatisfy({ holds($0, on: target) }) else { return true }
                targetCount += 1
                if key.hasWildcard {
                    PatternMatcher.allValues(key, in: target) { keyValue in
                        keys.append(keyValue)
                        return true
                    }
                } else if let keyValue = PatternMatcher.value(at: key, in: target) {
                    keys.append(keyValue)
                }
                return keys.count <= 32
            }
            guard collected else { return false }
            if referring.isEmpty { return targetCount == 0 }
            return referring.allSatisfy { value in
                if case .null = value { return !(required && targetCount > 0) }
                return keys.contains(value)
            }
        case .relativeReference(let path, let allowAuthority):
            return PatternMatcher.allValues(path, in: payload) { value in
                guard case .string(let text) = value else { return true }
                // "" (TG021) and a "//" anywhere, which may resolve to a leading "//"
                // (TG020): the full pass decides.
                if text.isEmpty || (!allowAuthority && RelativeReference.hasDoubleSlash(text)) { return false }
                return RelativeReference.isPlainPath(text) || RelativeReference.problem(in: text, allowAuthority: allowAuthority) == nil
            }
        case .equals(let path, let expected):
            return PatternMatcher.allValues(path, in: payload) { $0 == expected }
        }
    }
}
