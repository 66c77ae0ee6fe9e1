import Foundation
import Testing

/// Issue 26 item 3, the Ruby side of `fromElement`: a contract whose event reads every field
/// from an attribute of the controller's element (the guides' button, the demo's overflow
/// menu) gets a ViewComponent that renders each field into that attribute
/// (`data-bridge-title`), not a JSON value. `tabgen emit` writes it for contracts/demo's
/// button and overflow-menu; its generated Minitest passes (Tests/Ruby's view_component
/// double, Debian's ActionView and Nokogiri); and a page the components render passes
/// `tabgen validate --html`, which reads the data as the bridge does, while the same page
/// without the attribute fails where the element is.
struct RubyElementComponentTests {
    static let root = PathAccessorsCompileTests.root

    /// What Rails would autoload from the app, for the generated tests and the page.
    static let loader = """
        require 'json'
        require 'nokogiri'
        require '\(root.appendingPathComponent("Tests/Ruby/doubles/view_component.rb").path)'
        APP = File.expand_path('../app', __dir__)
        require File.join(APP, 'models/tabgen_runtime.rb')
        Dir[File.join(APP, 'models/*/contract.rb')].sort.each { |file| require file }
        Dir[File.join(APP, 'models/**/*.rb')].sort.each { |file| require file }
        Dir[File.join(APP, 'components/**/*.rb')].sort.each { |file| require file }

        """

    static let render = """
        require_relative 'loader'
        view = ActionView::Base.empty
        button = view.render(Button::ConnectComponent.new({ 'title' => 'Share "this" <now>' }, tag: :a, href: '/share')) { 'Share' }
        overflow = view.render(OverflowMenu::ConnectComponent.new({ label: ' More ' }, tag: :button, type: 'button')) { 'Open the menu' }
        File.write(ARGV.fetch(0), "<!DOCTYPE html>\\n<html>\\n<head><title>t</title></head>\\n<body>\\n#{button}\\n#{overflow}\\n</body>\\n</html>\\n")

        """

    @Test func buttonAndOverflowMenuComponentsRenderAPageThatValidates() throws {
        let contracts = ["button", "overflow-menu"].map { ("\($0).json", Self.root.appendingPathComponent("contracts/demo/\($0).json").path) }
        let directory = try ContractsCommandTests.project(contracts, config: "version: 1\ncontracts: contracts\noutputs:\n  - lang: ruby\n    out: app\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let manager = FileManager.default
        let emit = try CLI.run(["emit"], in: directory)
        #expect(emit.status == 0, "\(emit.stderr)")
        let app = directory.appendingPathComponent("app")
        let component = try String(contentsOf: app.appendingPathComponent("app/components/button/connect_component.rb"), encoding: .utf8)
        #expect(component.contains(#"field_attributes: { "title" => "data-bridge-title" },"#), "\(component)")
        #expect(!component.contains("value_attribute"), "\(component)")

        // The generated Minitest of both components, as Rails runs it (test_helper: the loader).
        let support = app.appendingPathComponent("support")
        try manager.createDirectory(at: support, withIntermediateDirectories: true)
        try Data(Self.loader.utf8).write(to: support.appendingPathComponent("loader.rb"))
        try Data("require 'minitest/autorun'\nrequire_relative 'loader'\n".utf8).write(to: support.appendingPathComponent("test_helper.rb"))
        let tests = ["test/contracts/button_test.rb", "test/contracts/overflow_menu_test.rb"]
        let minitest = try PathAccessorsCompileTests.run("ruby", ["-Isupport", "-e", "ARGV.each { |file| require File.expand_path(file) }"] + tests, in: app)
        #expect(minitest.status == 0, "\(minitest.stdout)\(minitest.stderr)")
        #expect(minitest.stdout.contains(" 0 failures, 0 errors, 0 skips") && !minitest.stdout.contains("\n0 runs"), "\(minitest.stdout)")

        // A page the components render: each field in its attribute, HTML-escaped.
        try Data(Self.render.utf8).write(to: support.appendingPathComponent("render.rb"))
        let page = directory.appendingPathComponent("page.html")
        let rendered = try PathAccessorsCompileTests.run("ruby", ["support/render.rb", page.path], in: app)
        #expect(rendered.status == 0, "\(rendered.stdout)\(rendered.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains(#"<a data-controller="button" data-bridge-title="Share &quot;this&quot; &lt;now&gt;" href="/share">Share</a>"#), "\(html)")
        #expect(html.contains(#"<button data-controller="bridge--overflow-menu" data-bridge-title=" More " type="button">Open the menu</button>"#), "\(html)")
        let valid = try CLI.run(["validate", "--html", "page.html"], in: directory)
        #expect(valid.status == 0 && valid.stdout.isEmpty, "\(valid.stdout)\(valid.stderr)")
        #expect(valid.stderr.contains("checked 1 page: 1 valid, 0 invalid (0 errors, 0 warnings)"), "\(valid.stderr)")

        // Without the attribute the button sends null: the title is missing where the element is.
        let tampered = html.replacingOccurrences(of: #" data-bridge-title="Share &quot;this&quot; &lt;now&gt;""#, with: "")
        #expect(tampered != html)
        try Data(tampered.utf8).write(to: directory.appendingPathComponent("tampered.html"))
        let invalid = try CLI.run(["validate", "--html", "tampered.html"], in: directory)
        #expect(invalid.status == 1, "\(invalid.stdout)\(invalid.stderr)")
        #expect(invalid.stdout.hasPrefix("tampered.html:5:1: error[TG012] button.connect "), "\(invalid.stdout)")
    }
}
