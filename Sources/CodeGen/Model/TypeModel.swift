import Schema

/// The language-neutral model of one schema: every named type with its docs, the
/// type of the whole message, the bridge contract and the rules.
///
/// Built once by `ModelBuilder`; every `LanguageTarget` reads the same model.
public struct TypeModel: Sendable {
    /// The declarations in a stable order: the root first, then definitions in document
    /// order, each followed by the inline types it introduced, in discovery order.
    public var declarations: [Declaration]
    /// The type of the whole message (usually `.named(root)`, `.nullable(...)` for a
    /// nullable root).
    public var root: TypeRef
    /// The id of the declaration named after the root (`extensions.rootName`).
    public var rootID: DeclarationID
    /// `metadata.tabgen.contract`: which bridge component and event carry the message.
    public var contract: BridgeContract?
    /// `metadata.tabgen.rules`, unchanged: targets generate code from this data.
    public var rules: [Rule]
    /// The schema the model came from (fixtures are derived from it).
    public var document: SchemaDocument
    /// The types a whole message decodes into: the root alone for a one-event schema;
    /// each event's data definition for a contract that lists events (then `root` and
    /// `rootID` are the first of them, and no declaration is the schema's empty root).
    public var messageRoots: [MessageRoot]

    let index: [DeclarationID: Int]

    public init(declarations: [Declaration], root: TypeRef, rootID: DeclarationID, contract: BridgeContract?, rules: [Rule], document: SchemaDocument,
                messageRoots: [MessageRoot]? = nil) {
        self.declarations = declarations
        self.messageRoots = messageRoots ?? [MessageRoot(id: rootID, type: root, definition: nil, events: contract?.events.filter { $0.data == .root } ?? [], rules: rules)]
        self.root = root
        self.rootID = rootID
        self.contract = contract
        self.rules = rules
        self.document = document
        var index: [DeclarationID: Int] = [:]
        for (position, declaration) in declarations.enumerated() { index[declaration.id] = position }
        self.index = index
    }

    public subscript(id: DeclarationID) -> Declaration? {
        index[id].map { declarations[$0] }
    }

    /// The root declaration.
    public var rootDeclaration: Declaration? { self[rootID] }

    /// Whether the model is of a contract that lists events (no root type).
    public var listsEvents: Bool { document.listsEvents }

    /// Follows aliases to the type they stand for (stops at cycles).
    public func resolved(_ type: TypeRef) -> TypeRef {
        var current = type
        var seen: Set<DeclarationID> = []
        while case .named(let id) = current.nonNullable, let declaration = self[id], case .alias(let target) = declaration.kind, seen.insert(id).inserted {
            current = current.isNullable || target.isNullable ? .nullable(target.nonNullable) : target
        }
        return current
    }

    /// Whether JSON `null` is a value of `type`, following aliases.
    public func isNullable(_ type: TypeRef) -> Bool {
        resolved(type).isNullable
    }

    /// What tolerant decoding (docs/decoding.md) reads for a missing required member of
    /// `type`: `null` when null is one of its values, an empty array for an array (the
    /// reference Android client's default for `tabs`); nil when a missing one is refused.
    public func missingMemberValue(_ type: TypeRef) -> JSON? {
        let type = resolved(type)
        if type.isNullable { return .null }
        if case .array = type { return .array([]) }
        return nil
    }

    /// Whether any field, element or alias anywhere in the model uses `predicate`'s type.
    public func uses(_ predicate: (TypeRef) -> Bool) -> Bool {
        func visit(_ type: TypeRef) -> Bool {
            if predicate(type) { return true }
            switch type {
            case .array(let inner), .map(let inner), .nullable(let inner): return visit(inner)
            default: return false
            }
        }
        for declaration in declarations {
            switch declaration.kind {
            case .structure(let structure):
                if structure.fields.contains(where: { visit($0.type) }) { return true }
            case .alias(let target):
                if visit(target) { return true }
            case .enumeration, .union:
                continue
            }
        }
        return visit(root)
    }
}
