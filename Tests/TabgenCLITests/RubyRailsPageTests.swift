import Foundation
import Testing

/// The menu and form ViewComponents in a real Rails 6.1 app (Debian's railties; the
/// view_component gem is the double of Tests/Ruby/doubles): `tabgen emit` writes the Ruby
/// of contracts/menu.json and contracts/form.json, as a project's tabgen.yml lists them,
/// into the app's root,
/// Tests/Ruby/rails renders both components on one page through routing, a controller and
/// ActionView (test/page_test.rb checks the HTML and that invalid menu data raises), and
/// `tabgen validate --html` checks that page against both contracts: it passes, and a
/// tampered copy fails with each contract's code.
struct RubyRailsPageTests {
    static let rails = PathAccessorsCompileTests.root.appendingPathComponent("Tests/Ruby/rails")
    static let double = PathAccessorsCompileTests.root.appendingPathComponent("Tests/Ruby/doubles/view_component.rb")

    @Test func menuAndFormComponentsRenderAPageThatValidates() throws {
        let contracts = ["menu", "form"].map { ("\($0).json", PathAccessorsCompileTests.root.appendingPathComponent("contracts/\($0).json").path) }
        let directory = try ContractsCommandTests.project(contracts, config: "version: 1\ncontracts: contracts\noutputs:\n  - lang: ruby\n    out: app\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let manager = FileManager.default
        // One app: its own files and the double, then the Ruby output at its root, where
        // Zeitwerk autoloads app/ (the app eager-loads, so every file must define the
        // constant its path names).
        let app = directory.appendingPathComponent("app")
        try Self.copyTree(Self.rails, into: app)
        try manager.createDirectory(at: app.appendingPathComponent("doubles"), withIntermediateDirectories: true)
        try manager.copyItem(at: Self.double, to: app.appendingPathComponent("doubles/view_component.rb"))
        let emit = try CLI.run(["emit"], in: directory)
        #expect(emit.status == 0, "\(emit.stderr)")
        for path in ["app/components/menu/display_component.rb", "app/components/form/connect_component.rb"] {
            #expect(manager.fileExists(atPath: app.appendingPathComponent(path).path), "\(path) not emitted")
        }
        // One tree for both contracts: Ruby where Rails autoloads it (app/) or runs tests (test/).
        let manifest = try String(contentsOf: app.appendingPathComponent(".tabgen-manifest"), encoding: .utf8)
        let emitted = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "\t").first.map(String.init) }
        #expect(emitted.count > 10, "\(manifest)")
        let misplaced = emitted.filter { ($0.hasSuffix(".rb") || $0.hasSuffix(".erb")) && !$0.hasPrefix("app/") && !$0.hasPrefix("test/") }
        #expect(misplaced.isEmpty, "\(misplaced)")
        // One runtime for the app, which both contracts' Contract modules extend; each
        // contract.rb holds only its schema and rules.
        #expect(emitted.filter { $0.hasSuffix("runtime.rb") } == ["app/models/tabgen_runtime.rb"], "\(emitted)")
        // And one test support, whose modules every contract's tests use: each requires it
        // by its path from its own folder.
        #expect(emitted.filter { $0.hasSuffix("support.rb") } == ["test/tabgen_test_support.rb"], "\(emitted)")
        let support = app.appendingPathComponent("test/tabgen_test_support.rb").standardizedFileURL
        let tests = emitted.filter { $0.hasSuffix("_test.rb") }
        #expect(tests.sorted() == ["test/contracts/form_test.rb", "test/contracts/menu_test.rb"], "\(emitted)")  // one per contract
        for test in tests {
            let url = app.appendingPathComponent(test)
            let text = try String(contentsOf: url, encoding: .utf8)
            let required = text.components(separatedBy: "require_relative \"").dropFirst().first?.components(separatedBy: "\"").first
            #expect(required.map { url.deletingLastPathComponent().appendingPathComponent($0 + ".rb").standardizedFileURL } == support, "\(test): \(text)")
        }
        // And one user agent helper (tabgen_bridge_component_supported?), which test/page_test.rb
        // drives with the libraries' user agents.
        #expect(emitted.filter { $0.hasPrefix("app/helpers/") } == ["app/helpers/tabgen_bridge_helper.rb"], "\(emitted)")
        for contract in ["menu", "form"] {
            let text = try String(contentsOf: app.appendingPathComponent("app/models/\(contract)/contract.rb"), encoding: .utf8)
            #expect(text.contains("extend TabgenRuntime") && !text.contains("def "), "\(contract)/contract.rb: \(text.prefix(2000))")
        }

