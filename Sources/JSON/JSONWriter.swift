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
        output.append(UInt8(ascii: "\""))
        var copy = text
        copy.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                // Bytes that need no escape are copied a run at a time, not one by one.
                let runStart = index
                while index < bytes.count, Self.isPlain(bytes[index]) { index += 1 }
                if index > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""): output += #"\""#.utf8
                case UInt8(ascii: "\\"): output += #"\\"#.utf8
                case 0x0A: output += #"\n"#.utf8
                case 0x0D: output += #"\r"#.utf8
                case 0x09: output += #"\t"#.utf8
                case 0x08: output += #"\b"#.utf8
                case 0x0C: output += #"\f"#.utf8
                case 0x00..<0x20, 0x7F: output += ("\\u" + hex(UInt32(byte)).lowercased()).utf8
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    output += (bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8
                    index += 2
                default: output.append(byte)
                }
                index += 1
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// A byte `writeQuoted` copies as it is: printable ASCII but `"` and `\`, and
    /// non-ASCII bytes other than 0xE2 (which may start U+2028 or U+2029).
    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        if byte < 0x80 { return byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") }
        return byte != 0xE2
    }
}
