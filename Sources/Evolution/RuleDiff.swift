import Schema

/// Rules (`metadata.tabgen.rules`), matched by code. Clients may rely on what an error
/// rule guarantees, so a rule that admits more payloads (loosened, removed) breaks old
/// clients, and one that admits fewer (tightened, added) breaks new clients reading an
/// old server, which may still send what the rule now rejects. Warnings never make a
/// payload invalid, so changes to warning rules are safe both ways.
struct RuleDiff {
    let old: SchemaDocument
    let new: SchemaDocument

    static let rules = JSONPointer([.key("metadata"), .key("tabgen"), .key("rules")])

    func changes() -> [SchemaChange] {
        let oldRules = Dictionary(old.extensions.rules.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        let newCodes = Set(new.extensions.rules.map(\.code))
        var changes: [SchemaChange] = []
        for rule in new.extensions.rules {
            if let before = oldRules[rule.code] {
                changes += compare(before, rule)
            } else {
                changes.append(added(rule))
            }
        }
        for rule in old.extensions.rules where !newCodes.contains(rule.code) {
            changes.append(removed(rule))
        }
        return changes
    }

    private func added(_ rule: Rule) -> SchemaChange {
        let newClients = Self.effect(of: rule, on: old, warning: "a warning does not make a payload invalid",
                                     vacuous: { "the old schema declares nothing at \($0), so an old server sends nothing the rule checks" },
                                     otherwise: "an old server may send payloads the rule rejects")
        return SchemaChange(code: .ruleAdded, message: "\(Self.name(rule)) added", oldPointer: nil, newPointer: rule.schemaPointer,
                            oldClients: .safe("the new server's payloads also meet every old rule"), newClients: newClients)
    }

    private func removed(_ rule: Rule) -> SchemaChange {
        let oldClients = Self.effect(of: rule, on: new, warning: "a warning is not a guarantee clients rely on",
                                     vacuous: { "the new schema declares nothing at \($0), so the new server sends nothing the rule checked" },
                                     otherwise: "the new server may send payloads the rule rejected, which old clients do not expect")
        return SchemaChange(code: .ruleRemoved, message: "\(Self.name(rule)) removed", oldPointer: rule.schemaPointer, newPointer: nil,
                            location: Self.rules, oldClients: oldClients,
                            newClients: .safe("new clients do not rely on it"))
    }

    private func compare(_ before: Rule, _ after: Rule) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        var movement = RuleMovement()
        switch (before.severity, after.severity) {
        case (.error, .warning): movement.note(.loosens, "severity error → warning")
        case (.warning, .error): movement.note(.tightens, "severity warning → error")
        default: break
        }
        movement.compareKinds(before.kind, after.kind)
        movement.compareConditions(before.when, after.when, name: "when", moreIs: .loosens)
        if let outcome = movement.outcome {
            // A severity change decides alone: an error rule admits fewer payloads than
            // the same rule as a warning, whatever else changed.
            let decided: RuleMovement.Outcome = switch (before.severity, after.severity) {
            case (.error, .warning): .loosened
            case (.warning, .error): .tightened
            default: outcome
            }
            let (code, verb) = switch decided {
            case .tightened: (ChangeCode.ruleTightened, "tightened")
            case .loosened: (ChangeCode.ruleLoosened, "loosened")
            case .changed: (ChangeCode.ruleChanged, "changed")
            }
            let (oldClients, newClients) = before.severity == .warning && after.severity == .warning
                ? (Effect.safe("a warning does not make a payload invalid"), Effect.safe("a warning does not make a payload invalid"))
                : Self.effects(of: decided)
            changes.append(SchemaChange(code: code, message: "\(Self.name(after)) \(verb): \(movement.details.joined(separator: "; "))",
                                        oldPointer: before.schemaPointer, newPointer: after.schemaPointer,
                                        oldClients: oldClients, newClients: newClients))
        }
        let text = [("message", before.message, after.message), ("description", before.description ?? "", after.description ?? "")]
            .filter { $0.1 != $0.2 }.map(\.0)
        if !text.isEmpty {
            changes.append(SchemaChange(code: .ruleTextChanged, message: "\(Self.name(after)) \(text.joined(separator: " and ")) changed",
                                        oldPointer: before.schemaPointer, newPointer: after.schemaPointer,
                                        oldClients: .info("wording only"), newClients: .info("wording only")))
        }
        return changes
    }

    /// The effect of a rule that one side has and the other (`document`'s server) has
    /// not: safe for a warning, or where that server sends nothing the rule checks.
    private static func effect(of rule: Rule, on document: SchemaDocument, warning: String,
                               vacuous: (PathPattern) -> String, otherwise: String) -> Effect {
        if rule.severity == .warning { return .safe(warning) }
        if let path = vacuousPath(of: rule, in: document) { return .safe(vacuous(path)) }
        return .breaking(otherwise)
    }

    private static func effects(of outcome: RuleMovement.Outcome) -> (Effect, Effect) {
        switch outcome {
        case .tightened:
            (.safe("payloads that meet the tightened rule met the old one"),
             .breaking("an old server may send payloads the tightened rule rejects"))
        case .loosened:
            (.breaking("the new server may send payloads the old rule rejected, which old clients do not expect"),
             .safe("payloads an old server sends meet the looser rule"))
        case .changed:
            (.breaking("the rule may now admit payloads it rejected before"),
             .breaking("the rule may now reject payloads an old server sends"))
        }
    }

    static func name(_ rule: Rule) -> String {
        "rule \(rule.code) (\(rule.kind.name))"
    }

    /// The rule's path when `document` declares nothing there and the rule cannot fail
    /// on an absent value: a server built from that schema never trips it.
    static func vacuousPath(of rule: Rule, in document: SchemaDocument) -> PathPattern? {
        if rule.kind.failsWhenAbsent { return nil }
        let path = rule.kind.path
        return document.declares(path) ? nil : path
    }
}
