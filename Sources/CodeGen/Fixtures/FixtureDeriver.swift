import Schema

/// Derives a schema's fixtures from the schema alone: instances are generated, bent to
/// the rules, then broken one rule or one RFC 8927 constraint at a time, and every one
/// is labeled by the real `PayloadValidator` (never by hand).
public struct FixtureDeriver {
    public let document: SchemaDocument
    let validator: PayloadValidator
    let lookup: SchemaLookup

    public init(document: SchemaDocument) {
        self.document = document
        self.validator = PayloadValidator(document: document)
        self.lookup = SchemaLookup(document: document)
    }

    /// The member name used for "a member no schema declares".
    static let unknownMember = "futureField"
    /// The enum value used for "a value this client does not know".
    static let unknownEnumValue = "tabgen-unknown-value"

    /// The most fixtures derived from one schema, and the most bytes of payloads (as
    /// compact JSON) in all: past either, derivation stops, so a schema of thousands of
    /// types gets a fixtures file of a few megabytes (one payload per constraint of a
    /// 10,000-type schema would be gigabytes). Forced discriminator variants and enum
    /// values take at most a quarter of the count each, so the rule fixtures and the
    /// constraint fixtures after them are not crowded out. docs/generate.md says so.
    public static let maxFixtures = 1_000
    public static let maxPayloadBytes = 2 << 20
    /// The most places one fixture changes at once (unknown members, unknown enum values).
    public static let maxPlacesPerFixture = 64

    public func derive() -> FixtureSet {
        var collector = Collector(deriver: self)
        var fitting = RuleFitting(document: document)

        var generator = InstanceGenerator(document: document, mode: .minimal)
        var minimal = generator.root()
        fitting.repair(&minimal)
        collector.add("minimal", .valid, "Only what the schema requires: no optional members, null where null is allowed, empty arrays and maps.", minimal)

        generator.mode = .maximal
        var maximal = generator.root()
        fitting.repair(&maximal)
        collector.add("maximal", .valid, "Every optional member present, three elements per array, integers at the top of their range.", maximal)

        let sectionLimit = Self.maxFixtures / 4
        /// The maximal payload with one choice (at a pointer) forced through `forcing`,
        /// per choice, up to `sectionLimit` of them.
        func addForced(_ choices: [(String, [String])], _ forcing: WritableKeyPath<InstanceGenerator, [String: String]>,
                       _ describe: (_ pointer: String, _ value: String) -> (name: String, description: String)) {
            var forced = 0
            all: for (pointer, values) in choices {
                for value in values {
                    guard forced < sectionLimit, !collector.isFull else { break all }
                    forced += 1
                    generator[keyPath: forcing] = [pointer: value]
                    var instance = generator.root()
                    fitting.repair(&instance)
                    let text = describe(pointer, value)
                    collector.add(text.name, .valid, text.description, instance)
                }
            }
            generator[keyPath: forcing] = [:]
        }
        addForced(discriminators(), \.forcedVariants) { pointer, tag in
            ("variant \(tag) at \(Self.show(pointer))", "The maximal payload with discriminator variant \(JSONWriter.quoted(tag)).")
        }
        addForced(enums(), \.forcedEnumValues) { pointer, value in
            ("enum value \(JSONWriter.quoted(value)) at \(Self.show(pointer))", "The maximal payload with enum value \(JSONWriter.quoted(value)).")
        }

        let places = self.places(in: maximal)
        var unknownFields = maximal
        let open = places.filter { if case .properties(let form) = $0.schema.form { form.additionalProperties } else { false } }
        let objects = open.isEmpty ? places.filter { if case .properties = $0.schema.form { true } else { false } } : open
        // In at most `maxPlacesPerFixture` objects (and enums below): each is a finding
        // to label, and a payload with thousands of them made labeling quadratic.
        for place in objects.prefix(Self.maxPlacesPerFixture).reversed() {
            if case .object(let object)? = JSONEditing.value(at: place.path, in: unknownFields) {
                JSONEditing.set(.object(JSONObject(object.members + [.init(key: Self.unknownMember, value: .object(JSONObject([.init(key: "since", value: .string("v2"))])))])),
                                at: place.path, in: &unknownFields)
            }
        }
        if !objects.isEmpty {
            let which = objects.count > Self.maxPlacesPerFixture ? "in \(Self.maxPlacesPerFixture) objects" : "in every object"
            collector.add("unknown members", .valid, "The maximal payload with a member no schema declares \(which)\(open.isEmpty ? "" : " that admits one"): clients ignore it.", unknownFields)
        }

        var unknownEnum = maximal
        let enumPlaces = places.filter { if case .enumeration = $0.schema.form { true } else { false } }
        for place in enumPlaces.prefix(Self.maxPlacesPerFixture) { JSONEditing.set(.string(Self.unknownEnumValue), at: place.path, in: &unknownEnum) }
        if !enumPlaces.isEmpty {
            let which = enumPlaces.count > Self.maxPlacesPerFixture ? "in \(Self.maxPlacesPerFixture) enums" : "in every enum"
            collector.add("unknown enum values", .valid, "The maximal payload with an enum value this version does not know \(which): clients keep it and encode it back unchanged.", unknownEnum)
        }

        generator.strings = .hostile
        var hostile = generator.root()
        generator.strings = .plain
        fitting.repair(&hostile)
        collector.add("hostile strings", .valid, "The maximal payload with quotes, backslashes, interpolation markers, comment ends, newlines and non-ASCII text in every free string.", hostile)

        for (index, rule) in document.extensions.rules.enumerated() where !collector.isFull {
            var instance = maximal
            fitting.satisfy(rule.when, in: &instance)
            fitting.repair(&instance, except: index)
            guard fitting.breakRule(rule, in: &instance) else { continue }
            fitting.repair(&instance, except: index)
            collector.add("rule \(rule.code)", .rule, "Breaks \(rule.code) (\(rule.kind.name) at \(rule.kind.path))\(rule.description.map { ": " + $0 } ?? ".")", instance)
        }

        // Each mutation copies the maximal payload: ask for no more than the caps admit
        // (a root of 4,000 required members has 4,000 "missing" mutations).
        let baseBytes = max(1, JSONWriter.string(maximal).utf8.count)
        for place in places where !collector.isFull {
            let room = min(Self.maxFixtures - collector.fixtures.count, (Self.maxPayloadBytes - collector.payloadBytes) / baseBytes + 1)
            for mutation in mutations(for: place, in: maximal, limit: room) {
                collector.add(mutation.name, .constraint, mutation.description, mutation.payload)
            }
        }
        return FixtureSet(schemaName: document.sourceName, fixtures: collector.fixtures)
    }

