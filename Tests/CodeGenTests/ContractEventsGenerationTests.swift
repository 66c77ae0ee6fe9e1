import Foundation
import Schema
import Testing
@testable import CodeGen

/// Generation of a contract that lists events, without toolchains: no root type, message
/// roots per event data type, default and explicit namespaces per language, and the
/// one-event schema left as it was.
@Suite("Contracts that list events: model, namespaces, files")
struct ContractEventsGenerationTests {
    static func menu() throws -> SchemaDocument {
        try Support.document(at: Support.packageRoot.appendingPathComponent("contracts/menu.json"))
    }

    static func form() throws -> SchemaDocument {
        try Support.document(at: Support.packageRoot.appendingPathComponent("contracts/form.json"))
    }

    static func generate(_ document: SchemaDocument, _ language: String, _ options: [String: String] = [:]) throws -> [GeneratedFile] {
        try Generator(templates: Support.templates).generate(document, target: try TargetRegistry.target(language: language, options: options),
                                                             header: Support.header(schema: document.sourceName))
    }

    @Test("the model declares every definition and no root; the message roots are the events' data definitions, replies included")
    func model() throws {
        let model = ModelBuilder().build(try Self.menu())
        #expect(model.listsEvents)
        #expect(model.declarations.map(\.nameParts) == [["MenuData"], ["Item"], ["Source"], ["Selection"]])
        #expect(!model.declarations.contains { $0.isRoot || $0.schemaPointer.description.isEmpty })
        #expect(model.messageRoots.map(\.definition) == ["MenuData", "Selection"])
        #expect(model.messageRoots.map { $0.events.map(\.name) } == [["display"], ["selected"]])
        #expect(model.rootID == model.messageRoots.first?.id)
        // Events without data (form's submit, submitDisabled, submitEnabled) have no root.
        #expect(ModelBuilder().build(try Self.form()).messageRoots.map(\.definition) == ["FormData"])
    }

    @Test("the one-event schema keeps its root as its one message root")
    func oneEvent() throws {
        let model = ModelBuilder().build(try Support.builtIn())
        #expect(!model.listsEvents)
        #expect(model.messageRoots.count == 1)
        #expect(model.messageRoots.first?.id == model.rootID)
        #expect(model.messageRoots.first?.definition == nil)
        #expect(model.messageRoots.first?.events.map(\.name) == ["configure"])
    }

    @Test("fixtures per event data type, each labeled against its own definition")
    func fixtures() throws {
        let files = try Self.generate(try Self.menu(), "swift")
        let selection = try #require(files.first { $0.path == "fixtures/Selection.fixtures.json" })
        let json = try JSONSerialization.jsonObject(with: Data(selection.contents.utf8)) as? [String: Any]
        #expect(json?["root"] as? String == "Selection")
        let fixtures = json?["fixtures"] as? [[String: Any]] ?? []
        let minimal = fixtures.first { $0["name"] as? String == "minimal" }
        // The reply's own members, not the menu's.
        #expect((minimal?["payload"] as? [String: Any])?.keys.sorted() == ["selectedIndex"])
        // A payload missing the reply's required member is labeled TG012 by tabgen validate.
        #expect(fixtures.contains { ($0["codes"] as? [String]) == ["TG012"] })
        #expect(files.contains { $0.path == "fixtures/MenuData.fixtures.json" })
    }

