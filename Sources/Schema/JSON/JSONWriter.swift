/// Serializes JSON compactly: members in their order (or sorted, for canonical form),
/// non-ASCII kept as UTF-8, control characters and quotes escaped.
public enum JSONWriter {
    public static func string(_ value: JSON, sortKeys: Bool = false) -> String {
        var output = ""
        write(value, to: &output, sortKeys: sortKeys)
        return output
    }

    public static func write(_ value: JSON, to output: inout String, sortKeys: Bool = false) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += format(number)
        case .string(let text): writeQuoted(text, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, to: &output, sortKeys: sortKeys)
            }
            output += "]"
        case .object(let object):
            output += "{"
            let members = sortKeys ? object.members.sorted { $0.key < $1.key } : object.members
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                writeQuoted(member.key, to: &output)
                output += ":"
                write(member.value, to: &output, sortKeys: sortKeys)
            }
            output += "}"
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
        var output = ""
        writeQuoted(text, to: &output)
        return output
    }

    public static func writeQuoted(_ text: String, to output: inout String) {
        output += "\""
        // Unescaped runs are appended whole: appending scalar by scalar is slow.
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            var next = utf8.index(after: index)
            let escape: String
            switch byte {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0..<0x20, 0x7F: escape = "\\u" + hex(UInt32(byte)).lowercased()
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                guard next != utf8.endIndex, utf8[next] == 0x80 else { index = next; continue }
                let third = utf8.index(after: next)
                guard third != utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 else { index = next; continue }
                escape = utf8[third] == 0xA8 ? "\\u2028" : "\\u2029"
                next = utf8.index(after: third)
            default:
                index = next
                continue
            }
            output += Substring(text[runStart..<index])
            output += escape
            index = next
            runStart = next
        }
        output += Substring(text[runStart..<index])
        output += "\""
    }
}
