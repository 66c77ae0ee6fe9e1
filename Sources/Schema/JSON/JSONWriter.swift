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
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                output += "\\u" + hex(scalar.value).lowercased()
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
