import JSON

/// Reads a schema file: strict JSON, then the rules of RFC 8927 section 2, then
/// tabgen's `metadata.tabgen` extensions (bridge contract and rules).
///
/// Every problem is collected with its JSON pointer and source position, so a user
/// fixes a schema in one pass rather than one error per run.
public struct SchemaReader {
    public var fileName: String

    /// A chain of definitions that are each only a `ref` may be at most this long: what
    /// follows refs (validation, code generation, `tabgen diff`) takes them one at a
    /// time, and a chain of thousands exhausted the stack. Longer chains are schema errors.
    public static let refChainLimit = 32

    public init(fileName: String = "schema.json") {
        self.fileName = fileName
    }

    public func read(_ bytes: [UInt8]) throws(SchemaErrors) -> SchemaDocument {
        let json: JSON
        do {
            json = try JSONReader().parse(bytes)
        } catch {
            let position = SourcePosition(offset: error.offset, in: bytes)
            throw SchemaErrors([SchemaError(file: fileName, pointer: .root, position: position, message: "not valid JSON: \(error)")])
        }
        var checker = FormChecker(fileName: fileName, source: bytes)
        guard let (root, definitions) = checker.checkRoot(json), checker.errors.isEmpty else {
            throw SchemaErrors(checker.errors)
        }
        var document = SchemaDocument(root: root, definitions: definitions, extensions: TabgenExtensions(), sourceName: fileName, source: bytes)
        var extensionReader = ExtensionReader(document: document)
        let extensions = extensionReader.read()
        guard extensionReader.errors.isEmpty else { throw SchemaErrors(extensionReader.errors) }
        document.extensions = extensions
        return document
    }
}

/// A collector of located schema errors, shared by the readers.
struct ErrorSink {
    let fileName: String
    let source: [UInt8]
    var errors: [SchemaError] = []

    mutating func report(_ pointer: JSONPointer, _ message: String, atKey: Bool = false) {
        let offset = JSONLocator.offset(of: pointer.tokens, in: source, preferKey: atKey)
        errors.append(SchemaError(file: fileName, pointer: pointer, position: SourcePosition(offset: offset, in: source), message: message))
    }

    /// The flag at `key` of `object`: nil when absent, and when not true or false, after
    /// reporting so at the key.
    mutating func boolean(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Bool? {
        guard let value = object[key] else { return nil }
        return expect(value, as: \.boolValue, at: pointer.appending(key: key), "\(key) must be true or false")
    }

    /// `value` as the kind `kind` reads (`\.objectValue`, `\.stringValue`...); nil when it
    /// is not of that kind, after reporting "`expected`, found" its kind at `pointer`.
    mutating func expect<Value>(_ value: JSON, as kind: (JSON) -> Value?, at pointer: JSONPointer, _ expected: String) -> Value? {
        guard let typed = kind(value) else {
            report(pointer, "\(expected), found \(value.kindName)")
            return nil
        }
        return typed
    }
}

/// RFC 8927 section 2: which keywords may appear, with which values, in which forms.
struct FormChecker {
    var sink: ErrorSink
    var definitionNames: Set<String> = []

    var errors: [SchemaError] { sink.errors }

    init(fileName: String, source: [UInt8]) {
        sink = ErrorSink(fileName: fileName, source: source)
    }

    static let keywords: Set<String> = [
        "definitions", "metadata", "nullable", "ref", "type", "enum", "elements", "properties",
        "optionalProperties", "additionalProperties", "values", "discriminator", "mapping",
    ]

    mutating func checkRoot(_ json: JSON) -> (Schema, [(name: String, schema: Schema)])? {
        guard let object = sink.expect(json, as: \.objectValue, at: .root, "a schema must be a JSON object") else { return nil }
        var definitions: [(name: String, schema: Schema)] = []
        if let value = object["definitions"] {
            let pointer = JSONPointer.root.appending(key: "definitions")
            if let members = sink.expect(value, as: \.objectValue, at: pointer, "definitions must be an object of schemas") {
                definitionNames = Set(members.keys)
                for member in members.members {
                    if let schema = check(member.value, at: pointer.appending(key: member.key), isRoot: false) {
                        definitions.append((member.key, schema))
                    }
                }
            }
        }
        guard let root = check(json, at: .root, isRoot: true) else { return nil }
        checkReferenceCycles(definitions)
        return (root, definitions)
    }

