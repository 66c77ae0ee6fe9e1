import Schema

/// Ruby literals and comments that stay inert whatever the schema says.
enum RubyLiterals {
    /// A string literal with exactly `text` as its value: `'...'` for printable ASCII,
    /// else `"..."` with every other character escaped (`#` too, so nothing interpolates).
    static func string(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ (" "..."~").contains($0) }) {
            return "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
        return escaper.quoted(text)
    }

    static let escaper = ScalarEscaper(escapes: ["\\": "\\\\", "\"": "\\\"", "#": "\\#", "\n": "\\n", "\t": "\\t"],
                                       isPlain: ScalarEscaper.printableASCII) { ScalarEscaper.braced($0) }

    /// `# ` comment lines saying `text`; every line break starts a new line, control and
    /// bidirectional characters are shown as `\u{...}`.
    static func comment(_ text: String, marker: String = "#", width: Int = 0) -> [String] {
        let lines = comment(text, marker: marker)
        guard width > 0 else { return lines }
        return lines.flatMap { wrapped($0, marker: marker, width: width) }
    }

    /// One comment line broken at spaces so that it fits `width` (a long word stays whole).
    static func wrapped(_ line: String, marker: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        var output: [String] = []
        var current = marker
        for word in line.dropFirst(marker.count + 1).split(separator: " ", omittingEmptySubsequences: false) {
            if current.count > marker.count && current.count + 1 + word.count > width {
                output.append(current)
                current = marker
            }
            current += " " + word
        }
        output.append(current)
        return output
    }

    static func comment(_ text: String, marker: String) -> [String] {
        CommentText.lines(text, escape: ScalarEscaper.braced).map { $0.isEmpty ? marker : "\(marker) \($0)" }
    }

    /// An ERB comment (`<%# ... %>`) line; `%>` cannot end it early.
    static func erbComment(_ line: String) -> String {
        "<%# " + line.replacingOccurrences(of: "%>", with: "% >") + " %>"
    }

    /// An array of string literals: `%w[a b]` when every string is a plain word (RuboCop's
    /// Style/WordArray), else `['a b', ...]`.
    static func stringArray(_ texts: [String]) -> String {
        let plain = texts.allSatisfy { text in
            !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
        }
        if plain && texts.count >= 2 { return "%w[" + texts.joined(separator: " ") + "]" }
        return "[" + texts.map(string).joined(separator: ", ") + "]"
    }

    /// A Ruby number literal for a JSON number.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "nil" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A Ruby literal for a JSON value: hashes with string keys, `nil` for null. Short
    /// values on one line, longer ones one member per line, indented by `indent`.
    static func value(_ json: JSON, indent: String = "") -> String {
        let compact = compactValue(json)
        if compact.count + indent.count <= 110 { return compact }
        let inner = indent + "  "
        switch json {
        case .array(let elements):
            return "[\n" + elements.map { inner + value($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let object):
            return "{\n" + object.members.map { inner + string($0.key) + " => " + value($0.value, indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        default:
            return compact
        }
    }

    static func compactValue(_ json: JSON) -> String {
        switch json {
        case .null: return "nil"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return self.number(number)
        case .string(let text): return string(text)
        case .array(let elements):
            let words = elements.compactMap { element -> String? in
                if case .string(let text) = element { return text }
                return nil
            }
            if words.count == elements.count { return stringArray(words) }
            return "[" + elements.map(compactValue).joined(separator: ", ") + "]"
        case .object(let object):
            if object.isEmpty { return "{}" }
            return "{ " + object.members.map { string($0.key) + " => " + compactValue($0.value) }.joined(separator: ", ") + " }"
        }
    }
}
