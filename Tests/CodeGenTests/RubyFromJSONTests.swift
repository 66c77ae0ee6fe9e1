import Foundation
import Schema
import Testing
@testable import CodeGen

/// The Ruby value objects' `from_json` reads text as tabgen does where Ruby's JSON.parse
/// does not: a duplicate key (JSON.parse keeps the last), a lone surrogate escape
/// (JSON.parse raises, reads "?" or joins it with the next escape), a comment and an escape
/// JSON lacks (JSON.parse skips and reads "\x41" as "x41") and bytes that are not UTF-8
/// (JSON.parse keeps them) raise JSON::ParserError
/// with the words of tabgen's TG001; strings compare by Unicode scalars. The expectations
/// come from the Schema library (JSONReader's error, PayloadValidator's findings: what the
/// CLI runs), not from the Ruby code.
@Suite("Ruby: from_json rejects what tabgen's reader rejects")
struct RubyFromJSONTests {
    static let tab = #""title":"T","icon":"i","path":"/""#

    static let payloads: [(String, String)] = [
        ("duplicate_key_at_the_root", #"{"active":null,"tabs":[],"active":null}"#),
        ("duplicate_key_in_an_unknown_member", #"{"active":null,"tabs":[],"x":{"k":1,"k":2}}"#),
        ("lone_high_surrogate_at_the_end", #"{"active":"\ud800","tabs":[]}"#),
        ("high_surrogate_before_a_letter", #"{"active":null,"tabs":[],"\ud800x":1}"#),
        ("high_surrogate_before_another_escape", #"{"active":null,"tabs":[],"x":"\ud800\u0041"}"#),
        ("lone_low_surrogate", #"{"active":null,"tabs":[],"x":"a\uDC00"}"#),
        ("surrogate_pair", #"{"active":null,"tabs":[],"x":"\ud83d\ude00"}"#),
        ("escaped_backslash_then_text", #"{"active":null,"tabs":[],"x":"\\ud800"}"#),
        ("escaped_backslash_then_lone_low", #"{"active":null,"tabs":[],"x":"\\\udc00"}"#),
        ("comment_inside_the_object", #"{"active":null /* c */,"tabs":[]}"#),
        ("comment_line_before_the_value", "// c\n{\"active\":null,\"tabs\":[]}"),
        ("comment_after_the_value", #"{"active":null,"tabs":[]}/* c */"#),
        ("slash_in_a_string", #"{"active":null,"tabs":[],"x":"/* c */ // c"}"#),
        ("invalid_escape", #"{"active":null,"tabs":[],"x":"\x41"}"#),
        ("invalid_escape_after_an_escaped_backslash", #"{"active":null,"tabs":[],"x":"\\\'"}"#),
        ("keys_equal_only_up_to_canonical_equivalence", #"{"active":null,"tabs":[],"caf\u00e9":1,"cafe\u0301":2}"#),
        ("ids_equal_only_up_to_canonical_equivalence", #"{"active":"K","tabs":[{"id":"K",\#(tab)},{"id":"\u212A",\#(tab)}]}"#),
    ]

    /// `[{"name", "payload", "error"}]` or `[{"name", "payload", "findings"}]`, and the names that tabgen rejects.
    static func cases(_ document: SchemaDocument) throws -> (json: String, rejected: [String]) {
        let validator = PayloadValidator(document: document)
        var rejected: [String] = []
        let entries = try payloads.map { name, payload -> JSON in
            var members: [(String, JSON)] = [("name", .string(name)), ("payload", .string(payload))]
            do {
                let findings = validator.findings(for: try JSONReader().parse(Array(payload.utf8))).map { finding -> JSON in
                    RubyDecodingTests.object([("code", .string(finding.code)), ("severity", .string(finding.severity.rawValue)),
                                              ("pointer", .string(finding.pointer.description)), ("message", .string(finding.message))])
                }
                members.append(("findings", .array(findings)))
            } catch let error as JSONParseError {
                rejected.append(name)
                members.append(("error", .string(error.description)))
            }
            return RubyDecodingTests.object(members)
        }
        return (JSONWriter.string(.array(entries)), rejected)
    }

    static let test = RubySupport.casesTest("FromJSONTest", file: "from_json_cases.json", label: "from_json") + #"""

      CASES.each do |entry|
        define_method("test_#{entry['name']}") do
          if entry.key?('error')
            error = assert_raises(JSON::ParserError) { Navigation::MessageData.from_json(entry['payload']) }
            assert_equal entry['error'], error.message
          else
            value = Navigation::MessageData.from_json(entry['payload'])
            assert_equal entry['findings'], value.validate.map { |violation| violation.to_h.transform_keys(&:to_s) }
          end
        end
      end

      # Ruby reads bytes as they came (JSON.parse keeps "\xFF"); tabgen's reader stops.
      def test_bytes_that_are_not_utf8
        ["{\"active\":\"\xFF\",\"tabs\":[]}", "{\"active\":\"\xFF\",\"tabs\":[]}".b].each do |text|
          error = assert_raises(JSON::ParserError) { Navigation::MessageData.from_json(text) }
          assert_equal '\#(Self.invalidUTF8)', error.message
        end
      end

      # What parse returns holds plain Hashes: a caller may set a key again.
      def test_parsed_objects_are_plain_hashes
        parsed = Navigation::Contract.parse('{"a":{"b":[{"c":1}]}}')
        parsed['a']['b'][0]['c'] = 2
        assert_equal Hash, parsed['a']['b'][0].class
      end
    end
    """#

    /// What tabgen's reader says of a string holding the byte 0xFF (test_bytes_that_are_not_utf8).
    static var invalidUTF8: String {
        do {
            _ = try JSONReader().parse(Array(#"{"active":""#.utf8) + [0xFF] + Array(#"","tabs":[]}"#.utf8))
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test("duplicate keys and lone surrogates raise JSON::ParserError with tabgen's words; the rest validates as tabgen")
    func fromJSON() throws {
        let document = try Support.builtIn()
        let (json, rejected) = try Self.cases(document)
        // The cases hold what the test is about (a check on the expectations' source).
        #expect(rejected == Self.payloads.map(\.0).filter {
            $0.hasPrefix("duplicate_") || $0.contains("lone") || $0.hasPrefix("high_") || $0.hasPrefix("comment_") || $0.hasPrefix("invalid_")
        })
        let report = try RubySupport.check(document, extraFiles: ["from_json_cases.json": json, "test/from_json_test.rb": Self.test])
        #expect(report.syntaxFailures.isEmpty, "\(report.syntaxFailures.joined(separator: "\n"))")
        #expect(report.testStatus == 0, "\(report.testOutput)")
        #expect(report.testOutput.contains(" 0 failures, 0 errors, 0 skips"), "\(report.testOutput)")
        #expect(report.testOutput.contains("from_json cases: \(Self.payloads.count)"), "\(report.testOutput)")
    }
}
