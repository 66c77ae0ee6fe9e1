import Foundation
import Schema
import Testing
@testable import CodeGen
import TestSupport

/// The TypeScript of the contracts that list events (menu, form, share) with the real
/// toolchain: each contract's module in its own output folder, an app module that
/// imports two of them with `import * as` and uses both `MenuData`s, all type-checked
/// by one tsc under Tests/TypeScript/tsconfig.json (strict), then every generated
/// `node:test` suite (one per event data type) in one `node --test`.
@Suite("TypeScript: contracts that list events, in one app")
final class TypeScriptContractEventsTests: TemporaryDirectorySuite {
    static let app = """
    // Two contracts' modules, each its own namespace: both export a MenuData.
    import * as menu from "./menu/menu.js"
    import * as share from "./share/share.js"

    export function open(text: string): menu.MenuData | undefined {
      const result = menu.parseMenuData(text)
      return result.ok ? result.value : undefined
    }

    export function shared(data: share.MenuData): string {
      return share.encodeMenuData(data)
    }

    /** The findings of parseMenuData: code, pointer and message of each. */
    export function menuFindings(text: string): string[][] {
      const result = menu.parseMenuData(text)
      return result.ok ? [] : result.violations.map((violation) => [violation.code, violation.pointer, violation.message])
    }

    export function selected(index: number): string {
      const selection: menu.Selection = { selectedIndex: index }
      return menu.encodeSelection(selection)
    }
    """