    mutating func check(_ json: JSON, at pointer: JSONPointer, isRoot: Bool) -> Schema? {
        guard let object = sink.expect(json, as: \.objectValue, at: pointer, "a schema must be a JSON object") else { return nil }
        let errorCount = errors.count
        for key in object.keys where !Self.keywords.contains(key) {
            sink.report(pointer.appending(key: key), "unknown keyword \(JSONWriter.quoted(key)); RFC 8927 allows only \(Self.keywords.sorted().joined(separator: ", ")) (put extensions in metadata)", atKey: true)
        }
        if !isRoot, object["definitions"] != nil {
            sink.report(pointer.appending(key: "definitions"), "definitions is allowed only in the root schema", atKey: true)
        }
        let nullable = sink.boolean(object, "nullable", at: pointer) ?? false
        var metadata = JSONObject()
        if let value = object["metadata"], let members = sink.expect(value, as: \.objectValue, at: pointer.appending(key: "metadata"), "metadata must be an object") {
            metadata = members
        }
        guard let form = checkForm(object, at: pointer), errors.count == errorCount else { return nil }
        return Schema(form: form, nullable: nullable, metadata: metadata, pointer: pointer)
    }

    private mutating func checkForm(_ object: JSONObject, at pointer: JSONPointer) -> Form? {
        let present = ["ref", "type", "enum", "elements", "properties", "optionalProperties", "additionalProperties", "values", "discriminator", "mapping"]
            .filter { object[$0] != nil }
        let groups: [Set<String>] = [["ref"], ["type"], ["enum"], ["elements"], ["properties", "optionalProperties", "additionalProperties"], ["values"], ["discriminator", "mapping"]]
        let used = groups.filter { !$0.isDisjoint(with: present) }
        if used.count > 1 {
            let names = present.map { JSONWriter.quoted($0) }.joined(separator: " and ")
            sink.report(pointer, "\(names) cannot be used together: a schema has exactly one form")
            return nil
        }
        if present.contains("additionalProperties"), !present.contains("properties"), !present.contains("optionalProperties") {
            sink.report(pointer.appending(key: "additionalProperties"), "additionalProperties needs properties or optionalProperties beside it", atKey: true)
            return nil
        }
        if present.contains("discriminator") != present.contains("mapping") {
            let (has, lacks) = present.contains("mapping") ? ("mapping", "discriminator") : ("discriminator", "mapping")
            sink.report(pointer.appending(key: has), "\(has) needs \(lacks) beside it", atKey: true)
            return nil
        }
        if let value = object["ref"] { return checkRef(value, at: pointer.appending(key: "ref")) }
        if let value = object["type"] { return checkType(value, at: pointer.appending(key: "type")) }
        if let value = object["enum"] { return checkEnum(value, at: pointer.appending(key: "enum")) }
        if let value = object["elements"] {
            return check(value, at: pointer.appending(key: "elements"), isRoot: false).map { .elements($0) }
        }
        if let value = object["values"] {
            return check(value, at: pointer.appending(key: "values"), isRoot: false).map { .values($0) }
        }
        if present.contains("properties") || present.contains("optionalProperties") {
            return checkProperties(object, at: pointer).map { .properties($0) }
        }
        if let tag = object["discriminator"], let mapping = object["mapping"] {
            return checkDiscriminator(tag: tag, mapping: mapping, at: pointer)
        }
        return .empty
    }

    private mutating func checkRef(_ value: JSON, at pointer: JSONPointer) -> Form? {
        guard let name = sink.expect(value, as: \.stringValue, at: pointer, "ref must be a string naming a definition") else { return nil }
        guard definitionNames.contains(name) else {
            let known = definitionNames.isEmpty ? "the schema has no definitions" : "definitions are \(definitionNames.sorted().map { JSONWriter.quoted($0) }.joined(separator: ", "))"
            sink.report(pointer, "ref \(JSONWriter.quoted(name)) names no definition (\(known))")
            return nil
        }
        return .ref(name)
    }

