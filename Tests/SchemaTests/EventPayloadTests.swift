import Foundation
import Testing
@testable import Schema

/// A payload validated as the data of one event of a contract: its definition and the
/// rules that name the event (`"event"` in a rule; paths relative to the event's data).
@Suite struct EventPayloadTests {
    static let menu = #"""
    {"definitions": {
       "Display": {"properties": {"title": {"type": "string"}, "items": {"elements": {"properties": {"index": {"type": "int32"}}}}}},
       "Selection": {"properties": {"selectedIndex": {"type": "int32"}}}},
     "metadata": {"tabgen": {
       "contract": {"component": "menu", "stimulusIdentifier": "bridge--menu", "events": [
         {"name": "display", "direction": "webToNative", "data": "Display"},
         {"name": "selected", "direction": "nativeToWeb", "replyTo": "display", "data": "Selection"},
         {"name": "dismiss", "direction": "webToNative"}]},
       "rules": [
         {"code": "M1", "kind": "count", "path": "/items", "min": 1, "event": "display"},
         {"code": "M2", "kind": "unique", "path": "/items/*/index", "event": "display"}]}}}
    """#

    func findings(_ document: SchemaDocument, _ event: String, _ payload: String) throws -> [Finding] {
        let contract = try #require(document.extensions.contract)
        let validator = PayloadValidator(document: document, event: try #require(contract.event(named: event)))
        let bytes = Array(payload.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let fast = validator.findings(for: buffer)
            // The byte pass and the tree path agree on event data too.
            #expect(fast == validator.treeFindings(for: buffer))
            return fast
        }
    }

    @Test func rulesReadTheirEvent() throws {
        let document = try schema(Self.menu)
        #expect(document.extensions.rules.map(\.event) == ["display", "display"])
    }

    @Test func displayDataIsCheckedByItsDefinitionAndItsRules() throws {
        let document = try schema(Self.menu)
        #expect(try findings(document, "display", #"{"title": "Menu", "items": [{"index": 0}, {"index": 1}]}"#).isEmpty)
        #expect(try findings(document, "display", #"{"title": "Menu", "items": []}"#).map(\.code) == ["M1"])
        #expect(try findings(document, "display", #"{"title": "Menu", "items": [{"index": 0}, {"index": 0}]}"#).map(\.code) == ["M2"])
        let missing = try findings(document, "display", #"{"items": [{"index": 0}]}"#)
        #expect(missing.map(\.code) == [FindingCode.missingProperty])
        #expect(missing.first?.pointer == .root)
        // RFC 8927 schema paths start at the data in the bridge's envelope, a copy of the
        // definition with `metadata` added (the finding's schema is still Display's).
        #expect(missing.first?.schemaPath == ["properties", "title"])
    }

    @Test func aReplyIsCheckedByItsOwnDefinitionWithoutTheDisplayRules() throws {
        let document = try schema(Self.menu)
        #expect(try findings(document, "selected", #"{"selectedIndex": 2}"#).isEmpty)
        let wrong = try findings(document, "selected", #"{"selectedIndex": "2"}"#)
        #expect(wrong.map(\.code) == [FindingCode.wrongType])
        #expect(wrong.first?.pointer.description == "/selectedIndex")
        // The display payload is not a Selection.
        #expect(try findings(document, "selected", #"{"title": "Menu", "items": []}"#).map(\.code).contains(FindingCode.missingProperty))
    }

    /// Issue 26: what the bridge sends. Every web-to-native message's data carries the
    /// bridge's `metadata: {url}`, typed; an echo reply is the answered message, envelope
    /// included, checked as the answered event's data.
    @Test func webToNativeDataAndEchoesCarryTheEnvelope() throws {
        let echoing = Self.menu.replacingOccurrences(of: #""replyTo": "display", "data": "Selection"}"#, with: #""replyTo": "display", "echo": true}"#)
        let document = try schema(echoing)
        let display = #"{"title": "Menu", "items": [{"index": 0}], "metadata": {"url": "https://app.example/menu"}}"#
        for event in ["display", "selected"] {
            #expect(try findings(document, event, display).isEmpty, "\(event)")
            let wrong = try findings(document, event, display.replacingOccurrences(of: #""https://app.example/menu""#, with: "5"))
            #expect(wrong.map(\.code) == [FindingCode.wrongType] && wrong.first?.pointer.description == "/metadata/url", "\(event)")
            #expect(try findings(document, event, #"{"title": "Menu", "items": [{"index": 0}], "metadata": {}}"#).map(\.code) == [FindingCode.missingProperty])
        }
        // The answered event's rules hold for its echo.
        #expect(try findings(document, "selected", #"{"title": "Menu", "items": []}"#).map(\.code) == ["M1"])
        #expect(try findings(document, "dismiss", #"{"metadata": {"url": "https://app.example/"}}"#).isEmpty)
        #expect(try findings(document, "dismiss", #"{"metadata": "https://app.example/"}"#).map(\.code) == [FindingCode.wrongShape])
        // What generated code parses is the data itself: the answered definition, no envelope.
        let contract = try #require(document.extensions.contract)
        let raw = document.document(for: try #require(contract.event(named: "selected")))
        guard case .ref(let name) = raw.root.form else { Issue.record("the echo's data is not its request's definition"); return }
        #expect(name == "Display")
    }

    @Test func anEventWithoutDataTakesAnEmptyObject() throws {
        let document = try schema(Self.menu)
        #expect(try findings(document, "dismiss", "{}").isEmpty)
        #expect(try findings(document, "dismiss", #"{"x": 1}"#).map(\.code) == [FindingCode.unexpectedProperty])
        #expect(try findings(document, "dismiss", "[]").map(\.code) == [FindingCode.wrongShape])
    }

    @Test func theRootEventOfASingleEventSchemaIsTheRootPath() throws {
        let document = try repositorySchema()
        let event = try #require(document.extensions.contract?.primaryEvent)
        #expect(event.data == .root)
        let derived = document.document(for: event)
        #expect(derived.extensions.rules.count == document.extensions.rules.count)
        #expect(derived.extensions.rules.allSatisfy { $0.event == nil })
    }

    @Test func ruleEventErrorsSayWhere() throws {
        func errors(_ rule: String, contract: String? = nil) -> [String] {
            let events = contract ?? #"""
            {"component": "menu", "stimulusIdentifier": "bridge--menu", "events": [
              {"name": "display", "direction": "webToNative", "data": "Display"},
              {"name": "selected", "direction": "nativeToWeb", "replyTo": "display", "data": "Selection"},
              {"name": "dismiss", "direction": "webToNative"}]}
            """#
            let text = #"{"definitions": {"Display": {"properties": {"items": {"elements": {}}}}, "Selection": {"properties": {"selectedIndex": {"type": "int32"}}}}, "metadata": {"tabgen": {"contract": "# + events + #", "rules": ["# + rule + "]}}}"
            do {
                _ = try schema(text)
                return []
            } catch {
                return error.errors.map { "\($0.pointer) \($0.message)" }
            }
        }
        // Two events have data: a rule must say which.
        let unnamed = errors(#"{"code": "X", "kind": "count", "path": "/items", "min": 1}"#)
        #expect(unnamed.count == 1 && unnamed[0].hasPrefix("/metadata/tabgen/rules/0 ") && unnamed[0].contains("needs \"event\""))
        #expect(errors(#"{"code": "X", "kind": "count", "path": "/items", "min": 1, "event": "nope"}"#).first?.hasPrefix("/metadata/tabgen/rules/0/event no event is named \"nope\"") == true)
        #expect(errors(#"{"code": "X", "kind": "count", "path": "/items", "min": 1, "event": "dismiss"}"#).first?.contains("has no data") == true)
        // Paths are relative to the event's data: /selectedIndex is in Selection, not Display.
        #expect(errors(#"{"code": "X", "kind": "equals", "path": "/selectedIndex", "value": 1, "event": "selected"}"#).isEmpty)
        #expect(errors(#"{"code": "X", "kind": "equals", "path": "/selectedIndex", "value": 1, "event": "display"}"#).first?.hasPrefix("/metadata/tabgen/rules/0/path") == true)
        // One event with data: "event" may be left out.
        let single = #"{"component": "menu", "stimulusIdentifier": "bridge--menu", "events": [{"name": "display", "direction": "webToNative", "data": "Display"}]}"#
        #expect(errors(#"{"code": "X", "kind": "count", "path": "/items", "min": 1}"#, contract: single).isEmpty)
    }

    @Test func aSingleEventSchemaAcceptsOnlyItsOwnEventName() throws {
        func read(_ event: String) -> [SchemaError] {
            let text = #"{"properties": {"a": {"elements": {}}}, "metadata": {"tabgen": {"contract": {"component": "c", "event": "configure", "stimulusIdentifier": "bridge--c", "value": "config"}, "rules": [{"code": "X", "kind": "count", "path": "/a", "min": 1, "event": ""# + event + #""}]}}}"#
            do {
                let document = try schema(text)
                #expect(document.extensions.rules.first?.event == nil)
                return []
            } catch {
                return error.errors
            }
        }
        #expect(read("configure").isEmpty)
        #expect(read("display").map(\.pointer.description) == ["/metadata/tabgen/rules/0/event"])
    }
}
