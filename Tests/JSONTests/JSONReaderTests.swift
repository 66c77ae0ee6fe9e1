import Foundation
import Testing
@testable import JSON

struct JSONReaderTests {
    func failure(_ bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth) -> JSONParseError? {
        do {
            _ = try JSONReader(maxDepth: maxDepth).parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    func failure(_ text: String) -> JSONParseError? { failure(Array(text.utf8)) }

    @Test func parsesAllValueKinds() throws {
        let value = try parse(#" {"a": [1, -2.5e3, true, false, null, "x\n\u00e9\ud83d\ude00"], "b": {}} "#)
        let expected: JSON = .object(JSONObject([
            .init(key: "a", value: .array([.number(1), .number(-2500), .bool(true), .bool(false), .null, .string("x\né😀")])),
            .init(key: "b", value: .object(JSONObject())),
        ]))
        #expect(value == expected)
    }

    @Test func keepsMemberOrder() throws {
        let value = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
    }

    @Test func numbersKeepFullPrecision() throws {
        #expect(try parse("0.1") == .number(0.1))
        #expect(try parse("123456789012345678") == .number(1.2345678901234568e17))  // nearest double
        #expect(try parse("1.7976931348623157e308") == .number(.greatestFiniteMagnitude))
        #expect(try parse("1E400") == .number(.infinity))
        #expect(try parse("-0") == .number(-0.0))
    }

    @Test func malformedJSONReportsOffset() throws {
        let error = try #require(failure("{\"a\": 1,\n  \"b\" 2}"))
        #expect(error.reason == .unexpectedCharacter("'2'"))
        #expect(SourcePosition(offset: error.offset, in: Array("{\"a\": 1,\n  \"b\" 2}".utf8)) == SourcePosition(line: 2, column: 7))
    }

    @Test func trailingCommaIsReportedAtTheComma() throws {
        for (text, reason) in [("{\"a\": 1,\n}", JSONParseError.Reason.expectedKey), ("{\"tabs\": [1, 2,\n\n  ]}", .unexpectedCharacter("']'"))] {
            let error = try #require(failure(text), "accepted \(text.debugDescription)")
            #expect(error.reason == reason)
            let comma = try #require(Array(text.utf8).lastIndex(of: UInt8(ascii: ",")))
            #expect(error.offset == comma, "\(text.debugDescription): at \(error.offset), the comma is at \(comma)")
        }
        // A missing key after a comma is still reported where the key should be.
        #expect(failure("{\"a\": 1, 2}")?.offset == 9)
    }

    @Test(arguments: ["", "{", "[1,", "{\"a\"", "\"abc", "tru", "[1 2]", "{\"a\":1,}", "[1,]", "01", "1.", "-", "1e", "+1", ".5", "{a:1}", "'x'", "[1] 2", "NaN", "nul"])
    func rejectsMalformed(_ text: String) {
        #expect(failure(text) != nil, "accepted \(text.debugDescription)")
    }

    @Test func rejectsInvalidUTF8() throws {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22],                  // not a UTF-8 byte
            [0x22, 0xC0, 0xAF, 0x22],            // overlong "/"
            [0x22, 0xED, 0xA0, 0x80, 0x22],      // encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], // above U+10FFFF
            [0x22, 0xE2, 0x82, 0x22],            // truncated sequence
            [0x22, 0x5C, 0x6E, 0xFF, 0x22],      // after an escape (slow path)
        ]
        for bytes in cases {
            let error = try #require(failure(bytes), "accepted \(bytes)")
            #expect(error.reason == .invalidUTF8)
            #expect(error.offset >= 1)
        }
        #expect(try JSONReader().parse([0x22, 0xE2, 0x82, 0xAC, 0x22]) == .string("€"))
    }

    @Test func rejectsLoneSurrogateEscapes() throws {
        for text in [#""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""x\ud83d""#] {
            let error = try #require(failure(text), "accepted \(text)")
            guard case .loneSurrogate = error.reason else {
                Issue.record("\(text): \(error)")
                continue
            }
        }
    }

    @Test func rejectsByteOrderMark() throws {
        let error = try #require(failure([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))
        #expect(error.reason == .byteOrderMark)
        #expect(error.description.contains("byte-order mark"))
    }

    @Test func rejectsDuplicateKeys() throws {
        let error = try #require(failure(#"{"id": "a", "title": "t", "id": "b"}"#))
        #expect(error.reason == .duplicateKey("id"))
        #expect(error.offset == 26)  // the second "id"
        // Large objects switch to a hash set; duplicates are still found.
        let many = (0..<1000).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        #expect(failure("{\(many), \"k500\": 0}")?.reason == .duplicateKey("k500"))
        #expect(failure("{\(many)}") == nil)
    }

    @Test func rejectsControlCharactersAndBadEscapes() {
        #expect(failure("\"a\u{01}b\"")?.reason == .controlCharacterInString)
        #expect(failure(#""\x""#)?.reason == .invalidEscape)
        #expect(failure(#""\u12G4""#)?.reason == .invalidEscape)
    }

    @Test func deepNestingStopsAtTheLimit() throws {
        let depth = 100_000
        let arrays = Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
        let error = try #require(failure(arrays))
        #expect(error.reason == .tooDeep(limit: 512))
        #expect(error.offset == 512)
        let objects = Array(String(repeating: "{\"a\":", count: depth).utf8)
        #expect(failure(objects)?.reason == .tooDeep(limit: 512))
        // Exactly at the limit is fine.
        let atLimit = Array(repeating: UInt8(ascii: "["), count: 512) + Array(repeating: UInt8(ascii: "]"), count: 512)
        #expect(failure(atLimit) == nil)
    }

    @Test func writerRoundTripsStrings() throws {
        let text = "quote \" backslash \\ newline \n tab \t nul \u{0} é 😀 \u{2028}"
        let written = JSONWriter.quoted(text)
        #expect(try parse(written) == .string(text))
        #expect(!written.contains("\n"))
    }

    @Test func locatorFindsValuesAndKeys() throws {
        let text = "{\n  \"tabs\": [\n    {\"id\": \"a\"},\n    {\"id\": \"b\", \"path\": \"x\"}\n  ]\n}"
        let bytes = Array(text.utf8)
        let path: [PathToken] = [.key("tabs"), .index(1), .key("path")]
        #expect(SourcePosition(offset: JSONLocator.offset(of: path, in: bytes), in: bytes) == SourcePosition(line: 4, column: 25))
        #expect(SourcePosition(offset: JSONLocator.offset(of: path, in: bytes, preferKey: true), in: bytes) == SourcePosition(line: 4, column: 17))
        // A path that leaves the document stops at the deepest value on the way.
        let missing: [PathToken] = [.key("tabs"), .index(7)]
        #expect(SourcePosition(offset: JSONLocator.offset(of: missing, in: bytes), in: bytes) == SourcePosition(line: 2, column: 11))
    }

    @Test func columnsCountCharactersNotBytes() {
        let bytes = Array("{\"é\": \"😀\", \"x\": 1}".utf8)
        let offset = JSONLocator.offset(of: [.key("x")], in: bytes)
        #expect(SourcePosition(offset: offset, in: bytes).column == 17)
    }

    @Test func pointersEscape() {
        let pointer = JSONPointer([.key("a/b"), .key("m~n"), .index(0)])
        #expect(pointer.description == "/a~1b/m~0n/0")
        #expect(JSONPointer.parseTokens("/a~1b/m~0n/0") == ["a/b", "m~n", "0"])
        #expect(JSONPointer.parseTokens("a") == nil)
        #expect(JSONPointer.parseTokens("/~2") == nil)
    }

    /// `wideKeys` is set by a key with a byte past ASCII or an escape, at any place of
    /// the key, on the cached and the uncached path alike, and by nothing else: values
    /// with such bytes and ASCII keys leave it unset.
    @Test func wideKeysIsSetByAKeyWithAByteBeyondASCIIOrAnEscapeOnly() {
        func wide(_ text: String, cached: Bool) -> Bool? {
            var wideKeys = false
            let result = Array(text.utf8).withUnsafeBufferPointer {
                JSONReader().parse(buffer: $0, strings: cached ? JSONStringCache() : nil, wideKeys: &wideKeys)
            }
            guard case .success = result else { return nil }
            return wideKeys
        }
        for cached in [false, true] {
            #expect(wide(#"{"a": "\u00e9é", "b": ["\u212a", {"c": "\n"}], "d": {}}"#, cached: cached) == false)
            #expect(wide(#"["é", "\u212a", 1]"#, cached: cached) == false)
            for length in 1..<20 {
                let plain = String(repeating: "k", count: length)
                #expect(wide(#"{"x": 1, "\#(plain)": {"y": "é"}}"#, cached: cached) == false)
                for position in 0...length {
                    for inserted in ["é", "\u{212A}", #"\u0041"#, #"\n"#, #"\\"#] {
                        var key = plain
                        key.insert(contentsOf: inserted, at: key.index(key.startIndex, offsetBy: position))
                        // Deep in the text, after plain keys, so no earlier key sets it.
                        #expect(wide(#"{"x": 1, "a": [{"y": "z", "\#(key)": 2}]}"#, cached: cached) == true, "\(key) cached: \(cached)")
                    }
                }
            }
        }
    }
}
