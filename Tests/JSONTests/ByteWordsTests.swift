import Testing
@testable import JSON
@testable import TabgenRuntime

/// What looks at text eight bytes at a time (`ByteWords`: JSON escaping, columns, the
/// locator's skipping of strings) against plain references, on text whose interesting
/// bytes fall at every place in a word.
struct ByteWordsTests {
    static let pieces = [
        "a", "ab", "abcdefg", "abcdefgh", "0123456789abcdef", "\"", "\\", "\\\"", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}",
        "\u{01}", "\u{1F}", " ", "\u{7F}", "é", "€", "𝄞", "\u{2028}", "\u{2029}", "\u{2027}", "\u{E000}", "~", "/", "ÿ",
    ]

    /// Strings made of the pieces, from a fixed seed.
    static func texts(count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        return (0..<count).map { _ in (0..<(next() % 24)).map { _ in pieces[next() % pieces.count] }.joined() }
    }

    /// RFC 8259 escaping by Unicode scalar, as `JSONWriter` documents it: the runtimes'
    /// escaping of message text, which the shared vectors hold to `tabgen validate`'s.
    static func referenceQuoted(_ text: String) -> [UInt8] {
        Array(TabgenValidation.quoted(text).utf8)
    }

    /// The String form (messages on the validate path) against the same reference.
    @Test func quotedStringIsTheReference() {
        for text in Self.pieces + Self.texts(count: 5_000, seed: 3) {
            #expect(Array(JSONWriter.quoted(text).utf8) == Self.referenceQuoted(text), "\(text.debugDescription)")
        }
    }

    @Test func quotesAsTheReferenceDoes() {
        for text in Self.pieces + Self.texts(count: 5_000, seed: 8259) {
            var output: [UInt8] = [0x2A]
            JSONWriter.writeQuoted(text, to: &output)
            #expect(output == [0x2A] + Self.referenceQuoted(text), "\(text.debugDescription)")
            // Into memory: no more than `quotedCapacity` bytes.
            var copy = text
            let written = copy.withUTF8 { bytes in
                let capacity = JSONWriter.quotedCapacity(bytes.count)
                let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                defer { memory.deallocate() }
                let count = JSONWriter.writeQuoted(utf8: bytes, into: memory)
                #expect(count <= capacity)
                return Array(UnsafeBufferPointer(start: memory, count: count))
            }
            #expect(written == Self.referenceQuoted(text))
        }
    }

    /// Lines and columns at every offset, against counting scalars of the text before it.
    @Test func positionsCountScalarsAndLines() {
        for text in Self.texts(count: 300, seed: 1) + ["", "\n\n", String(repeating: "é\nabcdefghij€", count: 5)] {
            let bytes = Array(text.utf8)
            var line = 1
            var column = 1
            var expected: [SourcePosition] = []
            for byte in bytes {
                expected.append(SourcePosition(line: line, column: column))
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            expected.append(SourcePosition(line: line, column: column))
            for offset in 0...bytes.count {
                #expect(SourcePosition(offset: offset, in: bytes) == expected[offset], "\(text.debugDescription) at \(offset)")
            }
            let offsets = Array((0...bytes.count).reversed()) + [-3, bytes.count + 5]
            let batch = bytes.withUnsafeBufferPointer { SourcePosition.positions(of: offsets, in: $0) }
            #expect(batch == offsets.map { expected[min(max($0, 0), bytes.count)] })
        }
    }

    /// A range without a newline (a JSON Lines payload) takes the short way (`memchr`,
    /// then continuation bytes counted): from every start to every end, ASCII and not,
    /// it moves the column as the byte-by-byte count does, and a newline anywhere in the
    /// range still starts a line.
    @Test func advanceWithoutNewlineCountsScalars() {
        // Without their newline bytes (still valid UTF-8: a newline is a whole scalar).
        let flat = Self.texts(count: 120, seed: 77).map { Array($0.utf8).filter { $0 != 0x0A } }
        let extra = [String(repeating: "abcdefgh", count: 5), String(repeating: "é€😀a", count: 6), "x\ny€", "€€€€€€€€\n"].map { Array($0.utf8) }
        for bytes in flat + extra {
            for start in 0...bytes.count {
                var expected = SourcePosition(line: 3, column: 5)
                for end in start...bytes.count {
                    if end > start {
                        let byte = bytes[end - 1]
                        if byte == 0x0A {
                            expected.line += 1
                            expected.column = 1
                        } else if byte & 0xC0 != 0x80 {
                            expected.column += 1
                        }
                    }
                    var position = SourcePosition(line: 3, column: 5)
                    bytes.withUnsafeBufferPointer { position.advance(over: $0, from: start, to: end) }
                    #expect(position == expected, "\(bytes) from \(start) to \(end)")
                }
            }
        }
    }

    /// The locator skips strings eight bytes at a time and compares keys as bytes: it
    /// finds what the older walk (a String per key) finds, with escapes and non-ASCII
    /// at every place in a word.
    @Test func locatesPastLongAndEscapedStrings() {
        for text in Self.texts(count: 400, seed: 6901) {
            let key = text
            let escapedKey = String(decoding: JSONWriter.quoted(key).utf8.dropFirst().dropLast(), as: UTF8.self)
            let document = "{\"\(escapedKey)x\": \"\(escapedKey)\", \"\(escapedKey)\": [\"\(escapedKey)\", {\"k\": 1, \"\(escapedKey)\": 2}], \"z\": 3}"
            let bytes = Array(document.utf8)
            let paths: [[PathToken]] = [
                [.key(key)], [.key(key + "x")], [.key("z")], [.key(key), .index(1), .key(key)], [.key(key), .index(1), .key("k")],
                [.key(key), .index(2)], [.key("missing")],
            ]
            bytes.withUnsafeBufferPointer { buffer in
                for path in paths {
                    for preferKey in [false, true] {
                        let request = JSONLocator.Request(path: path, preferKey: preferKey)
                        let old = JSONLocator.offset(of: path, in: buffer, preferKey: preferKey)
                        #expect(JSONLocator.offset(of: request, in: buffer) == old, "\(document) \(path) \(preferKey)")
                        #expect(JSONLocator.offsets(of: Array(repeating: request, count: JSONLocator.directLimit + 1), in: buffer).first == old)
                    }
                }
            }
        }
    }
}
