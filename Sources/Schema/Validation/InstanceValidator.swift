import JSON

/// Validates an instance exactly as RFC 8927 section 3 says, producing its error
/// indicators. The paths are kept as stacks and copied only when an error is found,
/// so a valid instance costs no allocation for them.
///
/// One walk: the tree path only sees payloads the byte pass could not clear, which are
/// nearly all invalid, so asking a yes/no validator about a subtree before walking it
/// would walk the invalid subtree twice. Leaves (a type, an enum) are checked in place
/// before any path is pushed, so a valid member costs no more than a yes/no answer.
public struct InstanceValidator {
    var instancePath: [PathToken] = []
    var schemaPath: [String] = []
    /// Where the schema path of the current `ref` target starts in `schemaPath`: a
    /// definition's errors have the path `definitions/NAME/...` (RFC 8927 section 3.3.2).
    var schemaBase = 0
    /// Resolves refs, checks leaves and matches keys to properties.
    let lookup: SchemaLookup
    public private(set) var errors: [ErrorIndicator] = []
    /// Keep at most this many errors (0: no limit), so a hostile instance with millions of
    /// errors costs bounded memory; the walk goes on, counting the others in `errorCount`
    /// (a verdict and a summary are about all of them, whatever is kept).
    let maxErrors: Int
    /// Every error found, those past `maxErrors` included.
    public private(set) var errorCount = 0

    var isFull: Bool { maxErrors > 0 && errors.count >= maxErrors }

    public init(document: SchemaDocument, maxErrors: Int = 0) {
        self.maxErrors = maxErrors
        lookup = SchemaLookup(document: document)
        instancePath.reserveCapacity(16)
        schemaPath.reserveCapacity(32)
    }

    /// The error indicators of `instance` against the document's root schema.
    public static func validate(_ instance: JSON, against document: SchemaDocument, maxErrors: Int = 0) -> [ErrorIndicator] {
        counted(instance, against: document, maxErrors: maxErrors).errors
    }

    /// The first `maxErrors` error indicators (0: all), and how many there are in all.
    public static func counted(_ instance: JSON, against document: SchemaDocument, maxErrors: Int) -> (errors: [ErrorIndicator], count: Int) {
        var validator = InstanceValidator(document: document, maxErrors: maxErrors)
        validator.validate(instance, document.root, parentTag: nil)
        return (validator.errors, validator.errorCount)
    }

    /// Records an error at the current paths; `schema` holds the failed keyword and
    /// `instance` is the value at the instance path (for `describe`).
    private mutating func record(_ kind: ErrorIndicator.Kind, _ schema: Schema, _ instance: JSON) {
        errorCount += 1
        guard !isFull else { return }
        errors.append(ErrorIndicator(instancePath: instancePath, schemaPath: Array(schemaPath[schemaBase...]), kind: kind,
                                     context: ErrorIndicator.Context(schema: schema, value: instance)))
    }

    private mutating func fail(_ keyword: String, _ schema: Schema, _ instance: JSON) {
        guard !isFull else {
            errorCount += 1
            return
        }
        schemaPath.append(keyword)
        record(.keyword, schema, instance)
        schemaPath.removeLast()
    }

