import Schema

/// YAML text for the strings `tabgen init` writes into tabgen.yml. Folder names may hold
/// anything a file system allows, and a plain scalar would misread some of them
/// (`Rails App #1` ends at ` #`, `a: b` is a map, `true` a boolean), so every string is
/// written double-quoted: the one YAML style in which any string can be written exactly.
enum YAMLScalar {
    /// `text` as a double-quoted scalar: `"` and `\` escaped, and so is every character YAML
    /// does not allow as it is in a stream (controls, U+FEFF, U+FFFE, U+FFFF) or would read
    /// as a line break and fold (U+0085, U+2028, U+2029).
    static func quoted(_ text: String) -> String { escaper.quoted(text) }

    private static let escaper = ScalarEscaper(escapes: ["\"": "\\\"", "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"],
                                               isPlain: { isWrittenAsIs($0.value) }) { scalar in
        switch scalar.value {
        case ...0xFF: "\\x" + ScalarEscaper.hex(scalar.value, digits: 2)
        case ...0xFFFF: "\\u" + ScalarEscaper.hex(scalar.value, digits: 4)
        default: "\\U" + ScalarEscaper.hex(scalar.value, digits: 8)
        }
    }

    /// YAML 1.1's printable characters (libyaml's, which Yams reads with), less its line
    /// breaks: U+0020-U+007E, U+00A0-U+D7FF but U+2028 and U+2029, U+E000-U+FFFD but U+FEFF,
    /// U+10000 and above.
    private static func isWrittenAsIs(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0x10000...0x10FFFF: true
        case 0xA0...0xD7FF: value != 0x2028 && value != 0x2029
        case 0xE000...0xFFFD: value != 0xFEFF
        default: false
        }
    }
}