    // MARK: Labeling

    func label(name: String, category: Fixture.Category, description: String, payload: JSON) -> Fixture {
        let findings = validator.findings(for: payload)
        let codes = Array(Set(findings.map(\.code))).sorted()
        let verdict: Fixture.Verdict = findings.isEmpty ? .valid : findings.contains { $0.severity == .error } ? .invalid : .warning
        let decodes = InstanceValidator.validate(payload, against: document).allSatisfy { isTolerated($0, in: payload) }
        var canonical: JSON?
        var typedCodes: [String] = []
        if decodes {
            let value = Canonicalizer.canonical(payload, in: document)
            canonical = value
            typedCodes = Array(Set(validator.findings(for: value).map(\.code))).sorted()
        }
        return Fixture(name: name, category: category, description: description, payload: payload, verdict: verdict,
                       codes: codes, decodes: decodes, typedCodes: typedCodes, canonical: canonical)
    }

    /// Whether a generated client decodes despite an RFC 8927 error: a member the schema
    /// does not declare (ignored) or an enum string it does not list (kept as unknown).
    /// Decided from the error indicator and the schema, not from finding codes.
    func isTolerated(_ indicator: ErrorIndicator, in payload: JSON) -> Bool {
        let path = indicator.instancePath
        if indicator.schemaPath.last == "enum" {
            return JSONEditing.value(at: path, in: payload)?.stringValue != nil
        }
        guard case .key(let key)? = path.last, JSONEditing.value(at: path, in: payload) != nil,
              let parent = lookup.schema(at: Array(path.dropLast()), in: payload) else { return false }
        switch parent.schema.form {
        case .properties(let form):
            return form.property(named: key) == nil
        case .discriminator(let form):
            guard key != form.tag, let tag = JSONEditing.value(at: Array(path.dropLast()), in: payload)?[form.tag]?.stringValue,
                  case .properties(let properties)? = form.variant(for: tag)?.schema.form else { return false }
            return properties.property(named: key) == nil
        default:
            return false
        }
    }