    mutating func validate(_ instance: JSON, _ schema: Schema, parentTag: String?) {
        if schema.nullable, case .null = instance { return }
        switch schema.form {
        case .empty:
            return
        case .ref(let name):
            guard let target = lookup.target(of: schema, named: name) else { return }
            let savedBase = schemaBase
            schemaBase = schemaPath.count
            schemaPath.append("definitions")
            schemaPath.append(name)
            validate(instance, target, parentTag: nil)
            schemaPath.removeLast()
            schemaPath.removeLast()
            schemaBase = savedBase
        case .type(let type):
            if !Self.matches(instance, type) { fail("type", schema, instance) }
        case .enumeration(let values):
            guard case .string(let text) = instance, values.contains(where: { $0.scalarEquals(text) }) else {
                fail("enum", schema, instance)
                return
            }
        case .elements(let element):
            guard case .array(let items) = instance else {
                fail("elements", schema, instance)
                return
            }
            schemaPath.append("elements")
            validateItems(items, element)
            schemaPath.removeLast()
        case .properties(let form):
            validateProperties(instance, schema, form, parentTag: parentTag)
        case .values(let valueSchema):
            guard case .object(let object) = instance else {
                fail("values", schema, instance)
                return
            }
            schemaPath.append("values")
            let members = object.members
            for position in members.indices where !lookup.isValidLeaf(members[position].value, valueSchema) {
                instancePath.append(.key(members[position].key))
                validate(members[position].value, valueSchema, parentTag: nil)
                instancePath.removeLast()
            }
            schemaPath.removeLast()
        case .discriminator(let form):
            guard case .object(let object) = instance else {
                fail("discriminator", schema, instance)
                return
            }
            guard let tagValue = object[form.tag] else {
                fail("discriminator", schema, instance)
                return
            }
            guard case .string(let tag) = tagValue else {
                instancePath.append(.key(form.tag))
                fail("discriminator", schema, tagValue)
                instancePath.removeLast()
                return
            }
            guard let variant = form.variant(for: tag) else {
                instancePath.append(.key(form.tag))
                fail("mapping", schema, tagValue)
                instancePath.removeLast()
                return
            }
            schemaPath.append("mapping")
            schemaPath.append(tag)
            validate(instance, variant.schema, parentTag: form.tag)
            schemaPath.removeLast()
            schemaPath.removeLast()
        }
    }

    /// The items of an array. An array of objects is the common shape (tabs): the
    /// element's ref is resolved and its form looked at once for all items, not per item.
    private mutating func validateItems(_ items: [JSON], _ element: Schema) {
        var target = element
        var name: String?
        if case .ref(let reference) = element.form, let resolved = lookup.target(of: element, named: reference) {
            target = resolved
            name = reference
        }
        guard case .properties(let form) = target.form else {
            for index in items.indices where !lookup.isValidLeaf(items[index], element) {
                instancePath.append(.index(index))
                validate(items[index], element, parentTag: nil)
                instancePath.removeLast()
            }
            return
        }
        // As `validate` does for each item: nullable on the ref, then on its target, and
        // a definition's errors have paths from `definitions/NAME`.
        let savedBase = schemaBase
        if let name {
            schemaBase = schemaPath.count
            schemaPath.append("definitions")
            schemaPath.append(name)
        }
        // One slot for the index, rewritten per item: cheaper than a push and a pop.
        instancePath.append(.index(0))
        let slot = instancePath.count - 1
        for index in items.indices {
            if element.nullable || target.nullable, case .null = items[index] { continue }
            instancePath[slot] = .index(index)
            validateProperties(items[index], target, form, parentTag: nil)
        }
        instancePath.removeLast()
        if name != nil {
            schemaPath.removeLast()
            schemaPath.removeLast()
            schemaBase = savedBase
        }
    }

    private mutating func validateProperties(_ instance: JSON, _ schema: Schema, _ form: PropertiesForm, parentTag: String?) {
        guard case .object(let object) = instance else {
            fail(form.hasPropertiesKeyword ? "properties" : "optionalProperties", schema, instance)
            return
        }
        // One pass over the members (linear even for hostile objects), then, only when
        // one is missing, which required properties were not seen. Through buffer
        // pointers: members and properties are looked at in place, not copied (a retain
        // and a release of each key, value and schema).
        let seenRequired = object.members.withUnsafeBufferPointer { members in
            form.required.withUnsafeBufferPointer { required in
                form.optional.withUnsafeBufferPointer { optional in
                    validateMembers(members, schema, form, required, optional, parentTag: parentTag)
                }
            }
        }
        guard seenRequired < form.required.count else { return }
        var seen = [Bool](repeating: false, count: form.required.count)
        for (position, member) in object.members.enumerated() {
            if case .required(let index) = lookup.lookup(member.key, at: position, in: form) { seen[index] = true }
        }
        for (position, property) in form.required.enumerated() where !seen[position] {
            schemaPath.append("properties")
            schemaPath.append(property.name)
            record(.missingProperty, schema, instance)
            schemaPath.removeLast()
            schemaPath.removeLast()
        }
    }

