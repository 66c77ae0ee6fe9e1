import Foundation
import Schema
import Testing
@testable import CodeGen
import TestSupport

/// The generated Ruby is clean under the real RuboCop (Debian's) in both styles: the
/// default, rubocop-rails-omakase's settings (Tests/Ruby/omakase.rubocop.yml), and
/// `ruby.style=rubocop`, RuboCop's defaults (Tests/Ruby/defaults.rubocop.yml). Each app is
/// checked with `rubocop -a`, which must report nothing and change no file.
@Suite("Ruby: generated code is RuboCop-clean in omakase and default style")
struct RubyStyleTests {
    static let rubocop: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for directory in path.split(separator: ":").map(String.init) + ["/usr/bin"] {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent("rubocop")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// The built-in schema and conformance schemas with keywords, unions, nesting and hostile names.
    static let schemas = ["keywords", "geojson", "hostile", "basic_discriminator", "values", "nullable_references"]

    func check(style: String, config: String) throws {
        guard let rubocop = Self.rubocop else { throw CodeGenError("rubocop not found on PATH (scripts/web-env installs it)") }
        let root = try temporaryDirectory("tabgen-rubocop")
        defer { try? FileManager.default.removeItem(at: root) }
        let configText = try String(contentsOf: Support.packageRoot.appendingPathComponent("Tests/Ruby/\(config)"), encoding: .utf8)
        var documents = [("builtin", try Support.builtIn())]
        for name in Self.schemas {
            let url = try #require(Support.testSchemas.first { $0.name == name }?.url)
            documents.append((name, try Support.document(at: url)))
        }
        documents += try ContractEvents.documents().map { ("events-" + $0.name, $0.document) }
        var written: [String: String] = [:]
        // The helper of apps without view_component (ruby.view=helper) in its own app.
        var runs = documents.map { ($0.0, $0.1, ["style": style]) }
        runs.append(("builtin-helper", try Support.builtIn(), ["style": style, "view": "helper"]))
        for (name, document, options) in runs {
            let files = try RubySupport.generate(document, options: options)
            try Support.write(files, to: root.appendingPathComponent(name))
            try Data(configText.utf8).write(to: root.appendingPathComponent("\(name)/.rubocop.yml"))
            for file in files where file.path.hasSuffix(".rb") { written["\(name)/\(file.path)"] = file.contents }
        }
        #expect(written.count > 40)
        let result = try Support.run(rubocop, ["-a", "--format", "emacs", "--no-color", "--cache", "false"], in: root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        for (path, contents) in written.sorted(by: { $0.key < $1.key }) {
            let after = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            #expect(after == contents, "rubocop -a changed \(path)")
        }
    }

    @Test("omakase (default): rubocop-rails-omakase's settings report nothing and rubocop -a changes nothing")
    func omakase() throws {
        try check(style: "omakase", config: "omakase.rubocop.yml")
    }

    @Test("ruby.style=rubocop: RuboCop's defaults report nothing and rubocop -a changes nothing")
    func defaults() throws {
        try check(style: "rubocop", config: "defaults.rubocop.yml")
    }

    @Test("the omakase rewrite: double quotes where no escape needs single ones, spaces inside one-line arrays")
    func rewrite() {
        let source = #"""
        x = ['a', "b#{c}", 'it\'s', '\d', %w[d e], [], [1, [2]], y[0]] # 'comment'
        z = [
          'multi'
        ]
        w = value.match?(/['"]/) ? %r{'} : 'q"q'
        assert_equal [1], f('a#b', "#{'x'}", 'c') / 2

        """#
        let expected = #"""
        x = [ "a", "b#{c}", "it's", '\d', %w[d e], [], [ 1, [ 2 ] ], y[0] ] # 'comment'
        z = [
          "multi"
        ]
        w = value.match?(/['"]/) ? %r{'} : 'q"q'
        assert_equal [ 1 ], f("a#b", "#{"x"}", "c") / 2

        """#
        #expect(RubyStyle.omakase.apply(source) == expected)
        #expect(RubyStyle.rubocop.apply(source) == source)
    }

    @Test("the style option takes omakase or rubocop")
    func option() throws {
        #expect(try RubyOptions([:]).style == .omakase)
        #expect(try RubyOptions(["style": "rubocop"]).style == .rubocop)
        #expect(throws: CodeGenError.self) { try RubyOptions(["style": "standard"]) }
    }
}
