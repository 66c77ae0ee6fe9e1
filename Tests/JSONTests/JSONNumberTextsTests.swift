import Testing
@testable import JSON

/// `JSONNumberTexts`: the text of every number beyond Double's range, by pointer, and
/// `JSONWriter.write(_:at:texts:to:)`, which writes them as written.
struct JSONNumberTextsTests {
    func texts(_ text: String) throws -> (JSON, JSONNumberTexts) {
        let bytes = Array(text.utf8)
        let value = try JSONReader().parse(bytes)
        return (value, bytes.withUnsafeBufferPointer { JSONNumberTexts(of: value, in: $0) })
    }

    func written(_ value: JSON, at path: [PathToken], _ texts: JSONNumberTexts) -> String {
        var bytes: [UInt8] = []
        JSONWriter.write(value, at: path, texts: texts, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func findsEveryInfiniteNumberByItsPointer() throws {
        let (_, texts) = try texts(#" { "a" : [ 1E400 , 2.5, "1E400", true, null, -1e+400 ] , "x/~" : {"k": 1e999, "e\u0301": 7E401}, "é": 1E402 } "#)
        #expect(texts.text(at: [.key("a"), .index(0)]) == Array("1E400".utf8))
        #expect(texts.text(at: [.key("a"), .index(5)]) == Array("-1e+400".utf8))
        #expect(texts.text(at: [.key("x/~"), .key("k")]) == Array("1e999".utf8))
        #expect(texts.text(at: [.key("x/~"), .key("e\u{301}")]) == Array("7E401".utf8))
        // A key canonically equivalent to another but not the same scalars is another member.
        #expect(texts.text(at: [.key("x/~"), .key("\u{E9}")]) == nil)
        #expect(texts.text(at: [.key("\u{E9}")]) == Array("1E402".utf8))
        #expect(texts.text(at: [.key("a"), .index(1)]) == nil)  // finite
        #expect(texts.text(at: [.key("a"), .index(2)]) == nil)  // a string
    }

    @Test func writesInfiniteNumbersAsWritten() throws {
        let (value, texts) = try texts(#"{"a": [1E400, 2, {"b": -1E400}, null], "c": 3}"#)
        #expect(written(value, at: [], texts) == #"{"a":[1E400,2,{"b":-1E400},null],"c":3}"#)
        let inner = try #require(value.objectValue?["a"])
        #expect(written(inner, at: [.key("a")], texts) == #"[1E400,2,{"b":-1E400},null]"#)
        // Without a text (a value not read from it) an infinity stays what `write` gives.
        #expect(written(.number(.infinity), at: [.key("z")], texts) == "null")
        #expect(JSONWriter.string(value) == #"{"a":[null,2,{"b":null},null],"c":3}"#)
    }

    @Test func seesInfiniteNumbersAtAnyDepth() throws {
        #expect(try parse(#"[[{"a": [1E400]}]]"#).containsInfiniteNumber)
        #expect(try !parse(#"[[{"a": [1E300, "1E400"]}]]"#).containsInfiniteNumber)
    }
}
