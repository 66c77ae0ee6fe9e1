import Schema

/// Makes instances of a schema, deterministically: the same schema and settings give
/// the same JSON. The minimal instance has only what the schema requires (no optional
/// properties, null where null is allowed, empty arrays and maps, the first variant);
/// the maximal one has everything (every optional property, three elements per array,
/// two members per map, variants and enum values taken in turn, integers at the top of
/// their range). Recursive schemas recurse once, then continue minimally. An instance
/// holds at most about `nodeBudget` values beyond what the schema requires: past it the
/// generator continues minimally, so nested arrays (three elements at each of 13 levels
/// made 1.6 million values) stay linear in the schema's size.
struct InstanceGenerator {
    enum Mode {
        case minimal
        case maximal
    }

    enum Strings {
        /// `id-1`, `title-2`: named after the property, numbered so all differ.
        case plain
        /// Quotes, backslashes, `${x}`, `*/`, newlines and non-ASCII text, for round trips.
        case hostile
    }

    let document: SchemaDocument
    var mode: Mode
    var strings: Strings = .plain
    /// Discriminator tag to use, by the discriminator schema's pointer.
    var forcedVariants: [String: String] = [:]
    /// Enum value to use, by the enum schema's pointer.
    var forcedEnumValues: [String: String] = [:]
    var arrayLength = 3
    var mapSize = 2
    /// Values an instance may hold before the generator turns minimal.
    static let nodeBudget = 2_000

    private var budget = nodeBudget
    private var counter = 0
    private var refStack: [String] = []
    private var occurrences: [String: Int] = [:]

    init(document: SchemaDocument, mode: Mode) {
        self.document = document
        self.mode = mode
    }

    mutating func root() -> JSON {
        counter = 0
        occurrences = [:]
        refStack = []
        budget = Self.nodeBudget
        return instance(document.root, hint: "value", minimal: mode == .minimal, depth: 0)
    }

    /// An instance of `schema` at a place named `hint`, for filling in a value later.
    mutating func instance(of schema: Schema, hint: String, minimal: Bool) -> JSON {
        instance(schema, hint: hint, minimal: minimal, depth: 0)
    }

    /// A fresh string (numbered like the others), for repairs and breaks.
    mutating func freshString(hint: String) -> String {
        counter += 1
        return "\(Self.slug(hint))-\(counter)"
    }

    private mutating func next(_ key: String) -> Int {
        let value = occurrences[key, default: 0]
        occurrences[key] = value + 1
        return value
    }

    private mutating func instance(_ schema: Schema, hint: String, minimal requested: Bool, depth: Int) -> JSON {
        guard depth < 32 else { return .null }
        budget -= 1
        let minimal = requested || budget <= 0
        if schema.nullable && minimal { return .null }
        switch schema.form {
        case .empty:
            if minimal { return .null }
            counter += 1
            return .object(JSONObject([
                .init(key: "note", value: .string("any JSON \(counter)")),
                .init(key: "list", value: .array([.number(1), .string("two"), .bool(true), .null])),
                .init(key: "nested", value: .object(JSONObject([.init(key: "half", value: .number(0.5))]))),
            ]))
        case .ref(let name):
            guard let target = document.definition(named: name) else { return .null }
            let recursing = refStack.contains(name)
            refStack.append(name)
            defer { refStack.removeLast() }
            if target.nullable && (minimal || recursing) { return .null }
            return instance(target, hint: hint, minimal: minimal || recursing, depth: depth + 1)
        case .type(let type):
            return primitive(type, hint: hint, minimal: minimal)
        case .enumeration(let values):
            if let forced = forcedEnumValues[schema.pointer.description] { return .string(forced) }
            if minimal { return .string(values[0]) }
            return .string(values[next(schema.pointer.description) % values.count])
        case .elements(let element):
            if minimal { return .array([]) }
            return .array((0..<arrayLength).map { _ in instance(element, hint: hint, minimal: false, depth: depth + 1) })
        case .values(let value):
            if minimal { return .object(JSONObject()) }
            var members: [JSONObject.Member] = []
            for _ in 0..<mapSize {
                counter += 1
                members.append(.init(key: "key-\(counter)", value: instance(value, hint: hint, minimal: false, depth: depth + 1)))
            }
            return .object(JSONObject(members))
        case .properties(let form):
            return .object(JSONObject(properties(form, minimal: minimal, depth: depth)))
        case .discriminator(let form):
            guard !form.mapping.isEmpty else { return .object(JSONObject()) }
            let pointer = schema.pointer.description
            let variant: DiscriminatorForm.Variant
            // Forced only outside minimal parts: a recursive union forced to a recursive
            // variant everywhere would never end.
            if !minimal, let forced = forcedVariants[pointer], let chosen = form.variant(for: forced) {
                variant = chosen
            } else if minimal {
                variant = form.mapping[0]
            } else {
                variant = form.mapping[next(pointer) % form.mapping.count]
            }
            var members = [JSONObject.Member(key: form.tag, value: .string(variant.tag))]
            if case .properties(let properties) = variant.schema.form {
                members += self.properties(properties, minimal: minimal, depth: depth)
            }
            return .object(JSONObject(members))
        }
    }

    private mutating func properties(_ form: PropertiesForm, minimal: Bool, depth: Int) -> [JSONObject.Member] {
        var members: [JSONObject.Member] = []
        for property in form.required {
            members.append(.init(key: property.name, value: instance(property.schema, hint: property.name, minimal: minimal, depth: depth + 1)))
        }
        if !minimal {
            for property in form.optional {
                members.append(.init(key: property.name, value: instance(property.schema, hint: property.name, minimal: false, depth: depth + 1)))
            }
        }
        return members
    }

    private mutating func primitive(_ type: PrimitiveType, hint: String, minimal: Bool) -> JSON {
        counter += 1
        switch type {
        case .boolean:
            return .bool(!minimal)
        case .string:
            switch strings {
            case .plain: return .string("\(Self.slug(hint))-\(counter)")
            case .hostile: return .string(Self.hostile(counter))
            }
        case .timestamp:
            let second = counter % 60
            return .string(minimal ? "1970-01-01T00:00:00Z" : "2024-02-29T23:59:\(second < 10 ? "0" : "")\(second)Z")
        case .float32, .float64:
            return .number(minimal ? 0 : Double(counter) + 0.5)
        default:
            // Integer widths: the ends of the range exercise every width.
            guard let range = type.integerRange else { return .number(0) }
            return .number(minimal ? range.lowerBound : range.upperBound)
        }
    }

    /// A string that breaks naive code generators and JSON writers, numbered.
    static func hostile(_ number: Int) -> String {
        "\"q\" \\ */ /* \"\"\" ${x} $y #{z} \\(w) \n\t é 名前 😀 \u{2028} \(number)"
    }

    /// An ASCII slug of a property name for readable string values (`id`, `title`).
    static func slug(_ hint: String) -> String {
        let words = Naming.words(hint)
        return words.isEmpty ? "value" : words.joined(separator: "-").lowercased()
    }
}
