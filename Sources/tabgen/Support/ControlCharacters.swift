import JSON

/// Control characters in text tabgen prints (file names, URLs, JSON pointers, messages
/// that quote a page or a key), written as escapes: a line feed in a file name would
/// otherwise start a line of its own, such as a forged `::error` command in a GitHub
/// Actions log, and an escape sequence would drive the terminal. The characters are
/// those JSON escapes (C0 controls, DEL, U+2028, U+2029), written as `JSONWriter`
/// writes them (`\n`, `\u001b`, `\u2028`), and the C1 controls (`\u0085`, `\u009b`),
/// which some terminals and log viewers take as line ends or escape sequences.
enum ControlCharacters {
    /// Whether `bytes` (UTF-8) may hold one: a byte below 0x20, DEL, or the lead byte
    /// of C1 (0xC2) or of U+2028 and U+2029 (0xE2). One look a byte, no allocation.
    /// Eight bytes at a time: only a word with a byte below 0x20, DEL or a byte past
    /// ASCII is looked at byte by byte (every line of the text output is checked: a byte
    /// loop cost about 1,700 instructions a payload on the benchmark's invalid ones).
    static func mayOccur(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        while index + 8 <= bytes.count {
            let word = ByteWords.load(base + index)
            let below = (word &- ByteWords.ones &* 0x20) & ~word & ByteWords.highs
            if below != 0 || word & ByteWords.highs != 0 || ByteWords.has(word, 0x7F) {
                for offset in 0..<8 where isLead(base[index + offset]) { return true }
            }
            index += 8
        }
        while index < bytes.count {
            if isLead(base[index]) { return true }
            index += 1
        }
        return false
    }

    private static func isLead(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    static func mayOccur(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { mayOccur(in: $0) }
    }

    /// `text` with each control character escaped; the text itself when it has none.
    static func escaped(_ text: String) -> String {
        guard mayOccur(in: text) else { return text }
        var output = ""
        output.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: output += "\\n"
            case 0x0D: output += "\\r"
            case 0x09: output += "\\t"
            case 0x08: output += "\\b"
            case 0x0C: output += "\\f"
            case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
