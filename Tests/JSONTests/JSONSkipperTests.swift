import Testing
@testable import JSON

/// The structure-only skipping the envelope (`validate --payload`) and the locator share:
/// where a value ends, and what stops it, on hostile text.
struct JSONSkipperTests {
    /// Skips the value at `start` of `bytes`: the index after it, or the failure.
    static func skip(_ bytes: [UInt8], from start: Int = 0, stack: JSONSkipper.Stack = JSONSkipper.Stack(),
                     limit: Int = 512) -> Result<Int, JSONSkipper.Failure> {
        bytes.withUnsafeBufferPointer { buffer in
            var skipper = JSONSkipper(bytes: buffer, index: start)
            do throws(JSONSkipper.Failure) {
                try skipper.skipValue(stack: stack, limit: limit)
                return .success(skipper.index)
            } catch {
                return .failure(error)
            }
        }
    }

    static func skip(_ text: String, limit: Int = 512) -> Result<Int, JSONSkipper.Failure> {
        skip(Array(text.utf8), limit: limit)
    }

    @Test(arguments: [
        ("true,", 4), ("false]", 5), ("null}", 4), ("-12.5e+3,", 8), ("0 ", 1),
        ("\"\"x", 2), ("\"a\\\"b\\\\\"x", 8), ("\"ab\\u00e9cdefghijklmnop\"1", 24),
        ("[]1", 2), ("{}1", 2), ("[1,[2,{\"a\":\"]}\"}],3] ,", 20), ("{\"a\":{\"b\":[null]}}x", 18),
    ])
    func endsWhereTheValueEnds(text: String, end: Int) {
        #expect(Self.skip(text) == .success(end))
    }

    @Test(arguments: [
        ("\"abc", 4), ("\"abcdefghijklmnop", 17), ("\"ab\\", 4), ("\"ab\\\"", 5), ("[\"a\"", 4), ("[1,{\"b\":2}", 10), ("", 0),
    ])
    func unterminatedValuesFailAtTheEnd(text: String, end: Int) {
        #expect(Self.skip(text) == .failure(.unexpected(end)))
    }

    @Test(arguments: [("tru", 3), ("nul ", 3), ("fals", 4), ("+1", 0), ("}", 0), (":", 0), ("x", 0)])
    func wordsThatAreNotValuesFail(text: String, at offset: Int) {
        #expect(Self.skip(text) == .failure(.unexpected(offset)))
    }

    @Test(arguments: [("[}", 1), ("{]", 1), ("[{]}", 2), ("{\"a\":[1}", 7)])
    func bracketsCloseByKind(text: String, at offset: Int) {
        #expect(Self.skip(text) == .failure(.mismatched(offset)))
    }

    /// The value ends at its own closing bracket: a stray one after it is the caller's.
    @Test func aValueEndsAtItsOwnBracket() {
        #expect(Self.skip("[1]]") == .success(3))
    }

    /// Invalid UTF-8, raw control characters, a bare CR and raw encoded surrogates are
    /// passed over inside strings: the skipper looks for the end only.
    @Test func stringContentIsNotChecked() {
        let string: [UInt8] = [0x22, 0xFF, 0xC3, 0x28, 0x0D, 0x00, 0xED, 0xA0, 0x80, 0x5C, 0x22, 0x22]
        #expect(Self.skip(string + [0x2C]) == .success(string.count))
        #expect(Self.skip([0x5B] + string + [0x5D]) == .success(string.count + 2))
    }

    /// Every position of the quote and of an escape relative to the eight-byte words.
    @Test func stringsEndAtEveryAlignment() {
        for length in 0..<20 {
            for escapeAt in [-1] + Array(0..<max(length - 1, 0)) {
                var body = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                if escapeAt >= 0 { body[escapeAt] = UInt8(ascii: "\\") }
                let text: [UInt8] = [0x22] + body + [0x22, 0x2C]
                let result = text.withUnsafeBufferPointer { buffer -> (Bool?, Int) in
                    var skipper = JSONSkipper(bytes: buffer)
                    let escaped = try? skipper.skipString()
                    return (escaped, skipper.index)
                }
                #expect(result.0 == (escapeAt >= 0), "length \(length), escape at \(escapeAt)")
                #expect(result.1 == length + 2, "length \(length), escape at \(escapeAt)")
            }
        }
    }

    @Test func nestingIsBoundedByTheLimit() {
        let deep = Array(repeating: UInt8(ascii: "["), count: 600) + Array(repeating: UInt8(ascii: "]"), count: 600)
        #expect(Self.skip(deep, limit: 512) == .failure(.tooDeep(512)))
        let exactly = Array(repeating: UInt8(ascii: "["), count: 512) + Array(repeating: UInt8(ascii: "]"), count: 512)
        #expect(Self.skip(exactly, limit: 512) == .success(1024))
        #expect(Self.skip(exactly, limit: 511) == .failure(.tooDeep(511)))
    }

    /// Without a limit (text the reader accepted, located), the stack grows as deep as
    /// the text goes, its brackets still matched by kind.
    @Test func theStackGrowsWithoutALimit() {
        let depth = 10_000
        var text = [UInt8]()
        for level in 0..<depth { text.append(level % 2 == 0 ? UInt8(ascii: "[") : UInt8(ascii: "{")) }
        var closing = [UInt8]()
        for level in (0..<depth).reversed() { closing.append(level % 2 == 0 ? UInt8(ascii: "]") : UInt8(ascii: "}")) }
        let stack = JSONSkipper.Stack(capacity: 1)
        #expect(Self.skip(text + closing, stack: stack, limit: .max) == .success(2 * depth))
        var swapped = closing
        swapped[depth / 2] = swapped[depth / 2] == UInt8(ascii: "]") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        #expect(Self.skip(text + swapped, stack: stack, limit: .max) == .failure(.mismatched(depth + depth / 2)))
    }

    /// The locator, which walks with the skipper, still finds values past hostile
    /// neighbours (escaped quotes and brackets inside strings).
    @Test func theLocatorSkipsWithIt() {
        let text = Array(#"{"a":"]\"}[","b":[{"c":"\\"},[1,{"d":"}"}]],"e":true}"#.utf8)
        let offset = text.withUnsafeBufferPointer { JSONLocator.offset(of: JSONLocator.Request(path: [.key("e")]), in: $0) }
        #expect(offset == text.count - 5)
        #expect(JSONLocator.offset(of: [.key("e")], in: text) == text.count - 5)
    }
}
