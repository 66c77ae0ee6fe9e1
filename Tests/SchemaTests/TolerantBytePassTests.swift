import Foundation
import Testing
@testable import Schema

/// The byte pass past schema errors (`Verdict.schemaInvalid`): every rule it clears on
/// a schema-invalid payload must report nothing on the tree, and the findings through
/// it must be the tree path's, finding for finding and in the same order.
struct TolerantBytePassTests {
    struct Tally: CustomStringConvertible {
        var cases = 0
        var schemaInvalid = 0
        /// Rules cleared on schema-invalid payloads, summed.
        var cleared = 0
        var unknown = 0

        var description: String { "\(cases) cases, \(schemaInvalid) schema-invalid clearing \(cleared) rules, \(unknown) given up" }
    }

    /// The verdict on `bytes`, checked against the tree: the rules it clears report
    /// nothing (each evaluated alone, without the pre-check), a schema-invalid payload
    /// has a schema error, and the findings through the pass are the tree path's.
    @discardableResult
    static func check(_ bytes: [UInt8], _ validator: PayloadValidator, _ scratch: ByteScratch, _ tally: inout Tally) -> ByteValidator.Verdict {
        bytes.withUnsafeBufferPointer { buffer in
            let text = String(decoding: bytes, as: UTF8.self)
            let verdict = validator.bytePass.verdict(buffer, scratch: scratch)
            let tree = validator.treeFindings(for: buffer)
            #expect(validator.findings(for: buffer, scratch: scratch) == tree, "\(text)")
            tally.cases += 1
            let passing: UInt64
            let failing: UInt64
            switch verdict {
            case .valid:
                #expect(tree.isEmpty, "\(text)")
                return verdict
            case .unknown:
                tally.unknown += 1
                return verdict
            case .rulesOnly(let rules, let failed):
                passing = rules
                failing = failed
            case .schemaInvalid(let rules, let failed):
                passing = rules
                failing = failed
                tally.schemaInvalid += 1
                tally.cleared += rules.nonzeroBitCount
            }
            guard let payload = try? JSONReader().parse(bytes) else {
                Issue.record("the byte pass read what the tree reader refuses: \(text)")
                return verdict
            }
            let schemaErrors = InstanceValidator.validate(payload, against: validator.document, maxErrors: 0)
            if case .schemaInvalid = verdict {
                #expect(!schemaErrors.isEmpty, "schema-invalid, but the tree finds no schema error: \(text)")
            } else {
                #expect(schemaErrors.isEmpty, "schema-valid, but the tree finds \(schemaErrors): \(text)")
            }
            let engine = validator.engine
            #expect(passing & failing == 0, "\(text)")
            // Plain text: bytes compare as Strings do, so what the pass saw fail reports.
            let plain = bytes.allSatisfy { $0 < 0x80 }
            for index in engine.rules.indices where index < 64 && (passing | failing) & (1 << UInt64(index)) != 0 {
                // What `RuleEngine.evaluate` reports for the rule alone: nothing when its
                // `when` does not hold, else its full evaluation.
                let rule = engine.rules[index]
                let found = rule.when.allSatisfy { $0.holds(on: payload) } ? engine.fullFindings(rule, payload) : []
                if passing & (1 << UInt64(index)) != 0 {
                    #expect(found.isEmpty, "\(rule.code) cleared, but it reports \(found.map(\.message)): \(text)")
                } else if plain {
                    #expect(!found.isEmpty, "\(rule.code) seen failing, but it reports nothing: \(text)")
                }
            }
            // Skipping the pre-check never changes the findings.
            #expect(engine.evaluate(payload, skipping: 0, reporting: ~0) == engine.evaluate(payload), "\(text)")
            return verdict
        }
    }

