import Schema

/// Compares two schemas structurally and classifies every difference for old clients
/// (reading the new server) and new clients (reading an old server).
///
/// The walk starts at both roots and goes down in parallel, following `ref`s into
/// definitions, so a definition that is renamed or moved is compared by content, not
/// by name. Changes come in a stable order: the bridge contract, then the schema in
/// walk order (document order), then the rules.
package struct SchemaDiffer: Sendable {
    package let old: SchemaDocument
    package let new: SchemaDocument

    package init(old: SchemaDocument, new: SchemaDocument) {
        self.old = old
        self.new = new
    }

    package func changes() -> [SchemaChange] {
        // Contracts that list events are compared event by event, each in its direction.
        if old.extensions.contract?.listsEvents == true || new.extensions.contract?.listsEvents == true {
            return EventDiff(old: old, new: new).changes()
        }
        var walk = SchemaWalk(old: old, new: new)
        walk.compare(old.root, new.root)
        return ContractDiff(old: old, new: new).changes() + walk.changes + RuleDiff(old: old, new: new).changes()
    }
}

/// The parallel walk over two schema trees; it collects changes as it goes.
///
/// The walk keeps its own stack of steps rather than recursing: a chain of 20,000
/// definitions, each holding a ref to the next, must not overflow the thread's stack.
struct SchemaWalk {
    let old: SchemaDocument
    let new: SchemaDocument
    var changes: [SchemaChange] = []
    /// Definition pairs already compared, numbered: a recursive schema ends the walk
    /// here, and a definition used in many places is reported once, at the definition.
    private var visited: [DefinitionPair: Int] = [:]
    /// Per pair: whether its definitions' own walk changed what payloads they admit,
    /// and the pairs its refs lead to (compared there or before).
    private var pairChangesPayloads: [Bool] = []
    private var pairRefs: [[Int]] = []
    /// Retargeted refs whose change waits for the end of the walk: whether the two
    /// definitions admit the same payloads depends on every pair they lead to.
    private var retargets: [Retarget] = []
    /// The pair whose definitions the current step is in; nil under the roots.
    private var owner: Int?
    /// Steps still to take, the next one last, and those the current step schedules.
    private var pending: [Step] = []
    private var scheduled: [Step] = []

    struct DefinitionPair: Hashable {
        var old: String
        var new: String
    }

    private struct Step {
        var owner: Int?
        var run: (inout SchemaWalk) -> Void
    }

    private struct Retarget {
        var change: Int
        var pair: Int
        var oldName: String
        var newName: String
        var oldDefinition: JSONPointer
        var newDefinition: JSONPointer
        var oldRef: JSONPointer
        var newRef: JSONPointer
    }

    /// Codes that leave the payloads a definition admits unchanged.
    private static let samePayloadCodes: [ChangeCode] = [.descriptionChanged, .definitionRenamed, .refRetargeted]

    init(old: SchemaDocument, new: SchemaDocument) {
        self.old = old
        self.new = new
    }

    mutating func report(_ code: ChangeCode, _ message: String, old oldPointer: JSONPointer?, new newPointer: JSONPointer?,
                         at location: JSONPointer? = nil, oldClients: Effect, newClients: Effect) {
        if let owner, !Self.samePayloadCodes.contains(code) { pairChangesPayloads[owner] = true }
        changes.append(SchemaChange(code: code, message: message, oldPointer: oldPointer, newPointer: newPointer,
                                    location: location, oldClients: oldClients, newClients: newClients))
    }

    /// Compares two schemas that stand at the same place in the payload, and
    /// everything under them.
    mutating func compare(_ oldSchema: Schema, _ newSchema: Schema) {
        thenCompare(oldSchema, newSchema)
        pending.append(contentsOf: scheduled.reversed())
        scheduled.removeAll()
        while let step = pending.popLast() {
            owner = step.owner
            step.run(&self)
            // What a step schedules comes next, in the order it was scheduled.
            pending.append(contentsOf: scheduled.reversed())
            scheduled.removeAll(keepingCapacity: true)
        }
        owner = nil
        resolveRetargets()
    }

    /// Takes `step` once the current step and everything it scheduled before are done.
    mutating func then(_ step: @escaping (inout SchemaWalk) -> Void) {
        scheduled.append(Step(owner: owner, run: step))
    }

    /// Compares two schemas that stand at the same place, as a step of its own.
    mutating func thenCompare(_ oldSchema: Schema, _ newSchema: Schema) {
        then { $0.compareHere(oldSchema, newSchema) }
    }

