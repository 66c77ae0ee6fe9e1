import Foundation
import Testing
@testable import Schema

/// `InstanceValidator` walks once, checks leaves in place and hands `describe` the schema
/// and value it held. These tests hold it to RFC 8927 section 3 written out plainly (a
/// walk that pushes every path and finds properties by scalars), and `describe` with
/// the handed-over context to `describe` that walks the paths again, on generated
/// instances with mutations of every kind.
struct InstanceValidatorAgreementTests {
    /// A schema with every form: refs to refs, a discriminator, nullable and non-ASCII,
    /// long and KELVIN-adjacent property names, values, elements, timestamps, integers.
    static let wideSchema = #"""
    {
      "definitions": {
        "tab": {
          "properties": {"id": {"type": "string"}, "title": {"type": "string"}, "count": {"type": "uint8"}},
          "optionalProperties": {"state": {"ref": "state"}, "at": {"type": "timestamp", "nullable": true}}
        },
        "state": {"enum": ["soft", "hard", "caf\u00e9"]},
        "alias": {"ref": "tab"},
        "shape": {
          "discriminator": "kind",
          "mapping": {
            "circle": {"properties": {"r": {"type": "float32"}}},
            "box": {"properties": {"w": {"type": "int8"}, "h": {"type": "int8"}}, "additionalProperties": true},
            "k\u00e9y": {"optionalProperties": {"note": {"type": "string"}}}
          }
        }
      },
      "properties": {
        "tabs": {"elements": {"ref": "alias"}},
        "K": {"type": "boolean"},
        "\u00fcberschrift-\u00fcberschrift": {"type": "string", "nullable": true},
        "a_rather_long_property_name": {"values": {"type": "int16"}},
        "shapes": {"elements": {"ref": "shape"}},
        "grid": {"elements": {"elements": {"type": "uint8"}}}
      },
      "optionalProperties": {
        "meta": {"nullable": true, "values": {"ref": "state"}},
        "free": {},
        "caf\u00e9": {"type": "string"},
        "\u1e0c\u0307": {"type": "string"}
      }
    }
    """#

    /// Indicators as bytes: `==` on paths is Swift's canonical equivalence, which would
    /// take a key spelled with KELVIN SIGN for "K".
    static func exact(_ indicators: [ErrorIndicator]) -> [[UInt8]] {
        indicators.map { indicator in
            let paths = JSON.array([.array(indicator.instancePath.map { .string($0.text) }), .array(indicator.schemaPath.map { .string($0) })])
            return Array("\(indicator.kind) \(JSONWriter.string(paths))".utf8)
        }
    }

    @Test func agreesWithTheSpecOnGeneratedInstances() throws {
        for document in [try schema(Self.wideSchema), try repositorySchema()] {
            var generator = InstanceGenerator(state: 7, document: document)
            var errors = 0
            var shapes = Set<String>()
            for _ in 0..<1500 {
                let instance = generator.value(for: document.root)
                let expected = SpecValidator.errors(of: instance, against: document)
                let actual = InstanceValidator.validate(instance, against: document)
                #expect(Self.exact(actual) == Self.exact(expected), "\(JSONWriter.string(instance))")
                errors += actual.count
                for indicator in actual { shapes.insert((indicator.schemaPath.last ?? "") + "\(indicator.kind)") }
                // The walk stops at maxErrors with the first errors it would report.
                for limit in 1...3 where limit < actual.count {
                    let cut = InstanceValidator.validate(instance, against: document, maxErrors: limit)
                    #expect(Self.exact(cut) == Self.exact(Array(actual.prefix(limit))))
                }
            }
            #expect(errors > 1000)  // the generator does break things
            #expect(shapes.count >= 5, "\(shapes)")  // in several ways
        }
    }

    @Test func describingByContextMatchesDescribingByPaths() throws {
        for document in [try schema(Self.wideSchema), try repositorySchema()] {
            let validator = PayloadValidator(document: document)
            var generator = InstanceGenerator(state: 11, document: document)
            var described = 0
            for _ in 0..<1500 {
                let instance = generator.value(for: document.root)
                for indicator in InstanceValidator.validate(instance, against: document) {
                    #expect(indicator.context != nil)
                    // The public initializer carries no context: `describe` walks the paths.
                    let byPaths = ErrorIndicator(instancePath: indicator.instancePath, schemaPath: indicator.schemaPath, kind: indicator.kind)
                    let fast = validator.describe(indicator, in: instance)
                    let slow = validator.describe(byPaths, in: instance)
                    #expect(fast == slow, "\(JSONWriter.string(instance)) \(indicator)")
                    #expect(Array(fast.message.utf8) == Array(slow.message.utf8))
                    described += 1
                }
            }
            #expect(described > 1000)
        }
    }

    @Test func changingAPathDropsTheContext() throws {
        let document = try schema(#"{"properties": {"a": {"type": "string"}, "b": {"type": "string"}}}"#)
        let instance = try parse(#"{"a": 1, "b": true}"#)
        var indicator = try #require(InstanceValidator.validate(instance, against: document).first)
        #expect(indicator.context != nil)
        indicator.instancePath = [.key("b")]
        indicator.schemaPath = ["properties", "b", "type"]
        #expect(indicator.context == nil)
        let message = PayloadValidator(document: document).describe(indicator, in: instance).message
        #expect(message == "expected a string, found boolean true")
    }

    /// Keys written with escapes, or longer than a small string, or non-ASCII: each is
    /// matched by its scalars whatever its representation.
    @Test func keysMatchByScalarsWhateverTheirSpelling() throws {
        let document = try schema(Self.wideSchema)
        let plain = try parse(#"{"tabs": [], "K": true, "\u00fcberschrift-\u00fcberschrift": null, "a_rather_long_property_name": {}, "shapes": [], "grid": [], "caf\u00e9": "x"}"#)
        #expect(InstanceValidator.validate(plain, against: document).isEmpty)
        let escaped = try parse(#"{"t\u0061bs": [], "\u004b": true, "\u00fcberschrift-\u00fcberschrift": null, "a_rather_long_property_nam\u0065": {}, "shapes": [], "grid": [], "caf\u00e9": "x"}"#)
        #expect(InstanceValidator.validate(escaped, against: document).isEmpty)
        // KELVIN SIGN is canonically "K" (Swift's == says equal), but not the same scalars;
        // "cafe\u0301" is canonically "caf\u00e9".
        let kelvin = try parse(#"{"tabs": [], "\u212a": true, "\u00fcberschrift-\u00fcberschrift": null, "a_rather_long_property_name": {}, "shapes": [], "grid": [], "cafe\u0301": "x"}"#)
        let errors = InstanceValidator.validate(kelvin, against: document)
        #expect(errors.map(\.kind) == [.unexpectedProperty, .unexpectedProperty, .missingProperty])
        #expect(Self.exact(errors) == Self.exact([
            ErrorIndicator(instancePath: [.key("\u{212A}")], schemaPath: [], kind: .unexpectedProperty),
            ErrorIndicator(instancePath: [.key("cafe\u{301}")], schemaPath: [], kind: .unexpectedProperty),
            ErrorIndicator(instancePath: [], schemaPath: ["properties", "K"], kind: .missingProperty),
        ]))
    }

    /// A non-ASCII name is matched by scalars: "\u{1E0A}\u{323}" is canonically the
    /// name "\u{1E0C}\u{307}" and as long in UTF-8, but not the same scalars.
    @Test func aNonASCIINameIsMatchedByScalars() throws {
        let document = try schema(#"{"optionalProperties": {"\u1e0c\u0307": {"type": "string"}}}"#)
        #expect(InstanceValidator.validate(try parse(#"{"\u1e0c\u0307": "x"}"#), against: document).isEmpty)
        let errors = InstanceValidator.validate(try parse(#"{"\u1e0a\u0323": "x"}"#), against: document)
        #expect(errors.map(\.kind) == [.unexpectedProperty])
    }

    /// `SchemaLookup.lookup` matches an ASCII name with Swift's `==` when the key has
    /// the same length in UTF-8: sound only if no non-ASCII scalar is canonically
    /// equivalent to as many ASCII scalars as it has bytes. Checked over all of Unicode.
    @Test func noNonASCIIScalarDecomposesIntoAsManyASCIIScalarsAsItsBytes() {
        var singletons = 0
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned, scalar.properties.generalCategory != .privateUse else { continue }
            let text = String(scalar)
            let decomposed = text.decomposedStringWithCanonicalMapping.unicodeScalars
            guard decomposed.allSatisfy(\.isASCII) else { continue }
            singletons += 1
            #expect(decomposed.count < text.utf8.count, "U+\(String(value, radix: 16))")
        }
        #expect(singletons >= 3)  // KELVIN SIGN, GREEK QUESTION MARK, GREEK VARIA
    }
}

/// RFC 8927 section 3 as written: every path pushed, properties found by scalars, refs
/// restarting the schema path at `definitions`. Members are visited in instance order
/// and missing properties reported after them in schema order, as `InstanceValidator`
/// reports them (the RFC leaves the order open).
struct SpecValidator {
    let document: SchemaDocument
    var errors: [ErrorIndicator] = []

    static func errors(of instance: JSON, against document: SchemaDocument) -> [ErrorIndicator] {
        var validator = SpecValidator(document: document)
        validator.validate(instance, document.root, [], [], tag: nil)
        return validator.errors
    }

    static func same(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }

    mutating func fail(_ instancePath: [PathToken], _ schemaPath: [String], _ kind: ErrorIndicator.Kind = .keyword) {
        errors.append(ErrorIndicator(instancePath: instancePath, schemaPath: schemaPath, kind: kind))
    }

    mutating func validate(_ instance: JSON, _ schema: Schema, _ path: [PathToken], _ schemaPath: [String], tag: String?) {
        if schema.nullable, instance == .null { return }
        switch schema.form {
        case .empty:
            return
        case .ref(let name):
            guard let target = document.definition(named: name) else { return }
            validate(instance, target, path, ["definitions", name], tag: nil)
        case .type(let type):
            if !Self.holds(instance, type) { fail(path, schemaPath + ["type"]) }
        case .enumeration(let values):
            guard case .string(let text) = instance, values.contains(where: { Self.same($0, text) }) else {
                return fail(path, schemaPath + ["enum"])
            }
        case .elements(let element):
            guard case .array(let items) = instance else { return fail(path, schemaPath + ["elements"]) }
            for (index, item) in items.enumerated() {
                validate(item, element, path + [.index(index)], schemaPath + ["elements"], tag: nil)
            }
        case .values(let valueSchema):
            guard case .object(let object) = instance else { return fail(path, schemaPath + ["values"]) }
            for member in object.members {
                validate(member.value, valueSchema, path + [.key(member.key)], schemaPath + ["values"], tag: nil)
            }
        case .properties(let form):
            guard case .object(let object) = instance else {
                return fail(path, schemaPath + [form.hasPropertiesKeyword ? "properties" : "optionalProperties"])
            }
            for member in object.members {
                if let property = form.required.first(where: { Self.same($0.name, member.key) }) {
                    validate(member.value, property.schema, path + [.key(member.key)], schemaPath + ["properties", property.name], tag: nil)
                } else if let property = form.optional.first(where: { Self.same($0.name, member.key) }) {
                    validate(member.value, property.schema, path + [.key(member.key)], schemaPath + ["optionalProperties", property.name], tag: nil)
                } else if !form.additionalProperties, !(tag.map { Self.same($0, member.key) } ?? false) {
                    fail(path + [.key(member.key)], schemaPath, .unexpectedProperty)
                }
            }
            for property in form.required where !object.members.contains(where: { Self.same($0.key, property.name) }) {
                fail(path, schemaPath + ["properties", property.name], .missingProperty)
            }
        case .discriminator(let form):
            guard case .object(let object) = instance,
                  let tagValue = object.members.first(where: { Self.same($0.key, form.tag) })?.value else {
                return fail(path, schemaPath + ["discriminator"])
            }
            guard case .string(let tagText) = tagValue else { return fail(path + [.key(form.tag)], schemaPath + ["discriminator"]) }
            guard let variant = form.mapping.first(where: { Self.same($0.tag, tagText) }) else {
                return fail(path + [.key(form.tag)], schemaPath + ["mapping"])
            }
            validate(instance, variant.schema, path, schemaPath + ["mapping", variant.tag], tag: form.tag)
        }
    }

    static func holds(_ instance: JSON, _ type: PrimitiveType) -> Bool {
        switch (type, instance) {
        case (.boolean, .bool), (.string, .string): return true
        case (.timestamp, .string(let text)): return RFC3339.isDateTime(text)
        case (.float32, .number(let number)): return Float(number).isFinite
        case (.float64, .number(let number)): return number.isFinite
        case (_, .number(let number)):
            guard let range = type.integerRange else { return false }
            return number.rounded(.towardZero) == number && range.contains(number)
        default: return false
        }
    }
}

/// Instances of a schema, mostly valid, with a mutation of some kind at one node in
/// eight: a wrong type, a value outside an enum, a dropped or extra member (ASCII,
/// non-ASCII, canonically equivalent to a property, the discriminator's tag), null.
struct InstanceGenerator {
    var state: UInt64
    let document: SchemaDocument
    var depth = 0

    init(state: UInt64, document: SchemaDocument) {
        self.state = state
        self.document = document
    }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }

    static let junk: [JSON] = [
        .null, .bool(true), .number(3), .number(-1.5), .number(300), .number(1e40), .string("x"), .string("soft"),
        .string("2024-01-02T03:04:05Z"), .array([.number(1)]), .array([]), .object(JSONObject([.init(key: "k", value: .null)])),
    ]
    static let extraKeys = ["extra", "\u{212A}", "cafe\u{301}", "\u{1E0A}\u{323}", "kind", "id", "ID", "\u{1F600}", "t\u{0000}b"]

    mutating func value(for schema: Schema, tag: (String, String)? = nil) -> JSON {
        depth += 1
        defer { depth -= 1 }
        if next(8) == 0 || depth > 6 { return Self.junk[next(Self.junk.count)] }
        if schema.nullable, next(6) == 0 { return .null }
        switch schema.form {
        case .empty:
            return Self.junk[next(Self.junk.count)]
        case .ref(let name):
            guard let target = document.definition(named: name) else { return .null }
            return value(for: target)
        case .type(let type):
            switch type {
            case .boolean: return .bool(next(2) == 0)
            case .string: return .string(["a", "b", "t\u{e9}l\u{e9}"][next(3)])
            case .timestamp: return .string(["1990-12-31T23:59:60Z", "2024-01-02T03:04:05+01:00"][next(2)])
            case .float32, .float64: return .number([0.5, -2, 1e10][next(3)])
            default: return .number(Double(next(100)))
            }
        case .enumeration(let values):
            return .string(values[next(values.count)])
        case .elements(let element):
            return .array((0..<next(4)).map { _ in value(for: element) })
        case .values(let valueSchema):
            return .object(JSONObject((0..<next(3)).map { .init(key: "v\($0)", value: value(for: valueSchema)) }))
        case .properties(let form):
            var members: [JSONObject.Member] = []
            if let (key, text) = tag { members.append(.init(key: key, value: .string(text))) }
            for property in form.required where next(10) != 0 {
                members.append(.init(key: property.name, value: value(for: property.schema)))
            }
            for property in form.optional where next(2) == 0 {
                members.append(.init(key: property.name, value: value(for: property.schema)))
            }
            if next(5) == 0 {
                let key = Self.extraKeys[next(Self.extraKeys.count)]
                if !members.contains(where: { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }) {
                    members.insert(.init(key: key, value: .number(1)), at: next(members.count + 1))
                }
            }
            if next(4) == 0 { members.reverse() }
            return .object(JSONObject(members))
        case .discriminator(let form):
            switch next(12) {
            case 0: return .object(JSONObject([.init(key: form.tag, value: .string("nope"))]))
            case 1: return .object(JSONObject([.init(key: "x", value: .null), .init(key: form.tag, value: .number(5))]))
            case 2: return .object(JSONObject([.init(key: "x", value: .null)]))
            default: break
            }
            let variant = form.mapping[next(form.mapping.count)]
            return value(for: variant.schema, tag: (form.tag, variant.tag))
        }
    }
}
