import JSON

/// `reference`: each string at `path` equals `key` of one element of `targets` that
/// satisfies `targetWhere`. With `required`, null or absent values are violations too.
package struct ReferenceRule: RuleKind {
    package let path: PathPattern
    package let targets: PathPattern
    package let key: PathPattern
    package let targetWhere: [Condition]
    package let required: Bool

    package static let name = "reference"
    package static let parameters: Set<String> = ["targets", "key", "targetWhere", "required"]
    package static let defaultMessage = "{reason}"

    package static func read(_ object: JSONObject, path: PathPattern, schemas: [Schema], root: [Schema], at pointer: JSONPointer, reader: inout RuleReader) -> ReferenceRule? {
        guard let targets = reader.pattern(object, "targets", at: pointer, required: true),
              let key = reader.pattern(object, "key", at: pointer, required: true) else { return nil }
        let targetSchemas = reader.navigator.schemas(at: targets, from: root)
        if let failure = targetSchemas.failure {
            reader.sink.report(pointer.appending(key: "targets"), "targets \(JSONWriter.quoted(targets.description)) addresses nothing in the schema: \(failure)")
            return nil
        }
        if let failure = reader.navigator.schemas(at: key, from: targetSchemas.schemas).failure {
            reader.sink.report(pointer.appending(key: "key"), "key \(JSONWriter.quoted(key.description)) addresses nothing in a target: \(failure)")
        }
        let targetWhere = reader.conditions(object["targetWhere"], at: pointer.appending(key: "targetWhere"), from: targetSchemas.schemas) ?? []
        let required = reader.sink.boolean(object, "required", at: pointer) ?? false
        return ReferenceRule(path: path, targets: targets, key: key, targetWhere: targetWhere, required: required)
    }

    /// A required reference on a plain path fails when the value is absent.
    package var failsWhenAbsent: Bool { required && !path.hasWildcard }

    package var arguments: [RuleArgument] {
        [RuleArgument("path", .pattern(path)), RuleArgument("targets", .pattern(targets)), RuleArgument("key", .pattern(key)),
         RuleArgument("targetWhere", .conditions(targetWhere), optional: true), RuleArgument("required", .flag(required), optional: true),
         RuleArgument("targetsText", .words(targets.description)), RuleArgument("keyText", .words(key.description)),
         RuleArgument("targetWhereText", .words(targetWhere.map(RuleEngine.describe).joined(separator: " and ")))]
    }

    package func compare(to after: ReferenceRule, in movement: inout RuleMovement) {
        if targets != after.targets { movement.note(.incomparable, "targets \(targets) → \(after.targets)") }
        if key != after.key { movement.note(.incomparable, "key \(key) → \(after.key)") }
        // More conditions on targets leave fewer targets a value may name.
        movement.compareConditions(targetWhere, after.targetWhere, name: "targetWhere", moreIs: .tightens)
        if required != after.required { movement.note(after.required ? .tightens : .loosens, "required \(required) → \(after.required)") }
    }

    package func planBytes(_ builder: inout BytePlanBuilder, rule index: Int) throws(BytePlanBuilder.Unsupported) -> BytePlanBuilder.PendingByteRule {
        let target = builder.node(for: targets.tokens)
        builder.entries.insert(target)
        guard targetWhere.count <= 4 else { throw BytePlanBuilder.Unsupported() }  // BytePass.Cursors
        var conditions: [BytePlanBuilder.PendingCondition] = []
        for item in targetWhere { conditions.append(try builder.condition(item, base: targets.tokens, entry: target)) }
        let referring = builder.probe(path.tokens, entry: -1)
        let keyProbe = builder.probe(targets.tokens + key.tokens, entry: target)
        return .init(.reference(probe: referring, wildcard: path.hasWildcard, targets: target, key: keyProbe,
                                filter: conditions, required: required))
    }

    package func compiled() -> any CompiledRuleKind {
        Compiled(self)
    }

    final class Compiled: CompiledRuleKind {
        let path: CompiledPath
        let targets: CompiledPath
        let key: CompiledPath
        let targetWhere: [CompiledCondition]
        let required: Bool
        /// The pattern of the targets.
        let targetsWords: String
        /// The conditions a target satisfies, joined by " and ".
        let conditionWords: String
        /// What a value must name (targets, key and conditions).
        let wanted: String
        /// The path of an absent value (the pattern's names).
        let absent: [PathToken]

        init(_ rule: ReferenceRule) {
            path = CompiledPath(rule.path)
            targets = CompiledPath(rule.targets)
            key = CompiledPath(rule.key)
            targetWhere = rule.targetWhere.map(CompiledCondition.init)
            required = rule.required
            targetsWords = rule.targets.description
            conditionWords = rule.targetWhere.map(RuleEngine.describe).joined(separator: " and ")
            wanted = "\(rule.targets)\(rule.key)" + (rule.targetWhere.isEmpty ? "" : " where " + conditionWords)
            absent = rule.path.tokens.compactMap { if case .name(let name) = $0 { .key(name) } else { nil } }
        }

        var reportsDirectly: Bool { false }

        /// Every referring value names a key of a qualifying target.
        func passes(_ payload: JSON, buffer: inout [JSON]) -> Bool {
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

        func report(_ payload: JSON, _ reporter: RuleReporter, into findings: inout [Finding]) {
            let text = reporter.text
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
            let wanted = wanted
            func mustName(_ bytes: inout [UInt8]) {
                MessageBytes.append(", but it must name one of ", to: &bytes)
                MessageBytes.append(wanted, to: &bytes)
            }
            var sawValue = false
            path.forEachLocated(in: payload) { value, positions in
                sawValue = true
                if case .null = value {
                    if required, targetCount > 0 {
                        findings.append(reporter.finding(path.tokens(at: positions, in: payload), value: value) { bytes in
                            MessageBytes.append("it is null", to: &bytes)
                            mustName(&bytes)
                        })
                    }
                    return
                }
                guard !named.contains(value) else { return }
                let at = path.tokens(at: positions, in: payload)
                if unfiltered.contains(value) {
                    findings.append(reporter.finding(at, value: value) { bytes in
                        MessageBytes.appendShown(value, at: at, in: text, to: &bytes)
                        MessageBytes.append(" names an entry of ", to: &bytes)
                        MessageBytes.append(targetsWords, to: &bytes)
                        MessageBytes.append(" that does not satisfy ", to: &bytes)
                        MessageBytes.append(conditionWords, to: &bytes)
                    })
                } else {
                    findings.append(reporter.finding(at, value: value) { bytes in
                        MessageBytes.appendShown(value, at: at, in: text, to: &bytes)
                        MessageBytes.append(" matches no ", to: &bytes)
                        MessageBytes.append(wanted, to: &bytes)
                    })
                }
                // No key by scalars; one by canonical equivalence is what an iOS client finds.
                if case .string(let text) = value, let equivalent = equivalentKey(text) {
                    findings.append(CanonicalEquivalence.finding(at: at, message: CanonicalEquivalence.referenceMessage(value, key: equivalent, wanted: wanted)))
                }
            }
            if required, !sawValue, !path.hasWildcard, targetCount > 0 {
                findings.append(reporter.finding(absent, value: nil) { bytes in
                    MessageBytes.append("it is absent", to: &bytes)
                    mustName(&bytes)
                })
            }
        }
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

// MARK: Fixtures

extension ReferenceRule {
    package func repair(_ instance: inout JSON, with fitter: inout some RuleFitter) {
        let found = referenceKeys(in: instance)
        let matches = path.matches(in: instance)
        // Keys other referring values already name: a second reference to the same
        // target is what unique rules forbid, so a repair prefers a free key, and
        // clears the value (when it may) rather than name a taken one.
        var taken = matches.map(\.value).filter { found.keys.contains($0) }
        for (ordinal, match) in matches.enumerated() {
            if match.value.isNull {
                if required, found.targetCount > 0, let replacement = found.keys.first {
                    fitter.set(replacement, at: match.path, in: &instance)
                }
                continue
            }
            guard !found.keys.contains(match.value) else { continue }
            let free = found.keys.indices.map { found.keys[($0 + ordinal + 1) % found.keys.count] }.first { !taken.contains($0) }
            if let free {
                fitter.set(free, at: match.path, in: &instance)
                taken.append(free)
            } else {
                fitter.clear(at: match.path, in: &instance)
            }
        }
        if matches.isEmpty, required, found.targetCount > 0, let concrete = path.concretePath, let replacement = found.keys.first {
            fitter.set(replacement, at: concrete, in: &instance)
        }
    }

    package func breakRule(_ instance: inout JSON, with fitter: inout some RuleFitter) -> Bool {
        let wrong = JSON.string("no-such-" + fitter.freshString(hint: "target"))
        if let match = path.matches(in: instance).first {
            fitter.set(wrong, at: match.path, in: &instance)
            return true
        }
        guard let concrete = path.concretePath else { return false }
        return fitter.set(wrong, at: concrete, in: &instance)
    }

    /// The keys the targets (those `targetWhere` holds on) have, and how many targets.
    private func referenceKeys(in instance: JSON) -> (keys: [JSON], targetCount: Int) {
        var keys: [JSON] = []
        var count = 0
        for target in targets.matches(in: instance) where targetWhere.allSatisfy({ $0.holds(on: target.value) }) {
            count += 1
            for keyMatch in key.matches(in: target.value) where !keys.contains(keyMatch.value) {
                keys.append(keyMatch.value)
            }
        }
        return (keys, count)
    }
}