    private mutating func compareHere(_ oldSchema: Schema, _ newSchema: Schema) {
        compareDocumentation(oldSchema, newSchema)
        if case .ref(let oldName) = oldSchema.form, case .ref(let newName) = newSchema.form {
            compareNullable(oldSchema.nullable, newSchema.nullable, oldSchema.pointer, newSchema.pointer)
            compareDefinitions(oldName, newName, oldSchema.pointer, newSchema.pointer)
            return
        }
        // A ref on one side only (a definition inlined, or extracted): compare what
        // the ref leads to, with the nullability of the whole chain.
        let (oldTarget, oldNullable) = old.resolveChain(oldSchema)
        let (newTarget, newNullable) = new.resolveChain(newSchema)
        compareNullable(oldNullable, newNullable, oldSchema.pointer, newSchema.pointer)
        compareForms(oldTarget, newTarget)
    }

    private mutating func compareNullable(_ oldNullable: Bool, _ newNullable: Bool, _ oldPointer: JSONPointer, _ newPointer: JSONPointer) {
        guard oldNullable != newNullable else { return }
        if newNullable {
            report(.nullableAdded, "nullable added", old: oldPointer, new: newPointer,
                   oldClients: .breaking("the new server may send null, which old clients do not accept"),
                   newClients: .safe("an old server never sends null here"))
        } else {
            report(.nullableRemoved, "nullable removed", old: oldPointer, new: newPointer,
                   oldClients: .safe("the new server no longer sends null here"),
                   newClients: .breaking("an old server may send null, which new clients do not accept"))
        }
    }

    private mutating func compareDefinitions(_ oldName: String, _ newName: String, _ oldRef: JSONPointer, _ newRef: JSONPointer) {
        guard let oldDefinition = old.definition(named: oldName), let newDefinition = new.definition(named: newName) else { return }
        let pair = DefinitionPair(old: oldName, new: newName)
        let known = visited[pair]
        let number = known ?? visited.count
        if let owner { pairRefs[owner].append(number) }
        guard known == nil else { return }
        visited[pair] = number
        pairChangesPayloads.append(false)
        pairRefs.append([])
        if oldName != newName {
            // Its place in the changes now; its code once the walk knows where the pair leads.
            retargets.append(Retarget(change: changes.count, pair: number, oldName: oldName, newName: newName,
                                      oldDefinition: oldDefinition.pointer, newDefinition: newDefinition.pointer, oldRef: oldRef, newRef: newRef))
            changes.append(retargetChange(retargets[retargets.count - 1], samePayloads: false))
        }
        scheduled.append(Step(owner: number) { $0.compareHere(oldDefinition, newDefinition) })
    }

    /// Settles the retargeted refs: the two definitions admit the same payloads when no
    /// pair they lead to (theirs included) changes payloads. One pass backwards over
    /// the refs, where walking again from each retargeted pair was quadratic in a chain.
    private mutating func resolveRetargets() {
        guard !retargets.isEmpty else { return }
        var reachesChange = pairChangesPayloads
        var referrers = Array(repeating: [Int](), count: pairRefs.count)
        for (from, targets) in pairRefs.enumerated() {
            for target in targets { referrers[target].append(from) }
        }
        var queue = reachesChange.indices.filter { reachesChange[$0] }
        while let pair = queue.popLast() {
            for referrer in referrers[pair] where !reachesChange[referrer] {
                reachesChange[referrer] = true
                queue.append(referrer)
            }
        }
        for retarget in retargets {
            changes[retarget.change] = retargetChange(retarget, samePayloads: !reachesChange[retarget.pair])
        }
        retargets.removeAll()
    }

    /// A ref that names another definition is a rename when the two definitions admit
    /// the same payloads and neither name exists on the other side.
    private func retargetChange(_ retarget: Retarget, samePayloads: Bool) -> SchemaChange {
        let names = "\(JSONWriter.quoted(retarget.oldName)) to \(JSONWriter.quoted(retarget.newName))"
        if samePayloads, new.definition(named: retarget.oldName) == nil, old.definition(named: retarget.newName) == nil {
            return SchemaChange(code: .definitionRenamed, message: "definition renamed from \(names)",
                                oldPointer: retarget.oldDefinition, newPointer: retarget.newDefinition, location: nil,
                                oldClients: .safe("payloads are the same; only the generated type's name changes"),
                                newClients: .safe("payloads are the same; only the generated type's name changes"))
        }
        let outcome = samePayloads ? "both admit the same payloads" : "the differences between them are listed separately"
        return SchemaChange(code: .refRetargeted, message: "ref changed from \(names)", oldPointer: retarget.oldRef, newPointer: retarget.newRef,
                            location: nil, oldClients: .info(outcome), newClients: .info(outcome))
    }

