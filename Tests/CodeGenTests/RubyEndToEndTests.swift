import Foundation
import Schema
import Testing
@testable import CodeGen
import TestSupport

/// The Ruby target against the real toolchain: generates into a temporary directory
/// laid out as a Rails app, adds the view_component double of Tests/Ruby/doubles and a
/// test_helper that stands in for Rails' autoloading, then runs `ruby -wc` on every
/// generated `.rb` and the generated Minitest files (ActionView rendering, Nokogiri)
/// under `ruby -w`, where a warning from a generated file fails the run.
enum RubySupport {
    static let ruby: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for directory in path.split(separator: ":").map(String.init) + ["/usr/bin"] {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("ruby")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static let double = Support.packageRoot.appendingPathComponent("Tests/Ruby/doubles/view_component.rb")
    /// What fails a run on a warning from the app's own files (Tests/Ruby's test_helper requires it too).
    static let warningsFail = Support.packageRoot.appendingPathComponent("Tests/Ruby/support/own_warnings_fail.rb")

    /// The start of a Minitest class `name` of the generated app that reads its cases from
    /// `file` (in the app's root) and says how many it read, as `label cases: N`.
    static func casesTest(_ name: String, file: String, label: String) -> String {
        """
        # frozen_string_literal: true

        require 'test_helper'
        require 'json'

        class \(name) < Minitest::Test
          CASES = JSON.parse(File.read(File.expand_path('../\(file)', __dir__)))
          puts "\(label) cases: #{CASES.length}"

        """
    }

    /// test/test_helper.rb of the generated app: what Rails' test_helper and autoloading do.
    static let testHelper = """
    # frozen_string_literal: true

    # A warning from a generated file fails the run.
    require_relative '../support/own_warnings_fail'
    require 'json'
    require 'minitest/autorun'
    require 'nokogiri'
    require_relative '../doubles/view_component'

    # What Rails autoloads from app/.
    root = File.expand_path('..', __dir__)
    Dir[File.join(root, 'app/models/**/*.rb')].sort.each { |file| require file }
    Dir[File.join(root, 'app/components/**/*.rb')].sort.each { |file| require file }

    """

    /// Adds to the app generated in `root` what its tests load besides it: the view_component
    /// double, the warning check and `testHelper`.
    static func addTestSupport(to root: URL) throws {
        for (source, path) in [(double, "doubles/view_component.rb"), (warningsFail, "support/own_warnings_fail.rb")] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: url)
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("test"), withIntermediateDirectories: true)
        try Data(testHelper.utf8).write(to: root.appendingPathComponent("test/test_helper.rb"))
    }

    /// Runs the app's Minitest files `tests` (paths in `root`) under `ruby -w`.
    static func runTests(_ ruby: URL, _ tests: [String], in root: URL) throws -> Support.ProcessResult {
        try Support.run(ruby, ["-w", "-Itest", "-e", "ARGV.each { |file| require File.expand_path(file) }"] + tests, in: root)
    }

    /// `ruby`, or the failure of a test that needs it.
    static func requireRuby(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(ruby, "ruby not found on PATH (scripts/web-env installs it)", sourceLocation: sourceLocation)
    }

    /// Runs `tests` (see `runTests`) and expects every one of them to pass.
    static func expectTestsPass(_ ruby: URL, _ tests: [String], in root: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try runTests(ruby, tests, in: root)
        #expect(result.status == 0, "\(result.stdout.suffix(4000))\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.contains(" 0 failures, 0 errors, 0 skips"), "\(result.stdout.suffix(2000))", sourceLocation: sourceLocation)
    }

    static func generate(_ document: SchemaDocument, options: [String: String] = [:]) throws -> [GeneratedFile] {
        let target = try TargetRegistry.target(language: "ruby", options: options)
        let header = GenerationHeader(version: "0.0.0-test", schema: document.sourceName, command: "tabgen emit --lang ruby")
        return try Generator(templates: Support.templates).generate(document, target: target, header: header)
    }

    struct Report: Sendable {
        var files: [String] = []
        var syntaxFailures: [String] = []
        var testStatus: Int32 = -1
        var testOutput = ""
    }

    /// Generates, writes, checks every file with `ruby -wc`, runs the generated tests and
    /// `extraFiles` (path -> contents; the `test/*_test.rb` ones run with them).
    static func check(_ document: SchemaDocument, options: [String: String] = [:], extraFiles: [String: String] = [:]) throws -> Report {
        guard let ruby else { throw CodeGenError("ruby not found on PATH (scripts/web-env installs it)") }
        let files = try generate(document, options: options)
        let root = try temporaryDirectory("tabgen-ruby")
        defer { try? FileManager.default.removeItem(at: root) }
        try Support.write(files, to: root)
        try addTestSupport(to: root)
        for (path, contents) in extraFiles {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }

        var report = Report(files: files.map(\.path))
        for file in files where file.path.hasSuffix(".rb") {
            let result = try Support.run(ruby, ["-wc", file.path], in: root)
            if result.status != 0 || result.stdout + result.stderr != "Syntax OK\n" {
                report.syntaxFailures.append("\(file.path): \(result.stdout)\(result.stderr)")
            }
        }
        let tests = (files.map(\.path) + extraFiles.keys.sorted()).filter { $0.hasPrefix("test/") && $0.hasSuffix("_test.rb") }
        let result = try runTests(ruby, tests, in: root)
        report.testStatus = result.status
        report.testOutput = result.stdout + result.stderr
        return report
    }
}

