import Foundation
import Schema
import Testing
@testable import CodeGen
import TestSupport

/// Which events of a contract that lists events get a ViewComponent, and what each is
/// called, where it goes and what it renders (RubyEventComponents.swift). The components
/// run in RubyContractEventsTests (ruby -w, their generated tests) and RubyStyleTests.
@Suite("Ruby: a ViewComponent per rendered event of a contract that lists events")
final class RubyEventComponentTests: TemporaryDirectorySuite {
    static func contexts(_ document: SchemaDocument, options: [String: String] = [:]) throws -> [[String: Any]] {
        let target = try RubyTarget(options: RubyOptions(options))
        let model = ModelBuilder().build(document)
        let input = TargetInput(model: model, names: target.nameTable(for: model), fixtures: FixtureSet(schemaName: "t", fixtures: []),
                                header: GenerationHeader(version: "0.0.0-test", schema: document.sourceName, command: "tabgen emit --lang ruby"))
        return try RubyContexts(target: target, input: input).eventComponents()
    }

    static func contract(_ events: String, definitions: String = #""Data": {"properties": {"title": {"type": "string"}}}"#) throws -> SchemaDocument {
        try Support.document(json: """
        {"metadata": {"tabgen": {"contract": {"component": "sheet", "stimulusIdentifier": "bridge--sheet", "events": [\(events)]}}},
         "definitions": {\(definitions)}}
        """, name: "sheet.json")
    }

    static func menu() throws -> SchemaDocument {
        try Support.document(at: Support.packageRoot.appendingPathComponent("contracts/menu.json"))
    }

    @Test("menu: Menu::DisplayComponent renders MenuData into data-bridge--menu-display-value")
    func menuDisplay() throws {
        let found = try Self.contexts(try Self.menu())
        #expect(found.count == 1)
        let context = try #require(found.first)
        #expect(context["className"] as? String == "DisplayComponent")
        #expect(context["qualifiedName"] as? String == "Menu::DisplayComponent")
        #expect(context["module"] as? String == "Menu")
        #expect(context["componentFile"] as? String == "menu/display_component")
        #expect(context["dataClass"] as? String == "MenuData")
        #expect(context["stimulusLiteral"] as? String == "'bridge--menu'")
        #expect(context["bridgeEventLiteral"] as? String == "'display'")
        #expect(context["valueAttributeLiteral"] as? String == "'data-bridge--menu-display-value'")
        #expect(context["eventLiteral"] as? String == "'invalid_message.menu_display_component'")
        #expect(context["fixturesPath"] as? String == "../../fixtures/menu/MenuData.fixtures.json")
        #expect((context["contractLines"] as? [String])?.joined(separator: " ").contains("Show the menu.") == true)
        #expect((context["checkLines"] as? [String])?.joined(separator: " ").contains("`tabgen validate --contract menu --event display`") == true)
    }

    @Test("form: only connect (data and a value); submitDisabled and submitEnabled carry no data, the reply is the app's")
    func formConnect() throws {
        let document = try Support.document(at: Support.packageRoot.appendingPathComponent("contracts/form.json"))
        let found = try Self.contexts(document)
        #expect(found.map { $0["qualifiedName"] as? String } == ["Form::ConnectComponent"])
        #expect(found.first?["valueAttributeLiteral"] as? String == "'data-bridge--form-connect-value'")
    }

