import Schema

/// Writes a case's payload as JSON text, with the spellings a JSON reader must treat
/// alike: `\uXXXX` escapes (surrogate pairs for astral characters), `\/`, and number
/// tokens kept exactly as written (`1E400` is not a Double).
struct CaseTextWriter {
    /// A string value starting with this marker is written as the raw JSON token after it.
    static let rawMarker = "\u{1}raw:"

    /// Escape every non-ASCII character and every `/`, instead of the shortest form.
    var escapeEverything = false

    static func raw(_ token: String) -> JSON { .string(rawMarker + token) }

    func text(_ value: JSON) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    func write(_ value: JSON, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += JSONWriter.format(number)
        case .string(let text):
            if text.hasPrefix(Self.rawMarker) {
                output += text.dropFirst(Self.rawMarker.count)
            } else {
                quote(text, to: &output)
            }
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += "," }
                quote(member.key, to: &output)
                output += ":"
                write(member.value, to: &output)
            }
            output += "}"
        }
    }

    func quote(_ text: String, to output: inout String) {
        output += "\""
        (escapeEverything ? Self.everything : Self.shortest).append(text, to: &output)
        output += "\""
    }

    private static let escapes: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"]
    private static let shortest = ScalarEscaper(escapes: escapes, isPlain: { $0.value >= 0x20 }) {
        ScalarEscaper.utf16Units($0, uppercase: false)
    }
    private static let everything = ScalarEscaper(escapes: escapes.merging(["/": "\\/"]) { $1 }, isPlain: ScalarEscaper.printableASCII) {
        ScalarEscaper.utf16Units($0, uppercase: false)
    }
}
