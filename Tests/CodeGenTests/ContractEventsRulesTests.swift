import Foundation
import Schema
import Testing
@testable import CodeGen

/// The rules of a contract that lists events reach the generated code of each event data
/// type: the message root carries its events' rules, its fixtures are derived and labeled
/// with them (paths relative to the data), and the other types get none.
@Suite("Contracts that list events: rules per event data type")
struct ContractEventsRulesTests {
    /// Two events with one data type each, a rule for each event, and a rule of an event
    /// sharing the data type of another.
    static let contract = #"""
    {"definitions": {
       "Show": {"properties": {"items": {"elements": {"properties": {"index": {"type": "uint8"}}}}}},
       "Pick": {"properties": {"picked": {"elements": {"type": "string"}}}}},
     "metadata": {"tabgen": {
       "contract": {"component": "picker", "stimulusIdentifier": "bridge--picker", "events": [
         {"name": "show", "direction": "webToNative", "data": "Show"},
         {"name": "update", "direction": "webToNative", "data": "Show"},
         {"name": "picked", "direction": "nativeToWeb", "replyTo": "show", "data": "Pick"}]},
       "rules": [
         {"code": "P1", "kind": "unique", "path": "/items/*/index", "event": "show"},
         {"code": "P2", "kind": "count", "path": "/picked", "min": 1, "event": "picked"},
         {"code": "P3", "kind": "count", "path": "/items", "max": 8, "event": "update"}]}}}
    """#

    @Test("each message root carries the rules of its events, in document order; the model's own rules are none")
    func rootsCarryTheirRules() throws {
        let model = ModelBuilder().build(try Support.document(json: Self.contract, name: "picker.json"))
        #expect(model.rules.isEmpty)
        #expect(model.messageRoots.map(\.definition) == ["Show", "Pick"])
        #expect(model.messageRoots.map { $0.rules.map(\.code) } == [["P1", "P3"], ["P2"]])
        let show = try #require(model[model.messageRoots[0].id])
        #expect(model.rules(of: show).map(\.code) == ["P1", "P3"])
        // A type that is no event's data has no rules, even one the rules reach into.
        #expect(model.declarations.filter { !model.messageRoots.map(\.id).contains($0.id) }.allSatisfy { model.rules(of: $0).isEmpty })
    }

    @Test("a one-event schema's rules stay on its root")
    func oneEventSchema() throws {
        let model = ModelBuilder().build(try Support.builtIn())
        let root = try #require(model.rootDeclaration)
        #expect(model.rules(of: root).map(\.code) == model.document.extensions.rules.map(\.code))
        #expect(!model.rules.isEmpty)
        #expect(model.messageRoots.map { $0.rules.map(\.code) } == [model.rules.map(\.code)])
        #expect(model.declarations.filter { !$0.isRoot }.allSatisfy { model.rules(of: $0).isEmpty })
    }

    @Test("fixtures of an event data type are derived with its rules: valid ones keep them, one breaks each")
    func fixturesUseTheRules() throws {
        let document = try Support.document(json: Self.contract, name: "picker.json")
        let rooted = try #require(document.rooted(at: "Show"))
        #expect(rooted.extensions.rules.map(\.code) == ["P1", "P3"])
        let fixtures = FixtureDeriver(document: rooted).derive().fixtures
        // Integer indexes are made distinct in the valid maximal instance (a uint8 place
        // counts down from 255), and a fixture breaks P1 on purpose.
        let maximal = try #require(fixtures.first { $0.name == "maximal" })
        #expect(maximal.verdict == .valid, "\(maximal.codes)")
        let broken = try #require(fixtures.first { $0.name == "rule P1" })
        #expect(broken.codes == ["P1"])
        #expect(!fixtures.contains { $0.codes.contains("P2") })
        let pick = try #require(document.rooted(at: "Pick"))
        #expect(FixtureDeriver(document: pick).derive().fixtures.contains { $0.name == "rule P2" && $0.codes == ["P2"] })
    }

    @Test("menu.json: MenuData's fixtures break MN101 once and are otherwise free of it; Selection's never see it")
    func menuFixtures() throws {
        let document = try Support.document(at: Support.packageRoot.appendingPathComponent("contracts/menu.json"))
        let generator = Generator(templates: Support.templates)
        let prepared = try generator.prepare(document, target: try TargetRegistry.target(language: "swift", options: [:]), header: Support.header(schema: "menu.json"))
        let roots = prepared.input.model.messageRoots
        let menu = try #require(prepared.input.rootFixtures[roots[0].id]?.fixtures)
        #expect(menu.filter { $0.codes.contains("MN101") }.map(\.name) == ["rule MN101"])
        let selection = try #require(prepared.input.rootFixtures[roots[1].id]?.fixtures)
        #expect(!selection.isEmpty && !selection.contains { $0.codes.contains("MN101") })
    }

    @Test("each language's MenuData carries MN101 and Selection does not")
    func generatedRuleTables() throws {
        let document = try Support.document(at: Support.packageRoot.appendingPathComponent("contracts/menu.json"))
        for (language, menuFile, selectionFile) in [("swift", "MenuContract+MenuData.swift", "MenuContract+Selection.swift"),
                                                    ("kotlin", "src/main/kotlin/tabgen/generated/menu/MenuData.kt", "src/main/kotlin/tabgen/generated/menu/Selection.kt")] {
            let files = try Generator(templates: Support.templates).generate(document, target: try TargetRegistry.target(language: language, options: [:]),
                                                                              header: Support.header(schema: "menu.json"))
            let menu = try #require(files.first { $0.path == menuFile }, "\(language): \(files.map(\.path))")
            let selection = try #require(files.first { $0.path == selectionFile }, "\(language): \(files.map(\.path))")
            #expect(menu.contents.contains("\"MN101\""), "\(language)")
            #expect(!selection.contents.contains("MN101"), "\(language)")
        }
    }
}