@Suite("Ruby: generated Rails code passes ruby -wc and its Minitest suite")
struct RubyEndToEndTests {
    @Test("the built-in schema: component, value objects, contract, fixtures, Minitest")
    func builtIn() throws {
        let report = try RubySupport.check(try Support.builtIn())
        #expect(Set(report.files).isSuperset(of: [
            "app/components/navigation_component.rb", "app/components/navigation_component.html.erb",
            "app/models/navigation/message_data.rb", "app/models/navigation/tab_data.rb",
            "app/models/navigation/deprecation.rb", "app/models/navigation/contract.rb",
            "app/models/navigation/violation.rb", "fixtures/MessageData.fixtures.json",
            "test/contracts/navigation_test.rb",
        ]), "\(report.files)")
        #expect(report.syntaxFailures.isEmpty, "\(report.syntaxFailures.joined(separator: "\n"))")
        #expect(report.testStatus == 0, "\(report.testOutput)")
        #expect(report.testOutput.contains(" 0 failures, 0 errors, 0 skips"), "\(report.testOutput)")
    }

    @Test("the component renders the contract's controller and value attribute; headers as comments")
    func componentShape() throws {
        let files = try RubySupport.generate(try Support.builtIn())
        let erb = Support.file(files, "app/components/navigation_component.html.erb")
        #expect(erb.hasPrefix("<%# Generated by tabgen 0.0.0-test from schema.json (built in). Do not edit. %>\n"))
        #expect(erb.hasSuffix("\n<%= content_tag(:nav, content, nav_attributes) %>\n"))
        let component = Support.file(files, "app/components/navigation_component.rb")
        #expect(component.hasPrefix("# frozen_string_literal: true\n\n# Generated by tabgen"))
        #expect(component.contains("class NavigationComponent < ViewComponent::Base"))
        #expect(component.contains("  include TabgenRuntime::MessageComponent\n"))
        #expect(component.contains(#"bridge_component "bridge--navigation",\#n                   value_attribute: "data-bridge--navigation-config-value",\#n                   notification: "invalid_message.navigation_component" do"#))
        #expect(component.contains(" do\n    Navigation::MessageData\n  end\n"))
        for file in files where file.path.hasSuffix(".rb") {
            #expect(file.contents.contains("\n# Generated by tabgen 0.0.0-test from schema.json (built in). Do not edit.\n"), "\(file.path)")
        }
    }

    @Test("generation is deterministic")
    func deterministic() throws {
        let document = try Support.builtIn()
        #expect(try RubySupport.generate(document) == RubySupport.generate(document))
    }

    @Test("string literals and comments stay inert")
    func literals() {
        #expect(RubyLiterals.string("it's") == #"'it\'s'"#)
        #expect(RubyLiterals.string("#{x}\n") == ##""\#{x}\n""##)
        #expect(RubyLiterals.string("caf\u{E9}") == #""caf\u{E9}""#)
        #expect(RubyLiterals.comment("a\nb\u{2028}c") == ["# a", "# b", "# c"])
        #expect(RubyLiterals.erbComment("x %> y") == "<%# x % > y %>")
    }

    @Test("an unknown option is an error")
    func options() {
        #expect(throws: CodeGenError.self) { try TargetRegistry.target(language: "ruby", options: ["nope": "1"]) }
        #expect(throws: CodeGenError.self) { try TargetRegistry.target(language: "ruby", options: ["module": "lower"]) }
        #expect(throws: CodeGenError.self) { try TargetRegistry.target(language: "ruby", options: ["view": "partial"]) }
    }

    /// test/test_helper.rb of an app without view_component: Rails' autoloading of
    /// app/models and app/helpers, ActionView's test case, and no ViewComponent anywhere.
    static let helperTestHelper = RubySupport.testHelper
        .replacingOccurrences(of: "require_relative '../doubles/view_component'\n", with: "require 'action_view'\nrequire 'action_view/test_case'\n")
        .replacingOccurrences(of: "app/components/**/*.rb", with: "app/helpers/**/*.rb")

    @Test("view=helper (no view_component): a plain helper and its ActionView::TestCase pass, with no ViewComponent loaded")
    func helper() throws {
        #expect(Self.helperTestHelper.contains("app/helpers/**/*.rb") && !Self.helperTestHelper.contains("view_component"))
        let report = try RubySupport.check(try Support.builtIn(), options: ["view": "helper"],
                                           extraFiles: ["test/test_helper.rb": Self.helperTestHelper,
                                                        // Fails the run if anything names ViewComponent.
                                                        "test/zz_no_view_component_test.rb": """
                                                        # frozen_string_literal: true

                                                        require 'test_helper'

                                                        class NoViewComponentTest < Minitest::Test
                                                          def test_nothing_loaded_view_component
                                                            refute defined?(ViewComponent)
                                                          end
                                                        end

                                                        """])
        #expect(report.files.contains("app/helpers/tabgen_navigation_helper.rb"), "\(report.files)")
        #expect(report.files.contains("test/helpers/tabgen_navigation_helper_test.rb"), "\(report.files)")
        #expect(!report.files.contains { $0.hasPrefix("app/components/") }, "\(report.files)")
        #expect(report.files.contains("test/contracts/navigation_test.rb"), "\(report.files)")
        #expect(report.syntaxFailures.isEmpty, "\(report.syntaxFailures.joined(separator: "\n"))")
        #expect(report.testStatus == 0, "\(report.testOutput)")
        #expect(report.testOutput.contains(" 0 failures, 0 errors, 0 skips"), "\(report.testOutput)")
    }

    @Test("view=helper: the helper renders the component's attributes, names prefixed, the policy on the module")
    func helperShape() throws {
        let files = try RubySupport.generate(try Support.builtIn(), options: ["view": "helper"])
        let helper = Support.file(files, "app/helpers/tabgen_navigation_helper.rb")
        #expect(helper.contains("module TabgenNavigationHelper\n"))
        #expect(helper.contains(#"STIMULUS_IDENTIFIER = "bridge--navigation""#))
        #expect(helper.contains(#"VALUE_ATTRIBUTE = "data-bridge--navigation-config-value""#))
        #expect(helper.contains(#"EVENT = "invalid_message.tabgen_navigation_helper""#))
        #expect(helper.contains("  def tabgen_navigation_tag(message = nil, **options, &)\n"))
        #expect(helper.contains("  def tabgen_navigation_attributes(message = nil, **options)\n"))
        #expect(!helper.contains("ViewComponent::"))
        let strict = try RubySupport.generate(try Support.builtIn(), options: ["view": "helper", "decoding": "strict"])
        #expect(Support.file(strict, "test/helpers/tabgen_navigation_helper_test.rb").contains("Navigation::Contract::DecodingError"))
    }

    /// The helper's policy check, <nav> attributes and notify hook are one partial, which a
    /// team may override; the component's are TabgenRuntime::Component, in the runtime.
    @Test("view=helper renders the policy from render-policy.mustache; view=component includes TabgenRuntime::Component")
    func renderPolicyPartial() throws {
        let builtIn = try #require(Support.templates.template(at: "ruby/render-policy.mustache"))
        let templates = LayeredTemplateSource(overrides: InMemoryTemplateSource(["ruby/render-policy.mustache": "# team policy\n" + builtIn]),
                                              base: Support.templates)
        var rendered: [String: String] = [:]
        for view in ["helper", "component"] {
            let target = try TargetRegistry.target(language: "ruby", options: ["view": view])
            let header = GenerationHeader(version: "0.0.0-test", schema: "schema.json", command: "tabgen emit --lang ruby")
            let files = try Generator(templates: templates).generate(try Support.builtIn(), target: target, header: header)
            rendered[view] = Support.file(files, view == "helper" ? "app/helpers/tabgen_navigation_helper.rb" : "app/components/navigation_component.rb")
        }
        let helper = try #require(rendered["helper"]), component = try #require(rendered["component"])
        #expect(helper.contains("\n    # team policy\n    # Checked as `tabgen validate` checks it"))
        #expect(helper.contains("    def render?(message)\n") && !helper.contains("def before_render"))
        // The component's policy is the runtime's, not the partial's; blank lines stay blank.
        #expect(!component.contains("team policy") && !component.contains("def render?(message)"))
        #expect(component.contains("  include TabgenRuntime::MessageComponent\n"))
        #expect(!component.contains("def before_render"))
        #expect(!helper.contains(" \n") && !component.contains(" \n"))
    }

    @Test("view=helper with a contract that lists events is an error naming the option")
    func helperWithEvents() throws {
        let contract = try #require(try ContractEvents.documents().first)
        #expect {
            try RubySupport.generate(contract.document, options: ["view": "helper"])
        } throws: { error in
            (error as? CodeGenError)?.message.contains("ruby option view: helper") == true
        }
    }

    @Test("every conformance schema: ruby -wc, and from_h/to_h round trips of its fixtures", arguments: Support.conformanceNames)
    func conformance(_ name: String) throws {
        let url = try #require(Support.testSchemas.first { $0.name == name }?.url)
        let report = try RubySupport.check(try Support.document(at: url))
        #expect(report.syntaxFailures.isEmpty, "\(report.syntaxFailures.joined(separator: "\n"))")
        #expect(report.testStatus == 0, "\(report.testOutput)")
        #expect(report.testOutput.contains(" 0 failures, 0 errors"), "\(report.testOutput)")
    }

    /// Strict decoding walks refs, nullable refs, elements, values and union variants: the
    /// generated tests accept a DecodingError only for a fixture with TG010, TG011 or TG012.
    @Test("every conformance schema with ruby.decoding=strict", arguments: Support.conformanceNames)
    func conformanceStrict(_ name: String) throws {
        let url = try #require(Support.testSchemas.first { $0.name == name }?.url)
        let report = try RubySupport.check(try Support.document(at: url), options: ["decoding": "strict"])
        #expect(report.syntaxFailures.isEmpty, "\(report.syntaxFailures.joined(separator: "\n"))")
        #expect(report.testStatus == 0, "\(report.testOutput)")
        #expect(report.testOutput.contains(" 0 failures, 0 errors"), "\(report.testOutput)")
    }
}