    struct Collector {
        let deriver: FixtureDeriver
        var fixtures: [Fixture] = []
        var seenPayloads: Set<String> = []
        var seenNames: Set<String> = []
        var payloadBytes = 0

        /// Whether the caps (`maxFixtures`, `maxPayloadBytes`) are reached.
        var isFull: Bool { fixtures.count >= FixtureDeriver.maxFixtures || payloadBytes >= FixtureDeriver.maxPayloadBytes }

        mutating func add(_ name: String, _ category: Fixture.Category, _ description: String, _ payload: JSON) {
            guard !isFull else { return }
            let text = JSONWriter.string(payload)
            guard seenPayloads.insert(text).inserted else { return }
            payloadBytes += text.utf8.count
            var unique = name
            var suffix = 2
            while !seenNames.insert(unique).inserted {
                unique = "\(name) (\(suffix))"
                suffix += 1
            }
            fixtures.append(deriver.label(name: unique, category: category, description: description, payload: payload))
        }
    }

    // MARK: Places and mutations

    struct Place {
        var path: [PathToken]
        /// The schema with a concrete form (refs followed).
        var schema: Schema
        var nullable: Bool
    }

    /// The first place in `instance` of every schema (refs followed), depth first.
    func places(in instance: JSON) -> [Place] {
        var result: [Place] = []
        var seen: Set<String> = []
        func visit(_ value: JSON, _ schema: Schema, _ path: [PathToken]) {
            let (resolved, nullable) = lookup.resolve(schema)
            let key = "\(resolved.pointer)|\(nullable)"
            if seen.insert(key).inserted {
                result.append(Place(path: path, schema: resolved, nullable: nullable))
            }
            switch (resolved.form, value) {
            case (.elements(let element), .array(let elements)):
                for (index, item) in elements.enumerated() { visit(item, element, path + [.index(index)]) }
            case (.values(let valueSchema), .object(let object)):
                for member in object.members { visit(member.value, valueSchema, path + [.key(member.key)]) }
            case (.properties(let form), .object(let object)):
                for member in object.members {
                    if let property = form.property(named: member.key) { visit(member.value, property.property.schema, path + [.key(member.key)]) }
                }
            case (.discriminator(let form), .object(let object)):
                guard let tag = object[form.tag]?.stringValue, let variant = form.variant(for: tag),
                      case .properties(let properties) = variant.schema.form else { return }
                let variantKey = "\(variant.schema.pointer)|false"
                if seen.insert(variantKey).inserted {
                    result.append(Place(path: path, schema: variant.schema, nullable: false))
                }
                for member in object.members {
                    if let property = properties.property(named: member.key) { visit(member.value, property.property.schema, path + [.key(member.key)]) }
                }
            default:
                return
            }
        }
        visit(instance, document.root, [])
        return result
    }

    struct Mutation {
        var name: String
        var description: String
        var payload: JSON
    }

