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
struct SchemaWalk {
    let old: SchemaDocument
    let new: SchemaDocument
    var changes: [SchemaChange] = []
    /// Definition pairs already compared: a recursive schema ends the walk here, and a
    /// definition used in many places is reported once, at the definition.
    private var visited: Set<DefinitionPair> = []

    struct DefinitionPair: Hashable {
        var old: String
        var new: String
    }

    init(old: SchemaDocument, new: SchemaDocument) {
        self.old = old
        self.new = new
    }

    mutating func report(_ code: ChangeCode, _ message: String, old oldPointer: JSONPointer?, new newPointer: JSONPointer?,
                         at location: JSONPointer? = nil, oldClients: Effect, newClients: Effect) {
        changes.append(SchemaChange(code: code, message: message, oldPointer: oldPointer, newPointer: newPointer,
                                    location: location, oldClients: oldClients, newClients: newClients))
    }

    /// Compares two schemas that stand at the same place in the payload.
    mutating func compare(_ oldSchema: Schema, _ newSchema: Schema) {
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
        guard visited.insert(pair).inserted else { return }
        if oldName != newName {
            reportRetarget(oldName, newName, oldDefinition, newDefinition, oldRef, newRef)
        }
        compare(oldDefinition, newDefinition)
    }

    /// A ref that names another definition is a rename when the two definitions admit
    /// the same payloads and neither name exists on the other side.
    private mutating func reportRetarget(_ oldName: String, _ newName: String, _ oldDefinition: Schema, _ newDefinition: Schema,
                                         _ oldRef: JSONPointer, _ newRef: JSONPointer) {
        var probe = SchemaWalk(old: old, new: new)
        probe.visited = [DefinitionPair(old: oldName, new: newName)]
        probe.compare(oldDefinition, newDefinition)
        let samePayloads = probe.changes.allSatisfy { [.descriptionChanged, .definitionRenamed, .refRetargeted].contains($0.code) }
        let names = "\(JSONWriter.quoted(oldName)) to \(JSONWriter.quoted(newName))"
        if samePayloads, new.definition(named: oldName) == nil, old.definition(named: newName) == nil {
            report(.definitionRenamed, "definition renamed from \(names)", old: oldDefinition.pointer, new: newDefinition.pointer,
                   oldClients: .safe("payloads are the same; only the generated type's name changes"),
                   newClients: .safe("payloads are the same; only the generated type's name changes"))
        } else {
            let outcome = samePayloads ? "both admit the same payloads" : "the differences between them are listed separately"
            report(.refRetargeted, "ref changed from \(names)", old: oldRef, new: newRef,
                   oldClients: .info(outcome), newClients: .info(outcome))
        }
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
            compare(oldElement, newElement)
        case (.values(let oldValue), .values(let newValue)):
            compare(oldValue, newValue)
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
        for variant in newForm.mapping {
            if let oldVariant = oldForm.variant(for: variant.tag) {
                compare(oldVariant.schema, variant.schema)
            } else {
                report(.variantAdded, "discriminator variant \(JSONWriter.quoted(variant.tag)) added", old: nil, new: variant.schema.pointer,
                       oldClients: .breaking("old clients do not know the variant, which the new server may send"),
                       newClients: .safe("an old server never sends it"))
            }
        }
        for variant in oldForm.mapping where newForm.variant(for: variant.tag) == nil {
            report(.variantRemoved, "discriminator variant \(JSONWriter.quoted(variant.tag)) removed", old: variant.schema.pointer, new: nil,
                   at: newPointer.appending(key: "mapping"),
                   oldClients: .safe("the new server no longer sends it"),
                   newClients: .breaking("an old server may still send it, and new clients do not know it"))
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
