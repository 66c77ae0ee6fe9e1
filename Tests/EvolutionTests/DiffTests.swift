import Foundation
import Testing
@testable import Evolution
import Schema
import GrowthTesting

/// `tabgen diff`'s engine on fixture pairs (DiffFixtures/<case>/old.json, new.json),
/// one pair per kind of change, compared both ways. Each change is summarised as
/// "CODE old-clients/new-clients", e.g. "D002 safe/breaking".
struct DiffTests {
    struct DiffCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// Changes from old.json to new.json.
        var forward: [String]
        /// Changes from new.json back to old.json (a rollback, or the opposite edit).
        var backward: [String]
        var testDescription: String { name }
    }

    static let cases: [DiffCase] = [
        DiffCase(name: "optional-property-added", forward: ["D001 safe/safe"], backward: ["D003 safe/safe"]),
        DiffCase(name: "required-property-added", forward: ["D002 safe/breaking"], backward: ["D004 breaking/safe"]),
        DiffCase(name: "closed-object-property-added", forward: ["D001 strict/safe"], backward: ["D003 safe/strict"]),
        DiffCase(name: "property-made-required", forward: ["D005 safe/breaking"], backward: ["D006 breaking/safe"]),
        DiffCase(name: "additional-properties-allowed", forward: ["D007 strict/safe"], backward: ["D008 safe/strict"]),
        DiffCase(name: "nullable-added", forward: ["D010 breaking/safe"], backward: ["D011 safe/breaking"]),
        DiffCase(name: "type-changed", forward: ["D012 breaking/breaking"], backward: ["D012 breaking/breaking"]),
        DiffCase(name: "form-changed", forward: ["D012 breaking/breaking"], backward: ["D012 breaking/breaking"]),
        DiffCase(name: "type-widened", forward: ["D013 breaking/safe"], backward: ["D014 safe/breaking"]),
        DiffCase(name: "empty-form", forward: ["D013 breaking/safe"], backward: ["D014 safe/breaking"]),
        DiffCase(name: "enum-became-string", forward: ["D015 strict/safe"], backward: ["D016 safe/strict"]),
        DiffCase(name: "enum-value-added", forward: ["D020 strict/safe"], backward: ["D021 safe/strict"]),
        DiffCase(name: "elements-changed", forward: ["D010 breaking/safe"], backward: ["D011 safe/breaking"]),
        DiffCase(name: "values-changed", forward: ["D014 safe/breaking"], backward: ["D013 breaking/safe"]),
        DiffCase(name: "discriminator-tag-changed", forward: ["D030 breaking/breaking"], backward: ["D030 breaking/breaking"]),
        DiffCase(name: "discriminator-variant-added", forward: ["D031 breaking/safe"], backward: ["D032 safe/breaking"]),
        // Mapping variants do not allow unknown properties: strict for old clients.
        DiffCase(name: "discriminator-variant-changed", forward: ["D002 strict/breaking"], backward: ["D004 breaking/strict"]),
        DiffCase(name: "definition-renamed", forward: ["D040 safe/safe"], backward: ["D040 safe/safe"]),
        DiffCase(name: "ref-retargeted", forward: ["D041 info/info", "D002 safe/breaking"], backward: ["D041 info/info", "D004 breaking/safe"]),
        DiffCase(name: "recursive", forward: ["D001 strict/safe"], backward: ["D003 safe/strict"]),
        DiffCase(name: "recursive-renamed", forward: ["D040 safe/safe"], backward: ["D040 safe/safe"]),
        DiffCase(name: "rule-added", forward: ["D050 safe/breaking"], backward: ["D051 breaking/safe"]),
        DiffCase(name: "rule-warning-added", forward: ["D050 safe/safe"], backward: ["D051 safe/safe"]),
        DiffCase(name: "rule-tightened", forward: ["D052 safe/breaking"], backward: ["D053 breaking/safe"]),
        DiffCase(name: "rule-severity-raised", forward: ["D052 safe/breaking"], backward: ["D053 breaking/safe"]),
        DiffCase(name: "rule-authority-allowed", forward: ["D053 breaking/safe"], backward: ["D052 safe/breaking"]),
        DiffCase(name: "rule-target-where-added", forward: ["D052 safe/breaking"], backward: ["D053 breaking/safe"]),
        DiffCase(name: "rule-when-removed", forward: ["D052 safe/breaking"], backward: ["D053 breaking/safe"]),
        DiffCase(name: "rule-changed", forward: ["D054 breaking/breaking"], backward: ["D054 breaking/breaking"]),
        // Counting only some entries lowers counts: tighter against min, looser against max.
        DiffCase(name: "rule-where-added", forward: ["D054 breaking/breaking"], backward: ["D054 breaking/breaking"]),
        DiffCase(name: "rule-text-changed", forward: ["D055 info/info"], backward: ["D055 info/info"]),
        DiffCase(name: "contract-changed", forward: ["D060 breaking/breaking", "D060 breaking/breaking"],
                 backward: ["D060 breaking/breaking", "D060 breaking/breaking"]),
        DiffCase(name: "contract-removed", forward: ["D061 breaking/breaking"], backward: ["D061 breaking/breaking"]),
        DiffCase(name: "root-name-changed", forward: ["D062 safe/safe"], backward: ["D062 safe/safe"]),
        DiffCase(name: "description-changed", forward: ["D090 info/info", "D090 info/info"], backward: ["D090 info/info", "D090 info/info"]),
        // The real cases, from the repository's schema. Adding the deprecated/replaces
        // extension is safe both ways: TabData allows unknown properties, and TG105
        // checks /tabs/*/replaces, which an old server never sends.
        DiffCase(name: "real-deprecated-added", forward: ["D001 safe/safe", "D001 safe/safe", "D050 safe/safe"],
                 backward: ["D003 safe/safe", "D003 safe/safe", "D051 safe/safe"]),
        DiffCase(name: "real-badge-added", forward: ["D001 safe/safe"], backward: ["D003 safe/safe"]),
        // Contracts that list events: matched by name, each classified in its own direction.
        DiffCase(name: "events-web-event-added", forward: ["D063 breaking/safe"], backward: ["D064 safe/breaking"]),
        DiffCase(name: "events-reply-added", forward: ["D063 breaking/safe"], backward: ["D064 breaking/breaking"]),
        DiffCase(name: "events-value-changed", forward: ["D065 breaking/breaking"], backward: ["D065 breaking/breaking"]),
        // fromElement: markup the server renders against the script that reads it (ElementDiff).
        // The first name with a value wins, so a fallback added last is safe for new bases.
        DiffCase(name: "events-element-fallback-added", forward: ["D066 breaking/safe"], backward: ["D066 safe/breaking"]),
        DiffCase(name: "events-element-read-reordered", forward: ["D066 breaking/breaking"], backward: ["D066 breaking/breaking"]),
        DiffCase(name: "events-element-trim-off", forward: ["D066 safe/safe"], backward: ["D066 safe/safe"]),
        DiffCase(name: "events-element-skip-disabled-off", forward: ["D066 breaking/breaking"], backward: ["D066 breaking/safe"]),
        DiffCase(name: "events-element-target-changed", forward: ["D066 breaking/breaking", "D066 breaking/breaking"],
                 backward: ["D066 breaking/breaking", "D066 breaking/breaking"]),
        DiffCase(name: "events-element-field-removed", forward: ["D066 breaking/safe"], backward: ["D066 safe/breaking"]),
        DiffCase(name: "events-element-removed", forward: ["D066 breaking/breaking"], backward: ["D066 breaking/breaking"]),
        // The same change, opposite directions: a web-to-native event's new required member
        // breaks new apps meeting old pages; a reply's breaks new pages meeting old apps.
        DiffCase(name: "events-web-property-made-required", forward: ["D005 safe/breaking"], backward: ["D006 breaking/safe"]),
        DiffCase(name: "events-reply-property-made-required", forward: ["D005 breaking/safe"], backward: ["D006 safe/breaking"]),
    ]

    @Test(arguments: cases)
    func forward(_ testCase: DiffCase) throws {
        let (old, new) = try Self.pair(testCase.name)
        #expect(Self.summaries(SchemaDiffer(old: old, new: new).changes()) == testCase.forward)
    }

    @Test(arguments: cases)
    func backward(_ testCase: DiffCase) throws {
        let (old, new) = try Self.pair(testCase.name)
        #expect(Self.summaries(SchemaDiffer(old: new, new: old).changes()) == testCase.backward)
    }

    @Test func everyCodeHasAFixture() {
        let covered = Set(Self.cases.flatMap { $0.forward + $0.backward }.map { String($0.prefix(4)) })
        #expect(Set(ChangeCode.allCases.map(\.code)).subtracting(covered).isEmpty)
    }

    @Test func eachSideIsIdenticalToItself() throws {
        for testCase in Self.cases {
            let (old, new) = try Self.pair(testCase.name)
            #expect(SchemaDiffer(old: old, new: old).changes().isEmpty, "\(testCase.name)/old.json")
            #expect(SchemaDiffer(old: new, new: new).changes().isEmpty, "\(testCase.name)/new.json")
        }
    }

    /// A rule token names an array element only as RFC 6901 says (`1`, not `01`): where
    /// the old schema has an array, a rule added on "/n/01" checks nothing an old server
    /// sends, so it is safe; one on "/n/1" is not.
    @Test func ruleOnANonCanonicalIndexChecksNothingInAnOldArray() throws {
        let old = try SchemaReader(fileName: "old.json").read(Array(#"{"properties": {"n": {"elements": {"type": "string"}}}}"#.utf8))
        let new = try SchemaReader(fileName: "new.json").read(Array(#"""
            {"properties": {"n": {}}, "metadata": {"tabgen": {"rules": [
             {"code": "R1", "kind": "nonEmpty", "path": "/n/01"}, {"code": "R2", "kind": "nonEmpty", "path": "/n/1"}]}}}
            """#.utf8))
        let added = SchemaDiffer(old: old, new: new).changes().filter { $0.code == .ruleAdded }
        #expect(Self.summaries(added) == ["D050 safe/safe", "D050 safe/breaking"])
        #expect(added.first?.newClients.reason.contains("the old schema declares nothing at /n/01") == true)
    }

    @Test func addedPropertyHasPointersAndReasons() throws {
        let (old, new) = try Self.pair("required-property-added")
        let change = try #require(SchemaDiffer(old: old, new: new).changes().first)
        #expect(change.message == "property \"badge\" added as required")
        #expect(change.oldPointer == nil)
        #expect(change.newPointer?.description == "/definitions/TabData/properties/badge")
        #expect(change.location == change.newPointer)
        #expect(change.oldClients.reason.contains("TabData allows unknown properties"))
        #expect(change.newClients.reason == "an old server does not send it")
        #expect(new.position(of: change.location, preferKey: true).line > 1)
    }

    /// Issue 26: `fromElement` changes went unreported (the data's schema is the same).
    @Test func elementChangesNameTheEventTheFieldAndWhere() throws {
        let (old, new) = try Self.pair("events-element-fallback-added")
        let read = try #require(SchemaDiffer(old: old, new: new).changes().first)
        #expect(read.message == ##"event "display" (web to native): field "title" reads ["data-bridge-title", "aria-label"] -> ["data-bridge-title", "aria-label", "#text"]"##)
        #expect(read.newPointer?.description == "/metadata/tabgen/contract/events/0/fromElement/title/read")
        #expect(read.oldClients.reason.contains("an old base"))
        let (before, after) = try Self.pair("events-element-field-removed")
        let removed = try #require(SchemaDiffer(old: before, new: after).changes().first)
        #expect(removed.message == #"event "display" (web to native): field "items/index" no longer read from the element"#)
        #expect(removed.oldPointer?.description == "/metadata/tabgen/contract/events/0/fromElement/items/fields/index")
        #expect(removed.newPointer == nil)
        #expect(removed.location.description == "/metadata/tabgen/contract/events/0/fromElement/items/fields")
    }

    @Test func removedPropertyPointsAtItsOldPlaceAndTheNewContainer() throws {
        let (old, new) = try Self.pair("required-property-added")
        let change = try #require(SchemaDiffer(old: new, new: old).changes().first)
        #expect(change.oldPointer?.description == "/definitions/TabData/properties/badge")
        #expect(change.newPointer == nil)
        #expect(change.location.description == "/definitions/TabData/properties")
    }

    @Test func renameReportsBothDefinitions() throws {
        let (old, new) = try Self.pair("definition-renamed")
        let change = try #require(SchemaDiffer(old: old, new: new).changes().first)
        #expect(change.message == "definition renamed from \"TabData\" to \"Tab\"")
        #expect(change.oldPointer?.description == "/definitions/TabData")
        #expect(change.newPointer?.description == "/definitions/Tab")
    }

    @Test func ruleChangesNameTheParameter() throws {
        let (old, new) = try Self.pair("rule-tightened")
        let change = try #require(SchemaDiffer(old: old, new: new).changes().first)
        #expect(change.message == "rule TG101 (count) tightened: max none → 5")
        #expect(change.newPointer?.description == "/metadata/tabgen/rules/0")
    }

    @Test func sharedDefinitionIsReportedOnce() throws {
        let old = try Self.read("""
            {"definitions": {"Tab": {"properties": {"id": {"type": "string"}}}},
             "properties": {"first": {"ref": "Tab"}, "rest": {"elements": {"ref": "Tab"}}}}
            """)
        let new = try Self.read("""
            {"definitions": {"Tab": {"properties": {"id": {"type": "int32"}}}},
             "properties": {"first": {"ref": "Tab"}, "rest": {"elements": {"ref": "Tab"}}}}
            """)
        #expect(Self.summaries(SchemaDiffer(old: old, new: new).changes()) == ["D012 breaking/breaking"])
    }

    @Test func inlinedDefinitionComparesByContent() throws {
        let old = try Self.read("""
            {"definitions": {"Id": {"type": "string"}}, "properties": {"id": {"ref": "Id"}}}
            """)
        let new = try Self.read("""
            {"properties": {"id": {"type": "string", "nullable": true}}}
            """)
        #expect(Self.summaries(SchemaDiffer(old: old, new: new).changes()) == ["D010 breaking/safe"])
        #expect(Self.summaries(SchemaDiffer(old: new, new: old).changes()) == ["D011 safe/breaking"])
    }

    @Test func changesComeInDocumentOrderAroundNestedObjects() throws {
        let old = try Self.read("""
            {"properties": {"a": {"properties": {"x": {"type": "string"}, "gone": {"type": "string"}}},
                            "b": {"discriminator": "k", "mapping": {"p": {"properties": {"v": {"type": "string"}}},
                                                                    "q": {"properties": {}}}},
                            "c": {"type": "string"}, "d": {"type": "string"}}}
            """)
        let new = try Self.read("""
            {"properties": {"a": {"properties": {"x": {"type": "int32"}}, "optionalProperties": {"y": {"type": "string"}}},
                            "b": {"discriminator": "k", "mapping": {"r": {"properties": {}},
                                                                    "p": {"properties": {"v": {"type": "int32"}}}}},
                            "c": {"type": "int32"}, "e": {"type": "string"}}}
            """)
        let changes = SchemaDiffer(old: old, new: new).changes()
        #expect(changes.map { "\($0.code.code) \($0.location)" } == [
            "D012 /properties/a/properties/x/type", "D001 /properties/a/optionalProperties/y", "D004 /properties/a/properties",
            "D031 /properties/b/mapping/r", "D012 /properties/b/mapping/p/properties/v/type", "D032 /properties/b/mapping",
            "D012 /properties/c/type", "D002 /properties/e", "D004 /properties",
        ])
    }

    /// A chain of renamed definitions: each pair is a rename while nothing down the
    /// chain changes payloads, and a retargeted ref once something does.
    @Test func renamedChainsAreRenamesUpToAChange() throws {
        let old = try Self.read(Self.chain(3, name: "A", last: "string"))
        #expect(Self.codes(SchemaDiffer(old: old, new: try Self.read(Self.chain(3, name: "B", last: "string"))).changes())
                == ["D040", "D040", "D040"])
        #expect(Self.codes(SchemaDiffer(old: old, new: try Self.read(Self.chain(3, name: "B", last: "int32"))).changes())
                == ["D041", "D041", "D041", "D012"])
    }

    /// Two definitions that ref each other, both renamed: the probe of each rename probed
    /// the other's again, without end (SIGSEGV).
    @Test func renamedMutuallyRecursiveDefinitions() throws {
        let old = try Self.read(#"{"definitions": {"a": {"properties": {"n": {"ref": "b"}}}, "b": {"optionalProperties": {"n": {"ref": "a"}, "x": {"type": "string"}}}}, "ref": "a"}"#)
        let same = try Self.read(#"{"definitions": {"A": {"properties": {"n": {"ref": "B"}}}, "B": {"optionalProperties": {"n": {"ref": "A"}, "x": {"type": "string"}}}}, "ref": "A"}"#)
        let changed = try Self.read(#"{"definitions": {"A": {"properties": {"n": {"ref": "B"}}}, "B": {"optionalProperties": {"n": {"ref": "A"}, "x": {"type": "int8"}}}}, "ref": "A"}"#)
        #expect(Self.codes(SchemaDiffer(old: old, new: same).changes()) == ["D040", "D040"])
        #expect(Self.codes(SchemaDiffer(old: old, new: changed).changes()) == ["D041", "D041", "D012"])
    }

    /// Issue 23, item 14: the walk recursed once per definition of a chain (SIGSEGV at 4,000).
    @Test func aLongChainDiffsWithoutRecursion() throws {
        let old = try Self.read(Self.chain(50_000, name: "A", last: "string"))
        let new = try Self.read(Self.chain(50_000, name: "A", last: "int32"))
        #expect(Self.codes(SchemaDiffer(old: old, new: new).changes()) == ["D012"])
    }

    /// Issue 23, item 19: every ref of a renamed chain walked the rest of the chain again
    /// (1.4 s at 1,000 definitions, 5.6 s at 2,000).
    @Test(arguments: ["int32", "string"]) func renamedChainsAreLinear(last: String) throws {
        func pair(_ count: Int) throws -> (SchemaDocument, SchemaDocument) {
            (try Self.read(Self.chain(count, name: "A", last: "string")), try Self.read(Self.chain(count, name: "B", last: last)))
        }
        let (smallOld, smallNew) = try pair(1_000)
        let (largeOld, largeNew) = try pair(4_000)
        let small = threadCPUSeconds { _ = SchemaDiffer(old: smallOld, new: smallNew).changes() }
        let large = threadCPUSeconds { _ = SchemaDiffer(old: largeOld, new: largeNew).changes() }
        #expect(large / small < 8, "4 times the definitions took \(large / small) times as long")
    }

    @Test func primitiveTypesOrderByWhatTheyHold() {
        #expect(PrimitiveType.int16.holdsEveryValue(of: .uint8))
        #expect(!PrimitiveType.uint8.holdsEveryValue(of: .int8))
        #expect(PrimitiveType.float64.holdsEveryValue(of: .uint32))
        #expect(PrimitiveType.float32.holdsEveryValue(of: .int16))
        #expect(!PrimitiveType.float32.holdsEveryValue(of: .int32))
        #expect(PrimitiveType.float64.holdsEveryValue(of: .float32))
        #expect(!PrimitiveType.float32.holdsEveryValue(of: .float64))
        #expect(PrimitiveType.string.holdsEveryValue(of: .timestamp))
        #expect(!PrimitiveType.timestamp.holdsEveryValue(of: .string))
        #expect(!PrimitiveType.boolean.holdsEveryValue(of: .string))
    }

    @Test func policyAcceptsDirectionsAndLenientClients() throws {
        let (old, new) = try Self.pair("enum-value-added")
        let added = try #require(SchemaDiffer(old: old, new: new).changes().first)
        #expect(DiffPolicy().failingDirections(of: added) == [.oldClients])
        #expect(!DiffPolicy(lenientClients: true).fails(added))
        #expect(!DiffPolicy(allowed: [.oldClients]).fails(added))
        #expect(DiffPolicy(allowed: [.newClients]).fails(added))

        let (before, after) = try Self.pair("type-changed")
        let changed = try #require(SchemaDiffer(old: before, new: after).changes().first)
        #expect(DiffPolicy(lenientClients: true).failingDirections(of: changed) == [.oldClients, .newClients])
        #expect(DiffPolicy(allowed: [.oldClients]).failingDirections(of: changed) == [.newClients])
        #expect(!DiffPolicy(allowed: [.oldClients, .newClients]).fails(changed))
    }

    // MARK: Support

    static func summaries(_ changes: [SchemaChange]) -> [String] {
        changes.map { "\($0.code.code) \($0.oldClients.impact.rawValue)/\($0.newClients.impact.rawValue)" }
    }

    static func pair(_ name: String) throws -> (SchemaDocument, SchemaDocument) {
        (try fixture(name, "old.json"), try fixture(name, "new.json"))
    }

    static func fixture(_ name: String, _ file: String) throws -> SchemaDocument {
        let folder = try #require(Bundle.module.url(forResource: "DiffFixtures", withExtension: nil), "missing DiffFixtures resource")
        let url = folder.appendingPathComponent(name).appendingPathComponent(file)
        return try SchemaReader(fileName: "\(name)/\(file)").read(Array(try Data(contentsOf: url)))
    }

    static func codes(_ changes: [SchemaChange]) -> [String] {
        changes.map(\.code.code)
    }

    /// Definitions name0 … name(count-1), each an object whose `next` refs the one after;
    /// the last holds a `value` of type `last`.
    static func chain(_ count: Int, name: String, last: String) -> String {
        let definitions = (0..<count).map { index in
            let body = index == count - 1 ? #""value": {"type": "\#(last)"}"# : #""next": {"ref": "\#(name)\#(index + 1)"}"#
            return #""\#(name)\#(index)": {"properties": {\#(body)}}"#
        }
        return #"{"definitions": {\#(definitions.joined(separator: ", "))}, "properties": {"root": {"ref": "\#(name)0"}}}"#
    }

    static func read(_ text: String) throws -> SchemaDocument {
        try SchemaReader(fileName: "inline.json").read(Array(text.utf8))
    }
}
