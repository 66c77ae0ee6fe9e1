import Foundation
import Schema
import Testing
@testable import CodeGen

/// Numbers that are valid JSON but beyond a Float (`1E400`, `-1E400`, `1e-400`, `3.5e38`
/// for a float32): the Ruby checks report what `tabgen validate` reports (expected
/// findings from the Schema library's PayloadValidator, what the CLI runs), and the value
/// objects and the component never raise on them.
@Suite("Ruby: numbers beyond a Float never crash and are reported as tabgen reports them")
struct RubyNumberTests {
    static let tab = #""title":"T","icon":"i""#

    static let builtInPayloads: [(String, String)] = [
        ("unknown_member_1e400_in_a_tab", #"{"active":"a","tabs":[{"id":"a",\#(tab),"path":"/a","n":1E400},{"id":"b",\#(tab),"path":"/b","n":-1E400}]}"#),
        ("unknown_member_1e_minus_400", #"{"active":"a","tabs":[{"id":"a",\#(tab),"path":"/a","n":1e-400},{"id":"b",\#(tab),"path":"/b"}],"m":1E400}"#),
        ("unknown_member_with_a_rule_error", #"{"active":"a","tabs":[{"id":"a",\#(tab),"path":"/a","n":1E400}]}"#),
    ]

    static let numberSchema = #"{"properties":{"i":{"type":"uint8"},"j":{"type":"int32"},"f":{"type":"float32"},"d":{"type":"float64"}},"additionalProperties":true}"#

    static let numberPayloads: [(String, String)] = [
        ("integers_beyond_float", #"{"i":1E400,"j":-1E400,"f":3.5e38,"d":1E400}"#),
        ("underflow_and_fraction", #"{"i":1e-400,"j":2.5,"f":1e-400,"d":-1E400,"x":1E400}"#),
        ("big_integer_text", #"{"i":1000000000000000000000000000000,"j":1E10,"f":-3.5e38,"d":1e308}"#),
        // Ruby's JSON keeps integer text an Integer: 400 zeros are beyond a Float only once
        // converted, as tabgen converts every number; 2^53 + 1 reads as 2^53.
        ("integer_text_beyond_float64", #"{"i":1\#(String(repeating: "0", count: 400)),"j":9007199254740993,"d":-1\#(String(repeating: "0", count: 400))}"#),
    ]

    static func cases(_ document: SchemaDocument, _ payloads: [(String, String)]) throws -> String {
        let validator = PayloadValidator(document: document)
        let entries = try payloads.map { name, payload -> JSON in
            let findings = validator.findings(for: try JSONReader().parse(Array(payload.utf8))).map { finding -> JSON in
                RubyDecodingTests.object([("code", .string(finding.code)), ("severity", .string(finding.severity.rawValue)),
                                          ("pointer", .string(finding.pointer.description)), ("message", .string(finding.message))])
            }
            return RubyDecodingTests.object([("name", .string(name)), ("payload", .string(payload)), ("findings", .array(findings))])
        }
        return JSONWriter.string(.array(entries))
    }

    /// Runs with `ROOT` (the root class) and `MODULE` substituted.
    static let test = RubySupport.casesTest("NumberTest", file: "number_cases.json", label: "number") + """

      CASES.each do |entry|
        define_method("test_#{entry['name']}") do
          payload = JSON.parse(entry['payload'])
          findings = ->(violations) { violations.map { |violation| violation.to_h.transform_keys(&:to_s) } }
          assert_equal entry['findings'], findings.call(MODULE::Contract.check(payload))
          value = ROOT.from_json(entry['payload'])
          assert_equal entry['findings'], findings.call(MODULE::Contract.validate(value))
          # What goes back over the wire reads as what came (1E400 is written 1e400).
          text = value.to_json
          assert_equal payload, JSON.parse(text)
          assert_equal text, JSON.generate(value.as_json)
          assert_equal payload, JSON.parse(JSON.pretty_generate(value.as_json))
          assert_equal value, ROOT.from_json(text)
        end
      end
    EXTRA
    end

    """

    static func rootName(_ files: [GeneratedFile]) throws -> String {
        let fixtures = try #require(files.first { $0.path.hasPrefix("fixtures/") }?.path)
        return String(fixtures.dropFirst("fixtures/".count).dropLast(".fixtures.json".count))
    }

    static func run(_ document: SchemaDocument, module: String, payloads: [(String, String)], extra: String = "") throws {
        let root = try rootName(RubySupport.generate(document))
        var test = Self.test.replacingOccurrences(of: "ROOT", with: "\(module)::\(root)").replacingOccurrences(of: "MODULE", with: module)
        test = test.replacingOccurrences(of: "EXTRA\n", with: extra)
        let report = try RubySupport.check(document, extraFiles: ["number_cases.json": try cases(document, payloads), "test/number_test.rb": test])
        #expect(report.syntaxFailures.isEmpty, "\(report.syntaxFailures.joined(separator: "\n"))")
        #expect(report.testStatus == 0, "\(report.testOutput)")
        #expect(report.testOutput.contains(" 0 failures, 0 errors, 0 skips"), "\(report.testOutput)")
        #expect(report.testOutput.contains("number cases: \(payloads.count)"), "\(report.testOutput)")
    }

    @Test("integer and float members: TG010 for a number beyond its type's range as tabgen words it, no FloatDomainError")
    func numberSchema() throws {
        let document = try Support.document(json: Self.numberSchema, name: "numbers.jtd.json")
        let findings = PayloadValidator(document: document).findings(for: try JSONReader().parse(Array(Self.numberPayloads[0].1.utf8)))
        // The expectations come from PayloadValidator; this checks that they hold what the
        // test is about: every member beyond its type, 1E400 told apart from 3.5e38.
        #expect(findings.map(\.code) == Array(repeating: FindingCode.wrongType, count: 4))
        #expect(findings.map(\.pointer.description) == ["/i", "/j", "/f", "/d"])
        let beyond = findings.filter { $0.message.hasSuffix(", found a number beyond the range of float64") }
        #expect(beyond.map(\.pointer.description) == ["/i", "/j", "/d"])
        try Self.run(document, module: "Tabgen", payloads: Self.numberPayloads)
    }

    @Test("the built-in schema: an unknown member 1E400 in a tab renders, and round-trips as 1e400")
    func builtIn() throws {
        let document = try Support.builtIn()
        let findings = PayloadValidator(document: document).findings(for: try JSONReader().parse(Array(Self.builtInPayloads[0].1.utf8)))
        #expect(findings.isEmpty)
        let component = """

          def test_the_component_renders_1e400
            html = ActionView::Base.empty.render(NavigationComponent.new(JSON.parse(CASES.first['payload'])))
            value = Nokogiri::HTML5.fragment(html).at('nav')[NavigationComponent::VALUE_ATTRIBUTE]
            assert_includes value, '"n":1e400'
            assert_includes value, '"n":-1e400'
          end

          # Inside ActiveSupport (render json:, a layout's debug <pre>) a value object is its payload.
          def test_active_support_serialises_the_payload
            require 'active_support/json'
            payload = JSON.parse(CASES.first['payload'])
            message = Navigation::MessageData.from_h(payload)
            assert_equal payload, JSON.parse(ActiveSupport::JSON.encode(message))
            assert_equal({ 'config' => payload }, JSON.parse({ config: message }.to_json))
            assert_equal payload, JSON.parse(JSON.pretty_generate(message.as_json))
            assert_equal payload, JSON.parse(JSON.pretty_generate(message))
            refute_includes ActiveSupport::JSON.encode(message), 'extra'
          end

        """
        try Self.run(document, module: "Navigation", payloads: Self.builtInPayloads, extra: component)
    }
}
