import JSON

/// The schema side of `InstanceValidator`'s walk, with no paths and no allocation:
/// resolving refs, the yes/no check of a leaf, and matching a member's key to a property.
struct SchemaLookup {
    /// Only what resolving refs needs, not the whole document: validators are made per
    /// payload, and copying a document retains every one of its fields.
    let references: SchemaReferences
    let definitions: [(name: String, schema: Schema)]
    let definitionIndex: [ScalarKey: Int]

    init(document: SchemaDocument) {
        references = document.references
        definitions = document.definitions
        definitionIndex = document.definitionIndex
    }

    /// As `SchemaDocument.target(of:named:)`.
    @inline(__always)
    func target(of reference: Schema, named name: String) -> Schema? {
        references.target(of: reference) ?? definitionIndex[ScalarKey(name)].map { definitions[$0].schema }
    }

    /// The target of a ref schema, by identity; by name only when the ref is not this document's.
    @inline(__always)
    func target(of reference: Schema) -> Schema? {
        references.target(of: reference) ?? resolveByName(reference)
    }

    /// Whether `instance` is valid against `schema` when that is a leaf (a type, an enum,
    /// the empty form, or a ref to one): a few instructions. False also when `schema` is
    /// a container, which `InstanceValidator` then walks itself.
    @inline(__always)
    func isValidLeaf(_ instance: JSON, _ schema: Schema) -> Bool {
        if schema.nullable, case .null = instance { return true }
        switch schema.form {
        case .ref:
            // By identity: the name is needed only when the ref is not this document's.
            guard let resolved = target(of: schema) else { return true }
            if resolved.nullable, case .null = instance { return true }
            return Self.isValidLeaf(instance, resolved.form)
        default:
            return Self.isValidLeaf(instance, schema.form)
        }
    }

    @inline(__always)
    private static func isValidLeaf(_ instance: JSON, _ form: Form) -> Bool {
        switch form {
        case .empty:
            return true
        case .type(let type):
            return InstanceValidator.matches(instance, type)
        case .enumeration(let values):
            guard case .string(let text) = instance else { return false }
            return values.contains { $0.scalarEquals(text) }
        default:
            return false
        }
    }

    @inline(never)
    private func resolveByName(_ reference: Schema) -> Schema? {
        guard case .ref(let name) = reference.form else { return nil }
        return target(of: reference, named: name)
    }

    /// Payloads usually list properties in schema order, so the slot at the member's
    /// position is tried first; small forms are then scanned, large ones hashed. Lengths
    /// are compared first: most names of a form differ in length.
    @inline(__always)
    func lookup(_ key: String, at position: Int, in form: PropertiesForm) -> PropertiesForm.PropertyIndex? {
        let length = key.utf8.count
        let ascii = form.namesAreASCII
        if position < form.required.count, Self.same(form.required[position].name, key, length, ascii: ascii) {
            return .required(position)
        }
        if form.required.count + form.optional.count <= 8 {
            for index in form.required.indices where Self.same(form.required[index].name, key, length, ascii: ascii) { return .required(index) }
            for index in form.optional.indices where Self.same(form.optional[index].name, key, length, ascii: ascii) { return .optional(index) }
            return nil
        }
        return form.index[ScalarKey(key)]
    }

    /// Whether a property's name and a member's key have the same scalars; `ascii`
    /// says that the name is ASCII.
    @inline(__always)
    static func same(_ name: String, _ key: String, ascii: Bool) -> Bool {
        same(name, key, key.utf8.count, ascii: ascii)
    }

    @inline(__always)
    private static func same(_ name: String, _ key: String, _ length: Int, ascii: Bool) -> Bool {
        guard name.utf8.count == length else { return false }
        // Swift's `==` is canonical equivalence, which for an ASCII name and a key of the
        // same length in UTF-8 is scalar equality: a non-ASCII scalar is two or more bytes
        // and canonically equivalent to at most one ASCII scalar (KELVIN SIGN to "K"), so a
        // key that held one would be longer (ScalarEqualityTests checks this over Unicode).
        // And `==` answers identical small strings (most keys) without a call.
        return ascii ? name == key : name.scalarEquals(key)
    }
}
