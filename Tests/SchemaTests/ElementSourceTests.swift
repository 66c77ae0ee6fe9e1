import Foundation
import Testing
@testable import Schema

/// Issue 26 item 3: a contract says where each field of an event's data comes from on the
/// page's element (`fromElement`), as the demo controllers build it with BridgeElement.
@Suite struct ElementSourceTests {
    static let fromElement = ##""fromElement": {"title": {"target": "title", "read": ["data-bridge-title", "aria-label", "#text"], "trim": true}, "items": {"each": "item", "skipDisabled": true, "fields": {"title": {"read": ["#text"]}, "index": {"read": ["#index"]}}}}"##
    static let menu = ContractEventTests.menu.replacingOccurrences(
        of: ##"{"name": "display", "direction": "webToNative", "data": "Display"}"##,
        with: ##"{"name": "display", "direction": "webToNative", "data": "Display", \##(fromElement)}"##)

    @Test func readsWhereEachFieldComesFrom() throws {
        #expect(Self.menu.contains("fromElement"))
        let contract = try #require(try schema(Self.menu).extensions.contract)
        let display = try #require(contract.event(named: "display"))
        #expect(display.fromElement == [
            ElementField(name: "title", source: .read(ElementRead(target: "title", names: ["data-bridge-title", "aria-label", "#text"], trim: true))),
            ElementField(name: "items", source: .each(target: "item", skipDisabled: true, fields: [
                ElementField(name: "title", source: .read(ElementRead(names: ["#text"]))),
                ElementField(name: "index", source: .read(ElementRead(names: ["#index"]))),
            ])),
        ])
        #expect(display.isOnPage && contract.event(named: "dismiss")?.isOnPage == false)
    }

    @Test func mistakesSayWhere() throws {
        let base = "/metadata/tabgen/contract/events/0/fromElement"
        let cases: [(String, String, String)] = [
            (##""target": "title", "read""##, ##""target": 3, "read""##, "\(base)/title/target"),
            (##""read": ["data-bridge-title", "aria-label", "#text"]"##, ##""read": []"##, "\(base)/title/read"),
            (##""aria-label""##, ##""aria label""##, "\(base)/title/read/1"),
            (##""#text"], "trim""##, ##""#txt"], "trim""##, "\(base)/title/read/2"),
            (##""#text"], "trim""##, ##""#index"], "trim""##, "\(base)/title/read/2"),
            (##""trim": true"##, ##""trim": "yes""##, "\(base)/title/trim"),
            (##""skipDisabled": true"##, ##""skipDisabled": 1"##, "\(base)/items/skipDisabled"),
            (##""fields": {"title": {"read": ["#text"]}"##, ##""fields": {"title": {"target": "x", "read": ["#text"]}"##, "\(base)/items/fields/title/target"),
            (##""fields": {"title": {"read": ["#text"]}"##, ##""fields": {"title": {"each": "x", "fields": {"a": {"read": ["#text"]}}}"##, "\(base)/items/fields/title/each"),
            (##", "fields": {"title": {"read": ["#text"]}, "index": {"read": ["#index"]}}"##, "", "\(base)/items"),
            (##""fromElement": {"title""##, ##""value": "display", "fromElement": {"title""##, base),
        ]
        for (old, new, pointer) in cases {
            #expect(Self.menu.contains(old), "\(old)")
            let found = schemaErrors(Self.menu.replacingOccurrences(of: old, with: new))
            #expect(found.map(\.pointer.description).contains(pointer), "\(new): \(found.map(\.pointer.description))")
        }
        // Only a web-to-native event with data reads it from the element.
        let dismiss = ContractEventTests.menu.replacingOccurrences(of: ##"{"name": "dismiss", "direction": "webToNative"}"##,
                                                                   with: ##"{"name": "dismiss", "direction": "webToNative", "fromElement": {"a": {"read": ["#text"]}}}"##)
        #expect(schemaErrors(dismiss).map(\.pointer.description).contains("/metadata/tabgen/contract/events/2/fromElement"))
    }

    /// The demo's components as the demos are (contracts/demo).
    @Test func theDemoContractsRead() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let expected: [(String, String, [String], [String])] = [
            ("form", "bridge--form", ["connect", "submit", "submitDisabled", "submitEnabled"], ["submitTitle"]),
            ("menu", "bridge--menu", ["display", "selected"], ["title", "items"]),
            ("overflow-menu", "bridge--overflow-menu", ["connect", "open"], ["label"]),
            ("button", "button", ["connect", "tap"], ["title"]),
        ]
        for (file, identifier, events, fields) in expected {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent("contracts/demo/\(file).json")))
            let contract = try #require(try SchemaReader(fileName: "\(file).json").read(bytes).extensions.contract)
            #expect(contract.component == file && contract.stimulusIdentifier == identifier && contract.events.map(\.name) == events)
            #expect(contract.events.allSatisfy { $0.description != nil })
            #expect(contract.events.first?.fromElement?.map(\.name) == fields)
            // Overflow-menu, button and form replies are echoes; the menu's is not.
            #expect(contract.events.contains(where: \.echo) == (file != "menu"))
        }
    }
}
