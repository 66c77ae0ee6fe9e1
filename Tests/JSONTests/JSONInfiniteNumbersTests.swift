import Testing
@testable import JSON

/// `JSONLocator.infiniteNumberText`: the text of a number beyond Double's range, by
/// pointer, and `JSONWriter.write(_:at:text:limit:to:)`, which writes such numbers as
/// written.
struct JSONInfiniteNumbersTests {
    func numberText(_ text: String, at path: [PathToken]) -> [UInt8]? {
        Array(text.utf8).withUnsafeBufferPointer { JSONLocator.infiniteNumberText(at: path, in: $0) }
    }

    func written(_ value: JSON, at path: [PathToken], in text: String, limit: Int = .max) -> String {
        var bytes: [UInt8] = []
        Array(text.utf8).withUnsafeBufferPointer { JSONWriter.write(value, at: path, text: $0, limit: limit, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func findsEveryInfiniteNumberByItsPointer() throws {
        let text = #" { "a" : [ 1E400 , 2.5, "1E400", true, null, -1e+400 ] , "x/~" : {"k": 1e999, "e\u0301": 7E401}, "é": 1E402 } "#
        #expect(numberText(text, at: [.key("a"), .index(0)]) == Array("1E400".utf8))
        #expect(numberText(text, at: [.key("a"), .index(5)]) == Array("-1e+400".utf8))
        #expect(numberText(text, at: [.key("x/~"), .key("k")]) == Array("1e999".utf8))
        #expect(numberText(text, at: [.key("x/~"), .key("e\u{301}")]) == Array("7E401".utf8))
        // A key canonically equivalent to another but not the same scalars is another member.
        #expect(numberText(text, at: [.key("x/~"), .key("\u{E9}")]) == nil)
        #expect(numberText(text, at: [.key("\u{E9}")]) == Array("1E402".utf8))
        #expect(numberText(text, at: [.key("a"), .index(1)]) == nil)  // finite
        #expect(numberText(text, at: [.key("a"), .index(2)]) == nil)  // a string
        #expect(numberText(text, at: [.key("a")]) == nil)  // an array
    }

    @Test func writesInfiniteNumbersAsWritten() throws {
        let text = #"{"a": [1E400, 2, {"b": -1E400}, null], "c": 3}"#
        let value = try JSONReader().parse(Array(text.utf8))
        #expect(written(value, at: [], in: text) == #"{"a":[1E400,2,{"b":-1E400},null],"c":3}"#)
        let inner = try #require(value.objectValue?["a"])
        #expect(written(inner, at: [.key("a")], in: text) == #"[1E400,2,{"b":-1E400},null]"#)
        // Without a text (a value not read from it) an infinity stays what `write` gives.
        #expect(written(.number(.infinity), at: [.key("z")], in: text) == "null")
        #expect(JSONWriter.string(value) == #"{"a":[null,2,{"b":null},null],"c":3}"#)
    }

    /// Past `limit` bytes nothing more is written, so a shown value with many such numbers
    /// looks up only those shown.
    @Test func stopsWritingAtTheLimit() throws {
        let text = "[" + Array(repeating: "1E400", count: 1000).joined(separator: ",") + "]"
        let value = try JSONReader().parse(Array(text.utf8))
        let shown = written(value, at: [], in: text, limit: 20)
        #expect(shown.hasPrefix("[1E400,1E400,1E400,1E400"))
        #expect(shown.utf8.count < 30)
    }

    @Test func seesInfiniteNumbersAtAnyDepth() throws {
        #expect(try parse(#"[[{"a": [1E400]}]]"#).containsInfiniteNumber)
        #expect(try !parse(#"[[{"a": [1E300, "1E400"]}]]"#).containsInfiniteNumber)
    }
}
