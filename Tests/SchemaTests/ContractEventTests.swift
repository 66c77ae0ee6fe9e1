import Foundation
import Testing
@testable import Schema

/// The two forms of `metadata.tabgen.contract`: one event whose data is the root
/// (`schema.json`), and a contract that lists its events in both directions.
@Suite struct ContractEventTests {
    static let menu = #"""
    {"definitions": {
       "Display": {"properties": {"title": {"type": "string"}}},
       "Selection": {"properties": {"selectedIndex": {"type": "int32"}}}},
     "metadata": {"tabgen": {"contract": {"component": "menu", "stimulusIdentifier": "bridge--menu", "events": [
       {"name": "display", "direction": "webToNative", "data": "Display"},
       {"name": "selected", "direction": "nativeToWeb", "replyTo": "display", "data": "Selection"},
       {"name": "dismiss", "direction": "webToNative"}]}}}}
    """#

    @Test func singleEventFormIsOneWebToNativeEventOnTheRoot() throws {
        let contract = try #require(try repositorySchema().extensions.contract)
        #expect(contract.events == [ContractEvent(name: "configure", direction: .webToNative, data: .root, value: "config")])
        #expect(!contract.listsEvents)
    }

    @Test func eventsFormReadsBothDirections() throws {
        let contract = try #require(try schema(Self.menu).extensions.contract)
        #expect(contract.listsEvents)
        #expect(contract.events.map(\.name) == ["display", "selected", "dismiss"])
        #expect(contract.events[1].direction == .nativeToWeb && contract.events[1].data == .definition("Selection") && contract.events[1].replyTo == "display")
        #expect(contract.events[1].wireName == "display")
        #expect(contract.events[2].data == .none)
        #expect(contract.replies(to: contract.events[0]).map(\.name) == ["selected"])
        // No event carries a value: the primary event is the first web-to-native one.
        #expect(contract.event == "display" && contract.value == "")
    }

    @Test func exampleContractsRead() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for (file, names) in [("menu", ["display", "selected"]), ("form", ["connect", "submit", "submitDisabled", "submitEnabled"])] {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent("contracts/\(file).json")))
            let contract = try #require(try SchemaReader(fileName: "\(file).json").read(bytes).extensions.contract)
            #expect(contract.component == file && contract.events.map(\.name) == names)
            #expect(contract.events.allSatisfy { $0.description != nil })
        }
    }

    /// Issue 26: the demo apps' replies are echoes (`reply(to: "connect")` sends the last
    /// connect message back unchanged), which a contract says with `"echo": true`.
    @Test func anEchoReplyIsTheAnsweredMessage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = Array(try Data(contentsOf: root.appendingPathComponent("contracts/form.json")))
        let contract = try #require(try SchemaReader(fileName: "form.json").read(bytes).extensions.contract)
        let submit = try #require(contract.event(named: "submit"))
        #expect(submit.echo && submit.data == .none && submit.replyTo == "connect")
        #expect(contract.events.filter(\.echo).map(\.name) == ["submit"])
        let echo = #"{"name": "selected", "direction": "nativeToWeb", "replyTo": "display", "echo": true}"#
        let menu = Self.menu.replacingOccurrences(of: #"{"name": "selected", "direction": "nativeToWeb", "replyTo": "display", "data": "Selection"}"#, with: echo)
        #expect(try schema(menu).extensions.contract?.event(named: "selected")?.echo == true)
        let cases: [(String, String, String)] = [
            (#""replyTo": "display", "echo": true}"#, #""replyTo": "display", "echo": "yes"}"#, "/metadata/tabgen/contract/events/1/echo"),
            (#""replyTo": "display", "echo": true}"#, #""replyTo": "display", "echo": true, "data": "Selection"}"#, "/metadata/tabgen/contract/events/1/data"),
            (#"{"name": "dismiss", "direction": "webToNative"}"#, #"{"name": "dismiss", "direction": "webToNative", "echo": true}"#, "/metadata/tabgen/contract/events/2/echo"),
        ]
        for (old, new, pointer) in cases {
            #expect(menu.contains(old))
            let found = schemaErrors(menu.replacingOccurrences(of: old, with: new))
            #expect(found.map(\.pointer.description).contains(pointer), "\(new): \(found.map(\.pointer.description))")
        }
    }

    @Test func eventsFormErrorsSayWhere() throws {
        let cases: [(String, String, String)] = [
            (#""data": "Selection"}"#, #""data": "Nope"}"#, "/metadata/tabgen/contract/events/1/data"),
            (#""replyTo": "display","#, "", "/metadata/tabgen/contract/events/1"),
            (#""replyTo": "display","#, #""replyTo": "dismissed","#, "/metadata/tabgen/contract/events/1/replyTo"),
            (#""direction": "nativeToWeb""#, #""direction": "native""#, "/metadata/tabgen/contract/events/1/direction"),
            (#"{"name": "dismiss""#, #"{"name": "display""#, "/metadata/tabgen/contract/events/2/name"),
            (#"{"definitions""#, #"{"type": "string", "definitions""#, ""),
        ]
        for (old, new, pointer) in cases {
            let found = schemaErrors(Self.menu.replacingOccurrences(of: old, with: new))
            #expect(found.map(\.pointer.description).contains(pointer), "\(new): \(found.map(\.pointer.description))")
        }
    }
}
