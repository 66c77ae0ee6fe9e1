import Schema

/// Kotlin string literals and KDoc that stay inert whatever the schema says:
/// descriptions and enum values may hold `*/`, `/*`, `"""`, `\`, `$`, `${x}`, newlines,
/// control characters, bidirectional overrides and any other Unicode.
enum KotlinLiterals {
    /// A `"..."` literal with exactly `text` as its value. `$` is escaped (no string
    /// template can start), and everything outside printable ASCII is written as
    /// `\uXXXX` UTF-16 units, so no character can end the literal or reorder the line in
    /// an editor.
    static func string(_ text: String) -> String { escaper.quoted(text) }

    static let escaper = ScalarEscaper(escapes: ["\\": "\\\\", "\"": "\\\"", "$": "\\$", "\n": "\\n", "\r": "\\r", "\t": "\\t"],
                                       isPlain: ScalarEscaper.printableASCII) { ScalarEscaper.utf16Units($0) }

    /// The text of comment lines saying `text`, without markers: every line break (`\n`,
    /// `\r`, U+2028, U+2029, U+0085, vertical tab, form feed) starts a new line; other
    /// control characters and bidirectional controls are shown as `\uXXXX`; `*/` and
    /// `/*` are written `*&#47;` and `&#47;*` (Kotlin block comments nest, so either
    /// would change where the comment ends; the entity renders as `/` in KDoc).
    /// Leading and trailing blank lines are dropped.
    static func commentText(_ text: String) -> [String] {
        CommentText.lines(text) { ScalarEscaper.utf16Units($0) }.map(neutralizeCommentMarkers)
    }

    /// `*/` and `/*` with their slash as `&#47;`; `/` elsewhere stays.
    static func neutralizeCommentMarkers(_ line: String) -> String {
        var output = ""
        let scalars = Array(line.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let previous = index > 0 ? scalars[index - 1] : nil
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if scalar == "/" && (previous == "*" || next == "*") {
                output += "&#47;"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// The width KDoc text is wrapped at (the comment's indentation and ` * ` come on
    /// top, staying within the 100 columns of the Android Kotlin style guide).
    static let kdocWidth = 88

    /// A KDoc comment (`/** ... */`) saying `text`: one line when it fits on one,
    /// otherwise one ` * ` line per line, wrapped. Empty when there is nothing to say.
    static func kdoc(_ text: String) -> [String] {
        kdoc(lines: commentText(text))
    }

    /// A KDoc comment of prepared lines (paragraphs separated by empty lines).
    static func kdoc(lines: [String]) -> [String] {
        let wrapped = lines.flatMap { wrap($0, width: kdocWidth) }
        guard !wrapped.isEmpty else { return [] }
        if wrapped.count == 1 { return ["/** \(wrapped[0]) */"] }
        return ["/**"] + wrapped.map { $0.isEmpty ? " *" : " * \($0)" } + [" */"]
    }

    /// `line` broken at spaces into lines of at most `width` characters (a longer word
    /// stays whole); continuation lines keep the line's leading indentation.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        var lines: [String] = []
        var current = indent
        for word in line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: true) {
            if current.count > indent.count, current.count + 1 + word.count > width {
                lines.append(current)
                current = indent
            }
            current += (current.count > indent.count ? " " : "") + word
        }
        lines.append(current)
        return lines
    }
}
