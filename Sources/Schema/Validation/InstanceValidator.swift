import JSON

/// Validates an instance exactly as RFC 8927 section 3 says, producing its error
/// indicators. The paths are kept as stacks and copied only when an error is found,
/// so a valid instance costs no allocation for them.
public struct InstanceValidator {
    var instancePath: [PathToken] = []
    var schemaPath: [String] = []
    /// Where the schema path of the current `ref` target starts in `schemaPath`: a
    /// definition's errors have the path `definitions/NAME/...` (RFC 8927 section 3.3.2).
    var schemaBase = 0
    /// Answers for a child before it is walked: a valid child has no error indicators,
    /// so only the invalid ones pay for paths. Asked about the items of arrays and maps
    /// (mostly valid), and about properties whose schema is a leaf (a type, an enum); a
    /// property that holds a container is walked here directly, since asking first would
    /// walk an invalid one twice (and its invalid child again, and so on down).
    let fast: FastValidator
    public private(set) var errors: [ErrorIndicator] = []
    /// Stop after this many errors (0: no limit), so a hostile instance with millions of
    /// errors costs bounded memory.
    let maxErrors: Int

    var isFull: Bool { maxErrors > 0 && errors.count >= maxErrors }

    public init(document: SchemaDocument, maxErrors: Int = 0) {
        self.maxErrors = maxErrors
        fast = FastValidator(document: document)
        instancePath.reserveCapacity(16)
        schemaPath.reserveCapacity(32)
    }

    /// The error indicators of `instance` against the document's root schema.
    public static func validate(_ instance: JSON, against document: SchemaDocument, maxErrors: Int = 0) -> [ErrorIndicator] {
        var validator = InstanceValidator(document: document, maxErrors: maxErrors)
        validator.validate(instance, document.root, parentTag: nil)
        return validator.errors
    }

    private mutating func fail(_ kind: ErrorIndicator.Kind = .keyword) {
        guard !isFull else { return }
        errors.append(ErrorIndicator(instancePath: instancePath, schemaPath: Array(schemaPath[schemaBase...]), kind: kind))
    }

    private mutating func fail(_ keyword: String) {
        schemaPath.append(keyword)
        fail()
        schemaPath.removeLast()
    }

    mutating func validate(_ instance: JSON, _ schema: Schema, parentTag: String?) {
        if isFull { return }
        if schema.nullable, case .null = instance { return }
        switch schema.form {
        case .empty:
            return
        case .ref(let name):
            guard let target = fast.target(of: schema, named: name) else { return }
            let savedBase = schemaBase
            schemaBase = schemaPath.count
            schemaPath.append("definitions")
            schemaPath.append(name)
            validate(instance, target, parentTag: nil)
            schemaPath.removeLast()
            schemaPath.removeLast()
            schemaBase = savedBase
        case .type(let type):
            if !Self.matches(instance, type) { fail("type") }
        case .enumeration(let values):
            guard case .string(let text) = instance, values.contains(where: { $0.scalarEquals(text) }) else {
                fail("enum")
                return
            }
        case .elements(let element):
            guard case .array(let items) = instance else {
                fail("elements")
                return
            }
            schemaPath.append("elements")
            // Items are mostly valid, and a valid one costs FastValidator less than a walk
            // with paths; an invalid one stops it early.
            for (index, item) in items.enumerated() where !fast.isValid(item, element) {
                instancePath.append(.index(index))
                validate(item, element, parentTag: nil)
                instancePath.removeLast()
            }
            schemaPath.removeLast()
        case .properties(let form):
            validateProperties(instance, form, parentTag: parentTag)
        case .values(let valueSchema):
            guard case .object(let object) = instance else {
                fail("values")
                return
            }
            schemaPath.append("values")
            for member in object.members where !fast.isValid(member.value, valueSchema) {
                instancePath.append(.key(member.key))
                validate(member.value, valueSchema, parentTag: nil)
                instancePath.removeLast()
            }
            schemaPath.removeLast()
        case .discriminator(let form):
            guard case .object(let object) = instance else {
                fail("discriminator")
                return
            }
            guard let tagValue = object[form.tag] else {
                fail("discriminator")
                return
            }
            guard case .string(let tag) = tagValue else {
                instancePath.append(.key(form.tag))
                fail("discriminator")
                instancePath.removeLast()
                return
            }
            guard let variant = form.variant(for: tag) else {
                instancePath.append(.key(form.tag))
                fail("mapping")
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

    private mutating func validateProperties(_ instance: JSON, _ form: PropertiesForm, parentTag: String?) {
        guard case .object(let object) = instance else {
            fail(form.hasPropertiesKeyword ? "properties" : "optionalProperties")
            return
        }
        // One pass over the members (linear even for hostile objects), then, only when
        // one is missing, which required properties were not seen.
        var seenRequired = 0
        for (position, member) in object.members.enumerated() {
            switch fast.lookup(member.key, at: position, in: form) {
            case .required(let index):
                seenRequired += 1
                let schema = form.required[index].schema
                if fast.isValidLeaf(member.value, schema) { continue }
                schemaPath.append("properties")
                schemaPath.append(member.key)
                instancePath.append(.key(member.key))
                validate(member.value, schema, parentTag: nil)
                instancePath.removeLast()
                schemaPath.removeLast()
                schemaPath.removeLast()
            case .optional(let index):
                let schema = form.optional[index].schema
                if fast.isValidLeaf(member.value, schema) { continue }
                schemaPath.append("optionalProperties")
                schemaPath.append(member.key)
                instancePath.append(.key(member.key))
                validate(member.value, schema, parentTag: nil)
                instancePath.removeLast()
                schemaPath.removeLast()
                schemaPath.removeLast()
            case nil:
                if !form.additionalProperties, !(parentTag.map(member.key.scalarEquals) ?? false) {
                    instancePath.append(.key(member.key))
                    fail(.unexpectedProperty)
                    instancePath.removeLast()
                }
            }
        }
        if seenRequired < form.required.count {
            var seen = [Bool](repeating: false, count: form.required.count)
            for (position, member) in object.members.enumerated() {
                if case .required(let index) = fast.lookup(member.key, at: position, in: form) { seen[index] = true }
            }
            for (position, property) in form.required.enumerated() where !seen[position] {
                schemaPath.append("properties")
                schemaPath.append(property.name)
                fail(.missingProperty)
                schemaPath.removeLast()
                schemaPath.removeLast()
            }
        }
    }

    static func matches(_ instance: JSON, _ type: PrimitiveType) -> Bool {
        switch (type, instance) {
        case (.boolean, .bool): return true
        case (.string, .string): return true
        case (.timestamp, .string(let text)): return RFC3339.isDateTime(text)
        // Beyond a float type's range is beyond every client's (JSONDecoder, kotlinx and
        // JavaScript read 1E400 as an error or as Infinity): see docs/conformance.md.
        case (.float32, .number(let number)): return Float(number).isFinite
        case (.float64, .number(let number)): return number.isFinite
        case (_, .number(let number)):
            guard let range = type.integerRange else { return false }
            return number == number.rounded(.towardZero) && range.contains(number)
        default: return false
        }
    }
}
