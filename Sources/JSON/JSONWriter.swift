/// Serializes JSON compactly: members in their order (or sorted, for canonical form),
/// non-ASCII kept as UTF-8, control characters and quotes escaped.
public enum JSONWriter {
    public static func string(_ value: JSON, sortKeys: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(value, to: &bytes, sortKeys: sortKeys)
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func write(_ value: JSON, to output: inout String, sortKeys: Bool = false) {
        output += string(value, sortKeys: sortKeys)
    }

    /// Writes into a byte buffer: building the text as bytes and decoding it once is
    /// far cheaper than appending to a String piece by piece.
    public static func write(_ value: JSON, to output: inout [UInt8], sortKeys: Bool = false) {
        switch value {
        case .null: output += "null".utf8
        case .bool(let flag): output += (flag ? "true" : "false").utf8
        case .number(let number): output += format(number).utf8
        case .string(let text): writeQuoted(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output, sortKeys: sortKeys)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            let members = sortKeys ? object.members.sorted { $0.key < $1.key } : object.members
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeQuoted(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(member.value, to: &output, sortKeys: sortKeys)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// `write(_:to:)` for a value read from `text`, at `path` in it: a number beyond
    /// Double's range, which `write` gives as `null`, is written as the text has it
    /// (`JSONLocator.infiniteNumberText`). Writing stops once `limit` bytes are written
    /// (the caller shows no more), which bounds the numbers looked up in the text.
    public static func write(_ value: JSON, at path: [PathToken], text: UnsafeBufferPointer<UInt8>, limit: Int = .max,
                             to output: inout [UInt8]) {
        guard value.containsInfiniteNumber else { return write(value, to: &output) }
        var path = path
        let end = output.count.addingReportingOverflow(limit)
        writeWithTexts(value, at: &path, text, until: end.overflow ? .max : end.partialValue, to: &output)
    }

    private static func writeWithTexts(_ value: JSON, at path: inout [PathToken], _ text: UnsafeBufferPointer<UInt8>,
                                       until end: Int, to output: inout [UInt8]) {
        guard output.count < end else { return }
        switch value {
        case .number(let number) where !number.isFinite:
            if let written = JSONLocator.infiniteNumberText(at: path, in: text) { output += written } else { output += format(number).utf8 }
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for index in elements.indices {
                guard output.count < end else { return }
                if index > 0 { output.append(UInt8(ascii: ",")) }
                path.append(.index(index))
                writeWithTexts(elements[index], at: &path, text, until: end, to: &output)
                path.removeLast()
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                guard output.count < end else { return }
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeQuoted(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                path.append(.key(member.key))
                writeWithTexts(member.value, at: &path, text, until: end, to: &output)
                path.removeLast()
            }
            output.append(UInt8(ascii: "}"))
        default:
            write(value, to: &output)
        }
    }

    /// Integers print without a fraction; other numbers in Swift's shortest round-trip form.
    public static func format(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        if !number.isFinite { return "null" }
        return "\(number)"
    }

    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        writeQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func writeQuoted(_ text: String, to output: inout String) {
        output += quoted(text)
    }

    /// Quotes and escapes `text`: `"` and `\`, control characters, DEL, and U+2028 and
    /// U+2029 (which end lines in JavaScript source) are escaped; all else is kept as UTF-8.
    public static func writeQuoted(_ text: String, to output: inout [UInt8]) {
        var copy = text
        copy.withUTF8 { writeQuoted(utf8: $0, to: &output) }
    }

    /// `writeQuoted(_:to:)` for text given as its UTF-8 bytes (which must be valid UTF-8).
    public static func writeQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: quotedCapacity(bytes.count)) { buffer in
            guard let base = buffer.baseAddress else { return }
            output.append(contentsOf: UnsafeBufferPointer(start: base, count: writeQuoted(utf8: bytes, into: base)))
        }
    }

    /// The most bytes `writeQuoted(utf8:into:)` writes for `count` bytes of text: six
    /// a byte (`\u001f`, or `\u2028` for three bytes), and the quotes.
    @inline(__always)
    public static func quotedCapacity(_ count: Int) -> Int { 6 * count + 2 }

    /// Writes `bytes` quoted and escaped as `writeQuoted(_:to:)` does at `output`, which
    /// must have room for `quotedCapacity(bytes.count)` bytes; returns how many it wrote.
    /// Into memory rather than an array: a report line is a dozen short pieces, and each
    /// append to an array costs about a hundred instructions.
    public static func writeQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        output[0] = UInt8(ascii: "\"")
        var written = 1
        if let base = bytes.baseAddress {
            let count = bytes.count
            var index = 0
            while index < count {
                // Bytes that need no escape are looked at and copied a word at a time:
                // the whole word is stored, then only its plain bytes counted. There is
                // room: `written` is at most `1 + index + 5 * index` and eight bytes remain
                // to be read, so `written + 8` stays within `quotedCapacity(count)`.
                while index + 8 <= count {
                    let word = ByteWords.load(base + index)
                    UnsafeMutableRawPointer(output + written).storeBytes(of: word.littleEndian, as: UInt64.self)
                    let special = specialMask(word)
                    guard special == 0 else {
                        let plain = special.trailingZeroBitCount >> 3
                        index += plain
                        written += plain
                        break
                    }
                    index += 8
                    written += 8
                }
                if index + 8 > count {
                    while index < count, Self.isPlain(base[index]) {
                        output[written] = base[index]
                        written += 1
                        index += 1
                    }
                }
                guard index < count else { break }
                let byte = base[index]
                var escape: UInt8 = 0
                switch byte {
                case UInt8(ascii: "\""): escape = UInt8(ascii: "\"")
                case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
                case 0x0A: escape = UInt8(ascii: "n")
                case 0x0D: escape = UInt8(ascii: "r")
                case 0x09: escape = UInt8(ascii: "t")
                case 0x08: escape = UInt8(ascii: "b")
                case 0x0C: escape = UInt8(ascii: "f")
                case 0x00..<0x20, 0x7F:
                    // `\u` and four lowercase hex digits.
                    let digits: StaticString = "0123456789abcdef"
                    output[written] = UInt8(ascii: "\\")
                    output[written + 1] = UInt8(ascii: "u")
                    output[written + 2] = UInt8(ascii: "0")
                    output[written + 3] = UInt8(ascii: "0")
                    output[written + 4] = digits.utf8Start[Int(byte >> 4)]
                    output[written + 5] = digits.utf8Start[Int(byte & 0x0F)]
                    written += 6
                case 0xE2 where index + 2 < count && base[index + 1] == 0x80 && (base[index + 2] == 0xA8 || base[index + 2] == 0xA9):
                    // `\u2028` or `\u2029`.
                    output[written] = UInt8(ascii: "\\")
                    output[written + 1] = UInt8(ascii: "u")
                    output[written + 2] = UInt8(ascii: "2")
                    output[written + 3] = UInt8(ascii: "0")
                    output[written + 4] = UInt8(ascii: "2")
                    output[written + 5] = base[index + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9")
                    written += 6
                    index += 2
                default:
                    output[written] = byte
                    written += 1
                }
                if escape != 0 {
                    output[written] = UInt8(ascii: "\\")
                    output[written + 1] = escape
                    written += 2
                }
                index += 1
            }
        }
        output[written] = UInt8(ascii: "\"")
        return written + 1
    }

    /// Bit 7 set in the first byte of `word` (as `ByteWords.load` reads it) that
    /// `isPlain` rejects, and perhaps in bytes after it; 0 when every byte is plain.
    /// Each test is exact up to its first hit, so the lowest bit set is exact.
    @inline(__always)
    static func specialMask(_ word: UInt64) -> UInt64 {
        let control = (word &- ByteWords.ones &* 0x20) & ~word & ByteWords.highs
        return control | ByteWords.zeroMask(word ^ (ByteWords.ones &* UInt64(UInt8(ascii: "\""))))
            | ByteWords.zeroMask(word ^ (ByteWords.ones &* UInt64(UInt8(ascii: "\\"))))
            | ByteWords.zeroMask(word ^ (ByteWords.ones &* 0x7F)) | ByteWords.zeroMask(word ^ (ByteWords.ones &* 0xE2))
    }

    /// A byte `writeQuoted` copies as it is: printable ASCII but `"` and `\`, and
    /// non-ASCII bytes other than 0xE2 (which may start U+2028 or U+2029).
    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        if byte < 0x80 { return byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") }
        return byte != 0xE2
    }
}
