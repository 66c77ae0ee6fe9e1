import JSON

/// `count`: the number of elements (or members) at `path` is within `min...max` and not
/// in `forbidden`. With `distinct`, entries with equal values at that pointer count once.
/// With `where`, only entries on which all these conditions hold are counted.
package struct CountRule: RuleKind {
    package let path: PathPattern
    package let min: Int?
    package let max: Int?
    package let forbidden: [Int]
    package let distinct: PathPattern?
    package let filter: [Condition]

    package init(path: PathPattern, min: Int?, max: Int?, forbidden: [Int] = [], distinct: PathPattern? = nil, where filter: [Condition] = []) {
        self.path = path
        self.min = min
        self.max = max
        self.forbidden = forbidden
        self.distinct = distinct
        self.filter = filter
    }

    package static let name = "count"
    package static let parameters: Set<String> = ["min", "max", "forbidden", "distinct", "where"]
    package static let defaultMessage = "{reason}"

    package static func read(_ object: JSONObject, path: PathPattern, schemas: [Schema], root: [Schema], at pointer: JSONPointer, reader: inout RuleReader) -> CountRule? {
        let min = reader.integer(object, "min", at: pointer)
        let max = reader.integer(object, "max", at: pointer)
        var forbidden: [Int] = []
        if let list = object["forbidden"] {
            if case .array(let values) = list, let numbers = Optional(values.compactMap(RuleReader.nonNegativeInteger)), numbers.count == values.count {
                forbidden = numbers
            } else {
                reader.sink.report(pointer.appending(key: "forbidden"), "forbidden must be an array of non-negative integers")
            }
        }
        if min == nil, max == nil, forbidden.isEmpty {
            reader.sink.report(pointer, "a count rule needs min, max or forbidden")
        }
        reader.requireShape(schemas, at: pointer.appending(key: "path"), accepts: { if case .elements = $0 { true } else if case .values = $0 { true } else if case .properties = $0 { true } else if case .empty = $0 { true } else { false } },
                            what: "an array or object")
        var distinct: PathPattern?
        if object["distinct"] != nil, let key = reader.pattern(object, "distinct", at: pointer, required: false) {
            let entries = reader.navigator.schemas(at: PathPattern([.wildcard]), from: schemas).schemas
            if let failure = reader.navigator.schemas(at: key, from: entries).failure {
                reader.sink.report(pointer.appending(key: "distinct"), "distinct \(JSONWriter.quoted(key.description)) addresses nothing in an entry: \(failure)")
            }
            distinct = key
        }
        let entries = reader.navigator.schemas(at: PathPattern([.wildcard]), from: schemas).schemas
        let filter = reader.conditions(object["where"], at: pointer.appending(key: "where"), from: entries) ?? []
        return CountRule(path: path, min: min, max: max, forbidden: forbidden, distinct: distinct, where: filter)
    }

    package var failsWhenAbsent: Bool { false }

    package var arguments: [RuleArgument] {
        [RuleArgument("path", .pattern(path)), RuleArgument("min", .integer(min), optional: true),
         RuleArgument("max", .integer(max), optional: true), RuleArgument("forbidden", .integers(forbidden), optional: true),
         RuleArgument("distinct", .optionalPattern(distinct), optional: true),
         RuleArgument("distinctText", .words(distinct?.description ?? "")),
         RuleArgument("where", .conditions(filter), optional: true),
         RuleArgument("whereText", .words(filter.map(RuleEngine.describe).joined(separator: " and ")))]
    }

    package func compare(to after: CountRule, in movement: inout RuleMovement) {
        // An absent min is 0 and an absent max is unbounded.
        let (low1, low2) = (min ?? 0, after.min ?? 0)
        if low1 != low2 { movement.note(low2 > low1 ? .tightens : .loosens, "min \(RuleMovement.show(min)) → \(RuleMovement.show(after.min))") }
        let (high1, high2) = (max ?? .max, after.max ?? .max)
        if high1 != high2 { movement.note(high2 < high1 ? .tightens : .loosens, "max \(RuleMovement.show(max)) → \(RuleMovement.show(after.max))") }
        let (set1, set2) = (Set(forbidden), Set(after.forbidden))
        if set1 != set2 {
            let step: RuleMovement.Step = set2.isSuperset(of: set1) ? .tightens : set2.isSubset(of: set1) ? .loosens : .incomparable
            movement.note(step, "forbidden \(forbidden) → \(after.forbidden)")
        }
        // Counting distinct entries raises no count and lowers some: it tightens
        // min and loosens max, so it has no order in general.
        if distinct != after.distinct {
            movement.note(.incomparable, "distinct \(distinct.map(\.description) ?? "none") → \(after.distinct.map(\.description) ?? "none")")
        }
        // Filtering entries lowers counts: like distinct, no order in general.
        movement.compareConditions(filter, after.filter, name: "where", moreIs: .incomparable)
    }

    package func planBytes(_ builder: inout BytePlanBuilder, rule index: Int) throws(BytePlanBuilder.Unsupported) -> BytePlanBuilder.PendingByteRule {
        // One counted value: entries then all belong to it.
        guard !path.hasWildcard else { throw BytePlanBuilder.Unsupported() }
        let entryTokens = path.tokens + [.wildcard]
        let entry = builder.node(for: entryTokens)
        builder.entries.insert(entry)
        guard filter.count <= 4 else { throw BytePlanBuilder.Unsupported() }  // BytePass.Cursors
        var conditions: [BytePlanBuilder.PendingCondition] = []
        for item in filter { conditions.append(try builder.condition(item, base: entryTokens, entry: entry)) }
        let counted = builder.probe(path.tokens, entry: -1)
        let distinctProbe = distinct.map { builder.probe(entryTokens + $0.tokens, entry: entry) }
        return .init(.count(probe: counted, entry: entry, min: min ?? 0, max: max ?? Int.max, forbidden: forbidden,
                            distinct: distinctProbe, filter: conditions))
    }

    package func compiled() -> any CompiledRuleKind {
        Compiled(self)
    }

    final class Compiled: CompiledRuleKind {
        let path: CompiledPath
        let min: Int?
        let max: Int?
        let forbidden: [Int]
        let distinct: CompiledPath?
        let filter: [CompiledCondition]
        /// " where " and the conditions an entry is counted on, or "".
        let filterWords: String
        /// The pointer of the distinct value, or "".
        let distinctWords: String

        init(_ rule: CountRule) {
            path = CompiledPath(rule.path)
            min = rule.min
            max = rule.max
            forbidden = rule.forbidden
            distinct = rule.distinct.map(CompiledPath.init)
            filter = rule.filter.map(CompiledCondition.init)
            filterWords = rule.filter.isEmpty ? "" : " where " + rule.filter.map(RuleEngine.describe).joined(separator: " and ")
            distinctWords = rule.distinct?.description ?? ""
        }

        var reportsDirectly: Bool { false }

        func passes(_ payload: JSON, buffer: inout [JSON]) -> Bool {
            return path.forEach(in: payload) { value in
                switch value {
                case .array, .object: break
                default: return true  // nothing counted
                }
                guard let count = Self.count(value, where: filter, distinct: distinct, buffer: &buffer) else { return false }
                return !forbidden.contains(count) && count >= (min ?? 0) && count <= (max ?? Int.max)
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
                if buffer.count >= CompiledRule.pairwiseLimit {
                    overflow = true
                    return
                }
                buffer.append(key)
                count += 1
            }
            value.forEachEntry(visit)
            buffer.removeAll(keepingCapacity: true)
            return overflow ? nil : count
        }

        func report(_ payload: JSON, _ reporter: RuleReporter, into findings: inout [Finding]) {
            path.forEachLocated(in: payload) { value, positions in
                guard let counted = RuleEngine.counted(value, where: filter, distinct: distinct) else { return }
                let entries = counted.entries
                let count = counted.count
                // "it has N entries[ where ...][ but M distinct /id]", then why it is wrong.
                func noun(_ bytes: inout [UInt8]) {
                    MessageBytes.append("it has ", to: &bytes)
                    MessageBytes.appendDecimal(entries, to: &bytes)
                    MessageBytes.append(entries == 1 ? " entry" : " entries", to: &bytes)
                    MessageBytes.append(filterWords, to: &bytes)
                    if distinct != nil, count != entries {
                        MessageBytes.append(" but ", to: &bytes)
                        MessageBytes.appendDecimal(count, to: &bytes)
                        MessageBytes.append(" distinct ", to: &bytes)
                        MessageBytes.append(distinctWords, to: &bytes)
                    }
                }
                if forbidden.contains(count) {
                    findings.append(reporter.finding(path.tokens(at: positions, in: payload), value: value, count: count, reason: noun))
                } else if let min, count < min {
                    findings.append(reporter.finding(path.tokens(at: positions, in: payload), value: value, count: count) { bytes in
                        noun(&bytes)
                        MessageBytes.append(", fewer than ", to: &bytes)
                        MessageBytes.appendDecimal(min, to: &bytes)
                    })
                } else if let max, count > max {
                    findings.append(reporter.finding(path.tokens(at: positions, in: payload), value: value, count: count) { bytes in
                        noun(&bytes)
                        MessageBytes.append(", more than ", to: &bytes)
                        MessageBytes.appendDecimal(max, to: &bytes)
                    })
                }
            }
        }
    }
}