    /// The repository schema, and variants: no additional properties anywhere (so
    /// unexpected members are errors), and the tabs as an object of tabs (the rules'
    /// wildcards then walk an object's members).
    static func schemas() throws -> [(String, SchemaDocument)] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("schema.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let strict = text.replacingOccurrences(of: "\"additionalProperties\": true", with: "\"additionalProperties\": false")
        let keyed = text.replacingOccurrences(of: "\"elements\": {\"ref\": \"TabData\"}", with: "\"values\": {\"ref\": \"TabData\"}")
        #expect(strict != text && keyed != text, "the schema's text changed: update the variants")
        return try [("schema.json", repositorySchema()),
                    ("strict", SchemaReader(fileName: "strict.json").read(Array(strict.utf8))),
                    ("keyed", SchemaReader(fileName: "keyed.json").read(Array(keyed.utf8)))]
    }

    /// A tab payload with schema errors where the rules look: ids, deprecations and
    /// references of the wrong type or not in the enum, members missing or unexpected,
    /// tabs and the tab list of the wrong shape.
    static func tabPayload(_ generator: inout BytePassTests.TextGenerator, keyed: Bool) -> String {
        var ids = ["home", "explore", "a", "b"].shuffled(using: &generator)
        if generator.chance(150) { ids[1] = ids[0] }
        func faulty(_ value: String, _ generator: inout BytePassTests.TextGenerator) -> String {
            generator.chance(60) ? generator.anyValue(depth: 1) : value
        }
        var tabs: [String] = []
        let count = [0, 1, 2, 2, 3, 3, 4][generator.next(7)]
        for number in 0..<count {
            if generator.chance(30) {
                tabs.append(generator.anyValue(depth: 1))
                continue
            }
            var members: [String] = []
            let required = [("id", generator.string([ids[number]])), ("title", "\"T\""), ("icon", "\"i\""),
                            ("path", generator.string(["/", "/x", "rel", "//h", "a:b", ""]))]
            for (name, value) in required where !generator.chance(50) {
                members.append("\"\(name)\":" + faulty(value, &generator))
            }
            if generator.chance(250) {
                let deprecated = generator.string(["soft", "hard", "Soft", "", "later"])
                members.append("\"deprecated\":" + (generator.chance(150) ? "null" : faulty(deprecated, &generator)))
            }
            if generator.chance(200) {
                let replaces = generator.chance(150) ? "null" : generator.string(Array(ids.prefix(count + 1)))
                members.append("\"replaces\":" + faulty(replaces, &generator))
            }
            if generator.chance(80) { members.append("\"badge\":" + generator.anyValue(depth: 1)) }
            members.shuffle(using: &generator)
            tabs.append("{" + members.joined(separator: ",") + "}")
        }
        var root: [String] = []
        if !generator.chance(30) {
            let list: String
            switch generator.next(40) {
            case 0: list = generator.anyValue(depth: 0)
            case 1, 2: list = keyed ? "[" + tabs.joined(separator: ",") + "]"
                : "{" + tabs.enumerated().map { "\"\($0.offset)\":\($0.element)" }.joined(separator: ",") + "}"
            default: list = keyed ? "{" + tabs.enumerated().map { "\"t\($0.offset)\":\($0.element)" }.joined(separator: ",") + "}"
                : "[" + tabs.joined(separator: ",") + "]"
            }
            root.append("\"tabs\":" + list)
        }
        switch generator.next(6) {
        case 0: root.append("\"active\":null")
        case 1: break
        case 2: root.append("\"active\":" + generator.anyValue(depth: 1))
        default: root.append("\"active\":" + generator.string(Array(ids.prefix(count + 1))))
        }
        if generator.chance(60) { root.append("\"v\":" + generator.anyValue(depth: 1)) }
        root.shuffle(using: &generator)
        return "{" + root.joined(separator: ",") + "}"
    }

    @Test func clearsOnlyRulesTheTreeClearsOnFaultyTabPayloads() throws {
        for (name, document) in try Self.schemas() {
            let validator = PayloadValidator(document: document)
            #expect(validator.bytePass.isAvailable)
            let scratch = ByteScratch()
            var tally = Tally()
            for exotic in [false, true] {
                var generator = BytePassTests.TextGenerator(state: exotic ? 1301 : 1303, exotic: exotic)
                for _ in 0..<3000 {
                    let text = Self.tabPayload(&generator, keyed: name == "keyed")
                    for bytes in [Array(text.utf8), generator.mutate(text)] {
                        Self.check(bytes, validator, scratch, &tally)
                    }
                }
            }
            // The pass must go past schema errors often, and clear rules there.
            #expect(tally.schemaInvalid > 2000 && tally.cleared > 8 * 1000, "\(name): \(tally)")
        }
    }

    /// Every case of the conformance suite, as it is and mutated.
    @Test func agreesWithTheTreeOnTheConformanceSuite() throws {
        var tally = Tally()
        let scratch = ByteScratch()
        var generator = BytePassTests.TextGenerator(state: 77, exotic: false)
        for testCase in try ConformanceTests.validationCases() {
            let document = try SchemaReader(fileName: testCase.name).read(Array(JSONWriter.string(testCase.schema).utf8))
            let validator = PayloadValidator(document: document)
            let text = JSONWriter.string(testCase.instance)
            let verdict = Self.check(Array(text.utf8), validator, scratch, &tally)
            if !testCase.errors.isEmpty, validator.bytePass.isAvailable, text.utf8.allSatisfy({ $0 < 0x80 }) {
                // An invalid instance in plain JSON is read past, not given up on.
                #expect(verdict != .unknown, "\(testCase.name): \(text)")
            }
            for _ in 0..<20 { Self.check(generator.mutate(text), validator, scratch, &tally) }
        }
        #expect(tally.schemaInvalid > 150, "\(tally)")
    }

    /// Generated and mutated instances of every conformance schema and of the code
    /// generator's schemas, with faults of every kind.
    @Test func agreesWithTheTreeOnGeneratedInstances() throws {
        var documents: [(String, SchemaDocument)] = []
        var seen = Set<String>()
        for testCase in try ConformanceTests.validationCases() {
            let text = JSONWriter.string(testCase.schema)
            guard seen.insert(text).inserted else { continue }
            documents.append((testCase.name, try SchemaReader(fileName: testCase.name).read(Array(text.utf8))))
        }
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CodeGenTests/Schemas")
        for file in try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".json") }).sorted() {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(file)))
            if let document = try? SchemaReader(fileName: file).read(bytes) { documents.append((file, document)) }
        }
        var tally = Tally()
        let scratch = ByteScratch()
        for (number, (_, document)) in documents.enumerated() {
            let validator = PayloadValidator(document: document)
            for exotic in [false, true] {
                var generator = BytePassTests.TextGenerator(state: UInt64(number) &* 131 &+ (exotic ? 5 : 9), exotic: exotic)
                generator.faultRate = 80
                for _ in 0..<30 {
                    let text = generator.instance(document.root, document)
                    for bytes in [Array(text.utf8), generator.mutate(text)] { Self.check(bytes, validator, scratch, &tally) }
                }
            }
        }
        #expect(tally.schemaInvalid > 1500, "\(tally)")
    }

    /// Payloads with one schema error each where a rule looks, against the repository
    /// schema; `cleared` and `kept` name rules that must and must not be cleared.
    @Test(arguments: [
        // A wrong-typed id: the duplicate 42s are TG103's (and TG101's), never cleared.
        (#"{"active":"a","tabs":[{"id":42,"title":"A","icon":"i","path":"/a"},{"id":42,"title":"B","icon":"i","path":"/b"}]}"#,
         ["TG104", "TG105", "TG106", "TG107", "TG108"], ["TG101", "TG102", "TG103"]),
        (#"{"active":"a","tabs":[{"id":["a"],"title":"A","icon":"i","path":"/a"},{"id":["a"],"title":"B","icon":"i","path":"/b"}]}"#,
         ["TG104", "TG105", "TG106", "TG107", "TG108"], ["TG101", "TG102", "TG103"]),
        // A wrong-typed deprecation is present all the same: one tab left, TG108 reports.
        (#"{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a","deprecated":5},{"id":"b","title":"B","icon":"i","path":"/b"}]}"#,
         ["TG101", "TG102", "TG103", "TG104", "TG105", "TG106", "TG107"], ["TG108"]),
        (#"{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a","deprecated":{"level":"soft"}},{"id":"b","title":"B","icon":"i","path":"/b","replaces":"a"},{"id":"c","title":"C","icon":"i","path":"/c"}]}"#,
         ["TG101", "TG102", "TG103", "TG104", "TG105", "TG106", "TG107", "TG108"], []),
        // An enum error in the member TG105's and TG108's conditions read.
        (#"{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a","deprecated":"Soft"},{"id":"b","title":"B","icon":"i","path":"/b","replaces":"a"}]}"#,
         ["TG101", "TG102", "TG103", "TG104", "TG105", "TG106", "TG107"], ["TG108"]),
        // A missing required property inside /tabs/*: the tree sees it absent too.
        (#"{"active":"a","tabs":[{"title":"A","icon":"i","path":"/a"},{"id":"a","title":"B","icon":"i","path":"/b"}]}"#,
         ["TG101", "TG102", "TG103", "TG104", "TG105", "TG106", "TG107", "TG108"], []),
        (#"{"active":"b","tabs":[{"id":"a","title":"A","icon":"i"},{"id":"a","title":"B","icon":"i","path":"//b"}]}"#,
         ["TG105", "TG106", "TG107", "TG108"], ["TG101", "TG102", "TG103", "TG104"]),
        // An unexpected property (the tabs allow them; the root does too) holding an object.
        (#"{"active":"a","tabs":[{"id":"a","title":"A","icon":7,"path":"/a","x":{"id":"a"}},{"id":"b","title":"B","icon":"i","path":"/b"}],"y":{"tabs":[1]}}"#,
         ["TG101", "TG102", "TG103", "TG104", "TG105", "TG106", "TG107", "TG108"], []),
        // The tab list of the wrong shape: no entries for the wildcards.
        (#"{"active":"a","tabs":{"0":{"id":"a","title":"A","icon":"i","path":"/a"}}}"#,
         ["TG102", "TG103", "TG104", "TG105", "TG106", "TG107", "TG108"], ["TG101"]),
        (#"{"active":"a","tabs":"none"}"#, ["TG101", "TG102", "TG103", "TG104", "TG105", "TG106", "TG107", "TG108"], []),
        (#"{"active":7,"tabs":[]}"#, ["TG101", "TG102", "TG103", "TG104", "TG105", "TG107", "TG108"], ["TG106"]),
    ])
    func rulesAfterASchemaError(_ text: String, cleared: [String], kept: [String]) throws {
        let validator = PayloadValidator(document: try repositorySchema())
        var tally = Tally()
        let verdict = Self.check(Array(text.utf8), validator, ByteScratch(), &tally)
        guard case .schemaInvalid(let passing, _) = verdict else {
            Issue.record("expected a schema-invalid verdict, got \(verdict)")
            return
        }
        let rules = validator.engine.rules
        for (index, rule) in rules.enumerated() {
            let isCleared = passing & (1 << UInt64(index)) != 0
            if cleared.contains(rule.code) { #expect(isCleared, "\(rule.code) not cleared") }
            if kept.contains(rule.code) {
                #expect(!isCleared, "\(rule.code) cleared")
                // Kept because it reports: the tree must say so.
                let findings = bytes(text) { validator.treeFindings(for: $0) }
                #expect(findings.contains { $0.code == rule.code }, "\(rule.code) does not report: \(findings.map(\.message))")
            }
        }
    }

    /// Unexpected members of closed objects, holding what a rule would read at their
    /// neighbours' paths: the payload is schema-invalid, and the rule still judged.
    @Test func unexpectedMembersOfAClosedObject() throws {
        let document = try schema(#"""
        {"properties": {"tabs": {"elements": {"properties": {"id": {"type": "string"}}}}},
         "metadata": {"tabgen": {"rules": [{"code": "TG101", "severity": "error", "kind": "unique", "path": "/tabs/*/id"}]}}}
        """#)
        let validator = PayloadValidator(document: document)
        var tally = Tally()
        let scratch = ByteScratch()
        let cases: [(String, UInt64)] = [
            (#"{"tabs":[{"id":"a"},{"id":"b","x":{"id":"a"}}],"other":{"tabs":[{"id":"a"}]}}"#, 1),
            (#"{"tabs":[{"id":"a"},{"id":"a","x":{}}]}"#, 0),
            (#"{"tabs":[{"id":"a","id2":1}],"other":[{"id":"a"}]}"#, 1),
            (#"{"tabs":[{"id":"a"},[{"id":"a"}],{"id":"b"}]}"#, 1),
        ]
        for (text, expected) in cases {
            let verdict = Self.check(Array(text.utf8), validator, scratch, &tally)
            guard case .schemaInvalid(let passing, _) = verdict else {
                Issue.record("expected a schema-invalid verdict, got \(verdict): \(text)")
                continue
            }
            #expect(passing == expected, "\(text)")
        }
    }
}

private func bytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    Array(text.utf8).withUnsafeBufferPointer(body)
}