        let rails = try PathAccessorsCompileTests.run("ruby", ["test/page_test.rb"], in: app)
        #expect(rails.status == 0, "\(rails.stdout)\(rails.stderr)")
        #expect(rails.stdout.contains("5 runs, ") && rails.stdout.contains(" 0 failures, 0 errors, 0 skips"), "\(rails.stdout)")
        let page = try String(contentsOf: app.appendingPathComponent("tmp/page.html"), encoding: .utf8)
        // The exact JSON of each event's data, HTML-escaped into its value attribute.
        #expect(page.contains(#"<div data-controller="bridge--menu" data-bridge--menu-display-value="{&quot;title&quot;:&quot;Actions&quot;,&quot;items&quot;:[{&quot;title&quot;:&quot;Edit&quot;,&quot;index&quot;:0},{&quot;title&quot;:&quot;Delete \&quot;all\&quot;&quot;,&quot;index&quot;:1}]}" class="menu">"#), "\(page)")
        #expect(page.contains(#"<form data-controller="bridge--form" data-bridge--form-connect-value="{&quot;submitTitle&quot;:&quot;Save &lt;draft&gt;&quot;}" action="/save" method="post">"#), "\(page)")

        try Data(page.utf8).write(to: directory.appendingPathComponent("page.html"))
        let valid = try CLI.run(["validate", "--html", "page.html"], in: directory)
        #expect(valid.status == 0 && valid.stdout.isEmpty, "\(valid.stdout)\(valid.stderr)")
        #expect(valid.stderr.contains("checked 1 page: 1 valid, 0 invalid (0 errors, 0 warnings)"), "\(valid.stderr)")

        // Tampered after rendering: two items of one index (the menu's rule), a number for the title.
        let tampered = page.replacingOccurrences(of: "&quot;index&quot;:1", with: "&quot;index&quot;:0")
            .replacingOccurrences(of: "&quot;submitTitle&quot;:&quot;Save &lt;draft&gt;&quot;", with: "&quot;submitTitle&quot;:7")
        #expect(tampered != page)
        try Data(tampered.utf8).write(to: directory.appendingPathComponent("tampered.html"))
        let invalid = try CLI.run(["validate", "--html", "tampered.html"], in: directory)
        #expect(invalid.status == 1, "\(invalid.stdout)\(invalid.stderr)")
        let findings = invalid.stdoutLines.map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? $0 }
        #expect(findings == [
            "error[MN101] menu.display /items/1/index: two items have the same index: 0 is also at /items/0/index",
            "error[TG010] form.connect /submitTitle: expected a string, found number 7",
        ], "\(invalid.stdout)")
    }

    /// `cp -R source/. destination/`: merges directories, fails on a file both have.
    static func copyTree(_ source: URL, into destination: URL) throws {
        let manager = FileManager.default
        guard let paths = manager.enumerator(atPath: source.path)?.allObjects as? [String] else { return }
        for path in paths.sorted() {
            let from = source.appendingPathComponent(path)
            let to = destination.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: from.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                try manager.createDirectory(at: to, withIntermediateDirectories: true)
            } else {
                try manager.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
                try manager.copyItem(at: from, to: to)
            }
        }
    }
}