// MARK: Fixtures

extension CountRule {
    package func repair(_ instance: inout JSON, with fitter: inout some RuleFitter) {
        for match in path.matches(in: instance) {
            guard case .array(let elements) = match.value else { continue }
            let count = Self.counted(elements, filter)
            let valid = { (n: Int) in n >= (min ?? 0) && n <= (max ?? Int.max) && !forbidden.contains(n) }
            guard !valid(count) else { continue }
            let limit = Swift.max(count, min ?? 0) + forbidden.count + 3
            let candidates = (0...limit).filter(valid)
            guard let target = candidates.min(by: { (abs($0 - count), -$0) < (abs($1 - count), -$1) }) else { continue }
            if filter.isEmpty {
                fitter.resize(at: match.path, to: target, in: &instance)
            } else {
                // Counted entries: bend existing entries rather than resize, so the
                // other rules on the array keep what they had.
                bend(match.path, to: target, in: &instance, with: &fitter)
            }
        }
    }

    package func breakRule(_ instance: inout JSON, with fitter: inout some RuleFitter) -> Bool {
        guard let match = path.matches(in: instance).first(where: { $0.value.arrayValue != nil }) else { return false }
        if !filter.isEmpty, let min, min > 0, Self.negation(of: filter) != nil {
            // Fewer counted entries, same length: the rule breaks alone.
            bend(match.path, to: min - 1, in: &instance, with: &fitter)
            return true
        }
        let target: Int
        if let bad = forbidden.first(where: { $0 >= 0 }) {
            target = bad
        } else if let min, min > 0 {
            target = min - 1
        } else if let max {
            target = max + 1
        } else {
            return false
        }
        fitter.resize(at: match.path, to: target, in: &instance)
        return true
    }

