import Schema

/// Swift string literals and comments that stay inert whatever the schema says:
/// descriptions and enum values may hold `*/`, `"""`, `\`, `\(x)`, `${x}`, newlines,
/// control characters, bidirectional overrides and any other Unicode.
enum SwiftLiterals {
    /// A `"..."` literal with exactly `text` as its value. Everything outside printable
    /// ASCII is written as `\u{...}`, so no character can end the literal, start an
    /// interpolation or reorder the line in an editor.
    static func string(_ text: String) -> String { escaper.quoted(text) }

    static let escaper = ScalarEscaper(escapes: ["\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"],
                                       isPlain: ScalarEscaper.printableASCII) { ScalarEscaper.braced($0) }

    /// Comment lines saying `text`: `///` for documentation, `//` otherwise. Every line
    /// break (`\n`, `\r`, U+2028, U+2029, U+0085, vertical tab, form feed) starts a new
    /// comment line; other control characters and bidirectional controls are shown as
    /// `\u{...}`. Leading and trailing blank lines are dropped.
    static func comment(_ text: String, documentation: Bool) -> [String] {
        let marker = documentation ? "///" : "//"
        return CommentText.lines(text, escape: ScalarEscaper.braced).map { $0.isEmpty ? marker : "\(marker) \($0)" }
    }
}