    private mutating func checkType(_ value: JSON, at pointer: JSONPointer) -> Form? {
        guard let name = sink.expect(value, as: \.stringValue, at: pointer, "type must be a string") else { return nil }
        guard let type = PrimitiveType(rawValue: name) else {
            sink.report(pointer, "\(JSONWriter.quoted(name)) is not a JTD type; use one of \(PrimitiveType.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        return .type(type)
    }

    private mutating func checkEnum(_ value: JSON, at pointer: JSONPointer) -> Form? {
        guard let elements = sink.expect(value, as: \.arrayValue, at: pointer, "enum must be an array of strings") else { return nil }
        guard !elements.isEmpty else {
            sink.report(pointer, "enum must not be empty")
            return nil
        }
        var values: [String] = []
        var seen: Set<ScalarKey> = []
        for (index, element) in elements.enumerated() {
            guard let text = sink.expect(element, as: \.stringValue, at: pointer.appending(index: index), "enum values must be strings") else { return nil }
            guard seen.insert(ScalarKey(text)).inserted else {
                sink.report(pointer.appending(index: index), "enum value \(JSONWriter.quoted(text)) appears twice")
                return nil
            }
            values.append(text)
        }
        return .enumeration(values)
    }

    private mutating func checkMembers(_ value: JSON?, keyword: String, at pointer: JSONPointer) -> [Property]? {
        guard let value else { return [] }
        let here = pointer.appending(key: keyword)
        guard let members = sink.expect(value, as: \.objectValue, at: here, "\(keyword) must be an object of schemas") else { return nil }
        var properties: [Property] = []
        var failed = false
        for member in members.members {
            if let schema = check(member.value, at: here.appending(key: member.key), isRoot: false) {
                properties.append(Property(name: member.key, schema: schema))
            } else {
                failed = true
            }
        }
        return failed ? nil : properties
    }

    private mutating func checkProperties(_ object: JSONObject, at pointer: JSONPointer) -> PropertiesForm? {
        let required = checkMembers(object["properties"], keyword: "properties", at: pointer)
        let optional = checkMembers(object["optionalProperties"], keyword: "optionalProperties", at: pointer)
        var additional = false
        if object["additionalProperties"] != nil {
            guard let flag = sink.boolean(object, "additionalProperties", at: pointer) else { return nil }
            additional = flag
        }
        guard let required, let optional else { return nil }
        let requiredNames = Set(required.map { ScalarKey($0.name) })
        for property in optional where requiredNames.contains(ScalarKey(property.name)) {
            sink.report(pointer.appending(key: "optionalProperties").appending(key: property.name),
                        "\(JSONWriter.quoted(property.name)) is in both properties and optionalProperties", atKey: true)
            return nil
        }
        return PropertiesForm(required: required, optional: optional, additionalProperties: additional, hasPropertiesKeyword: object["properties"] != nil)
    }

    private mutating func checkDiscriminator(tag: JSON, mapping: JSON, at pointer: JSONPointer) -> Form? {
        guard let tagName = sink.expect(tag, as: \.stringValue, at: pointer.appending(key: "discriminator"), "discriminator must be a string naming the tag property") else { return nil }
        let mappingPointer = pointer.appending(key: "mapping")
        guard let members = sink.expect(mapping, as: \.objectValue, at: mappingPointer, "mapping must be an object of schemas") else { return nil }
        var variants: [DiscriminatorForm.Variant] = []
        for member in members.members {
            let here = mappingPointer.appending(key: member.key)
            guard let schema = check(member.value, at: here, isRoot: false) else { return nil }
            guard case .properties(let form) = schema.form else {
                sink.report(here, "a mapping value must be of the properties form, found the \(schema.form.keyword) form")
                return nil
            }
            if schema.nullable {
                sink.report(here.appending(key: "nullable"), "a mapping value must not be nullable", atKey: true)
                return nil
            }
            if let (_, isRequired) = form.property(named: tagName) {
                let keyword = isRequired ? "properties" : "optionalProperties"
                sink.report(here.appending(key: keyword).appending(key: tagName),
                            "\(JSONWriter.quoted(tagName)) is the discriminator; a mapping value must not declare it in \(keyword)", atKey: true)
                return nil
            }
            variants.append(DiscriminatorForm.Variant(tag: member.key, schema: schema))
        }
        return .discriminator(DiscriminatorForm(tag: tagName, mapping: variants))
    }

    /// A definition that is only a `ref` chain back to itself would make validation loop
    /// without consuming input; RFC 8927 leaves it undefined, tabgen rejects it.
    ///
    /// Each definition is followed once: a walk stops at a definition an earlier walk
    /// reached (searching the chain at every step made 4,000 chained refs take 42 s).
    /// A cycle is reported once, at its first definition in document order.
    private mutating func checkReferenceCycles(_ definitions: [(name: String, schema: Schema)]) {
        var order: [String: Int] = [:]
        var targets: [String: String] = [:]
        for (position, definition) in definitions.enumerated() {
            order[definition.name] = position
            if case .ref(let target) = definition.schema.form { targets[definition.name] = target }
        }
        // The walk that first reached each definition.
        var reachedBy: [String: Int] = [:]
        var cycles: [[String]] = []
        for (walk, definition) in definitions.enumerated() where reachedBy[definition.name] == nil {
            var chain: [String] = []
            var current = definition.name
            while reachedBy[current] == nil {
                reachedBy[current] = walk
                chain.append(current)
                guard let next = targets[current] else { break }
                current = next
            }
            // Back at a definition of this walk: the chain from there on is a cycle.
            guard reachedBy[current] == walk, targets[current] != nil, let start = chain.firstIndex(of: current) else { continue }
            let cycle = chain[start...]
            let first = cycle.indices.min { order[cycle[$0], default: 0] < order[cycle[$1], default: 0] } ?? start
            cycles.append(Array(cycle[first...] + cycle[..<first]))
        }
        for cycle in cycles.sorted(by: { order[$0[0], default: 0] < order[$1[0], default: 0] }) {
            sink.report(JSONPointer.root.appending(key: "definitions").appending(key: cycle[0]).appending(key: "ref"),
                        "ref cycle \((cycle + [cycle[0]]).map { JSONWriter.quoted($0) }.joined(separator: " -> ")) never reaches a type")
        }
        checkReferenceChains(definitions, targets)
    }

    /// Chains of definitions that are only refs, longer than `SchemaReader.refChainLimit`:
    /// reported once per chain, at the definition where it first goes over the limit.
    private mutating func checkReferenceChains(_ definitions: [(name: String, schema: Schema)], _ targets: [String: String]) {
        // Per ref-only definition: how many ref-only definitions lead from it to a type
        // (itself included); nil for those on or leading into a cycle.
        var lengths: [String: Int?] = [:]
        for definition in definitions where targets[definition.name] != nil && lengths[definition.name] == nil {
            var path: [String] = []
            var onPath: Set<String> = []
            var current = definition.name
            var base: Int? = 0
            while targets[current] != nil {
                if let known = lengths[current] {
                    base = known
                    break
                }
                guard onPath.insert(current).inserted else {
                    base = nil
                    break
                }
                path.append(current)
                current = targets[current] ?? current
            }
            for (offset, name) in path.reversed().enumerated() {
                lengths[name] = base.map { $0 + offset + 1 }
            }
        }
        let limit = SchemaReader.refChainLimit
        for definition in definitions where (lengths[definition.name] ?? nil) == limit + 1 {
            sink.report(JSONPointer.root.appending(key: "definitions").appending(key: definition.name).appending(key: "ref"),
                        "ref chain too long: \(JSONWriter.quoted(definition.name)) reaches a type through \(limit + 1) definitions that are only a ref, over the ref chain limit of \(limit); ref the type directly")
        }
    }
}