    /// Writes the app file beside the emitted contracts (one folder each), the package
    /// doubles as node_modules, and a tsconfig extending the harness's `base`, then runs tsc
    /// on the app and every contract's files of the app's extension.
    static func compileApp(_ source: String, named name: String, in root: URL, tsc: URL, extending base: String,
                           compilerOptions: String) throws -> Support.ProcessResult {
        try Data(source.utf8).write(to: root.appendingPathComponent(name))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("node_modules"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TypeScriptEndToEndTests.harness.appendingPathComponent("doubles/@hotwired"),
                                         to: root.appendingPathComponent("node_modules/@hotwired"))
        try Data(#"{"type": "module"}"#.utf8).write(to: root.appendingPathComponent("package.json"))
        let nodeTypes = TypeScriptEndToEndTests.harness.appendingPathComponent("doubles/node.d.ts").path
        let tsconfig = """
        {"extends": "\(TypeScriptEndToEndTests.harness.appendingPathComponent(base).path)",
         "compilerOptions": {\(compilerOptions)},
         "include": ["\(name)", "*/*.\((name as NSString).pathExtension)", "\(nodeTypes)"]}
        """
        try Data(tsconfig.utf8).write(to: root.appendingPathComponent("tsconfig.json"))
        return try Support.run(tsc, ["-p", root.appendingPathComponent("tsconfig.json").path], in: root)
    }

    /// Generates each contract that lists events in `flavor` into its own folder of `root`,
    /// expecting its module (`menu.ts`, or `menu.js` in the javascript flavour) among its files.
    /// `testFiles`: the event data types' fixture tests, by the .js path node runs.
    static func writeContracts(_ flavor: TypeScriptOptions.Flavor, to root: URL, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (contracts: [(name: String, files: [GeneratedFile])], testFiles: [String]) {
        let contracts = try ContractEvents.documents().map { contract in
            let files = try TypeScriptEndToEndTests.generate(contract.document, flavor: flavor)
            try Support.write(files, to: root.appendingPathComponent(contract.name))
            let module = "\(contract.name).\(flavor == .javascript ? "js" : "ts")"
            #expect(files.contains { $0.path == module }, "\(contract.name): \(files.map(\.path))", sourceLocation: sourceLocation)
            return (name: contract.name, files: files)
        }
        let testFiles = contracts.flatMap { contract in
            contract.files.filter { $0.path.contains(".test.") }.map { "\(contract.name)/\($0.path.replacingOccurrences(of: ".ts", with: ".js"))" }
        }
        return (contracts, testFiles)
    }

    /// A node script that prints the app's menuFindings of a menu with a duplicate index
    /// (MN101, the rule of the menu's display event) as JSON.
    static func menuFindingsScript() throws -> String {
        let payload = String(decoding: try JSONEncoder().encode(ContractEvents.duplicateIndexMenu), as: UTF8.self)
        return "import { menuFindings } from './app.js'; console.log(JSON.stringify(menuFindings(\(payload))))"
    }

    @Test("menu, form and share pass tsc --strict together and every event data type's fixtures pass under node --test")
    func toolchain() throws {
        let (tsc, node) = try TypeScriptEndToEndTests.requireTools()
        let (contracts, testFiles) = try Self.writeContracts(.typescript, to: directory)
        let controllers = contracts.filter { $0.files.contains { $0.contents.contains("BridgeComponent") } }.map(\.name)
        #expect(controllers.isEmpty, "\(controllers): a contract that lists events gets no controller here")
        let roots = try ContractEvents.documents().map { ModelBuilder().build($0.document).messageRoots.count }.reduce(0, +)
        #expect(testFiles.count == roots)
        #expect(roots == 5)
        let compiled = try Self.compileApp(Self.app, named: "app.ts", in: directory, tsc: tsc, extending: "tsconfig.json",
                                           compilerOptions: #""rootDir": ".", "outDir": "out""#)
        #expect(compiled.status == 0 && compiled.stdout.isEmpty, "tsc failed:\n\(compiled.stdout)\(compiled.stderr)")
        guard compiled.status == 0 else { return }
        let out = directory.appendingPathComponent("out")
        for contract in try ContractEvents.documents() {
            try FileManager.default.copyItem(at: directory.appendingPathComponent("\(contract.name)/fixtures"),
                                             to: out.appendingPathComponent("\(contract.name)/fixtures"))
        }
        let findings = try Support.run(node, ["--input-type=module", "-e", try Self.menuFindingsScript()], in: out)
        try Self.expectFindingsAndTests(findings, node: node, testFiles: testFiles, in: out)
    }

    /// MN101 reported as tabgen validate reports it (`findings`, the app's menuFindings),
    /// and every event data type's fixture tests passing under `node --test` in `directory`.
    static func expectFindingsAndTests(_ findings: Support.ProcessResult, node: URL, testFiles: [String], in directory: URL) throws {
        #expect(findings.status == 0, "\(findings.stderr)")
        let reported = try? JSONDecoder().decode([[String]].self, from: Data(findings.stdout.utf8))
        #expect(reported == [ContractEvents.duplicateIndexFinding], "\(findings.stdout)")
        let tests = try Support.run(node, ["--test"] + testFiles, in: directory)
        #expect(tests.status == 0, "node --test failed:\n\(tests.stdout.suffix(6000))\(tests.stderr)")
        #expect(tests.stdout.split(separator: "\n").filter { $0.hasPrefix("# fail ") } == ["# fail 0"])
        let passed = tests.stdout.split(separator: "\n").compactMap { $0.hasPrefix("# pass ") ? Int($0.dropFirst(7)) : nil }.first ?? 0
        #expect(passed > 5 * 3, "\(tests.stdout.suffix(2000))")
    }

    /// The importmap flavour of the same app: JSDoc types through `import("...")`.
    static let appJS = """
    // Two contracts' modules, each its own namespace: both export a MenuData.
    import * as menu from "./menu/menu.js"
    import * as share from "./share/share.js"

    /** @param {share.MenuData} data */
    export const shared = (data) => share.encodeMenuData(data)

    /**
     * The findings of parseMenuData: code, pointer and message of each.
     * @param {string} text
     * @returns {string[][]}
     */
    export function menuFindings(text) {
      const result = menu.parseMenuData(text)
      return result.ok ? [] : result.violations.map((violation) => [violation.code, violation.pointer, violation.message])
    }

    /** @param {number} index */
    export function selected(index) {
      /** @type {menu.Selection} */
      const selection = { selectedIndex: index }
      return menu.encodeSelection(selection)
    }
    """

    @Test("the javascript flavour: menu, form and share pass tsc --checkJs --strict together and every event data type's fixtures pass under node --test")
    func javascriptToolchain() throws {
        let (tsc, node) = try TypeScriptEndToEndTests.requireTools()
        let (contracts, testFiles) = try Self.writeContracts(.javascript, to: directory)
        #expect(!contracts.contains { $0.files.contains { $0.path.hasSuffix(".ts") } }, "\(contracts.map { $0.files.map(\.path) })")
        #expect(testFiles.count == 5)
        // The modules import their runtime by its importmap name (the same code in each folder).
        let doubles = TypeScriptEndToEndTests.harness.appendingPathComponent("doubles/@hotwired").path
        let compiled = try Self.compileApp(Self.appJS, named: "app.js", in: directory, tsc: tsc, extending: "tsconfig.checkjs.json", compilerOptions: """
            "rootDir": ".", "baseUrl": ".", "paths": {"@hotwired/stimulus": ["\(doubles)/stimulus/index.d.ts"],
              "@hotwired/hotwire-native-bridge": ["\(doubles)/hotwire-native-bridge/index.d.ts"],
              "controllers/bridge/tabgen_runtime": ["menu/tabgen_runtime.js"]}
            """)
        #expect(compiled.status == 0 && compiled.stdout.isEmpty, "tsc --checkJs failed:\n\(compiled.stdout)\(compiled.stderr)")
        guard compiled.status == 0 else { return }
        // ES2017 syntax: tsc lowers what is newer, so the module emitted for ES2017 equals
        // the one for ESNext.
        let modules = try ContractEvents.documents().map { "\($0.name)/\($0.name).js" }
        var emitted: [String] = []
        for target in ["es2017", "esnext"] {
            let out = directory.appendingPathComponent("emit-\(target)")
            let run = try Support.run(tsc, ["--allowJs", "--noResolve", "--isolatedModules", "--target", target, "--module", "esnext",
                                            "--outDir", out.path, "--rootDir", "."] + modules, in: directory)
            #expect(run.status == 0 || run.status == 2, "tsc --target \(target) failed:\n\(run.stdout)\(run.stderr)")
            emitted.append(try modules.map { try String(contentsOf: out.appendingPathComponent($0), encoding: .utf8) }.joined())
        }
        #expect(emitted.count == 2 && emitted[0] == emitted[1], "the modules use syntax newer than ES2017")
        // Under Node, as in an importmap app, the runtime's importmap name is the file beside the module.
        try Data(("import { register } from \"node:module\"\nregister(\"data:text/javascript,\" + encodeURIComponent("
            + #"'export const resolve = (specifier, context, next) => next(specifier === "controllers/bridge/tabgen_runtime" ? new URL("./tabgen_runtime.js", context.parentURL).href : specifier, context)'))"#
            + "\n").utf8).write(to: directory.appendingPathComponent("runtime-hook.mjs"))
        let findings = try Support.run(node, ["--import", "./runtime-hook.mjs", "--input-type=module", "-e", try Self.menuFindingsScript()], in: directory)
        try Self.expectFindingsAndTests(findings, node: node, testFiles: testFiles, in: directory)
    }

    /// A consumer of the modules that misuses their types, one misuse a line marked
    /// `// misuse`, beside lines that use them rightly: tsc --strict must report exactly
    /// the marked lines, so the parse and encode functions, the data types, ParseResult and
    /// UnknownEnumValue (the runtime's, re-exported) stay as typed as the schema says.
    static let misuses = """
    import * as menu from "./menu/menu.js"
    import * as form from "./form/form.js"

    const result = menu.parseMenuData("{}")
    export const title: string = result.ok ? result.value.title : ""
    export const wrongTitle: number = result.ok ? result.value.title : 0 // misuse
    export const wrongItem: string = result.ok ? result.value.items[0].missing : "" // misuse
    export const selection: menu.ParseResult<menu.Selection> = menu.parseSelection("{}")
    export const wrongResult: menu.ParseResult<menu.Selection> = menu.parseMenuData("{}") // misuse
    export const wrongText = menu.parseSelection(1) // misuse
    export const encoded: string = menu.encodeSelection({ selectedIndex: 1 })
    export const wrongEncoded = menu.encodeSelection({ selectedIndex: "1" }) // misuse
    export const wrongEncode = form.encodeFormData({ title: "Save" }) // misuse
    const submitted = form.parseFormData("{}")
    export const sendable: string | undefined = submitted.ok ? submitted.value.submitTitle : submitted.sendable?.submitTitle
    export const wrongSendable = submitted.ok ? "" : submitted.sendable?.title // misuse
    export const findings: string[] = submitted.ok ? [] : submitted.violations.map(form.formatViolation)
    export const wrongSeverity: form.Severity = "info" // misuse
    export const newer: menu.UnknownEnumValue = "newer"
    export const wrongNewer: menu.UnknownEnumValue = 1 // misuse
    """

    @Test("tsc --strict reports every misuse of the modules' types, and nothing else")
    func misusedTypes() throws {
        let tsc = try TypeScriptEndToEndTests.requireTSC()
        let root = try temporaryDirectory("tabgen-typescript-misuse")
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try Self.writeContracts(.typescript, to: root)
        let compiled = try Self.compileApp(Self.misuses, named: "app.ts", in: root, tsc: tsc, extending: "tsconfig.json",
                                           compilerOptions: #""rootDir": ".", "noEmit": true"#)
        let marked = Self.misuses.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.hasSuffix("// misuse") }.map { $0.offset + 1 }
        let reported = compiled.stdout.split(separator: "\n").filter { $0.contains("error TS") }
        let lines = Set(reported.compactMap { line -> Int? in
            guard line.hasPrefix("app.ts("), let comma = line.firstIndex(of: ",") else { return nil }
            return Int(line[line.index(line.startIndex, offsetBy: 7)..<comma])
        })
        #expect(compiled.status != 0)
        #expect(marked.count == 9)
        #expect(lines == Set(marked), "tsc:\n\(compiled.stdout)\(compiled.stderr)")
        #expect(reported.allSatisfy { $0.hasPrefix("app.ts(") }, "only the app has errors:\n\(compiled.stdout)")
    }

    @Test("the javascript flavour of a contract that lists events: a parse and encode per event data type, typed by JSDoc")
    func javascriptModule() throws {
        let menu = try #require(try ContractEvents.documents().first { $0.name == "menu" })
        let files = try TypeScriptEndToEndTests.generate(menu.document, flavor: .javascript)
        #expect(files.map(\.path).sorted() == ["fixtures/MenuData.fixtures.json", "fixtures/Selection.fixtures.json",
                                               "menu.js", "menu.menu_data.test.js", "menu.selection.test.js", "tabgen_runtime.js"])
        let source = Support.file(files, "menu.js")
        #expect(source.contains(" * @returns {ParseResult<MenuData>}\n */\nexport const parseMenuData = (text) => parseData(text, \"MenuData\")\n"))
        #expect(source.contains("/** @param {Selection} value */\nexport const encodeSelection = (value) => JSON.stringify(value)\n"))
        #expect(source.contains(" * @template T\n * @typedef {{ ok: true, value: T, warnings: Violation[] } | { ok: false, violations: Violation[], sendable?: T | undefined }} ParseResult sendable: sent all the same (SURVIVED_RULES).\n"))
        #expect(source.contains("const SURVIVED_RULES = new Set([\"MN101\"])\n"), "MN101 (no crashesClients) is survived")
        #expect(!source.contains("BridgeComponent"), "no controller and no bridge import without bridgeComponent")
    }
}