    /// Validates each member; returns how many required properties it saw. A member
    /// valid against a leaf schema (a string for a string type, the common case) is
    /// decided here without a call: passing a value from the tree to a call copies it.
    @inline(__always)
    private mutating func validateMembers(_ members: UnsafeBufferPointer<JSONObject.Member>, _ schema: Schema, _ form: PropertiesForm,
                                          _ required: UnsafeBufferPointer<Property>, _ optional: UnsafeBufferPointer<Property>,
                                          parentTag: String?) -> Int {
        var seenRequired = 0
        let ascii = form.namesAreASCII
        walk: for position in members.indices {
            // `unowned(unsafe)`: the schemas belong to `form`, which outlives the loop, and
            // a strong reference would cost a retain and a release per member.
            unowned(unsafe) let property: Schema
            let isRequired: Bool
            // Payloads usually list properties in schema order: the slot at the member's
            // position first, the whole lookup otherwise.
            if position < required.count, SchemaLookup.same(required[position].name, members[position].key, ascii: ascii) {
                property = required[position].schema
                isRequired = true
            } else {
                switch lookup.lookup(members[position].key, at: position, in: form) {
                case .required(let index):
                    property = required[index].schema
                    isRequired = true
                case .optional(let index):
                    property = optional[index].schema
                    isRequired = false
                case nil:
                    if !form.additionalProperties, !(parentTag.map(members[position].key.scalarEquals) ?? false) {
                        instancePath.append(.key(members[position].key))
                        record(.unexpectedProperty, schema, members[position].value)
                        instancePath.removeLast()
                    }
                    continue walk
                }
            }
            if isRequired { seenRequired += 1 }
            if property.nullable, case .null = members[position].value { continue }
            unowned(unsafe) var leaf = property
            if case .ref = property.kind, let target = lookup.target(of: property) {
                if target.nullable, case .null = members[position].value { continue }
                leaf = target
            }
            switch leaf.kind {
            case .empty:
                continue
            case .type(.string):
                if case .string = members[position].value { continue }
            case .type(let type):
                if Self.matches(members[position].value, type) { continue }
            case .enumeration:
                if case .enumeration(let values) = leaf.form, case .string(let text) = members[position].value,
                   values.contains(where: { $0.scalarEquals(text) }) { continue }
            default:
                break
            }
            // Invalid, or a container: walked with paths, from the ref if it is one.
            validateMember(members[position], property, keyword: isRequired ? "properties" : "optionalProperties")
        }
        return seenRequired
    }

    private mutating func validateMember(_ member: JSONObject.Member, _ schema: Schema, keyword: String) {
        schemaPath.append(keyword)
        schemaPath.append(member.key)
        instancePath.append(.key(member.key))
        validate(member.value, schema, parentTag: nil)
        instancePath.removeLast()
        schemaPath.removeLast()
        schemaPath.removeLast()
    }

    /// One switch on the type, then a look at the instance's case: a `switch` on the
    /// pair `(type, instance)` would copy the instance (a retain and a release).
    @inline(__always)
    static func matches(_ instance: JSON, _ type: PrimitiveType) -> Bool {
        switch type {
        case .boolean:
            if case .bool = instance { return true }
            return false
        case .string:
            if case .string = instance { return true }
            return false
        case .timestamp:
            if case .string(let text) = instance { return RFC3339.isDateTime(text) }
            return false
        default:
            guard case .number(let number) = instance else { return false }
            return matches(number, type)
        }
    }

    static func matches(_ number: Double, _ type: PrimitiveType) -> Bool {
        switch type {
        // Beyond a float type's range is beyond every client's (JSONDecoder, kotlinx and
        // JavaScript read 1E400 as an error or as Infinity): see docs/conformance.md.
        case .float32: return Float(number).isFinite
        case .float64: return number.isFinite
        default:
            guard let range = type.integerRange else { return false }
            return number == number.rounded(.towardZero) && range.contains(number)
        }
    }
}