    /// One payload per RFC 8927 constraint of the schema at `place`.
    func mutations(for place: Place, in base: JSON, limit: Int = .max) -> [Mutation] {
        var result: [Mutation] = []
        let at = Self.show(JSONPointer(place.path).description)
        func add(_ name: String, _ description: String, _ value: JSON, at path: [PathToken]? = nil) {
            guard result.count < limit else { return }
            var payload = base
            guard JSONEditing.set(value, at: path ?? place.path, in: &payload) else { return }
            result.append(Mutation(name: "\(name) at \(at)", description: description, payload: payload))
        }
        func remove(_ name: String, _ description: String, at path: [PathToken]) {
            guard result.count < limit else { return }
            var payload = base
            guard JSONEditing.remove(at: path, in: &payload) else { return }
            result.append(Mutation(name: "\(name) at \(at)", description: description, payload: payload))
        }
        if !place.nullable, !place.schema.isEmptyForm {
            add("null", "null where the schema does not allow it (no \"nullable\": true).", .null)
        }
        switch place.schema.form {
        case .empty, .ref:
            break
        case .type(let type):
            switch type {
            case .boolean: add("wrong type", "A string where a boolean belongs.", .string("true"))
            case .string: add("wrong type", "A number where a string belongs.", .number(42))
            case .timestamp:
                add("wrong type", "A number where a timestamp belongs.", .number(42))
                add("not a timestamp", "A string that is not an RFC 3339 date-time.", .string("2024-02-30 12:00"))
            case .float32, .float64: add("wrong type", "A string where a number belongs.", .string("1.5"))
            default:
                add("wrong type", "A string where an integer belongs.", .string("1"))
                if let range = type.integerRange {
                    add("out of range", "\(type.rawValue) holds \(JSONWriter.format(range.lowerBound))...\(JSONWriter.format(range.upperBound)); this is one more.", .number(range.upperBound + 1))
                }
                add("fraction", "A number with a fraction where an integer belongs.", .number(1.5))
            }
        case .enumeration(let values):
            add("unknown enum value", "A value not among \(values.map { JSONWriter.quoted($0) }.joined(separator: ", ")): clients keep it as unknown.", .string(Self.unknownEnumValue))
            add("wrong type", "A number where an enum string belongs.", .number(1))
        case .elements:
            add("wrong shape", "An object where an array belongs.", .object(JSONObject()))
        case .values:
            add("wrong shape", "An array where an object belongs.", .array([]))
        case .properties(let form):
            add("wrong shape", "An array where an object belongs.", .array([]))
            if case .object(let object)? = JSONEditing.value(at: place.path, in: base) {
                for property in form.required where result.count < limit && object[property.name] != nil {
                    remove("missing \(JSONWriter.quoted(property.name))", "The required member \(JSONWriter.quoted(property.name)) is absent.", at: place.path + [.key(property.name)])
                }
                if !form.additionalProperties {
                    add("unexpected member", "A member the schema does not declare, where \"additionalProperties\" is false: clients ignore it.",
                        .string("surprise"), at: place.path + [.key(Self.unknownMember)])
                }
            }
        case .discriminator(let form):
            add("wrong shape", "An array where an object belongs.", .array([]))
            if case .object(let object)? = JSONEditing.value(at: place.path, in: base), object[form.tag] != nil {
                remove("missing tag", "The discriminator \(JSONWriter.quoted(form.tag)) is absent.", at: place.path + [.key(form.tag)])
                add("tag not a string", "The discriminator \(JSONWriter.quoted(form.tag)) is a number.", .number(1), at: place.path + [.key(form.tag)])
                add("unknown tag", "A discriminator value not in the mapping.", .string(Self.unknownEnumValue), at: place.path + [.key(form.tag)])
            }
        }
        return result
    }

    // MARK: Schema walks

    /// Every discriminator schema, by pointer, with its variant tags (document order).
    func discriminators() -> [(String, [String])] {
        var result: [(String, [String])] = []
        walkSchemas { schema in
            if case .discriminator(let form) = schema.form, form.mapping.count > 1 {
                result.append((schema.pointer.description, form.mapping.map(\.tag)))
            }
        }
        return result
    }

    /// Every enum schema, by pointer, with its values.
    func enums() -> [(String, [String])] {
        var result: [(String, [String])] = []
        walkSchemas { schema in
            if case .enumeration(let values) = schema.form { result.append((schema.pointer.description, values)) }
        }
        return result
    }

    func walkSchemas(_ body: (Schema) -> Void) {
        func visit(_ schema: Schema) {
            body(schema)
            switch schema.form {
            case .elements(let inner), .values(let inner): visit(inner)
            case .properties(let form): form.all.forEach { visit($0.property.schema) }
            case .discriminator(let form): form.mapping.forEach { visit($0.schema) }
            default: break
            }
        }
        visit(document.root)
        document.definitions.forEach { visit($0.schema) }
    }

    static func show(_ pointer: String) -> String {
        pointer.isEmpty ? "(root)" : pointer
    }
}

extension Schema {
    var isEmptyForm: Bool {
        if case .empty = form { return true }
        return false
    }
}
