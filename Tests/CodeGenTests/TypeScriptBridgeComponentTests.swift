import Foundation
import Schema
import Testing
@testable import CodeGen
import TestSupport

/// The Stimulus bridge component bases (`typescript.bridgeComponent=true`) of the
/// contracts that list events, with the real toolchain, in both flavours: menu's and
/// form's modules and bases are type-checked by Debian's tsc under
/// Tests/TypeScript/tsconfig.json (strict) together with
/// Tests/TypeScript/bases/bridge_components.test.ts, the `javascript` flavour's by
/// `tsc --checkJs` under tsconfig.checkjs.json; the test then runs under `node --test`
/// against the @hotwired doubles, once per flavour: sent events and data, a valid reply
/// reaching the typed callback, invalid replies and data reaching the failure hooks.
@Suite("TypeScript: bridge component bases", .serialized)
struct TypeScriptBridgeComponentTests {
    static func generate(_ document: SchemaDocument, flavor: TypeScriptOptions.Flavor = .typescript) throws -> [GeneratedFile] {
        var options = TypeScriptOptions()
        options.bridgeComponent = true
        options.flavor = flavor
        // Menu and form share a folder, and so one runtime, as the first contract of an
        // output writes it (every part: ContractLayout of TypeScriptTarget).
        options.runtimeAll = true
        return try Generator(templates: Support.templates).generate(
            document, target: TypeScriptTarget(options: options),
            header: GenerationHeader(version: "0.0.0-test", schema: document.sourceName, command: "tabgen emit --lang typescript"))
    }

    /// Lays out Tests/TypeScript's support files, the bridge and Stimulus doubles and the
    /// harness's `bases/<test>` beside the generated files in `root`, and compiles it all
    /// with the harness's strict tsconfig into `root/out`.
    static func compileHarness(in root: URL, test: String, tsc: URL) throws -> Support.ProcessResult {
        let harness = TypeScriptEndToEndTests.harness
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: root.appendingPathComponent("support"), withIntermediateDirectories: true)
        for name in ["browser.ts", "native_app.ts"] {
            try fileManager.copyItem(at: harness.appendingPathComponent("support/\(name)"), to: root.appendingPathComponent("support/\(name)"))
        }
        try fileManager.copyItem(at: harness.appendingPathComponent("bases/\(test)"), to: root.appendingPathComponent(test))
        try fileManager.createDirectory(at: root.appendingPathComponent("node_modules"), withIntermediateDirectories: true)
        try fileManager.copyItem(at: harness.appendingPathComponent("doubles/@hotwired"), to: root.appendingPathComponent("node_modules/@hotwired"))
        try Data(#"{"type": "module"}"#.utf8).write(to: root.appendingPathComponent("package.json"))
        let tsconfig = """
        {"extends": "\(harness.appendingPathComponent("tsconfig.json").path)",
         "compilerOptions": {"rootDir": ".", "outDir": "out"},
         "include": ["*.ts", "*/*.ts", "\(harness.appendingPathComponent("doubles/node.d.ts").path)"]}
        """
        try Data(tsconfig.utf8).write(to: root.appendingPathComponent("tsconfig.json"))
        let compiled = try Support.run(tsc, ["-p", root.appendingPathComponent("tsconfig.json").path], in: root)
        #expect(compiled.status == 0 && compiled.stdout.isEmpty, "tsc failed:\n\(compiled.stdout)\(compiled.stderr)")
        return compiled
    }