    @Test("Swift: enum MenuContract by default, files prefixed MenuContract+, test suites prefixed; an explicit namespace wins")
    func swift() throws {
        let paths = Set(try Self.generate(try Self.menu(), "swift").map(\.path))
        #expect(paths.isSuperset(of: ["MenuContract.swift", "MenuContract+MenuData.swift", "MenuContract+Item.swift", "MenuContract+Selection.swift",
                                      "Tests/MenuContract+MenuDataFixtures.swift", "Tests/MenuContractMenuDataRoundTripTests.swift",
                                      "Tests/MenuContract+SelectionFixtures.swift", "Tests/MenuContractSelectionRoundTripTests.swift"]), "\(paths.sorted())")
        let files = try Self.generate(try Self.menu(), "swift", ["namespace": "Popup"])
        #expect(Support.file(files, "Popup+MenuData.swift").contains("extension Popup {"))
        #expect(Support.file(files, "Popup.swift").contains("enum Popup {}"))
        #expect(Support.file(files, "Tests/PopupSelectionRoundTripTests.swift").contains("Popup.SelectionFixtures.all"))
    }

    @Test("Swift: a namespaced one-event schema's test suite is prefixed too, so two under contracts: (navigation, sidebar) do not clash")
    func swiftOneEventSuiteTakesTheNamespace() throws {
        let files = try Self.generate(try Support.builtIn(), "swift", ["namespace": "SidebarContract"])
        #expect(Support.file(files, "Tests/SidebarContractMessageDataRoundTripTests.swift").contains("struct SidebarContractMessageDataRoundTripTests {"))
    }

    @Test("Kotlin: <package>.<component> by default, <package>.<namespace> when set")
    func kotlin() throws {
        let paths = try Self.generate(try Self.menu(), "kotlin", ["package": "com.example.app"]).map(\.path)
        #expect(paths.contains("src/main/kotlin/com/example/app/menu/MenuData.kt"))
        #expect(paths.contains("src/test/kotlin/com/example/app/menu/SelectionFixtures.kt"))
        let named = try Self.generate(try Self.menu(), "kotlin", ["package": "com.example.app", "namespace": "popup"]).map(\.path)
        #expect(named.contains("src/main/kotlin/com/example/app/popup/MenuData.kt"))
        #expect(throws: CodeGenError.self) { try TargetRegistry.target(language: "kotlin", options: ["namespace": "a.b"]) }
        #expect(throws: CodeGenError.self) { try TargetRegistry.target(language: "kotlin", options: ["namespace": "class"]) }
    }

    @Test("Kotlin: one JUnit test per contract runs every event data type's fixtures, each case named <Root>: <fixture>")
    func kotlinOneRoundTripTest() throws {
        let files = try Self.generate(try Self.menu(), "kotlin", ["package": "com.example.app"])
        #expect(files.map(\.path).filter { $0.hasSuffix("RoundTripTest.kt") } == ["src/test/kotlin/com/example/app/menu/MenuRoundTripTest.kt"])
        let test = Support.file(files, "src/test/kotlin/com/example/app/menu/MenuRoundTripTest.kt")
        #expect(test.contains("public class MenuRoundTripTest(private val case: TabgenFixtureCase) {"))
        #expect(test.contains("List<TabgenFixtureCase> =\n            MenuDataFixtures.cases(\"MenuData\") +\n            SelectionFixtures.cases(\"Selection\")\n"))
    }

    @Test("Kotlin contracts: one JUnit test for the project, with the first contract's files, over every contract's fixtures objects")
    func kotlinOneRoundTripTestForTheProject() throws {
        // A second contract with a root named as menu's (MenuData): its cases name the contract.
        let menuText = try String(contentsOf: Support.packageRoot.appendingPathComponent("contracts/menu.json"), encoding: .utf8)
        let share = try Support.document(json: menuText.replacingOccurrences(of: "\"component\": \"menu\"", with: "\"component\": \"share\""), name: "share.json")
        let documents: [(component: String, document: SchemaDocument)] = [("menu", try Self.menu()), ("form", try Self.form()), ("share", share)]
        let generator = Generator(templates: Support.templates)
        var tests: [String] = []
        var first: [GeneratedFile] = []
        for (index, (component, document)) in documents.enumerated() {
            var options = ["package": "com.example.app", "namespace": component]
            if index > 0 { options["runtime"] = "false" }
            options["runtimePackage"] = "com.example.app"
            let files = try generator.generate(document, target: try TargetRegistry.target(language: "kotlin", options: options),
                                               header: Support.header(schema: document.sourceName),
                                               sharingRuntime: documents.indices.filter { $0 != index }.map { documents[$0].document }, firstOfContracts: index == 0)
            tests += files.map(\.path).filter { $0.hasSuffix("RoundTripTest.kt") }
            if index == 0 { first = files }
        }
        #expect(tests == ["src/test/kotlin/com/example/app/ContractsRoundTripTest.kt"])
        let test = Support.file(first, "src/test/kotlin/com/example/app/ContractsRoundTripTest.kt")
        #expect(test.contains("package com.example.app\n"))
        #expect(test.contains("public class ContractsRoundTripTest(private val case: TabgenFixtureCase) {"))
        let cases: [String] = [
            "com.example.app.menu.MenuDataFixtures.cases(\"menu MenuData\")",
            "com.example.app.menu.SelectionFixtures.cases(\"menu Selection\")",
            "com.example.app.form.FormDataFixtures.cases(\"FormData\")",
            "com.example.app.share.MenuDataFixtures.cases(\"share MenuData\")",
            "com.example.app.share.SelectionFixtures.cases(\"share Selection\")",
        ]
        #expect(test.contains("List<TabgenFixtureCase> =\n            " + cases.joined(separator: " +\n            ") + "\n"), "\(test)")
        // Each contract still writes its own fixtures objects.
        #expect(first.contains { $0.path == "src/test/kotlin/com/example/app/menu/MenuDataFixtures.kt" })
    }

    @Test("TypeScript: the module is the namespace (menu.ts), no controller, a parse function per event data type")
    func typescript() throws {
        let files = try Self.generate(try Self.menu(), "typescript")
        let module = Support.file(files, "menu.ts")
        #expect(module.contains("export function parseMenuData(text: string): ParseResult<MenuData>"))
        #expect(module.contains("export function parseSelection(text: string): ParseResult<Selection>"))
        #expect(!module.contains("BridgeComponent"))
        #expect(files.contains { $0.path == "menu.selection.test.ts" })
        #expect(try Self.generate(try Self.menu(), "typescript", ["namespace": "popup"]).contains { $0.path == "popup.ts" })
        #expect(throws: CodeGenError.self) { try TargetRegistry.target(language: "typescript", options: ["namespace": "a-b"]) }
    }

    @Test("Ruby: module Menu by default, namespace is module; validate checks against the definition")
    func ruby() throws {
        let files = try Self.generate(try Self.menu(), "ruby")
        #expect(Support.file(files, "app/models/menu/selection.rb").contains("module Menu"))
        #expect(Support.file(files, "app/models/menu/selection.rb").contains("    checked_by Contract, \"Selection\"\n"))
        #expect(Support.file(files, "app/models/menu/contract.rb").contains(#""definition" => "MenuData","#))
        #expect(Support.file(files, "app/models/tabgen_runtime.rb").contains("def check(payload, definition = nil)"))
        let named = try Self.generate(try Self.menu(), "ruby", ["namespace": "Popup"]).map(\.path)
        #expect(named.contains("app/models/popup/menu_data.rb"))
        #expect(named.contains("fixtures/popup/Selection.fixtures.json"))
    }

    @Test("the built-in schema's output does not change with these options unset (no namespace in Swift)")
    func builtInUnchanged() throws {
        let paths = try Self.generate(try Support.builtIn(), "swift").map(\.path)
        #expect(paths.contains("MessageData.swift"))
        #expect(!paths.contains { $0.contains("+") })
        #expect(!Support.file(try Self.generate(try Support.builtIn(), "swift"), "MessageData.swift").contains("extension "))
        #expect(!Support.file(try Self.generate(try Support.builtIn(), "ruby"), "app/models/navigation/contract.rb").contains(#""definition" =>"#))
    }
}
