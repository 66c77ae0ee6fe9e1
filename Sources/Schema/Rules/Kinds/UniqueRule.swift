import JSON

/// `unique`: the values at `path` are pairwise distinct (a null is no value), and no two
/// strings are canonically equivalent (TG022).
package struct UniqueRule: RuleKind {
    package let path: PathPattern

    package static let name = "unique"
    package static let parameters: Set<String> = []
    package static let defaultMessage = "{reason}"

    package static func read(_ object: JSONObject, path: PathPattern, schemas: [Schema], root: [Schema], at pointer: JSONPointer, reader: inout RuleReader) -> UniqueRule? {
        UniqueRule(path: path)
    }

    package var failsWhenAbsent: Bool { false }

    package func planBytes(_ builder: inout BytePlanBuilder, rule index: Int) throws(BytePlanBuilder.Unsupported) -> BytePlanBuilder.PendingByteRule {
        .init(.unique(probe: builder.probe(path.tokens, entry: -1)))
    }

    package func compiled() -> any CompiledRuleKind {
        Compiled(path: CompiledPath(path))
    }

    final class Compiled: CompiledRuleKind {
        let path: CompiledPath

        init(path: CompiledPath) {
            self.path = path
        }

        /// Not direct: measured, its report, which keeps every value, costs more than the
        /// pass on payloads where it holds.
        var reportsDirectly: Bool { false }

        func passes(_ payload: JSON, buffer: inout [JSON]) -> Bool {
            var nonASCII = false
            return path.forEach(in: payload) { value in
                if value.isNull { return true }
                if buffer.count >= CompiledRule.pairwiseLimit { return false }
                if buffer.contains(value) { return false }
                // Canonically equivalent strings (TG022): String == is canonical
                // equivalence, and two ASCII strings are equivalent only when equal.
                if case .string(let text) = value {
                    if !nonASCII, !CompiledRule.isASCII(text) { nonASCII = true }
                    if nonASCII, buffer.contains(where: { if case .string(let other) = $0 { other == text } else { false } }) { return false }
                }
                buffer.append(value)
                return true
            }
        }

        func report(_ payload: JSON, _ reporter: RuleReporter, into findings: inout [Finding]) {
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
            let duplicates = RuleEngine.duplicates(values)
            guard !duplicates.isEmpty else { return }
            func tokens(_ ordinal: Int) -> [PathToken] {
                path.tokens(at: Array(places[(ordinal * wildcards)..<((ordinal + 1) * wildcards)]), in: payload)
            }
            for duplicate in duplicates {
                let value = values[duplicate.ordinal]
                let at = tokens(duplicate.ordinal)
                let first = tokens(duplicate.first)
                if duplicate.exact {
                    findings.append(reporter.finding(at, value: value) { bytes in
                        MessageBytes.appendShown(value, at: at, in: reporter.text, to: &bytes)
                        MessageBytes.append(" is also at ", to: &bytes)
                        MessageBytes.appendPointer(first, to: &bytes)
                    })
                } else {
                    findings.append(CanonicalEquivalence.finding(at: at, message: CanonicalEquivalence.uniqueMessage(value, first: values[duplicate.first], at: JSONPointer(first))))
                }
            }
        }
    }
}

// MARK: Fixtures

extension UniqueRule {
    package func repair(_ instance: inout JSON, with fitter: inout some RuleFitter) {
        var seen: [JSON] = []
        for match in path.matches(in: instance) {
            if seen.contains(match.value), case .string = match.value {
                let fresh = JSON.string(fitter.freshString(for: match.path))
                fitter.set(fresh, at: match.path, in: &instance)
                seen.append(fresh)
            } else if seen.contains(match.value), case .number = match.value, let fresh = fitter.freshNumber(at: match.path, avoiding: seen, in: instance) {
                fitter.set(fresh, at: match.path, in: &instance)
                seen.append(fresh)
            } else {
                seen.append(match.value)
            }
        }
    }

    package func breakRule(_ instance: inout JSON, with fitter: inout some RuleFitter) -> Bool {
        let matches = path.matches(in: instance)
        if matches.count >= 2 {
            fitter.set(matches[0].value, at: matches[1].path, in: &instance)
            return true
        }
        // One value (an optional member on one element): copy it to a sibling element.
        guard let first = matches.first, let wildcard = path.tokens.firstIndex(of: .wildcard),
              path.tokens.lastIndex(of: .wildcard) == wildcard, first.path.count == path.tokens.count else { return false }
        let prefix = Array(first.path.prefix(wildcard))
        guard case .array(let elements)? = instance.value(at: prefix) else { return false }
        let suffix = Array(first.path.dropFirst(wildcard + 1))
        for index in elements.indices where prefix + [.index(index)] + suffix != first.path {
            if fitter.set(first.value, at: prefix + [.index(index)] + suffix, in: &instance) { return true }
        }
        return false
    }
}