    /// Entries that `filter` counts (all of them without one).
    static func counted(_ elements: [JSON], _ filter: [Condition]) -> Int {
        filter.isEmpty ? elements.count : elements.filter { entry in filter.allSatisfy { $0.holds(on: entry) } }.count
    }

    /// A condition that fails wherever all of `filter` holds, when there is a simple one.
    static func negation(of filter: [Condition]) -> Condition? {
        for condition in filter {
            if case .present(let flag) = condition.test { return Condition(path: condition.path, test: .present(!flag)) }
        }
        return nil
    }

    /// Makes `filter` hold on entries of the array at `array`, or fail on them, until it
    /// counts `target` (new entries are added when there are too few to bend).
    private func bend(_ array: [PathToken], to target: Int, in instance: inout JSON, with fitter: inout some RuleFitter) {
        guard case .array(let elements)? = instance.value(at: array) else { return }
        var count = Self.counted(elements, filter)
        if count > target, let negated = Self.negation(of: filter) {
            for index in elements.indices.reversed() where count > target && filter.allSatisfy({ $0.holds(on: elements[index]) }) {
                fitter.satisfy([negated], in: &instance, under: array + [.index(index)])
                count -= 1
            }
            return
        }
        var index = 0
        while count < target, index < elements.count + target {
            if index >= (instance.value(at: array)?.arrayValue?.count ?? 0) {
                fitter.resize(at: array, to: index + 1, in: &instance)
            }
            if let entry = instance.value(at: array + [.index(index)]), !filter.allSatisfy({ $0.holds(on: entry) }) {
                fitter.satisfy(filter, in: &instance, under: array + [.index(index)])
                count += 1
            } else if index >= elements.count {
                count += 1  // a fresh entry that already holds
            }
            index += 1
        }
    }
}
