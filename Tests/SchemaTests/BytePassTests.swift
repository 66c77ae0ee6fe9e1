import Foundation
import Testing
@testable import Schema

/// The byte pass (ByteValidator) against the tree path it stands in front of: it may
/// only say "valid" where the tree path reports nothing, and on plain input (ASCII,
/// no escapes) it must say so wherever the tree path does.
struct BytePassTests {
    /// A deterministic generator of payload texts for any schema, with faults and
    /// with the spellings the byte pass must read as the tree does (escapes, spaces).
    struct TextGenerator {
        var state: UInt64
        /// Escapes, non-ASCII strings and spaces; off: plain input.
        var exotic: Bool
        /// How often a value is replaced by one of the wrong kind, per thousand.
        var faultRate = 40

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func chance(_ perThousand: Int) -> Bool { next(1000) < perThousand }

        mutating func space() -> String {
            guard exotic, chance(150) else { return "" }
            return [" ", "\n", "\t ", "\r\n"][next(4)]
        }

        /// A JSON string literal for `text`, escaped in one of the ways JSON allows.
        mutating func quoted(_ text: String) -> String {
            guard exotic, chance(300) else { return JSONWriter.quoted(text) }
            var output = "\""
            for scalar in text.unicodeScalars {
                switch next(4) {
                case 0 where scalar.value < 0x10000:
                    output += String(format: "\\u%04x", scalar.value)
                case 1 where scalar.value < 0x10000:
                    output += String(format: "\\u%04X", scalar.value)
                case 2 where scalar == "/":
                    output += "\\/"
                default:
                    switch scalar {
                    case "\"": output += "\\\""
                    case "\\": output += "\\\\"
                    case "\n": output += "\\n"
                    case _ where scalar.value < 0x20: output += String(format: "\\u%04x", scalar.value)
                    default:
                        if scalar.value >= 0x10000, chance(500) {
                            let value = scalar.value - 0x10000
                            output += String(format: "\\ud%03x\\ud%03x", 0x800 + (value >> 10), 0xC00 + (value & 0x3FF))
                        } else {
                            output.unicodeScalars.append(scalar)
                        }
                    }
                }
            }
            return output + "\""
        }

        mutating func string(_ pool: [String]) -> String {
            let exoticPool = ["é", "e\u{301}", "\u{212A}", "K", "a\"b", "a\\b", "tab\there", "😀", "Ω"]
            if exotic, chance(100) { return quoted(exoticPool[next(exoticPool.count)]) }
            return quoted(pool[next(pool.count)])
        }

        static let numbers = ["0", "1", "-1", "1.0", "1e2", "127", "128", "-128", "-129", "255", "256", "32767", "-32769",
                              "65535", "65536", "2147483647", "-2147483649", "4294967295", "4294967296", "1.5", "-0", "1E+2",
                              "0.1", "12345678901234567890", "3.0e0"]
        static let strings = ["", "a", "home", "soft", "hard", "/x", "x", "2024-02-29T12:00:00Z", "2023-02-29T00:00:00Z",
                              "1990-12-31T23:59:60Z", "2020-01-01t00:00:00.5+01:00", "foo", "bar", "baz", "quux"]

        /// Any value at all (for the empty form and unknown members).
        mutating func anyValue(depth: Int) -> String {
            switch next(depth > 2 ? 5 : 7) {
            case 0: return "null"
            case 1: return chance(500) ? "true" : "false"
            case 2: return Self.numbers[next(Self.numbers.count)]
            case 3, 4: return string(Self.strings)
            case 5:
                return "[" + (0..<next(3)).map { _ in space() + anyValue(depth: depth + 1) }.joined(separator: ",") + "]"
            default:
                let keys = ["a", "b", "c", "id", "x"].shuffled(using: &self)
                return "{" + keys.prefix(next(3)).map { key in space() + quoted(key) + ":" + space() + anyValue(depth: depth + 1) }
                    .joined(separator: ",") + "}"
            }
        }