    @Test("menu and form bases pass tsc --strict (and --checkJs) and their node:test suite in both flavours")
    func toolchain() throws {
        let (tsc, node) = try TypeScriptEndToEndTests.requireTools()
        let root = try temporaryDirectory("tabgen-typescript-bases")
        defer { try? FileManager.default.removeItem(at: root) }
        let harness = TypeScriptEndToEndTests.harness
        for contract in try ContractEvents.documents() where contract.name != "share" {
            let files = try Self.generate(contract.document)
            #expect(files.contains { $0.path == "\(contract.name)_bridge_component.ts" }, "\(contract.name): \(files.map(\.path))")
            try Support.write(files.filter { !$0.path.contains(".test.") && !$0.path.hasPrefix("fixtures/") },
                              to: root.appendingPathComponent(contract.name))
            // The importmap flavour where `pin_all_from "app/javascript/controllers"` pins it.
            let javascript = try Self.generate(contract.document, flavor: .javascript)
            #expect(javascript.contains { $0.path == "\(contract.name)_bridge_component.js" }, "\(contract.name): \(javascript.map(\.path))")
            try Support.write(javascript.filter { !$0.path.contains(".test.") && !$0.path.hasPrefix("fixtures/") },
                              to: root.appendingPathComponent("controllers/bridge"))
        }
        let fileManager = FileManager.default
        let compiled = try Self.compileHarness(in: root, test: "bridge_components.test.ts", tsc: tsc)
        // The JavaScript flavour resolves `controllers/bridge/menu` as the importmap does.
        let doubles = harness.appendingPathComponent("doubles/@hotwired").path
        let checkJs = """
        {"extends": "\(harness.appendingPathComponent("tsconfig.checkjs.json").path)",
         "compilerOptions": {"rootDir": ".", "baseUrl": ".", "paths": {
           "@hotwired/stimulus": ["\(doubles)/stimulus/index.d.ts"],
           "@hotwired/hotwire-native-bridge": ["\(doubles)/hotwire-native-bridge/index.d.ts"],
           "controllers/*": ["controllers/*"]}},
         "include": ["controllers/bridge/*.js", "\(harness.appendingPathComponent("doubles/node.d.ts").path)"]}
        """
        try Data(checkJs.utf8).write(to: root.appendingPathComponent("tsconfig.checkjs.json"))
        let checked = try Support.run(tsc, ["-p", root.appendingPathComponent("tsconfig.checkjs.json").path], in: root)
        #expect(checked.status == 0 && checked.stdout.isEmpty, "tsc --checkJs failed:\n\(checked.stdout)\(checked.stderr)")
        guard compiled.status == 0, checked.status == 0 else { return }
        // ES2017 syntax, as the navigation controller: tsc lowers what is newer (class fields,
        // private names, ?., ??), so the base emitted for ES2017 equals the one for ESNext.
        var emitted: [String] = []
        for target in ["es2017", "esnext"] {
            let out = root.appendingPathComponent("emit-\(target)")
            let run = try Support.run(tsc, ["--allowJs", "--noResolve", "--isolatedModules", "--target", target, "--module", "esnext",
                                            "--outDir", out.path, "controllers/bridge/menu_bridge_component.js",
                                            "controllers/bridge/form_bridge_component.js"], in: root)
            #expect(run.status == 0 || run.status == 2, "tsc --target \(target) failed:\n\(run.stdout)\(run.stderr)")
            emitted.append(try ["menu", "form"].map { try String(contentsOf: out.appendingPathComponent("\($0)_bridge_component.js"), encoding: .utf8) }.joined())
        }
        #expect(emitted.count == 2 && emitted[0] == emitted[1], "the JavaScript bases use syntax newer than ES2017")
        // Node resolves the bare `controllers/...` names through a package's exports map.
        let controllers = root.appendingPathComponent("node_modules/controllers")
        try fileManager.copyItem(at: root.appendingPathComponent("controllers"), to: controllers)
        try Data(#"{"type": "module", "exports": {"./*": "./*.js"}}"#.utf8).write(to: controllers.appendingPathComponent("package.json"))
        try Data(#"{"type": "module"}"#.utf8).write(to: root.appendingPathComponent("out/package.json"))
        let tests = try Support.run(node, ["--test", "bridge_components.test.js"], in: root.appendingPathComponent("out"))
        #expect(tests.status == 0, "node --test failed:\n\(tests.stdout.suffix(6000))\(tests.stderr)")
        let lines = tests.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("# fail ") } == ["# fail 0"])
        #expect(lines.filter { $0.hasPrefix("# pass ") } == ["# pass 32"], "\(tests.stdout.suffix(2000))")
    }

