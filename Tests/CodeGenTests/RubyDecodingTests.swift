import Foundation
import Schema
import Testing
@testable import CodeGen

/// The Ruby value objects decode what the shipped clients decode (a null optional member,
/// a missing nullable one, unknown members at the root and in tabs, an unknown enum
/// value), and `validate` still reports each of them, and the count/unique rules, with
/// `tabgen validate`'s code, pointer and message: the expected findings come from the
/// Schema library's PayloadValidator (what the CLI runs), not from the Ruby code.
@Suite("Ruby: tolerant and strict decoding of the value objects")
struct RubyDecodingTests {
    static let tab = #""title":"T","icon":"i""#

    /// name -> payload, each with deviations that tolerant decoding reads.
    static let payloads: [(String, String)] = [
        ("null_optionals_and_unknown_members",
         #"{"active":"home","tabs":[{"id":"home",\#(tab),"path":"/"},{"id":"old",\#(tab),"path":"/old","deprecated":null},{"id":"new",\#(tab),"path":"/new","replaces":null,"badge":3}],"metadata":{"url":"https://example.com/"}}"#),
        ("missing_nullable_in_bootstrap", #"{"tabs":[]}"#),
        ("missing_nullable_with_tabs", #"{"tabs":[{"id":"a",\#(tab),"path":"/a"},{"id":"b",\#(tab),"path":"/b"}]}"#),
        ("unknown_enum_value", #"{"active":"a","tabs":[{"id":"a",\#(tab),"path":"/a"},{"id":"b",\#(tab),"path":"/b","deprecated":"retired"},{"id":"c",\#(tab),"path":"/c"}]}"#),
        ("two_tabs_replace_one", #"{"active":"c","tabs":[{"id":"a",\#(tab),"path":"/a","deprecated":"soft"},{"id":"b",\#(tab),"path":"/b","deprecated":"hard"},{"id":"c",\#(tab),"path":"/c","replaces":"a"},{"id":"d",\#(tab),"path":"/d","replaces":"a"}]}"#),
        ("one_tab_not_deprecated", #"{"active":"c","tabs":[{"id":"a",\#(tab),"path":"/a","deprecated":"soft"},{"id":"b",\#(tab),"path":"/b","deprecated":null},{"id":"c",\#(tab),"path":"/c","deprecated":"hard"}]}"#),
    ]

    static func object(_ members: [(String, JSON)]) -> JSON {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }

    /// `[{"name", "payload", "findings": [{code, severity, pointer, message}]}]` as tabgen validate sees them.
    static func cases(_ document: SchemaDocument) throws -> (json: String, findings: [String: [Finding]]) {
        let validator = PayloadValidator(document: document)
        var entries: [JSON] = []
        var all: [String: [Finding]] = [:]
        for (name, payload) in payloads {
            let findings = validator.findings(for: try JSONReader().parse(Array(payload.utf8)))
            all[name] = findings
            let list = findings.map { finding -> JSON in
                object([("code", .string(finding.code)), ("severity", .string(finding.severity.rawValue)),
                        ("pointer", .string(finding.pointer.description)), ("message", .string(finding.message))])
            }
            entries.append(object([("name", .string(name)), ("payload", .string(payload)), ("findings", .array(list))]))
        }
        return (JSONWriter.string(.array(entries)), all)
    }

    static let tolerantTest = RubySupport.casesTest("DecodingTest", file: "decoding_cases.json", label: "decoding") + """

      CASES.each do |entry|
        define_method("test_validate_reports_#{entry['name']}") do
          message = Navigation::MessageData.from_json(entry['payload'])
          assert_equal entry['findings'], message.validate.map { |violation| violation.to_h.transform_keys(&:to_s) }
          # What decoding saw goes back over the wire as it came, so what validate reports is there.
          assert_equal JSON.parse(entry['payload']), JSON.parse(message.to_json)
        end
      end

      def payload(name)
        CASES.find { |entry| entry['name'] == name }.fetch('payload')
      end

      def test_null_optional_members_read_as_absent
        message = Navigation::MessageData.from_json(payload('null_optionals_and_unknown_members'))
        assert_nil message.tabs[1].deprecated
        assert_nil message.tabs[2].replaces
        assert_equal({ 'url' => 'https://example.com/' }, message.extra['metadata'])
        assert_equal({ 'badge' => 3 }, message.tabs[2].extra)
        refute message.valid?
      end

      def test_missing_nullable_member_reads_as_nil
        assert_nil Navigation::MessageData.from_json(payload('missing_nullable_in_bootstrap')).active
      end

      def test_unknown_enum_value_is_kept
        assert_equal 'retired', Navigation::MessageData.from_json(payload('unknown_enum_value')).tabs[1].deprecated
      end

      def test_nil_given_to_the_constructor_still_leaves_an_optional_member_out
        tab = Navigation::TabData.new(id: 'a', title: 'A', icon: 'i', path: '/a', deprecated: nil, replaces: nil)
        assert_equal({ 'id' => 'a', 'title' => 'A', 'icon' => 'i', 'path' => '/a' }, tab.to_h)
      end
    end

    """

    static let strictTest = RubySupport.casesTest("StrictDecodingTest", file: "decoding_cases.json", label: "strict") + """

      def payload(name)
        CASES.find { |entry| entry['name'] == name }.fetch('payload')
      end

      def assert_rejected(name, message)
        error = assert_raises(Navigation::Contract::DecodingError) { Navigation::MessageData.from_json(payload(name)) }
        assert_equal message, error.message
      end

      def test_null_optional_member_raises
        assert_rejected 'null_optionals_and_unknown_members',
                        'strict decoding of Navigation::TabData: /deprecated is null: an optional member is left out, not sent as null'
      end

      def test_missing_nullable_member_raises
        assert_rejected 'missing_nullable_in_bootstrap',
                        'strict decoding of Navigation::MessageData: (root) lacks "active": a nullable member is sent as null, not left out'
      end

      def test_unknown_enum_value_raises
        assert_rejected 'unknown_enum_value',
                        'strict decoding of Navigation::TabData: /deprecated is "retired", not one of "soft", "hard"'
        error = assert_raises(Navigation::Contract::DecodingError) { Navigation::Deprecation.from_h('retired') }
        assert_equal 'strict decoding of Navigation::Deprecation: (root) is "retired", not one of "soft", "hard"', error.message
        assert_equal 'soft', Navigation::Deprecation.from_h('soft')
      end

      def test_unknown_members_and_rule_findings_still_decode
        text = payload('two_tabs_replace_one').sub('{"active"', '{"metadata":{"url":"/x"},"active"')
        message = Navigation::MessageData.from_json(text)
        assert_equal({ 'url' => '/x' }, message.extra['metadata'])
        assert_equal %w[TG107], message.validate.map(&:code)
      end
    end

    """

    @Test("tolerant (default): decodes the deviations, keeps them, validate reports them as tabgen validate does")
    func tolerant() throws {
        let document = try Support.builtIn()
        let (json, findings) = try Self.cases(document)
        // The CLI's own words, as the brief states them (a check on the expectations' source).
        #expect(findings["null_optionals_and_unknown_members"]?.map(\.message) == [
            #"null is not one of "soft", "hard""#, "expected a string, found null",
        ])
        #expect(findings["null_optionals_and_unknown_members"]?.map(\.pointer.description) == ["/tabs/1/deprecated", "/tabs/2/replaces"])
        #expect(findings["missing_nullable_in_bootstrap"]?.map(\.message) == [#"missing required property "active""#])
        #expect(findings["two_tabs_replace_one"]?.map(\.code) == ["TG107"])
        #expect(findings["one_tab_not_deprecated"]?.map(\.message).contains(
            "tabs must hold at least two tabs that are not deprecated: it has 1 entry where /deprecated is absent or null, fewer than 2") == true)
        let report = try RubySupport.check(document, extraFiles: ["decoding_cases.json": json, "test/decoding_test.rb": Self.tolerantTest])
        #expect(report.syntaxFailures.isEmpty, "\(report.syntaxFailures.joined(separator: "\n"))")
        #expect(report.testStatus == 0, "\(report.testOutput)")
        #expect(report.testOutput.contains(" 0 failures, 0 errors, 0 skips"), "\(report.testOutput)")
        #expect(report.testOutput.contains("decoding cases: 6"), "\(report.testOutput)")
    }

    @Test("ruby.decoding=strict: from_h raises on the three deviations, still keeps unknown members")
    func strict() throws {
        let document = try Support.builtIn()
        let (json, _) = try Self.cases(document)
        let report = try RubySupport.check(document, options: ["decoding": "strict"],
                                           extraFiles: ["decoding_cases.json": json, "test/strict_decoding_test.rb": Self.strictTest])
        #expect(report.syntaxFailures.isEmpty, "\(report.syntaxFailures.joined(separator: "\n"))")
        #expect(report.testOutput.contains("strict cases: 6"), "\(report.testOutput)")
        #expect(report.testStatus == 0, "\(report.testOutput)")
        #expect(report.testOutput.contains(" 0 failures, 0 errors, 0 skips"), "\(report.testOutput)")
    }

    @Test("the decoding option takes tolerant or strict")
    func option() throws {
        #expect(try RubyOptions([:]).strictDecoding == false)
        #expect(try RubyOptions(["decoding": "strict"]).strictDecoding)
        #expect(try RubyOptions(["decoding": "tolerant"]).strictDecoding == false)
        #expect(throws: CodeGenError.self) { try RubyOptions(["decoding": "lenient"]) }
        let tolerant = try RubySupport.generate(try Support.builtIn())
        // The runtime's strict parts (Runtime/ruby, `tabgen:begin strict`) only with decoding: strict.
        #expect(!Support.file(tolerant, "app/models/tabgen_runtime.rb").contains("DecodingError"))
        #expect(!Support.file(tolerant, "app/models/tabgen_runtime.rb").contains("# tabgen:begin"))
        let strict = try RubySupport.generate(try Support.builtIn(), options: ["decoding": "strict"])
        #expect(Support.file(strict, "app/models/tabgen_runtime.rb").contains("class DecodingError < StandardError; end"))
        #expect(Support.file(strict, "app/models/tabgen_runtime.rb").contains("def strict!(value, pointer, type)"))
    }
}