        mutating func instance(_ schema: Schema, _ document: SchemaDocument, depth: Int = 0) -> String {
            if chance(faultRate) { return anyValue(depth: depth + 1) }
            if schema.nullable, chance(150) { return "null" }
            switch schema.form {
            case .empty:
                return anyValue(depth: depth)
            case .ref(let name):
                guard let target = document.definition(named: name), depth < 6 else { return "null" }
                return instance(target, document, depth: depth + 1)
            case .type(let type):
                switch type {
                case .boolean: return chance(500) ? "true" : "false"
                case .string: return string(Self.strings)
                case .timestamp: return string(["2024-02-29T12:00:00Z", "1990-12-31T23:59:60Z", "2020-01-01t00:00:00.5+01:00", "2023-02-29T00:00:00Z"])
                default: return Self.numbers[next(Self.numbers.count)]
                }
            case .enumeration(let values):
                return string(values + (chance(100) ? ["nope"] : []))
            case .elements(let element):
                let count = depth > 3 ? next(2) : next(4)
                return "[" + (0..<count).map { _ in space() + instance(element, document, depth: depth + 1) + space() }
                    .joined(separator: ",") + "]"
            case .values(let value):
                let keys = ["a", "b", "c", "d"].shuffled(using: &self).prefix(depth > 3 ? next(2) : next(4))
                return "{" + keys.map { key in quoted(key) + ":" + instance(value, document, depth: depth + 1) }.joined(separator: ",") + "}"
            case .properties(let form):
                return object(form, document, depth: depth, tag: nil)
            case .discriminator(let form):
                guard !form.mapping.isEmpty else { return "{}" }
                let variant = form.mapping[next(form.mapping.count)]
                guard case .properties(let properties) = variant.schema.form else { return "{}" }
                return object(properties, document, depth: depth,
                              tag: (form.tag, chance(50) ? "nope" : variant.tag))
            }
        }

        mutating func object(_ form: PropertiesForm, _ document: SchemaDocument, depth: Int, tag: (String, String)?) -> String {
            var members: [String] = []
            for property in form.required where !chance(30) {
                members.append(quoted(property.name) + ":" + space() + instance(property.schema, document, depth: depth + 1))
            }
            for property in form.optional where chance(500) {
                members.append(quoted(property.name) + ":" + space() + instance(property.schema, document, depth: depth + 1))
            }
            if chance(100) { members.append(quoted(["extra", "id", "a"][next(3)]) + ":" + anyValue(depth: depth + 1)) }
            if chance(20), let first = members.first { members.append(first) }  // a duplicate key
            if let tag, !chance(20) { members.append(quoted(tag.0) + ":" + quoted(tag.1)) }
            members.shuffle(using: &self)
            return "{" + space() + members.joined(separator: "," + space()) + space() + "}"
        }

        /// A random byte edit: JSON that is often broken, sometimes still valid.
        mutating func mutate(_ text: String) -> [UInt8] {
            var bytes = Array(text.utf8)
            for _ in 0..<(1 + next(3)) where !bytes.isEmpty {
                let position = next(bytes.count)
                let replacements: [UInt8] = Array("\"\\{}[],: 0-9e.nutrlfa\u{7F}".utf8) + [0x00, 0x1F, 0xC3, 0xA9, 0xFF, 0xED]
                switch next(3) {
                case 0: bytes[position] = replacements[next(replacements.count)]
                case 1: bytes.remove(at: position)
                default: bytes.insert(replacements[next(replacements.count)], at: position)
                }
            }
            return bytes
        }
    }