    /// Issue 26: an echo reply is the request as the app received it, with the bridge's
    /// `metadata` in its data. For data with `additionalProperties: false` the base checked
    /// it as a member of the data: TG013 at /metadata, a refusal with `decoding: strict`
    /// (onReplyFailure, onSubmit never called), a warning on every echo otherwise. Runs
    /// Tests/TypeScript/bases/envelope.test.ts on the form contract made so, in both flavours.
    @Test("the echo of data with additionalProperties false reaches its callback, metadata included, in both flavours")
    func echoOfClosedData() throws {
        let (tsc, node) = try TypeScriptEndToEndTests.requireTools()
        let closed = try ContractEvents.closedForm()
        let root = try temporaryDirectory("tabgen-typescript-envelope")
        defer { try? FileManager.default.removeItem(at: root) }
        for flavor in [TypeScriptOptions.Flavor.typescript, .javascript] {
            var options = TypeScriptOptions()
            options.bridgeComponent = true
            options.flavor = flavor
            options.decoding = .strict
            let files = try Generator(templates: Support.templates).generate(
                closed, target: TypeScriptTarget(options: options),
                header: GenerationHeader(version: "0.0.0-test", schema: "form.json", command: "tabgen emit --lang typescript"))
            try Support.write(files.filter { !$0.path.contains(".test.") && !$0.path.hasPrefix("fixtures/") },
                              to: root.appendingPathComponent(flavor == .typescript ? "form" : "node_modules/controllers/bridge"))
        }
        try Data(#"{"type": "module", "exports": {"./*": "./*.js"}}"#.utf8).write(to: root.appendingPathComponent("node_modules/controllers/package.json"))
        let compiled = try Self.compileHarness(in: root, test: "envelope.test.ts", tsc: tsc)
        guard compiled.status == 0 else { return }
        try Data(#"{"type": "module"}"#.utf8).write(to: root.appendingPathComponent("out/package.json"))
        let tests = try Support.run(node, ["--test", "envelope.test.js"], in: root.appendingPathComponent("out"))
        let lines = tests.stdout.split(separator: "\n")
        #expect(tests.status == 0 && lines.contains("# fail 0") && lines.contains("# pass 2"), "node --test:\n\(tests.stdout.suffix(4000))\(tests.stderr)")
    }

    /// Issue 26: the menu's base imported `type BridgeMessage` from the bridge package, which
    /// exports no types, so an app that declared the package as docs/rails.md says did not
    /// compile. The bases of both flavours and the navigation controller are type-checked
    /// against that declaration itself, read from the docs (the doubles export more).
    @Test("the bases and the controller compile against the package declaration docs/rails.md gives")
    func documentedDeclaration() throws {
        let tsc = try TypeScriptEndToEndTests.requireTSC()
        let rails = try String(contentsOf: Support.packageRoot.appendingPathComponent("docs/rails.md"), encoding: .utf8)
        let start = try #require(rails.range(of: "declare module \"@hotwired/hotwire-native-bridge\""), "docs/rails.md declares the package")
        let end = try #require(rails[start.lowerBound...].range(of: "\n```"))
        let declaration = String(rails[start.lowerBound..<end.lowerBound])
        let root = try temporaryDirectory("tabgen-typescript-declared")
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(declaration.utf8).write(to: root.appendingPathComponent("hotwire-native-bridge.d.ts"))
        for contract in try ContractEvents.documents() where contract.name != "share" {
            try Support.write(try Self.generate(contract.document).filter { !$0.path.contains(".test.") && !$0.path.hasPrefix("fixtures/") },
                              to: root.appendingPathComponent("ts"))
            try Support.write(try Self.generate(contract.document, flavor: .javascript).filter { !$0.path.contains(".test.") && !$0.path.hasPrefix("fixtures/") },
                              to: root.appendingPathComponent("controllers/bridge"))
        }
        try Support.write(try Self.generate(try Support.builtIn()).filter { !$0.path.contains(".test.") && !$0.path.hasPrefix("fixtures/") },
                          to: root.appendingPathComponent("ts"))
        let harness = TypeScriptEndToEndTests.harness
        let stimulus = harness.appendingPathComponent("doubles/@hotwired/stimulus/index.d.ts").path
        let node = harness.appendingPathComponent("doubles/node.d.ts").path
        for (config, include) in [("tsconfig.json", #""ts/*.ts""#), ("tsconfig.checkjs.json", #""controllers/bridge/*.js""#)] {
            let tsconfig = """
            {"extends": "\(harness.appendingPathComponent(config).path)",
             "compilerOptions": {"rootDir": ".", "outDir": "out", "noEmit": true, "baseUrl": ".",
               "paths": {"@hotwired/stimulus": ["\(stimulus)"], "controllers/*": ["controllers/*"]}},
             "include": [\(include), "hotwire-native-bridge.d.ts", "\(node)"]}
            """
            try Data(tsconfig.utf8).write(to: root.appendingPathComponent(config))
            let compiled = try Support.run(tsc, ["-p", root.appendingPathComponent(config).path], in: root)
            #expect(compiled.status == 0 && compiled.stdout.isEmpty, "\(config): tsc failed:\n\(compiled.stdout)\(compiled.stderr)")
        }
    }

    @Test("the base's signatures: typed data, the reply's callback, data-less events")
    func signatures() throws {
        let documents = try ContractEvents.documents()
        let menuDocument = try #require(documents.first { $0.name == "menu" }).document
        let echoingForm = try #require(documents.first { $0.name == "form" }).document
        // A reply that is not an echo carries no data: the form without its "echo".
        let formText = try String(contentsOf: Support.packageRoot.appendingPathComponent("contracts/form.json"), encoding: .utf8)
        #expect(formText.contains(#""echo": true,"#))
        let formDocument = try Support.document(json: formText.replacingOccurrences(of: #""echo": true,"#, with: ""), name: "form.json")
        let menu = try #require(try Self.generate(menuDocument).first { $0.path == "menu_bridge_component.ts" })
        #expect(menu.contents.contains("export abstract class MenuBridgeComponent extends bridgeBase(BridgeComponent) {"))
        #expect(menu.contents.contains(#"static override component = "menu""#))
        #expect(menu.contents.contains("sendDisplay(data: MenuData, onSelected?: (selection: Selection) => void): boolean {"))
        #expect(menu.contents.contains(#"from "./menu.js""#))
        let form = try #require(try Self.generate(formDocument).first { $0.path == "form_bridge_component.ts" })
        #expect(form.contents.contains("sendConnect(data: FormData, onSubmit?: () => void): boolean {"))
        #expect(form.contents.contains("sendSubmitDisabled(): boolean {"))
        #expect(form.contents.contains("sendSubmitEnabled(): boolean {"))
        #expect(!form.contents.contains("checkReply"), "form has no reply with data, so no unused import")
        // The events whose data the server renders: their Stimulus value, named as the Ruby
        // component's attribute (data-bridge--menu-display-value), and the reply's hook.
        #expect(menu.contents.contains("  static override values = { display: String }\n"))
        #expect(menu.contents.contains("  declare displayValue: string\n  declare readonly hasDisplayValue: boolean\n"))
        #expect(menu.contents.contains("  displayValueChanged(): void {\n    if (this.sendsValues) this.sendDisplayValue()\n  }\n"))
        #expect(menu.contents.contains("  onSelected(selection: Selection): void {\n    this.dispatch(\"selected\", { detail: selection })\n  }\n"))
        // The contract's table, which the methods hand to the runtime's sendChecked.
        #expect(menu.contents.contains("const EVENTS = {\n  display: { event: \"display\", parse: parseMenuData, reply: { event: \"selected\", parse: parseSelection } },\n}\n"))
        #expect(menu.contents.contains("    return sendChecked(this, EVENTS.display, JSON.stringify(data), onSelected)\n"))
        #expect(menu.contents.contains("    return sendChecked(this, EVENTS.display, this.displayValue, (selection) => this.onSelected(selection))\n"))
        // connect() and sendsValuesOnConnect are bridgeBase's, once for every base: the base
        // lists only what connect() sends.
        #expect(menu.contents.contains("  protected override connectValues(): void {\n    this.sendDisplayValue()\n  }\n"))
        #expect(!menu.contents.contains("sendsValuesOnConnect ="))
        #expect(!menu.contents.contains("connect(): void"))
        #expect(menu.contents.contains("  sendDisplayValue(): boolean {\n"))
        #expect(form.contents.contains("  static override values = { connect: String }\n"))
        #expect(form.contents.contains("  onSubmit(): void {\n    this.dispatch(\"submit\")\n  }\n"))
        #expect(form.contents.contains("  connect: { event: \"connect\", parse: parseFormData, reply: { event: \"submit\" } },\n"))
        #expect(form.contents.contains("    return sendChecked(this, EVENTS.connect, this.connectValue, () => this.onSubmit())\n"))
        #expect(form.contents.contains("  sendSubmitDisabled(): boolean {\n    this.send(\"submitDisabled\")\n    return true\n  }\n"))
        #expect(!form.contents.contains("submitDisabledValue"), "an event without a value keeps only its method")

        let menuJS = try #require(try Self.generate(menuDocument, flavor: .javascript).first { $0.path == "menu_bridge_component.js" })
        #expect(menuJS.contents.contains("import { BridgeComponent } from \"@hotwired/hotwire-native-bridge\"\n"))
        #expect(menuJS.contents.contains("import { parseMenuData, parseSelection } from \"controllers/bridge/menu\"\n"))
        #expect(menuJS.contents.contains(" * @typedef {import(\"controllers/bridge/menu\").MenuData} MenuData\n"))
        #expect(menuJS.contents.contains("export class MenuBridgeComponent extends bridgeBase(BridgeComponent) {\n  static get component() {\n    return \"menu\"\n  }\n"))
        #expect(menuJS.contents.contains("   * @param {MenuData} data\n   * @param {(selection: Selection) => void} [onSelected]\n   * @returns {boolean}\n   */\n  sendDisplay(data, onSelected) {\n"))
        let formJS = try #require(try Self.generate(formDocument, flavor: .javascript).first { $0.path == "form_bridge_component.js" })
        #expect(formJS.contents.contains("  sendConnect(data, onSubmit) {\n"))
        #expect(formJS.contents.contains("  sendSubmitDisabled() {\n"))
        #expect(!formJS.contents.contains("checkReply"), "form has no reply with data, so no unused import")
        #expect(menuJS.contents.contains("  static get values() {\n    return { display: String }\n  }\n"))
        #expect(menuJS.contents.contains("  displayValueChanged() {\n    if (this.sendsValues) this.sendDisplayValue()\n  }\n"))
        #expect(menuJS.contents.contains("   * @param {Selection} selection\n   */\n  onSelected(selection) {\n"))
        #expect(menuJS.contents.contains("   * @returns {boolean}\n   */\n  sendDisplayValue() {\n"))
        #expect(formJS.contents.contains("    return sendChecked(this, EVENTS.connect, connectValue, () => this.onSubmit())\n"))

        // Issue 26: an echo reply (the form's submit) brings the request's data back, checked
        // as the request's and typed so.
        let echo = try #require(try Self.generate(echoingForm).first { $0.path == "form_bridge_component.ts" })
        #expect(echo.contents.contains("sendConnect(data: FormData, onSubmit?: (formData: FormData) => void): boolean {"))
        // Checked without the bridge's metadata, which the echo carries (echoOfClosedData).
        #expect(echo.contents.contains("  connect: { event: \"connect\", parse: parseFormData, reply: { event: \"submit\", parse: parseFormData, envelope: true } },\n"))
        #expect(echo.contents.contains("  onSubmit(formData: FormData): void {\n    this.dispatch(\"submit\", { detail: formData })\n  }\n"))
        let echoJS = try #require(try Self.generate(echoingForm, flavor: .javascript).first { $0.path == "form_bridge_component.js" })
        #expect(echoJS.contents.contains("import { bridgeBase, sendChecked } from \"controllers/bridge/tabgen_runtime\"\n"))
    }

    @Test("issue 26: an event with fromElement gets send<Event>FromElement, the contract's sources passed to the runtime's readElementData")
    func fromElement() throws {
        let text = try String(contentsOf: Support.packageRoot.appendingPathComponent("contracts/demo/menu.json"), encoding: .utf8)
        let document = try Support.document(json: text, name: "menu.json")
        var options = TypeScriptOptions()
        options.bridgeComponent = true
        let files = try Generator(templates: Support.templates).generate(
            document, target: TypeScriptTarget(options: options),
            header: GenerationHeader(version: "0.0.0-test", schema: "menu.json", command: "tabgen emit --lang typescript"))
        let base = try #require(files.first { $0.path == "menu_bridge_component.ts" })
        #expect(base.contents.contains(#"import { bridgeBase, readElementData, sendChecked, type ElementDataResult } from "./tabgen_runtime.js""#),
                "\(base.contents)")
        let method: [String] = [
            "  sendDisplayFromElement(onSelected?: (selection: Selection) => void): boolean {",
            "    const read: ElementDataResult<MenuData> = readElementData(this, {",
            ##"      title: { target: "title", read: ["data-bridge-title", "aria-label", "#text", "#value"], trim: true },"##,
            ##"      items: { each: "item", skipDisabled: true, fields: { title: { read: ["data-bridge-title", "aria-label", "#text", "#value"], trim: true }, index: { read: ["#index"] } } },"##,
            "    }, document.documentElement.dataset.bridgePlatform)",
            "    if (!read.ok) {",
            ##"      this.onSendFailure("display", read.violations)"##,
            "      return false",
            "    }",
            "    return this.sendDisplay(read.data, onSelected)",
            "  }",
        ]
        #expect(base.contents.contains(method.joined(separator: "\n") + "\n"), "\(base.contents)")
        // The runtime carries readElementData only for a contract that reads the element.
        let runtime = try #require(files.first { $0.path == "tabgen_runtime.ts" })
        #expect(runtime.contents.contains("export function readElementData<T>("))
        let plain = try #require(try ContractEvents.documents().first { $0.name == "menu" }).document
        let plainFiles = try Generator(templates: Support.templates).generate(
            plain, target: TypeScriptTarget(options: options),
            header: GenerationHeader(version: "0.0.0-test", schema: "menu.json", command: "tabgen emit --lang typescript"))
        #expect(try #require(plainFiles.first { $0.path == "tabgen_runtime.ts" }).contents.contains("readElementData") == false)
        #expect(try #require(plainFiles.first { $0.path == "menu_bridge_component.ts" }).contents.contains("FromElement") == false)
    }

    @Test("the javascript base imports its module by the importmap name beside the controller of its identifier")
    func importmapName() throws {
        let document = try Support.document(json: #"""
        {"metadata": {"tabgen": {"contract": {"component": "menu", "stimulusIdentifier": "admin--menu", "events": [
          {"name": "display", "direction": "webToNative", "data": "MenuData"}]}}},
         "definitions": {"MenuData": {"properties": {"title": {"type": "string"}}}}}
        """#)
        var options = try TypeScriptOptions(["bridgeComponent": "true", "flavor": "javascript", "namespace": "actions", "tests": "false"])
        let files = try Generator(templates: Support.templates).generate(
            document, target: TypeScriptTarget(options: options),
            header: GenerationHeader(version: "0.0.0-test", schema: document.sourceName, command: "tabgen emit --lang typescript"))
        #expect(files.map(\.path).sorted() == ["actions.js", "actions_bridge_component.js", "tabgen_runtime.js"])
        #expect(Support.file(files, "actions_bridge_component.js").contains(#"import { parseMenuData } from "controllers/admin/actions""#))
        #expect(Support.file(files, "actions.js").contains(#"import { checkPayload, formatViolation } from "controllers/admin/tabgen_runtime""#))
        options.flavor = .typescript
        let typescript = try Generator(templates: Support.templates).generate(
            document, target: TypeScriptTarget(options: options),
            header: GenerationHeader(version: "0.0.0-test", schema: document.sourceName, command: "tabgen emit --lang typescript"))
        #expect(Support.file(typescript, "actions_bridge_component.ts").contains(#"from "./actions.js""#))
    }

    @Test("a data type named like the base, and two replies to one event, are refused; one named BridgeMessage is renamed")
    func refusals() throws {
        func contract(data: String, secondReply: Bool = false) -> String {
            let extra = secondReply ? #",{"name": "cancelled", "direction": "nativeToWeb", "replyTo": "display"}"# : ""
            return """
            {"metadata": {"tabgen": {"contract": {"component": "menu", "stimulusIdentifier": "bridge--menu", "events": [
              {"name": "display", "direction": "webToNative", "data": "\(data)"},
              {"name": "selected", "direction": "nativeToWeb", "replyTo": "display"}\(extra)]}}},
             "definitions": {"\(data)": {"properties": {"title": {"type": "string"}}}}}
            """
        }
        #expect(try Self.generate(try Support.document(json: contract(data: "MenuData"))).contains { $0.path == "menu_bridge_component.ts" })
        // The runtime's BridgeMessage is reserved: the definition takes another name.
        let renamed = Support.file(try Self.generate(try Support.document(json: contract(data: "BridgeMessage"))), "menu_bridge_component.ts")
        #expect(renamed.contains("sendDisplay(data: BridgeMessage2,"), "\(renamed)")
        let cases = [(contract(data: "MenuBridgeComponent"), "has the name of a generated type"),
                     (contract(data: "MenuData", secondReply: true), "has 2 replies")]
        for (json, reason) in cases {
            let document = try Support.document(json: json)
            #expect { try Self.generate(document) } throws: { ($0 as? CodeGenError)?.message.contains(reason) == true }
        }
    }

    @Test("a value's reply hook named like a member of the base is refused; a value event without a reply has no hook")
    func valueMembers() throws {
        func contract(reply: String?) -> String {
            let replyEvent = reply.map { #",{"name": "\#($0)", "direction": "nativeToWeb", "replyTo": "display"}"# } ?? ""
            return """
            {"metadata": {"tabgen": {"contract": {"component": "menu", "stimulusIdentifier": "bridge--menu", "events": [
              {"name": "display", "direction": "webToNative", "value": "menuItems", "data": "MenuData"}\(replyEvent)]}}},
             "definitions": {"MenuData": {"properties": {"title": {"type": "string"}}}}}
            """
        }
        let document = try Support.document(json: contract(reply: "sendFailure"))
        #expect { try Self.generate(document) } throws: { ($0 as? CodeGenError)?.message.contains("would define onSendFailure twice") == true }
        let base = Support.file(try Self.generate(try Support.document(json: contract(reply: nil))), "menu_bridge_component.ts")
        // Stimulus's names for the key menuItems: data-bridge--menu-menu-items-value, menuItemsValue.
        #expect(base.contains("  static override values = { menuItems: String }\n"))
        #expect(base.contains("  menuItemsValueChanged(): void {\n"))
        #expect(base.contains("    return sendChecked(this, EVENTS.display, this.menuItemsValue)\n"))
        #expect(base.contains("  sendDisplayValue(): boolean {\n"))
        #expect(!base.contains("this.dispatch("), "no reply, no hook")
        #expect(base.contains("data-bridge--menu-menu-items-value"))
    }

    @Test("the send and reply checks are the runtime's, written once per folder, and only where a base uses them")
    func checksInRuntime() throws {
        let menu = try #require(try ContractEvents.documents().first { $0.name == "menu" }).document
        var options = TypeScriptOptions()
        options.bridgeComponent = true
        for flavor in [TypeScriptOptions.Flavor.typescript, .javascript] {
            options.flavor = flavor
            let ext = flavor == .javascript ? "js" : "ts"
            let files = try Generator(templates: Support.templates).generate(
                menu, target: TypeScriptTarget(options: options),
                header: GenerationHeader(version: "0.0.0-test", schema: "menu.json", command: "tabgen emit --lang typescript"))
            let base = Support.file(files, "menu_bridge_component.\(ext)")
            #expect(base.contains("import { bridgeBase, sendChecked"), "\(base)")
            // What every base shares is the runtime's, not written again in each base.
            for shared in ["function dataToSend", "#dataToSend", "checkReply<", "onSendFailure(event", "onReplyFailure(event", "  disconnect("] {
                #expect(!base.contains(shared), "\(shared) in \(base)")
            }
            let runtime = Support.file(files, "tabgen_runtime.\(ext)")
            for shared in ["export function dataToSend", "export function checkReply", "export function bridgeBase", "export function sendChecked"] {
                #expect(runtime.contains(shared), "\(shared) not in \(runtime)")
            }
        }
        // The navigation controller sends through no base: its runtime leaves them out.
        options.flavor = .javascript
        let navigation = try Generator(templates: Support.templates).generate(
            try Support.builtIn(), target: TypeScriptTarget(options: options),
            header: GenerationHeader(version: "0.0.0-test", schema: "schema.json", command: "tabgen emit --lang typescript"))
        #expect(!Support.file(navigation, "tabgen_runtime.js").contains("dataToSend"))
    }

    @Test("off by default, and no base for the one-event navigation contract")
    func offByDefault() throws {
        let menu = try #require(try ContractEvents.documents().first)
        let files = try TypeScriptEndToEndTests.generate(menu.document, flavor: .typescript)
        #expect(!files.contains { $0.path.hasSuffix("_bridge_component.ts") })
        let options = try TypeScriptOptions(["bridgeComponent": "true"])
        #expect(options.bridgeComponent)
        // The navigation contract already has its controller: the option adds nothing.
        let navigation = try Self.generate(try Support.builtIn()).map(\.path)
        #expect(navigation.contains("navigation_controller.ts"))
        #expect(!navigation.contains { $0.hasSuffix("_bridge_component.ts") }, "\(navigation)")
    }
}
