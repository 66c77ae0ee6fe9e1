import JSON

/// The yes/no form of RFC 8927 validation: no paths, no allocation. Payloads are
/// mostly valid, so `PayloadValidator` asks this first and collects error indicators
/// (with `InstanceValidator`) only for the ones that fail.
struct FastValidator {
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

    func isValid(_ instance: JSON, _ schema: Schema, parentTag: String? = nil) -> Bool {
        if schema.nullable, case .null = instance { return true }
        switch schema.form {
        case .empty:
            return true
        case .ref(let name):
            guard let target = target(of: schema, named: name) else { return true }
            return isValid(instance, target)
        case .type(let type):
            return InstanceValidator.matches(instance, type)
        case .enumeration(let values):
            guard case .string(let text) = instance else { return false }
            return values.contains { $0.scalarEquals(text) }
        case .elements(let element):
            guard case .array(let items) = instance else { return false }
            for item in items where !isValid(item, element) { return false }
            return true
        case .properties(let form):
            return propertiesAreValid(instance, form, parentTag: parentTag)
        case .values(let valueSchema):
            guard case .object(let object) = instance else { return false }
            for member in object.members where !isValid(member.value, valueSchema) { return false }
            return true
        case .discriminator(let form):
            guard case .object(let object) = instance, case .string(let tag)? = object[form.tag],
                  let variant = form.variant(for: tag) else { return false }
            return isValid(instance, variant.schema, parentTag: form.tag)
        }
    }

    /// Whether `instance` is valid against `schema` when that is a leaf (a type, an enum,
    /// the empty form, or a ref to one): a few instructions. False also when `schema` is
    /// a container, which `InstanceValidator` then walks once itself (asking this first
    /// would walk an invalid container twice).
    @inline(__always)
    func isValidLeaf(_ instance: JSON, _ schema: Schema) -> Bool {
        if schema.nullable, case .null = instance { return true }
        var leaf = schema
        if case .ref(let name) = schema.form {
            guard let resolved = target(of: schema, named: name) else { return true }
            if resolved.nullable, case .null = instance { return true }
            leaf = resolved
        }
        switch leaf.form {
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

    private func propertiesAreValid(_ instance: JSON, _ form: PropertiesForm, parentTag: String?) -> Bool {
        guard case .object(let object) = instance else { return false }
        var seenRequired = 0
        // By index, not `for member in`: a copied member costs a retain and release of
        // its key and of its value.
        let members = object.members
        for position in members.indices {
            switch lookup(members[position].key, at: position, in: form) {
            case .required(let index):
                seenRequired += 1
                guard isValid(members[position].value, form.required[index].schema) else { return false }
            case .optional(let index):
                guard isValid(members[position].value, form.optional[index].schema) else { return false }
            case nil:
                if !form.additionalProperties, !(parentTag.map(members[position].key.scalarEquals) ?? false) { return false }
            }
        }
        return seenRequired == form.required.count
    }

    /// Payloads usually list properties in schema order, so the slot at the member's
    /// position is tried first; small forms are then scanned, large ones hashed. Lengths
    /// are compared first: most names of a form differ in length.
    @inline(__always)
    func lookup(_ key: String, at position: Int, in form: PropertiesForm) -> PropertiesForm.PropertyIndex? {
        let length = key.utf8.count
        if position < form.required.count, Self.same(form.required[position].name, key, length) {
            return .required(position)
        }
        if form.required.count + form.optional.count <= 8 {
            for index in form.required.indices where Self.same(form.required[index].name, key, length) { return .required(index) }
            for index in form.optional.indices where Self.same(form.optional[index].name, key, length) { return .optional(index) }
            return nil
        }
        return form.index[ScalarKey(key)]
    }

    @inline(__always)
    private static func same(_ name: String, _ key: String, _ length: Int) -> Bool {
        name.utf8.count == length && name.scalarEquals(key)
    }
}
