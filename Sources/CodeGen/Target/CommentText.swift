/// The one way every target turns text into comment lines, so that no description can
/// end a comment early or hide a line: every line break (`\n`, `\r`, U+2028, U+2029,
/// U+0085, vertical tab, form feed) starts a new line, tabs become spaces, and other
/// control characters and bidirectional controls are shown through `escape`. Trailing
/// spaces and leading and trailing blank lines are dropped. Markers are the target's.
enum CommentText {
    static func lines(_ text: String, escape: (Unicode.Scalar) -> String) -> [String] {
        var lines: [String] = []
        var current = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = scalar == "\r"
            switch scalar.value {
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                lines.append(current)
                current = ""
            case 0x09:
                current += " "
            case 0x00..<0x20, 0x7F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                current += escape(scalar)
            default:
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        var trimmed = lines.map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
        while trimmed.first?.isEmpty == true { trimmed.removeFirst() }
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        return trimmed
    }
}