    /// Compares two schemas of concrete forms (refs resolved).
    private mutating func compareForms(_ oldSchema: Schema, _ newSchema: Schema) {
        switch (oldSchema.form, newSchema.form) {
        case (.empty, .empty):
            break
        case (.type(let oldType), .type(let newType)):
            if oldType != newType { compareTypes(oldType, newType, oldSchema.pointer, newSchema.pointer) }
        case (.enumeration(let oldValues), .enumeration(let newValues)):
            compareEnums(oldValues, newValues, oldSchema.pointer, newSchema.pointer)
        case (.elements(let oldElement), .elements(let newElement)):
            thenCompare(oldElement, newElement)
        case (.values(let oldValue), .values(let newValue)):
            thenCompare(oldValue, newValue)
        case (.properties(let oldForm), .properties(let newForm)):
            compareProperties(oldForm, newForm, oldSchema, newSchema)
        case (.discriminator(let oldForm), .discriminator(let newForm)):
            compareDiscriminators(oldForm, newForm, oldSchema.pointer, newSchema.pointer)
        default:
            compareShapes(oldSchema, newSchema)
        }
    }

    private mutating func compareDiscriminators(_ oldForm: DiscriminatorForm, _ newForm: DiscriminatorForm, _ oldPointer: JSONPointer, _ newPointer: JSONPointer) {
        if oldForm.tag != newForm.tag {
            report(.discriminatorTagChanged, "discriminator tag changed from \(JSONWriter.quoted(oldForm.tag)) to \(JSONWriter.quoted(newForm.tag))",
                   old: oldPointer.appending(key: "discriminator"), new: newPointer.appending(key: "discriminator"),
                   oldClients: .breaking("old clients read the variant from \(JSONWriter.quoted(oldForm.tag)), which the new server no longer sends"),
                   newClients: .breaking("new clients read the variant from \(JSONWriter.quoted(newForm.tag)), which an old server does not send"))
        }
        // Each variant is a step: what one reports comes after the walk under the one before.
        for variant in newForm.mapping {
            if let oldVariant = oldForm.variant(for: variant.tag) {
                thenCompare(oldVariant.schema, variant.schema)
            } else {
                then { $0.report(.variantAdded, "discriminator variant \(JSONWriter.quoted(variant.tag)) added", old: nil, new: variant.schema.pointer,
                                 oldClients: .breaking("old clients do not know the variant, which the new server may send"),
                                 newClients: .safe("an old server never sends it")) }
            }
        }
        then { walk in
            for variant in oldForm.mapping where newForm.variant(for: variant.tag) == nil {
                walk.report(.variantRemoved, "discriminator variant \(JSONWriter.quoted(variant.tag)) removed", old: variant.schema.pointer, new: nil,
                            at: newPointer.appending(key: "mapping"),
                            oldClients: .safe("the new server no longer sends it"),
                            newClients: .breaking("an old server may still send it, and new clients do not know it"))
            }
        }
    }

    /// `metadata.description` and `metadata.enumDescription`: documentation only.
    private mutating func compareDocumentation(_ oldSchema: Schema, _ newSchema: Schema) {
        for key in ["description", "enumDescription"] {
            let before = oldSchema.metadata[key]
            let after = newSchema.metadata[key]
            guard before != after else { continue }
            let what = key == "description" ? "description" : "enum value descriptions"
            let verb = before == nil ? "added" : after == nil ? "removed" : "changed"
            let oldPointer = before == nil ? oldSchema.pointer : oldSchema.pointer.appending(key: "metadata").appending(key: key)
            let newPointer = after == nil ? newSchema.pointer : newSchema.pointer.appending(key: "metadata").appending(key: key)
            report(.descriptionChanged, "\(what) \(verb)", old: oldPointer, new: newPointer,
                   oldClients: .info("documentation only"), newClients: .info("documentation only"))
        }
    }
}

extension SchemaDocument {
    /// Follows a chain of refs to a concrete form. A ref's `nullable` and its target's
    /// both admit null, so the chain is nullable when any link is.
    func resolveChain(_ schema: Schema) -> (schema: Schema, nullable: Bool) {
        var current = schema
        var nullable = schema.nullable
        var hops = 0
        while case .ref(let name) = current.form, let target = definition(named: name), hops <= definitions.count {
            current = target
            nullable = nullable || target.nullable
            hops += 1
        }
        return (current, nullable)
    }

    /// A name for the object at `pointer` in reasons: its definition name, the root
    /// type name, a discriminator variant, or the pointer.
    func objectName(at pointer: JSONPointer) -> String {
        let tokens = pointer.tokens
        if tokens.isEmpty { return extensions.rootName ?? "the root object" }
        if tokens.count == 2, tokens[0] == .key("definitions") { return tokens[1].text }
        if tokens.count >= 2, tokens[tokens.count - 2] == .key("mapping") { return "variant \(JSONWriter.quoted(tokens[tokens.count - 1].text))" }
        return "the object at \(pointer)"
    }
}
