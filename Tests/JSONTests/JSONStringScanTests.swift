import Testing
@testable import JSON

/// The reader's fast string path (eight bytes at a time, small strings built in place)
/// and its string cache, against texts whose decoded value is known by construction.
struct JSONStringScanTests {
    /// A deterministic generator, so a failure names a reproducible case.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    /// Scalars from each UTF-8 length, and the ones JSON must escape.
    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "/", "~", "\u{7F}", "\"", "\\", "\u{0}", "\u{1F}", "\n",
        "\u{E9}", "\u{80}", "\u{7FF}", "\u{800}", "\u{20AC}", "\u{FFFF}", "\u{10000}", "\u{1F600}", "\u{10FFFF}",
    ]

    /// A JSON string literal for `scalars`: escaped where JSON requires it, and, when
    /// `escapeAll` is set, some other scalars too (which sends the reader down its slow path).
    static func literal(_ scalars: [Unicode.Scalar], escapeSome: Bool, generator: inout Generator) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for scalar in scalars {
            let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            if mustEscape || (escapeSome && generator.below(4) == 0) {
                if scalar.value > 0xFFFF {
                    let value = scalar.value - 0x10000
                    bytes += Array(String(format4: 0xD800 + (value >> 10)).utf8)
                    bytes += Array(String(format4: 0xDC00 + (value & 0x3FF)).utf8)
                } else {
                    bytes += Array(String(format4: scalar.value).utf8)
                }
            } else {
                bytes += Array(String(Character(scalar)).utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return bytes
    }

    @Test func decodesGeneratedStringsOfEveryLength() throws {
        var generator = Generator(state: 42)
        let cache = JSONStringCache()
        for length in 0...40 {
            for round in 0..<40 {
                let scalars = (0..<length).map { _ in Self.alphabet[generator.below(Self.alphabet.count)] }
                var expected = ""
                expected.unicodeScalars.append(contentsOf: scalars)
                let text = Self.literal(scalars, escapeSome: round % 2 == 1, generator: &generator)
                // Alone (the string ends the buffer), and inside an array (bytes follow it).
                for document in [text, Array("[1,".utf8) + text + Array(",2]".utf8)] {
                    for strings in [nil, cache] {
                        let value = try document.withUnsafeBufferPointer { try JSONReader().parse(buffer: $0, strings: strings).get() }
                        let string = try #require(value.stringValue ?? value.arrayValue?[1].stringValue)
                        #expect(string.scalarEquals(expected), "length \(length) round \(round): \(document)")
                    }
                }
            }
        }
    }

    @Test func reportsTheOffsetOfEveryBadByteInAString() {
        // A raw control character, an invalid UTF-8 byte and a missing closing quote, at
        // each position of strings long enough to cover both the word and the byte loop.
        for length in 1...24 {
            for position in 0..<length {
                var control = Array(repeating: UInt8(ascii: "x"), count: length)
                control[position] = 0x01
                let controlError = failure([UInt8(ascii: "\"")] + control + [UInt8(ascii: "\"")])
                #expect(controlError == JSONParseError(reason: .controlCharacterInString, offset: position + 1))

                var invalid = Array(repeating: UInt8(ascii: "x"), count: length)
                invalid[position] = 0xFF
                let invalidError = failure([UInt8(ascii: "\"")] + invalid + [UInt8(ascii: "\"")])
                #expect(invalidError == JSONParseError(reason: .invalidUTF8, offset: position + 1))

                // A lead byte cut short by the closing quote.
                var cut = Array(repeating: UInt8(ascii: "x"), count: length)
                cut[position] = 0xC3
                if position + 1 == length {
                    #expect(failure([UInt8(ascii: "\"")] + cut + [UInt8(ascii: "\"")]) == JSONParseError(reason: .invalidUTF8, offset: position + 1))
                }
            }
            let unterminated = [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "y"), count: length)
            #expect(failure(unterminated) == JSONParseError(reason: .unexpectedEnd, offset: length + 1))
        }
    }

    @Test func cacheTellsApartKeysThatDifferInOneByte() throws {
        // Keys of every cached length (and beyond) that differ in one byte at each
        // position, read through one cache in turn: each must come back as itself.
        let cache = JSONStringCache()
        for length in 1...40 {
            for position in 0..<length {
                for letter in ["a", "b"] {
                    var key: [Character] = Array(repeating: "k", count: length)
                    key[position] = Character(letter)
                    let name = String(key)
                    let text = Array("{\"\(name)\":\"\(name)!\"}".utf8)
                    let value = try text.withUnsafeBufferPointer { try JSONReader().parse(buffer: $0, strings: cache).get() }
                    let member = try #require(value.objectValue?.members.first)
                    #expect(member.key.scalarEquals(name))
                    #expect(member.value.stringValue?.scalarEquals(name + "!") == true)
                }
            }
        }
    }

    @Test func cacheReadsShortBuffersAndStringsAtTheirEnd() throws {
        // Strings that start within the last eight bytes of the buffer, and buffers
        // shorter than eight bytes: no read may leave the buffer, and the value is exact.
        let cache = JSONStringCache()
        let documents = [#""a""#, #""ab""#, #"["ab"]"#, #"{"k":"v"}"#, #"[1,"abcdef"]"#, #"["x","abc"]"#,
                         #"["abc","x"]"#, #"{"é":"ü"}"#, #"["",""]"#, #"["abcdefgh"]"#, #"[0,"xyz"]"#]
        for round in 0..<2 {
            for document in documents {
                let bytes = Array(document.utf8)
                let cached = try bytes.withUnsafeBufferPointer { try JSONReader().parse(buffer: $0, strings: cache).get() }
                let plain = try JSONReader().parse(bytes)
                #expect(cached == plain, "round \(round): \(document)")
            }
        }
    }

    @Test func cacheStaysCorrectWhenManyStringsShareSlots() throws {
        // Far more distinct strings than slots: every replacement must still give the
        // right string, read twice so the second read can hit.
        let cache = JSONStringCache()
        for pass in 0..<2 {
            for number in 0..<5_000 {
                let name = "id-\(number * 7919 % 100_003)"
                let bytes = Array("[\"\(name)\"]".utf8)
                let value = try bytes.withUnsafeBufferPointer { try JSONReader().parse(buffer: $0, strings: cache).get() }
                #expect(value.arrayValue?.first?.stringValue?.scalarEquals(name) == true, "pass \(pass): \(name)")
            }
        }
    }

    @Test func duplicateKeysAreFoundWhateverTheirLengthOrSpelling() {
        #expect(failure(#"{"icon":1,"path":2,"icon":3}"#) == JSONParseError(reason: .duplicateKey("icon"), offset: 19))
        #expect(failure(#"{"ab":1,"cd":2,"\u0061b":3}"#) == JSONParseError(reason: .duplicateKey("ab"), offset: 15))
        #expect(failure(#"{"é":1,"\u00e9":2}"#) == JSONParseError(reason: .duplicateKey("é"), offset: 8))
        // Same length, different scalars; and canonically equivalent but different scalars.
        #expect(failure(#"{"path":1,"icon":2,"name":3}"#) == nil)
        #expect(failure("{\"\u{E9}\":1,\"e\u{301}\":2}") == nil)
        let long = String(repeating: "x", count: 40)
        #expect(failure("{\"\(long)\":1,\"\(long)\":2}") == JSONParseError(reason: .duplicateKey(long), offset: 46))
    }

    /// A key of a length the object has not had yet skips the scan for duplicates (one
    /// bit per length, 63 and longer sharing one): every key repeated after keys of every
    /// other length is still found, and keys that only share a bit are not taken for one.
    @Test func duplicateKeysAreFoundPastTheLengthBits() {
        // Fewer than 16 keys: the scan, not the set of large objects. "é" and "ab", and
        // the 63, 64 and 70 byte keys, share a length bit.
        let keys = ["", "a", "é", "ab", "abc", String(repeating: "k", count: 62), String(repeating: "k", count: 63),
                    String(repeating: "k", count: 64), String(repeating: "k", count: 70), String(repeating: "y", count: 63)]
        for repeated in keys {
            let members = keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",")
            let text = "{\(members),\"\(repeated)\":0}"
            let offset = text.utf8.count - repeated.utf8.count - 5  // the repeated key's opening quote
            #expect(failure(text) == JSONParseError(reason: .duplicateKey(repeated), offset: offset), "\(repeated.debugDescription)")
        }
        // 64 and 70 bytes share bit 63 with 63 bytes: different keys, no error.
        let long = [63, 64, 70].map { String(repeating: "z", count: $0) }
        #expect(failure("{" + long.map { "\"\($0)\":1" }.joined(separator: ",") + "}") == nil)
    }

    func failure(_ text: String) -> JSONParseError? { failure(Array(text.utf8)) }

    /// The error with and without a cache (they must agree).
    func failure(_ bytes: [UInt8]) -> JSONParseError? {
        let errors = [nil, JSONStringCache()].map { strings -> JSONParseError? in
            let result = bytes.withUnsafeBufferPointer { JSONReader().parse(buffer: $0, strings: strings) }
            if case .failure(let error) = result { return error }
            return nil
        }
        #expect(errors[0] == errors[1])
        return errors[0]
    }
}

extension String {
    /// `\uXXXX` for a UTF-16 code unit.
    init(format4 value: UInt32) {
        let digits = String(value, radix: 16)
        self = "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
