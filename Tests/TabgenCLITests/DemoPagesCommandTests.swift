import Foundation
import Testing
import TestSupport

/// Issue 26: the Hotwire Native demo's bridge components (contracts/demo: form, menu,
/// overflow-menu and the guides' button) read their data from the page's DOM
/// (`fromElement`); `validate --html` judges pages as the bridge reads them. The pages in
/// Payloads/demo-pages are minimal renderings of the demo's views/bridge-*.ejs and of the
/// guides' button markup.
struct DemoPagesCommandTests {
    static let root = CLI.packageRoot
    static let pages = ["form.html", "menu.html", "overflow.html", "button.html"]

    /// A project with the four demo contracts and the demo pages, `edit`ed.
    func project(_ edit: (inout [String: String]) -> Void = { _ in }) throws -> URL {
        let directory = try temporaryDirectory()
        for name in ["form", "menu", "overflow-menu", "button"] {
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent("contracts/demo/\(name).json"),
                                             to: directory.appendingPathComponent("\(name).json"))
        }
        try Data("version: 1\ncontracts: [form.json, menu.json, overflow-menu.json, button.json]\n".utf8)
            .write(to: directory.appendingPathComponent("tabgen.yml"))
        var pages: [String: String] = [:]
        for page in Self.pages {
            pages[page] = try String(contentsOfFile: CLI.payload("demo-pages/\(page)"), encoding: .utf8)
        }
        edit(&pages)
        for (name, text) in pages { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    func validate(_ directory: URL, _ pages: [String] = pages) throws -> CLIResult {
        try CLI.run(["validate", "--html"] + pages, in: directory)
    }

    @Test func theDemoPagesPass() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try validate(directory)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("checked 4 pages: 4 valid, 0 invalid (0 errors, 0 warnings)"))
    }

    /// The guides' button without data-bridge-title sends `{title: null}`, which both apps drop.
    @Test func aMissingTitleAttributeIsFoundAtTheElement() throws {
        let directory = try project { $0["button.html"] = $0["button.html"]?.replacingOccurrences(of: #" data-bridge-title="Profile""#, with: "") }
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try validate(directory, ["button.html"])
        #expect(result.status == 1)
        #expect(result.stdoutLines == [#"button.html:4:1: error[TG012] button.connect (root): missing required property "title" (<a> at 4:1 has no data-bridge-title)"#])
    }

    /// bridgeAttribute("title") is not trimmed: a blank title reaches the apps, which show a
    /// button without a label (the contract's nonEmpty rule, a warning).
    @Test func aBlankButtonTitleIsAWarning() throws {
        let directory = try project { $0["button.html"] = $0["button.html"]?.replacingOccurrences(of: #" data-bridge-title="Profile""#, with: #" data-bridge-title=" &#x3000;""#) }
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try validate(directory, ["button.html"])
        #expect(result.status == 0)
        #expect(result.stdoutLines == ["button.html:4:64: warning[BT101] button.connect /title: the button's title \" \u{3000}\" shows as a button without a label: it has only white space (read from data-bridge-title of <a> at 4:1)"], "\(result.stdout)")
    }

    /// BridgeElement.disabled items are not sent; with all of them disabled the menu is empty (MD101).
    @Test func disabledItemsAreLeftOutAndAnEmptyMenuIsFound() throws {
        let disable = { (page: String) in page.replacingOccurrences(of: #"data-bridge--menu-target="item""#, with: #"data-bridge--menu-target="item" data-bridge-disabled="true""#) }
        let directory = try project { $0["overflow.html"] = $0["overflow.html"].map(disable) }
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try validate(directory, ["overflow.html"])
        #expect(result.status == 1)
        #expect(result.stdoutLines == [#"overflow.html:3:1: error[MD101] menu.display /items: the menu has no enabled item: it has 0 entries, fewer than 1 (0 of 2 elements of target "item")"#], "\(result.stdout)")
    }

    /// An element without title, text or value: `BridgeElement.title` throws, nothing is sent.
    @Test func anUntitledTargetIsFoundWhereItIs() throws {
        let directory = try project { $0["menu.html"] = $0["menu.html"]?.replacingOccurrences(of: ">Pick a colour</p>", with: "></p>") }
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try validate(directory, ["menu.html"])
        #expect(result.status == 1)
        #expect(result.stdoutLines == [#"menu.html:6:5: error[TG003] menu.display /title: <p> at 6:5 has no data-bridge-title, aria-label, text or value, so trim() throws and the page sends no display data"#])
    }

    @Test func aMissingTargetIsFoundAtTheController() throws {
        let directory = try project { $0["form.html"] = $0["form.html"]?.replacingOccurrences(of: #"data-bridge--form-target="submit""#, with: #"data-bridge--form-target="sbmit""#) }
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try validate(directory, ["form.html"])
        #expect(result.status == 1)
        #expect(result.stdoutLines == [#"form.html:4:1: error[TG003] form.connect (root): <form> has data-controller="bridge--form" but no element with data-bridge--form-target="submit" in it: Stimulus throws on the submit target, so it sends no connect data"#])
    }

    @Test func anUnknownComponentIsFound() throws {
        let directory = try project { $0["overflow.html"] = $0["overflow.html"]?.replacingOccurrences(of: #"data-controller="bridge--overflow-menu""#, with: #"data-controller="bridge--overflow""#) }
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["validate", "--html", "--strict", "overflow.html"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdoutLines.count == 1)
        #expect(result.stdout.hasPrefix(#"overflow.html:4:3: warning[TG023] (root): data-controller="bridge--overflow" names a bridge component that no contract of the project describes"#))
    }
}
