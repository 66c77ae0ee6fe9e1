import Foundation
import Testing
import TestSupport

/// A project with several contracts (`contracts:` in tabgen.yml): validate checks a
/// payload as one event of one contract, and a page for every bridge component on it.
struct ContractsCommandTests {
    static let root = CLI.packageRoot
    static let navigation = root.appendingPathComponent("schema.json").path
    static let menu = root.appendingPathComponent("contracts/menu.json").path
    static let share = CLI.payload("contracts/share.json")

    /// The navigation, menu and form contracts, as a project's contracts folder names them.
    static let menuFormNavigation: [(name: String, path: String)] = [("menu.json", menu), ("form.json", root.appendingPathComponent("contracts/form.json").path), ("navigation.json", navigation)]

    /// A project in a new temporary directory: each contract (a file name and the file to
    /// copy) in its contracts folder, and `config` as tabgen.yml.
    static func project(_ contracts: [(name: String, path: String)], config: String) throws -> URL {
        let directory = try temporaryDirectory()
        let folder = directory.appendingPathComponent("contracts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, path) in contracts {
            try FileManager.default.copyItem(atPath: path, toPath: folder.appendingPathComponent(name).path)
        }
        try Data(config.utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        return directory
    }

    /// A project whose contracts folder holds the navigation, menu and share contracts.
    func project(config: String = "version: 1\ncontracts: contracts\n") throws -> URL {
        try Self.project([("navigation.json", Self.navigation), ("menu.json", Self.menu), ("share.json", Self.share)], config: config)
    }

    /// The navigation contract as a second one-event contract, `sidebar`, which every
    /// generator handles.
    static func sidebar() throws -> String {
        let navigation = try String(contentsOfFile: navigation, encoding: .utf8)
        let sidebar = navigation.replacingOccurrences(of: #""component": "navigation""#, with: #""component": "sidebar""#)
            .replacingOccurrences(of: "bridge--navigation", with: "bridge--sidebar")
        #expect(sidebar != navigation)
        return sidebar
    }

    func write(_ text: String, _ name: String, in directory: URL) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    @Test func schemaAndContractsTogetherAreRefused() throws {
        let directory = try project(config: "version: 1\nschema: contracts/navigation.json\ncontracts: contracts\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("{}", "a.json", in: directory)
        let result = try CLI.run(["validate", "a.json"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("tabgen.yml:3:12: schema: and contracts: cannot both be given"), "\(result.stderr)")
    }

    @Test func twoContractsOfOneComponentNameBothFiles() throws {
        let directory = try project(config: "version: 1\ncontracts: [contracts/menu.json, contracts/navigation.json, copy.json]\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(atPath: Self.menu, toPath: directory.appendingPathComponent("copy.json").path)
        try write("{}", "a.json", in: directory)
        let result = try CLI.run(["validate", "--contract", "menu", "a.json"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("contracts/menu.json and copy.json are both contracts of the component \"menu\""), "\(result.stderr)")
    }

    /// Issue 23 item 6: a page element of one identifier runs one controller and is checked
    /// against one contract, so a second contract on the identifier would go unchecked
    /// (validate --html passed a page the second contract rejects). Every command that loads
    /// the contracts refuses the project, naming both and the identifier, and emit writes nothing.
    @Test func twoContractsOfOneStimulusIdentifierAreRefused() throws {
        let config = "version: 1\ncontracts: [contracts/menu.json, shared.json]\noutputs:\n  - lang: typescript\n    out: web\n"
        let directory = try project(config: config)
        defer { try? FileManager.default.removeItem(at: directory) }
        let share = try String(contentsOfFile: Self.share, encoding: .utf8)
        let shared = share.replacingOccurrences(of: #""stimulusIdentifier": "bridge--share""#, with: #""stimulusIdentifier": "bridge--menu""#)
        #expect(shared != share)
        try write(shared, "shared.json", in: directory)
        try write(#"<div data-controller="bridge--menu" data-bridge--menu-display-value='{"title": "Actions", "items": []}' data-bridge--menu-share-value='{"url": "https://evil.example/"}'></div>"#, "page.html", in: directory)
        try write("{}", "a.json", in: directory)
        let message = #"contracts/menu.json (component "menu") and shared.json (component "share") both use the Stimulus identifier "bridge--menu" (contracts: of tabgen.yml)"#
        for arguments in [["validate", "--html", "page.html"], ["validate", "--contract", "menu", "a.json"], ["emit"], ["check"], ["plan", "a.json"]] {
            let result = try CLI.run(arguments, in: directory)
            #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("web").path))
    }

    /// Issue 26: a hyphenated component's TypeScript module was `overflow_menu` with
    /// `--schema` but `overflowMenu` with `contracts:` (and its tests `overflowMenu.menu_data`).
    /// Both now name it in snake_case, as Stimulus names controller files.
    @Test func aHyphenatedComponentsTypeScriptFilesAreNamedAlikeBothWays() throws {
        let config = "version: 1\ncontracts: [overflow.json]\noutputs:\n  - lang: typescript\n    out: web\n"
        let directory = try project(config: config)
        defer { try? FileManager.default.removeItem(at: directory) }
        let menu = try String(contentsOfFile: Self.menu, encoding: .utf8)
        let overflow = menu.replacingOccurrences(of: #""component": "menu""#, with: #""component": "overflow-menu""#)
            .replacingOccurrences(of: #""stimulusIdentifier": "bridge--menu""#, with: #""stimulusIdentifier": "bridge--overflow-menu""#)
        #expect(overflow.components(separatedBy: "overflow-menu").count == 3)
        try write(overflow, "overflow.json", in: directory)

        let fromContracts = try CLI.run(["emit"], in: directory)
        #expect(fromContracts.status == 0, "\(fromContracts.stdout)\(fromContracts.stderr)")
        let fromSchema = try CLI.run(["emit", "--lang", "typescript", "--schema", "overflow.json", "--out", "single"], in: directory)
        #expect(fromSchema.status == 0, "\(fromSchema.stdout)\(fromSchema.stderr)")

        func files(_ folder: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path).filter { $0.hasSuffix(".ts") }.sorted()
        }
        let expected = ["overflow_menu.menu_data.test.ts", "overflow_menu.selection.test.ts", "overflow_menu.ts", "tabgen_runtime.ts"]
        #expect(try files("web") == expected)
        #expect(try files("single") == expected)
        for folder in ["web", "single"] {
            let test = try String(contentsOf: directory.appendingPathComponent("\(folder)/overflow_menu.menu_data.test.ts"), encoding: .utf8)
            #expect(test.contains(#"await import("./overflow_menu.js")"#), "\(folder): \(test)")
            #expect(!test.contains("overflowMenu"), "\(folder)")
        }
    }

    @Test func aPayloadIsTheDataOfOneEventOfOneContract() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(#"{"title": "Actions", "items": [{"title": "Edit", "index": 0}]}"#, "menu.json", in: directory)
        try write(#"{"title": "Actions", "items": [{"title": "Edit", "index": "0"}]}"#, "bad-menu.json", in: directory)
        try write(#"{"selectedIndex": 1}"#, "selected.json", in: directory)

        let valid = try CLI.run(["validate", "--contract", "menu", "menu.json"], in: directory)
        #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
        #expect(valid.stderr.hasPrefix("tabgen: contracts/menu.json, contracts/navigation.json, contracts/share.json (contracts: of tabgen.yml)\n"), "\(valid.stderr)")
        let invalid = try CLI.run(["validate", "--contract", "menu", "--event", "display", "bad-menu.json"], in: directory)
        #expect(invalid.status == 1)
        #expect(invalid.stdoutLines == [#"bad-menu.json:1:59: error[TG010] menu.display /items/0/index: expected int32 (an integer from -2147483648 to 2147483647), found string "0""#], "\(invalid.stdout)")
        // A reply is checked against its own data: the menu is not a Selection.
        #expect(try CLI.run(["validate", "--contract", "menu", "--event", "selected", "selected.json"], in: directory).status == 0)
        let notAReply = try CLI.run(["validate", "--contract", "menu", "--event", "selected", "menu.json"], in: directory)
        #expect(notAReply.status == 1)
        #expect(notAReply.stdout.contains("error[TG012] menu.selected (root): missing required property \"selectedIndex\""), "\(notAReply.stdout)")
        // The tab bar is still its configure event, by default.
        try write(#"{"tabs": []}"#, "tabs.json", in: directory)
        let tabs = try CLI.run(["validate", "--contract", "navigation", "tabs.json"], in: directory)
        #expect(tabs.stdout.contains("navigation.configure"), "\(tabs.stdout)")
    }

    @Test func jsonLinesNameContractAndEventInJSON() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("{\"url\": \"/a\"}\n{\"url\": \"https://evil.example/\"}\n", "shares.jsonl", in: directory)
        let result = try CLI.run(["validate", "--contract", "share", "--jsonl", "--format", "json", "shares.jsonl"], in: directory)
        #expect(result.status == 1)
        let lines = result.stdoutLines
        #expect(lines.count == 1)
        #expect(lines.first?.contains(#""line":2"#) == true && lines.first?.contains(#""code":"SH1""#) == true, "\(result.stdout)")
        #expect(lines.first?.contains(#""contract":"share","event":"connect""#) == true, "\(result.stdout)")
    }

    @Test(arguments: [
        (["a.json"], "say which with --contract NAME"),
        (["--contract", "menus", "a.json"], "no contract of component \"menus\"; did you mean menu?"),
        (["--contract", "menu", "--event", "selcted", "a.json"], "has no event \"selcted\"; did you mean selected?"),
        (["--html", "--contract", "menu", "--event", "selected", "a.json"], "the selected event of menu has no value attribute"),
    ])
    func choosingAContractOrEventIsAUsageError(_ arguments: [String], _ message: String) throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("{}", "a.json", in: directory)
        let result = try CLI.run(["validate"] + arguments, in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// A contract none of whose events has a value: pages carry none of its data.
    @Test func aContractWithoutValuesHasNothingToCheckInPages() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let menu = try String(contentsOfFile: Self.menu, encoding: .utf8)
        let valueless = menu.replacingOccurrences(of: #""value": "display","#, with: "")
        #expect(valueless != menu)
        try write(valueless, "contracts/menu.json", in: directory)
        try write("{}", "a.json", in: directory)
        let result = try CLI.run(["validate", "--html", "--contract", "menu", "a.json"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no web-to-native event of menu has a value attribute"), "\(result.stderr)")
    }

    static let page = """
    <!DOCTYPE html>
    <html><body>
    <nav data-controller="bridge--navigation" data-bridge--navigation-config-value="{&quot;mode&quot;: &quot;tabbed&quot;, &quot;active&quot;: &quot;home&quot;, &quot;tabs&quot;: [{&quot;id&quot;: &quot;home&quot;, &quot;title&quot;: &quot;Home&quot;, &quot;icon&quot;: &quot;house&quot;, &quot;path&quot;: &quot;/&quot;}, {&quot;id&quot;: &quot;me&quot;, &quot;title&quot;: &quot;Me&quot;, &quot;icon&quot;: &quot;person&quot;, &quot;path&quot;: &quot;/me&quot;}]}"></nav>
    <div data-controller="bridge--menu" data-bridge--menu-display-value='{"title": "Actions", "items": []}'></div>
    <a data-controller="bridge--share" data-bridge--share-share-value='{"url": "https://evil.example/"}'>Share</a>
    <button data-controller="bridge--overflow-menu">More</button>
    <button data-controller="bridge--overflow-menu bridge--form">More</button>
    </body></html>
    """

    @Test func aPageWithSeveralBridgeComponentsChecksEach() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(Self.page, "page.html", in: directory)
        let result = try CLI.run(["validate", "--html", "page.html"], in: directory)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdoutLines == [
            #"page.html:5:68: error[SH1] share.connect /url: "https://evil.example/" is not a relative reference (it has scheme "https")"#,
            #"page.html:6:1: warning[TG023] (root): data-controller="bridge--overflow-menu" names a bridge component that no contract of the project describes (contracts: bridge--menu, bridge--navigation, bridge--share), so nothing checks what it sends"#,
            #"page.html:7:1: warning[TG023] (root): data-controller="bridge--form" names a bridge component that no contract of the project describes (contracts: bridge--menu, bridge--navigation, bridge--share), so nothing checks what it sends"#,
        ], "\(result.stdout)")
        // The navigation element was checked too: break it and it is reported.
        try write(Self.page.replacingOccurrences(of: "&quot;/me&quot;", with: "&quot;//evil&quot;"), "page.html", in: directory)
        let both = try CLI.run(["validate", "--html", "--format", "json", "page.html"], in: directory)
        #expect(both.stdoutLines.filter { $0.contains(#""contract":"navigation","event":"configure""#) }.count == 1, "\(both.stdout)")
        #expect(both.stdoutLines.filter { $0.contains(#""contract":"share","event":"connect""#) }.count == 1, "\(both.stdout)")
        // --contract checks only its elements; the others are still known components.
        let shareOnly = try CLI.run(["validate", "--html", "--contract", "share", "page.html"], in: directory)
        #expect(shareOnly.stdoutLines.filter { $0.contains("navigation") && !$0.contains("TG023") }.isEmpty, "\(shareOnly.stdout)")
        #expect(shareOnly.stdoutLines.filter { $0.contains("TG023") }.count == 2)
    }

    /// Issue 26: docs/validate.md called the menu's `display` "an event without a value",
    /// though contracts/menu.json gives it the value `display`. What the page says of it is
    /// read from the contract here, and the page's example checked by the CLI.
    @Test func validateDocsDescribeTheMenusDisplayAsTheContractDeclaresIt() throws {
        let contract = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.menu))) as? [String: Any]
        let events = ((contract?["metadata"] as? [String: Any])?["tabgen"] as? [String: Any]).flatMap { ($0["contract"] as? [String: Any])?["events"] as? [[String: Any]] }
        let display = try #require(events?.first { $0["name"] as? String == "display" })
        let value = try #require(display["value"] as? String)
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/validate.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        #expect(docs.contains("the menu's `display` has the value `\(value)`, so `data-bridge--menu-\(value)-value` is checked as its data"))
        #expect(!docs.contains("An event without a `value` (the menu's `display`"), "the wording before the fix")
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(#"<div data-controller="bridge--menu" data-bridge--menu-\#(value)-value='{"title":"Actions","items":[{"title":"Edit","index":"x"}]}'></div>"#,
                  "page.html", in: directory)
        let result = try CLI.run(["validate", "--contract", "menu", "--html", "page.html"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("menu.display") && result.stdout.contains("/items/0/index"), "\(result.stdout)\(result.stderr)")
    }

    @Test func aPageWithoutAnyContractsElementIsMissingOnlyOnce() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("<p>sign in</p>", "empty.html", in: directory)
        let result = try CLI.run(["validate", "--html", "empty.html"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdoutLines == [#"empty.html:1:1: error[TG003] (root): no element on this page has a data-controller of the project's contracts (bridge--menu, bridge--navigation, bridge--share), so the app gets no data from it (--allow-missing accepts such pages)"#], "\(result.stdout)")
        // A page with only the share button is not missing the tab bar's element.
        try write(#"<a data-controller="bridge--share" data-bridge--share-share-value='{"url": "/x"}'>Share</a>"#, "share.html", in: directory)
        #expect(try CLI.run(["validate", "--html", "share.html"], in: directory).status == 0)
    }

    @Test func anUnknownBridgeComponentWarnsWithTheBuiltInContractToo() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = Self.page.replacingOccurrences(of: "bridge--share", with: "other")
        try write(page, "page.html", in: directory)
        let result = try CLI.run(["validate", "--html", "--strict", "page.html"], in: directory)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        // menu, overflow-menu and form: three identifiers the built-in contract does not describe.
        #expect(result.stdoutLines.map { $0.components(separatedBy: " (root)").first ?? "" } == [
            "page.html:4:1: warning[TG023]", "page.html:6:1: warning[TG023]", "page.html:7:1: warning[TG023]",
        ], "\(result.stdout)")
        #expect(try CLI.run(["validate", "--html", "page.html"], in: directory).status == 0)
    }
}

/// emit and check over every contract of `contracts:`: each contract's files in
/// `OUT/<component>/`, one manifest per output, a removed contract's files stale.
struct ContractsEmitTests {
    @Test func emitAndCheckCoverEveryContractAndForgetARemovedOne() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("contracts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ContractsCommandTests.navigation, toPath: folder.appendingPathComponent("navigation.json").path)
        try Data(ContractsCommandTests.sidebar().utf8).write(to: folder.appendingPathComponent("sidebar.json"))
        try Data("version: 1\ncontracts: contracts\noutputs:\n  - lang: swift\n    out: gen\n".utf8).write(to: directory.appendingPathComponent("tabgen.yml"))

        try CLI.emit(in: directory)
        let manager = FileManager.default
        for component in ["navigation", "sidebar"] {
            let namespace = component.prefix(1).uppercased() + component.dropFirst() + "Contract"
            let types = directory.appendingPathComponent("gen/\(component)/\(namespace)+MessageData.swift")
            let text = try String(contentsOf: types, encoding: .utf8)
            // The namespace option is the component, in Swift's case, with Contract.
            #expect(text.contains("extension \(namespace) {"), "\(text.prefix(400))")
            #expect(text.contains("from \(component).json. Do not edit."), "by file name, as every header names its schema")
            // The suite's name holds the namespace already: the file takes it once.
            #expect(manager.fileExists(atPath: directory.appendingPathComponent("gen/\(component)/Tests/\(namespace)MessageDataRoundTripTests.swift").path))
        }
        let manifest = try String(contentsOf: directory.appendingPathComponent("gen/.tabgen-manifest"), encoding: .utf8)
        #expect(manifest.contains("navigation/NavigationContract+MessageData.swift") && manifest.contains("sidebar/SidebarContract+MessageData.swift"))
        // One Swift module, one runtime: the first contract's.
        #expect(manager.fileExists(atPath: directory.appendingPathComponent("gen/navigation/NavigationContract+TabgenRuntime.swift").path))
        #expect(!manifest.contains("sidebar/SidebarContract+TabgenRuntime.swift"))
        #expect(!manager.fileExists(atPath: directory.appendingPathComponent("gen/navigation/.tabgen-manifest").path))
        #expect(try CLI.run(["check"], in: directory).status == 0)

        // Remove a contract: check reports its files, emit deletes them, check is green again.
        try manager.removeItem(at: folder.appendingPathComponent("sidebar.json"))
        let stale = try CLI.run(["check"], in: directory)
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("gen/sidebar/SidebarContract+MessageData.swift is no longer generated (emit removes it)"), "\(stale.stdout)")
        #expect(try CLI.run(["emit"], in: directory).status == 0)
        #expect(!manager.fileExists(atPath: directory.appendingPathComponent("gen/sidebar/SidebarContract+MessageData.swift").path))
        #expect(manager.fileExists(atPath: directory.appendingPathComponent("gen/navigation/NavigationContract+MessageData.swift").path))
        #expect(try CLI.run(["check"], in: directory).status == 0)
    }

    /// The navigation, menu and form contracts emitted by one config into one Kotlin output
    /// share one runtime (the first contract's, with the parts any contract uses, in the base
    /// package) and compile together (kotlinc, warnings as errors, explicit API mode).
    @Test func severalContractsShareOneKotlinRuntime() throws {
        let directory = try emittedThreeContracts(config: "version: 1\ncontracts: contracts\noutputs:\n  - lang: kotlin\n    out: gen\n    options:\n      package: com.example.app\n      tests: false\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let gen = directory.appendingPathComponent("gen")
        let files = files(below: gen).filter { $0.hasSuffix(".kt") }
        let runtimes = files.filter { $0.hasSuffix("/TabgenRuntime.kt") }
        #expect(runtimes == ["form/src/main/kotlin/com/example/app/TabgenRuntime.kt"], "\(files)")
        // The parts any contract uses, whatever the first one (form) uses: menu's Double
        // serializer too; and no part none of them uses (timestamps: it had every part).
        let runtime = try String(contentsOf: gen.appendingPathComponent(runtimes[0]), encoding: .utf8)
        #expect(runtime.contains("public object TabgenDoubleSerializer"))
        #expect(!runtime.contains("class TabgenTimestamp"))
        let menu = try String(contentsOf: gen.appendingPathComponent("menu/src/main/kotlin/com/example/app/menu/MenuData.kt"), encoding: .utf8)
        #expect(menu.contains("import com.example.app.*"), "\(menu.prefix(600))")
        #expect(try CLI.run(["check"], in: directory).status == 0)
        let kotlinc = ContractsCommandTests.root.appendingPathComponent("Tests/Kotlin/kotlinc").path
        let compile = try PathAccessorsCompileTests.run(kotlinc, ["-Xexplicit-api=strict", "-d", "out"] + files, in: gen)
        #expect(compile.status == 0, "\(compile.stdout)\(compile.stderr)")
    }

    /// Issue 25: each TypeScript module carried its own copy of the runtime. One output of
    /// three contracts now holds one runtime module (as the first contract writes it, with
    /// the parts any contract uses) that every module imports, and `check` covers it like
    /// any generated file.
    @Test(arguments: ["typescript", "javascript"]) func severalContractsShareOneTypeScriptRuntime(flavor: String) throws {
        let directory = try emittedThreeContracts(config: "version: 1\ncontracts: contracts\noutputs:\n  - lang: typescript\n    out: web\n    options:\n      flavor: \(flavor)\n      tests: false\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let web = directory.appendingPathComponent("web")
        let ext = flavor == "typescript" ? "ts" : "js"
        let files = try FileManager.default.contentsOfDirectory(atPath: web.path).filter { $0.hasSuffix("." + ext) }.sorted()
        #expect(files == ["form.\(ext)", "menu.\(ext)", "navigation_controller.\(ext)", "tabgen_runtime.\(ext)"], "\(files)")
        let specifier = flavor == "typescript" ? "./tabgen_runtime.js" : "controllers/bridge/tabgen_runtime"
        for module in files where module != "tabgen_runtime.\(ext)" {
            let source = try String(contentsOf: web.appendingPathComponent(module), encoding: .utf8)
            #expect(source.contains("from \"\(specifier)\""), "\(module)")
            #expect(!source.contains("function readJSON("), "\(module) carries a runtime of its own")
        }
        // The parts any contract uses, whatever the first one (form) uses: navigation's
        // relative references too; and no part none of them uses (timestamps: it had every
        // part, sent to every browser).
        let runtime = try String(contentsOf: web.appendingPathComponent("tabgen_runtime.\(ext)"), encoding: .utf8)
        #expect(runtime.contains("function relativeReferenceProblem("))
        #expect(!runtime.contains("function isTimestamp("))
        #expect(try CLI.run(["check"], in: directory).status == 0)
        // The runtime is a generated file like any other: check names it when stale or missing.
        try Data((runtime + "// edited\n").utf8).write(to: web.appendingPathComponent("tabgen_runtime.\(ext)"))
        let stale = try CLI.run(["check"], in: directory)
        #expect(stale.status == 1 && (stale.stdout + stale.stderr).contains("tabgen_runtime.\(ext)"), "\(stale.stdout)\(stale.stderr)")
        try FileManager.default.removeItem(at: web.appendingPathComponent("tabgen_runtime.\(ext)"))
        let missing = try CLI.run(["check"], in: directory)
        #expect(missing.status == 1 && (missing.stdout + missing.stderr).contains("tabgen_runtime.\(ext)"), "\(missing.stdout)\(missing.stderr)")
    }

    /// The navigation, menu and form contracts emitted by one config into one Swift output
    /// compile as one module (Swift 6, warnings as errors): one runtime, no file name twice,
    /// each contract's types in its namespace.
    @Test func severalContractsCompileAsOneSwiftModule() throws {
        let directory = try emittedThreeContracts(config: "version: 1\ncontracts: contracts\noutputs:\n  - lang: swift\n    out: gen\n    options:\n      tests: false\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let gen = directory.appendingPathComponent("gen")
        let files = files(below: gen).filter { $0.hasSuffix(".swift") }
        let names = files.map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(Set(names).count == names.count, "\(files)")
        #expect(names.filter { $0.hasSuffix("TabgenRuntime.swift") }.count == 1, "\(files)")
        try Data(#"""
        let menu = MenuContract.MenuData(title: "Actions", items: [MenuContract.Item(title: "Edit", index: 0)])
        let form = FormContract.FormData(submitTitle: "Save")
        print(menu.items.count + form.submitTitle.count, MenuContract.Selection(selectedIndex: 1).selectedIndex)
        """#.utf8).write(to: gen.appendingPathComponent("main.swift"))
        let compile = try PathAccessorsCompileTests.run("swiftc", ["-swift-version", "6", "-warnings-as-errors", "-module-name", "App"] + files + ["main.swift", "-o", "prog"], in: gen)
        #expect(compile.status == 0, "\(compile.stderr)")
        let run = try PathAccessorsCompileTests.run(gen.appendingPathComponent("prog").path, [], in: gen)
        #expect(run.stdout == "5 1\n", "\(run.stdout)\(run.stderr)")
    }

    /// Issue 26: an app module imports SwiftUI, whose `Form`, `Menu` and `Button` the
    /// contracts' namespaces shadowed (`enum Menu` at the top level of the module, which
    /// wins over an imported type): `Menu("Actions") { ... }` no longer compiled. A stand-in
    /// module declares the three as SwiftUI does (generic views built from `@ViewBuilder`
    /// closures, titled initializers where the label is `Text`); the generated code of the
    /// menu, form and a `button` contract, with every base, is compiled into one module
    /// with code that uses both.
    @Test(arguments: [
        (options: "", menu: "MenuContract", form: "FormContract", button: "ButtonContract"),
        (options: "      namespace: App\n", menu: "AppMenu", form: "AppForm", button: "AppButton"),
    ])
    func contractNamespacesDoNotShadowSwiftUI(options: String, menu: String, form: String, button: String) throws {
        let directory = try threeContracts(config: "version: 1\ncontracts: contracts\noutputs:\n  - lang: swift\n    out: gen\n    options:\n      tests: false\n" + options)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.buttonContract.utf8).write(to: directory.appendingPathComponent("contracts/button.json"))
        try CLI.emit(in: directory)
        let gen = directory.appendingPathComponent("gen")
        let files = files(below: gen).filter { $0.hasSuffix(".swift") }
        #expect(files.contains("menu/\(menu)+MenuData.swift") && files.contains("button/\(button)+ButtonData.swift"), "\(files)")
        try Data(Self.swiftUIStandIn.utf8).write(to: gen.appendingPathComponent("SwiftUIStandIn.swift"))
        let module = try PathAccessorsCompileTests.run("swiftc", ["-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", "SwiftUIStandIn",
                                                                  "SwiftUIStandIn.swift", "-emit-module-path", "SwiftUIStandIn.swiftmodule"], in: gen)
        #expect(module.status == 0, "\(module.stderr)")
        try Data("""
        import SwiftUIStandIn

        @MainActor func settings() -> some View {
            Form {
                Menu("Actions") {
                    Button("Edit") {}
                }
            }
        }

        func payloads() -> Int {
            let menu = \(menu).MenuData(title: "Actions", items: [\(menu).Item(title: "Edit", index: 0)])
            let form = \(form).FormData(submitTitle: "Save")
            let button = \(button).ButtonData(title: "Share")
            return menu.items.count + form.submitTitle.count + button.title.count
        }

        """.utf8).write(to: gen.appendingPathComponent("Screen.swift"))
        let compile = try PathAccessorsCompileTests.run("swiftc", ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                                                                   "-module-name", "App", "-I", "."] + files + ["Screen.swift"], in: gen)
        #expect(compile.status == 0, "\(compile.stderr.prefix(3000))")
    }

    /// The guides' `button` component: the page sends a title, the app replies on a tap.
    static let buttonContract = #"""
    {"metadata": {"description": "A native button.", "tabgen": {"contract": {"component": "button", "stimulusIdentifier": "button", "events": [
      {"name": "connect", "direction": "webToNative", "data": "ButtonData", "description": "Show the button."}]}}},
     "definitions": {"ButtonData": {"metadata": {"description": "The button."},
       "properties": {"title": {"type": "string", "metadata": {"description": "Its title."}}}, "additionalProperties": true}}}
    """#

    /// `Form`, `Menu` and `Button` declared as SwiftUI declares them (generic over their
    /// content and label, with `@ViewBuilder` initializers; SwiftUI is not on Linux).
    static let swiftUIStandIn = """
    public protocol View {}

    public struct Text: View {
        public init(_ content: String) {}
    }

    @resultBuilder public enum ViewBuilder {
        public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    }

    public struct Form<Content: View>: View {
        public init(@ViewBuilder content: () -> Content) {}
    }

    public struct Menu<Label: View, Content: View>: View {
        public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
    }

    extension Menu where Label == Text {
        public init(_ titleKey: String, @ViewBuilder content: () -> Content) {}
    }

    public struct Button<Label: View>: View {
        public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    }

    extension Button where Label == Text {
        public init(_ titleKey: String, action: @escaping @MainActor () -> Void) {}
    }

    """

    /// A project with the navigation, menu and form contracts and `config` as tabgen.yml.
    func threeContracts(config: String) throws -> URL {
        try ContractsCommandTests.project(ContractsCommandTests.menuFormNavigation, config: config)
    }

    /// `threeContracts(config:)` after an emit, which must succeed.
    func emittedThreeContracts(config: String) throws -> URL {
        let directory = try threeContracts(config: config)
        try CLI.emit(in: directory)
        return directory
    }

    /// Every file below `directory`, relative to it, the manifest left out.
    func files(below directory: URL) -> [String] {
        (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue && !$0.hasSuffix(".tabgen-manifest")
        }.sorted()
    }

    /// An importmap app loads `app/javascript/controllers` as `controllers/...`, and
    /// stimulus-loading's eagerLoadControllersFrom registers each `*_controller.js` below it
    /// as its path without `_controller`, `/` -> `--`, `_` -> `-`: each contract's controller
    /// must then be the identifier its pages use, and every import of a base must be a file.
    @Test func javaScriptContractsLandWhereImportmapAndStimulusLoadThem() throws {
        let directory = try threeContracts(config: """
            version: 1
            contracts: contracts
            outputs:
              - lang: typescript
                out: app/javascript/controllers/bridge
                options:
                  flavor: javascript
                  bridgeComponent: true

            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLI.emit(in: directory)
        let javascript = directory.appendingPathComponent("app/javascript")
        let files = files(below: javascript).filter { $0.hasSuffix(".js") }
        #expect(files.contains("controllers/bridge/navigation_controller.js"), "\(files)")
        let registered = files.filter { $0.hasSuffix("_controller.js") }.map {
            String($0.dropFirst("controllers/".count).dropLast("_controller.js".count))
                .replacingOccurrences(of: "/", with: "--").replacingOccurrences(of: "_", with: "-")
        }
        // navigation's base is its controller; menu's and form's are extended by the app's own.
        #expect(registered == ["bridge--navigation"], "\(files)")
        var imports = 0
        for file in files {
            let text = try String(contentsOf: javascript.appendingPathComponent(file), encoding: .utf8)
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().relativePath
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.contains("await import(") {
                guard let from = line.split(separator: "\"").dropFirst().first.map(String.init), !from.hasPrefix("node:"), !from.hasPrefix("@hotwired/") else { continue }
                // importmap's pin_all_from "app/javascript/controllers", under: "controllers"; or relative to the file.
                let target = from.hasPrefix("./") ? folder + "/" + from.dropFirst(2) : from + ".js"
                #expect(files.contains(target), "\(file) imports \(from): \(files)")
                imports += 1
            }
        }
        #expect(imports >= 5, "each base imports its module, each test its module")
    }

    /// Issue 26: with `contracts:`, each contract's namespace is its component's, so an
    /// output's own `namespace` (Ruby: `module`) was silently ignored in Kotlin, TypeScript
    /// and Ruby (Swift starts each contract's namespace with it). It is refused, naming the
    /// option and the language, before anything is written.
    @Test(arguments: [("kotlin", "namespace", "form: form"), ("typescript", "namespace", "form: form"),
                      ("ruby", "namespace", "form: Form"), ("ruby", "module", "form: Form")])
    func anOutputsNamespaceIsRefusedWhereEachContractHasItsOwn(language: String, option: String, example: String) throws {
        let directory = try threeContracts(config: """
            version: 1
            contracts: contracts
            outputs:
              - lang: swift
                out: ios
                options:
                  namespace: App
              - lang: \(language)
                out: gen
                options:
                  \(option): Shared

            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["emit"], in: directory)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("the \(language) output gen sets the option \(option), but with contracts: each contract's \(option) is its component's (\(example))"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("gen").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("ios").path))
        // Swift's namespace starts each contract's: accepted.
        let swift = try threeContracts(config: "version: 1\ncontracts: contracts\noutputs:\n  - lang: swift\n    out: ios\n    options:\n      namespace: App\n")
        defer { try? FileManager.default.removeItem(at: swift) }
        #expect(try CLI.run(["emit"], in: swift).status == 0)
    }

    /// Issue 26: components named like a language's own names. With `contracts:` each
    /// contract's namespace came from a rule of its own, not `--schema`'s: `string` gave the
    /// Ruby module `String` and `object` the Kotlin package `object` (a keyword), both
    /// refused, so emit failed (exit 2) where `--schema` picks `StringBridge` and `object_`.
    @Test func componentsNamedLikeALanguagesOwnNamesGetTheirSchemaNamespaces() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("contracts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let menu = try String(contentsOfFile: ContractsCommandTests.menu, encoding: .utf8)
        for name in ["string", "object"] {
            try Data(menu.replacingOccurrences(of: #""component": "menu""#, with: "\"component\": \"\(name)\"")
                .replacingOccurrences(of: #""stimulusIdentifier": "bridge--menu""#, with: "\"stimulusIdentifier\": \"bridge--\(name)\"").utf8)
                .write(to: folder.appendingPathComponent("\(name).json"))
        }
        try Data("version: 1\ncontracts: contracts\noutputs:\n  - lang: kotlin\n    out: android\n  - lang: ruby\n    out: rails\n".utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        try CLI.emit(in: directory)
        for name in ["string", "object"] {
            let alone = directory.appendingPathComponent("alone-\(name)")
            let schema = folder.appendingPathComponent("\(name).json").path
            for lang in ["kotlin", "ruby"] {
                try CLI.emit(["--schema", schema, "--lang", lang, "--out", alone.appendingPathComponent(lang).path], in: directory)
            }
            // The same module and package as the contract emitted alone.
            let aloneRuby = files(below: alone.appendingPathComponent("ruby")).filter { $0.hasPrefix("app/models/") }
            #expect(!aloneRuby.isEmpty && Set(aloneRuby).isSubset(of: files(below: directory.appendingPathComponent("rails"))), "\(aloneRuby)")
            let aloneKotlin = files(below: alone.appendingPathComponent("kotlin")).filter { $0.hasSuffix("MenuData.kt") }
            #expect(aloneKotlin.count == 1 && files(below: directory.appendingPathComponent("android/\(name)")).contains(aloneKotlin[0]), "\(aloneKotlin)")
        }
        let ruby = try String(contentsOf: directory.appendingPathComponent("rails/app/models/string_bridge/menu_data.rb"), encoding: .utf8)
        #expect(ruby.contains("module StringBridge"))
        let kotlin = files(below: directory.appendingPathComponent("android/object")).filter { $0.hasSuffix("MenuData.kt") }
        #expect(try kotlin.map { try String(contentsOf: directory.appendingPathComponent("android/object/\($0)"), encoding: .utf8) }
            .allSatisfy { $0.contains("package tabgen.generated.object_\n") }, "\(kotlin)")
    }

    /// Two contracts whose files would share a name in one directory are refused before
    /// anything is written (a one-event copy of navigation has navigation's fixture names).
    @Test func twoContractsWritingOneFileAreRefusedBeforeWriting() throws {
        let directory = try threeContracts(config: "version: 1\ncontracts: contracts\noutputs:\n  - lang: typescript\n    out: js\n  - lang: ruby\n    out: rails\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(ContractsCommandTests.sidebar().utf8).write(to: directory.appendingPathComponent("contracts/sidebar.json"))
        let result = try CLI.run(["emit"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("typescript: js: contracts navigation and sidebar both generate fixtures/MessageData.fixtures.json"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("js").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("rails").path))
    }

    @Test func aComponentThatIsNotAFolderNameIsRefusedBeforeWriting() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let navigation = try String(contentsOfFile: ContractsCommandTests.navigation, encoding: .utf8)
        try Data(navigation.replacingOccurrences(of: #""component": "navigation""#, with: #""component": "../x""#).utf8)
            .write(to: directory.appendingPathComponent("odd.json"))
        try Data("version: 1\ncontracts: [odd.json]\noutputs:\n  - lang: swift\n    out: gen\n".utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        let result = try CLI.run(["emit"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("odd.json: component \"../x\" names the folder"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("gen").path))
    }
}

/// diff on two versions of a contract that lists events: event by event, each change
/// classified in its event's direction.
struct ContractsDiffTests {
    static func fixture(_ name: String, _ side: String) -> String {
        ContractsCommandTests.root.appendingPathComponent("Tests/EvolutionTests/DiffFixtures/\(name)/\(side).json").path
    }

    @Test func aTightenedReplyBreaksTheOtherSideFromATightenedEvent() throws {
        let reply = try CLI.run(["diff", Self.fixture("events-reply-property-made-required", "old"), Self.fixture("events-reply-property-made-required", "new")])
        #expect(reply.status == 1)
        #expect(reply.stdout.contains(#"reply "selected" (native to web, to "display"): property "title" became required — old clients: BREAKING (new pages read an old app's reply"#), "\(reply.stdout)")
        #expect(reply.stderr.contains("1 breaks old clients"))
        let event = try CLI.run(["diff", Self.fixture("events-web-property-made-required", "old"), Self.fixture("events-web-property-made-required", "new")])
        #expect(event.status == 1)
        #expect(event.stdout.contains(#"event "display" (web to native): property "subtitle" became required — old clients: safe"#), "\(event.stdout)")
        #expect(event.stderr.contains("1 breaks new clients"))
        // The policy applies per direction as before.
        #expect(try CLI.run(["diff", "--allow", "old-clients", Self.fixture("events-reply-property-made-required", "old"), Self.fixture("events-reply-property-made-required", "new")]).status == 0)
    }

    @Test func anAddedEventIsReportedAndTheExampleMenuIsUnchangedAgainstItself() throws {
        let added = try CLI.run(["diff", "--format", "json", Self.fixture("events-web-event-added", "old"), Self.fixture("events-web-event-added", "new")])
        #expect(added.status == 1)
        #expect(added.stdout.contains(#""code":"D063""#), "\(added.stdout)")
        let same = try CLI.run(["diff", ContractsCommandTests.menu, ContractsCommandTests.menu])
        #expect(same.status == 0 && same.stdout.isEmpty, "\(same.stdout)")
    }

    @Test func withSeveralContractsDiffNeedsNew() throws {
        let directory = try ContractsCommandTests().project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["diff", "contracts/menu.json"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("give NEW: tabgen.yml lists 3 contracts"), "\(result.stderr)")
    }
}

/// The conformance suite of one event's data, for contracts that list events.
struct ContractsConformanceTests {
    @Test func theSuiteOfAReplyIsDerivedFromItsData() throws {
        let result = try CLI.run(["conformance", "--schema", ContractsCommandTests.menu, "--event", "selected", "--count", "20"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        #expect(lines.count > 20)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"id":"menu.selected/"#) })
        // The minimal fixture is a Selection, and some case is missing its one member.
        #expect(lines.first?.contains(#"\"selectedIndex\""#) == true, "\(lines.first ?? "")")
        #expect(lines.contains { $0.contains(#"TG012"#) && $0.contains("selectedIndex") })
        let unknown = try CLI.run(["conformance", "--schema", ContractsCommandTests.menu, "--event", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("menu has no event \"nope\" (events: display, selected)"))
    }
}