    @Test("issue 26: a fromElement event read from attributes of the element renders them; one read from targets gets none")
    func fromElement() throws {
        func demo(_ name: String) throws -> SchemaDocument {
            try Support.document(at: Support.packageRoot.appendingPathComponent("contracts/demo/\(name).json"))
        }
        let button = try #require(try Self.contexts(try demo("button")).first)
        #expect(button["qualifiedName"] as? String == "Button::ConnectComponent")
        #expect(button["fromElement"] as? Bool == true)
        #expect(button["fieldAttributesLiteral"] as? String == "{ 'title' => 'data-bridge-title' }")
        #expect(button["valueAttributeLiteral"] == nil)
        // The overflow menu's label: the first attribute of its read list.
        #expect(try Self.contexts(try demo("overflow-menu")).first?["fieldAttributesLiteral"] as? String == "{ 'label' => 'data-bridge-title' }")
        // The form's title and the menu are read from targets: the page's own markup.
        #expect(try Self.contexts(try demo("form")).isEmpty)
        #expect(try Self.contexts(try demo("menu")).isEmpty)
        // Only pseudo-names (#text): nothing to render.
        #expect(try Self.contexts(try Self.contract(##"{"name": "show", "direction": "webToNative", "data": "Data", "fromElement": {"title": {"read": ["#text"]}}}"##)).isEmpty)
        let two = try Self.contract(#"""
        {"name": "show", "direction": "webToNative", "data": "Data", "value": "show"},
        {"name": "hide", "direction": "webToNative", "data": "Data", "fromElement": {"title": {"read": ["data-bridge-title"]}}}
        """#)
        let error = try #require(throws: CodeGenError.self) { try Self.contexts(two) }
        #expect("\(error)".contains("the events show, hide of sheet all have data the server renders"), "\(error)")
    }

    @Test("an event without a value gets no component: its data is built by the controller at run time")
    func noValueNoComponent() throws {
        let document = try Self.contract(#"{"name": "show", "direction": "webToNative", "data": "Data"}"#)
        #expect(try Self.contexts(document).isEmpty)
        #expect(try Self.contexts(try Support.document(json: ContractEvents.share, name: "share.json")).isEmpty)
        #expect(try Self.contexts(try Support.builtIn()).isEmpty, "the navigation contract has its NavigationComponent")
    }

    @Test("the value names the attribute as Stimulus does (dasherized), and the namespace option names the module")
    func valueAndNamespace() throws {
        let document = try Self.contract(#"{"name": "showSheet", "direction": "webToNative", "data": "Data", "value": "sheetData"}"#)
        let context = try #require(try Self.contexts(document, options: ["namespace": "Popup"]).first)
        #expect(context["qualifiedName"] as? String == "Popup::ShowSheetComponent")
        #expect(context["componentFile"] as? String == "popup/show_sheet_component")
        #expect(context["valueAttributeLiteral"] as? String == "'data-bridge--sheet-sheet-data-value'")
        #expect(context["fixturesPath"] as? String == "../../fixtures/popup/Data.fixtures.json")
    }

    @Test("a data type of the component's name: the component takes Bridge before Component")
    func nameTakenByADataType() throws {
        let document = try Self.contract(#"{"name": "show", "direction": "webToNative", "data": "ShowComponent", "value": "show"}"#,
                                          definitions: #""ShowComponent": {"properties": {"title": {"type": "string"}}}"#)
        let context = try #require(try Self.contexts(document).first)
        #expect(context["className"] as? String == "ShowBridgeComponent")
        #expect(context["dataClass"] as? String == "ShowComponent")
    }

    @Test("two events with a value are refused: a page carries both on one element")
    func twoValuesAreRefused() throws {
        let document = try Self.contract(#"""
        {"name": "show", "direction": "webToNative", "data": "Data", "value": "show"},
        {"name": "hide", "direction": "webToNative", "data": "Data", "value": "hide"}
        """#)
        let error = try #require(throws: CodeGenError.self) { try Self.contexts(document) }
        #expect("\(error)".contains("the events show, hide of sheet all have a value"), "\(error)")
    }

    @Test("data that is not an object gets no component (no value object with validate)")
    func nonObjectData() throws {
        let document = try Self.contract(#"{"name": "show", "direction": "webToNative", "data": "Data", "value": "show"}"#,
                                          definitions: #""Data": {"type": "string"}"#)
        #expect(try Self.contexts(document).isEmpty)
    }

    /// RubyContractEventsTests runs the components' tests in the default (tolerant) decoding.
    @Test("decoding: strict: the menu and form components' generated tests pass under ruby -w")
    func strictDecoding() throws {
        let ruby = try RubySupport.requireRuby()
        var tests: [String] = []
        for name in ["menu", "form"] {
            let document = try Support.document(at: Support.packageRoot.appendingPathComponent("contracts/\(name).json"))
            let files = try RubySupport.generate(document, options: ["decoding": "strict"])
            try Support.write(files, to: directory)
            tests += files.map(\.path).filter { $0.hasPrefix("test/contracts/") }
        }
        #expect(tests == ["test/contracts/menu_test.rb", "test/contracts/form_test.rb"])
        try RubySupport.addTestSupport(to: directory)
        try RubySupport.expectTestsPass(ruby, tests, in: directory)
    }

    @Test("emit writes the component, its template and its test (none with tests: false)")
    func files() throws {
        let paths = try RubySupport.generate(try Self.menu()).map(\.path)
        for path in ["app/components/menu/display_component.rb", "app/components/menu/display_component.html.erb",
                     "test/contracts/menu_test.rb"] {
            #expect(paths.contains(path), "\(paths.sorted())")
        }
        let untested = try RubySupport.generate(try Self.menu(), options: ["tests": "false"]).map(\.path)
        #expect(untested.contains("app/components/menu/display_component.rb"))
        #expect(!untested.contains { $0.hasPrefix("test/") })
        let source = Support.file(try RubySupport.generate(try Self.menu()), "app/components/menu/display_component.rb")
        #expect(source.contains("\nmodule Menu\n  # Renders the element of the menu bridge component's Stimulus controller"), "\(source.prefix(1500))")
        #expect(source.contains("(TabgenRuntime::Component).\n  class DisplayComponent < ViewComponent::Base\n"), "\(source.prefix(1500))")
        #expect(source.contains(#"bridge_component "bridge--menu",\#n                     event: "display", value_attribute: "data-bridge--menu-display-value","#))
        #expect(source.contains("    include TabgenRuntime::EventComponent\n"), "\(source.prefix(1500))")
        #expect(source.contains("notification: \"invalid_message.menu_display_component\" do\n      MenuData\n    end\n"), "\(source.prefix(1500))")
        #expect(!source.contains("/tmp") && !source.contains("/work"), "no machine path")
    }
}