    /// Both paths on one text; returns (byte pass says valid, tree path finds nothing).
    /// Also checks that the findings through the byte pass (which skips the rules it
    /// cleared) are the tree path's, message for message.
    static func both(_ bytes: [UInt8], _ validator: PayloadValidator, _ scratch: ByteScratch) -> (Bool, Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            let tree = validator.treeFindings(for: buffer)
            let combined = validator.findings(for: buffer, scratch: scratch)
            #expect(combined == tree, "\(String(decoding: bytes, as: UTF8.self))")
            return (validator.bytePass.isValid(buffer, scratch: scratch), tree.isEmpty)
        }
    }

    struct Tally {
        var cases = 0
        var treeValid = 0
        var byteValid = 0
    }

    /// Runs `count` generated texts (and as many mutations of them) through both paths.
    static func compare(_ document: SchemaDocument, name: String, seed: UInt64, count: Int, exotic: Bool) -> Tally {
        let validator = PayloadValidator(document: document)
        let scratch = ByteScratch()
        var generator = TextGenerator(state: seed, exotic: exotic)
        var tally = Tally()
        for _ in 0..<count {
            let text = generator.instance(document.root, document)
            for bytes in [Array(text.utf8), generator.mutate(text)] {
                let (byte, tree) = both(bytes, validator, scratch)
                tally.cases += 1
                if tree { tally.treeValid += 1 }
                if byte { tally.byteValid += 1 }
                if byte, !tree {
                    Issue.record("\(name): the byte pass accepts what the tree path rejects: \(String(decoding: bytes, as: UTF8.self))")
                }
                if !exotic, tree, !byte, bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\\") }) {
                    Issue.record("\(name): the byte pass gives up on plain valid input: \(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
        return tally
    }

    @Test func agreesWithTheConformanceSuite() throws {
        var accepted = 0
        var valid = 0
        let scratch = ByteScratch()
        for testCase in try ConformanceTests.validationCases() {
            let document = try SchemaReader(fileName: testCase.name).read(Array(JSONWriter.string(testCase.schema).utf8))
            let bytes = Array(JSONWriter.string(testCase.instance).utf8)
            let byte = bytes.withUnsafeBufferPointer { ByteValidator(document: document).isValid($0, scratch: scratch) }
            if testCase.errors.isEmpty { valid += 1 }
            if byte { accepted += 1 }
            #expect(!byte || testCase.errors.isEmpty, "\(testCase.name)")
        }
        // Some valid cases have non-ASCII keys, which the pass leaves to the tree.
        #expect(valid > 80)
        #expect(accepted * 10 >= valid * 9, "the byte pass accepted \(accepted) of \(valid) valid cases")
    }

    /// Every schema of the conformance suite, with generated and mutated instances.
    @Test func agreesOnGeneratedInstancesOfConformanceSchemas() throws {
        var seen = Set<String>()
        var total = Tally()
        for (number, testCase) in try ConformanceTests.validationCases().enumerated() {
            let text = JSONWriter.string(testCase.schema)
            guard seen.insert(text).inserted else { continue }
            let document = try SchemaReader(fileName: testCase.name).read(Array(text.utf8))
            for exotic in [false, true] {
                let tally = Self.compare(document, name: testCase.name, seed: UInt64(number) &* 31 &+ (exotic ? 7 : 3), count: 40, exotic: exotic)
                total.cases += tally.cases
                total.treeValid += tally.treeValid
                total.byteValid += tally.byteValid
            }
        }
        #expect(total.treeValid > 1000 && total.cases - total.treeValid > 1000, "\(total)")
        #expect(total.byteValid * 10 >= total.treeValid * 8, "\(total)")
    }

    /// The code generator's test schemas: discriminators, values, recursion, every type.
    @Test func agreesOnGeneratedInstancesOfTheGeneratorsSchemas() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CodeGenTests/Schemas")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count > 30)
        var total = Tally()
        for (number, file) in files.enumerated() {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(file)))
            guard let document = try? SchemaReader(fileName: file).read(bytes) else { continue }
            for exotic in [false, true] {
                let tally = Self.compare(document, name: file, seed: UInt64(number) &+ (exotic ? 1000 : 0), count: 150, exotic: exotic)
                total.cases += tally.cases
                total.treeValid += tally.treeValid
                total.byteValid += tally.byteValid
            }
        }
        #expect(total.treeValid > 1000, "\(total)")
        #expect(total.byteValid * 10 >= total.treeValid * 8, "\(total)")
    }

    /// Tab payloads against the repository schema and its rules TG101-TG108.
    @Test func agreesOnTabPayloads() throws {
        let document = try repositorySchema()
        let validator = PayloadValidator(document: document)
        let scratch = ByteScratch()
        for exotic in [false, true] {
            var generator = TextGenerator(state: exotic ? 99 : 42, exotic: exotic)
            var treeValid = 0
            var byteValid = 0
            var ruleFindings = 0
            for _ in 0..<4000 {
                var ids = ["home", "explore", "profile", "cart", "a", "b"].shuffled(using: &generator)
                if generator.chance(100) { ids[1] = ids[0] }
                let paths = ["/", "/x", "/x?y=1&z", "/%41", "rel/x", "/x#y"]
                let badPaths = ["https://evil", "//h/x", "/a b", "a:b", "/%zz", "?q", "", "/a#b#c", "/[x]"]
                var tabs: [String] = []
                let count = [0, 1, 2, 2, 3, 3, 4, 5][generator.next(8)]
                for number in 0..<count {
                    var members = [
                        "\"id\":" + generator.string([ids[number]]),
                        "\"title\":" + generator.string(["T", "Accueil", "ホーム"]),
                        "\"icon\":\"i\"",
                        "\"path\":" + generator.string(generator.chance(100) ? badPaths : paths),
                    ]
                    if generator.chance(150) { members.append("\"deprecated\":" + generator.string(["soft", "hard", "never"])) }
                    if generator.chance(150) { members.append("\"replaces\":" + (generator.chance(200) ? "null" : generator.string(Array(ids.prefix(count + 1))))) }
                    if generator.chance(100) { members.append("\"badge\":" + TextGenerator.numbers[generator.next(TextGenerator.numbers.count)]) }
                    if generator.chance(20) { members.removeFirst() }
                    members.shuffle(using: &generator)
                    tabs.append("{" + members.joined(separator: ",") + "}")
                }
                var root = ["\"tabs\":[" + tabs.joined(separator: "," + generator.space()) + "]"]
                switch generator.next(5) {
                case 0: root.append("\"active\":null")
                case 1: break
                default: root.append("\"active\":" + generator.string(Array(ids.prefix(count + 1))))
                }
                if generator.chance(50) { root.append("\"v\":{\"x\":[1,{\"y\":null}]}") }
                root.shuffle(using: &generator)
                let text = "{" + root.joined(separator: ",") + "}"
                for bytes in [Array(text.utf8), generator.mutate(text)] {
                    let (byte, tree) = Self.both(bytes, validator, scratch)
                    if tree { treeValid += 1 }
                    if byte { byteValid += 1 }
                    if !tree {
                        ruleFindings += bytes.withUnsafeBufferPointer { validator.treeFindings(for: $0) }
                            .filter { $0.code.hasPrefix("TG1") }.count
                    }
                    #expect(!byte || tree, "accepted by the byte pass only: \(String(decoding: bytes, as: UTF8.self))")
                    if !exotic, tree, bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\\") }) {
                        #expect(byte, "the byte pass gives up on plain valid input: \(String(decoding: bytes, as: UTF8.self))")
                    }
                }
            }
            #expect(treeValid > 300 && ruleFindings > 2000, "valid \(treeValid), rule findings \(ruleFindings)")
            #expect(byteValid * 10 >= treeValid * 7, "byte pass \(byteValid) of \(treeValid)")
        }
    }

    /// Byte checks against the String checks they mirror.
    @Test func relativeReferenceOnBytesAgreesWithTheFullCheck() {
        var generator = TextGenerator(state: 7, exotic: false)
        let pieces = ["/", "//", "a", ":", "?", "#", "%", "%4", "%41", "[", "]", " ", "é", "\\", "h", "x:y", ".", "@", "-", "~"]
        for _ in 0..<20000 {
            let text = (0..<generator.next(6)).map { _ in pieces[generator.next(pieces.count)] }.joined()
            for allow in [false, true] {
                var copy = text
                let bytes = copy.withUTF8 { RelativeReference.isRelativeReference($0, allowAuthority: allow) }
                #expect(bytes == (RelativeReference.problem(in: text, allowAuthority: allow) == nil), "\(text) \(allow)")
            }
        }
    }

    /// The byte pass's relativeReference check (a plain-byte fast path before the full
    /// one) against the composite it replaces: "" and a "//" anywhere fail, else the
    /// full RFC 3986 check decides. Every ASCII byte alone, next to "/", and in a path.
    @Test func relativeReferenceFastPathAgreesWithTheCompositeCheck() {
        func composite(_ bytes: [UInt8], _ allow: Bool) -> Bool {
            if bytes.isEmpty { return false }
            if !allow, zip(bytes, bytes.dropFirst()).contains(where: { $0 == UInt8(ascii: "/") && $1 == UInt8(ascii: "/") }) {
                return false
            }
            return bytes.withUnsafeBufferPointer { RelativeReference.isRelativeReference($0, allowAuthority: allow) }
        }
        var texts: [[UInt8]] = [[], Array("//".utf8), Array("/a//b".utf8), Array("a/b//".utf8), Array("/é".utf8)]
        for byte in UInt8(0)...UInt8(255) {
            texts += [[byte], [UInt8(ascii: "/"), byte], [byte, UInt8(ascii: "/")], Array("/a".utf8) + [byte] + Array("b/c".utf8),
                      [UInt8(ascii: "/"), byte, UInt8(ascii: "/"), UInt8(ascii: "/")]]
        }
        var generator = TextGenerator(state: 17, exotic: false)
        let pieces = ["/", "//", "a", "Z", "9", ":", "?", "#", "%", "%41", "[", "]", " ", "é", "\\", "@", "-", "~", "!", "=", ";", "'"]
        for _ in 0..<5000 {
            texts.append(Array((0..<generator.next(7)).map { _ in pieces[generator.next(pieces.count)] }.joined().utf8))
        }
        for bytes in texts {
            for allow in [false, true] {
                // One byte more, so even the empty text has an address.
                let fast = (bytes + [0]).withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map { BytePass.isRelativeReference(ByteSlice(start: $0, count: bytes.count), allowAuthority: allow) }
                }
                #expect(fast == composite(bytes, allow), "\(bytes) \(allow)")
            }
        }
    }

    /// Keys matched on raw bytes at their expected position (plain names only) against
    /// the tree path: escaped spellings, prefixes, duplicates, and names that are not
    /// plain (a quote, a backslash, non-ASCII, empty) must all be read as the tree reads them.
    @Test func keysMatchedOnRawBytesAgreeWithTheTreePath() throws {
        let names = ["id", "a\"b", "a\\b", "é", "", "idx"]
        for additional in [false, true] {
            let properties = names.prefix(3).map { "\(JSONWriter.quoted($0)):{\"type\":\"string\"}" }.joined(separator: ",")
            let optional = names.dropFirst(3).map { "\(JSONWriter.quoted($0)):{\"type\":\"string\"}" }.joined(separator: ",")
            let schema = "{\"properties\":{\(properties)},\"optionalProperties\":{\(optional)},\"additionalProperties\":\(additional)}"
            let document = try SchemaReader(fileName: "keys.json").read(Array(schema.utf8))
            let validator = PayloadValidator(document: document)
            #expect(validator.bytePass.isAvailable)
            let scratch = ByteScratch()
            var generator = TextGenerator(state: additional ? 5 : 6, exotic: true)
            let spellings: [String: [String]] = [
                "id": ["\"id\"", "\"\\u0069d\"", "\"i\\u0064\"", "\"i\"", "\"idx\"", "\"id \"", "\"Id\""],
                "a\"b": ["\"a\\\"b\"", "\"a\\u0022b\""],
                "a\\b": ["\"a\\\\b\"", "\"a\\u005cb\""],
                "é": ["\"é\"", "\"\\u00e9\"", "\"e\u{301}\""],
                "": ["\"\""],
                "idx": ["\"idx\"", "\"id\\u0078\""],
            ]
            var plainValid = 0
            for _ in 0..<3000 {
                var members: [String] = []
                // The first three are required: usually present.
                for (position, name) in names.enumerated() where generator.chance(position < 3 ? 950 : 400) {
                    let options = spellings[name] ?? []
                    let spelling = generator.chance(700) ? options[0] : options[generator.next(options.count)]
                    members.append(spelling + ":" + generator.space() + "\"v\"")
                }
                if generator.chance(80), let first = members.first { members.append(first) }
                if generator.chance(50) { members.append("\"other\":1") }
                if generator.chance(500) { members.shuffle(using: &generator) }
                let text = "{" + members.joined(separator: "," + generator.space()) + "}"
                for bytes in [Array(text.utf8), generator.mutate(text)] {
                    let (byte, tree) = Self.both(bytes, validator, scratch)
                    #expect(!byte || tree, "accepted by the byte pass only: \(String(decoding: bytes, as: UTF8.self))")
                    if byte { plainValid += 1 }
                }
            }
            #expect(plainValid > 100, "the byte pass accepted \(plainValid)")
        }
    }

    /// A valid payload is answered without the tree path: a tree-path-only validator
    /// and the full one agree, and the byte pass says valid.
    @Test func theExampleIsAnsweredByTheBytePass() throws {
        let document = try repositorySchema()
        let validator = PayloadValidator(document: document)
        let text = #"{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"x","title":"X \u00e9","icon":"i","path":"/x?a=1\u0026b=2"}]}"#
        let bytes = Array(text.utf8)
        #expect(validator.bytePass.isAvailable)
        #expect(bytes.withUnsafeBufferPointer { validator.bytePass.isValid($0, scratch: ByteScratch()) })
        #expect(bytes.withUnsafeBufferPointer { validator.treeFindings(for: $0) }.isEmpty)
    }

    /// The byte pass never clears such a payload: non-ASCII ids and unmatched references
    /// go to the tree path, which words TG022, escaped or not (CanonicalEquivalenceTests).
    @Test(arguments: [
        #"{"active":"caf\u00e9","tabs":[{"id":"caf\u00e9","title":"T","icon":"i","path":"/"},{"id":"cafe\u0301","title":"T","icon":"i","path":"/"}]}"#,
        "{\"active\":\"caf\u{E9}\",\"tabs\":[{\"id\":\"caf\u{E9}\",\"title\":\"T\",\"icon\":\"i\",\"path\":\"/\"},{\"id\":\"cafe\u{301}\",\"title\":\"T\",\"icon\":\"i\",\"path\":\"/\"}]}",
        "{\"active\":\"\u{212A}\",\"tabs\":[{\"id\":\"K\",\"title\":\"T\",\"icon\":\"i\",\"path\":\"/\"},{\"id\":\"b\",\"title\":\"T\",\"icon\":\"i\",\"path\":\"/\"}]}",
        "{\"active\":\"K\",\"tabs\":[{\"id\":\"K\",\"title\":\"T\",\"icon\":\"i\",\"path\":\"/\",\"deprecated\":\"soft\"},{\"id\":\"b\",\"title\":\"T\",\"icon\":\"i\",\"path\":\"/\",\"replaces\":\"\u{212A}\"},{\"id\":\"c\",\"title\":\"T\",\"icon\":\"i\",\"path\":\"/\"}]}",
    ])
    func canonicallyEquivalentIdsAndReferencesGoToTheTreePath(_ text: String) throws {
        let bytes = Array(text.utf8)
        let scratch = ByteScratch()
        let validator = PayloadValidator(document: try repositorySchema())
        #expect(validator.bytePass.isAvailable)
        #expect(!bytes.withUnsafeBufferPointer { validator.bytePass.isValid($0, scratch: scratch) })
        let found = bytes.withUnsafeBufferPointer { validator.findings(for: $0, scratch: scratch) }
        #expect(found == bytes.withUnsafeBufferPointer { validator.treeFindings(for: $0) })
        #expect(found.contains { $0.code == "TG022" && $0.severity == .warning }, "\(found.map(\.message))")
    }
}

extension BytePassTests.TextGenerator: RandomNumberGenerator {
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state ^ (state >> 29)
    }
}
