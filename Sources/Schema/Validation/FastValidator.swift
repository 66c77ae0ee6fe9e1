import JSON

/// The yes/no form of RFC 8927 validation: no paths, no allocation. Payloads are
/// mostly valid, so `PayloadValidator` asks this first and collects error indicators
/// (with `InstanceValidator`) only for the ones that fail.
struct FastValidator {
    let document: SchemaDocument

    func isValid(_ instance: JSON, _ schema: Schema, parentTag: String? = nil) -> Bool {
        if schema.nullable, case .null = instance { return true }
        switch schema.form {
        case .empty:
            return true
        case .ref(let name):
            guard let target = document.definition(named: name) else { return true }
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

    private func propertiesAreValid(_ instance: JSON, _ form: PropertiesForm, parentTag: String?) -> Bool {
        guard case .object(let object) = instance else { return false }
        var seenRequired = 0
        for (position, member) in object.members.enumerated() {
            guard let (schema, isRequired) = lookup(member.key, at: position, in: form) else {
                if !form.additionalProperties, !(parentTag.map(member.key.scalarEquals) ?? false) { return false }
                continue
            }
            if isRequired { seenRequired += 1 }
            guard isValid(member.value, schema) else { return false }
        }
        return seenRequired == form.required.count
    }

    /// Payloads usually list properties in schema order, so the slot at the member's
    /// position is tried first; small forms are then scanned, large ones hashed.
    @inline(__always)
    private func lookup(_ key: String, at position: Int, in form: PropertiesForm) -> (Schema, Bool)? {
        if position < form.required.count, form.required[position].name.scalarEquals(key) {
            return (form.required[position].schema, true)
        }
        if form.required.count + form.optional.count <= 8 {
            for property in form.required where property.name.scalarEquals(key) { return (property.schema, true) }
            for property in form.optional where property.name.scalarEquals(key) { return (property.schema, false) }
            return nil
        }
        switch form.index[ScalarKey(key)] {
        case .required(let index): return (form.required[index].schema, true)
        case .optional(let index): return (form.optional[index].schema, false)
        case nil: return nil
        }
    }
}
