import Schema

/// TypeScript and JavaScript literals and comments.
enum TypeScriptLiterals {
    /// A string literal; `*/` is written `*\/` so the literal is inert inside a JSDoc
    /// comment too, and U+2028/U+2029 and control characters are escaped.
    static func string(_ text: String) -> String {
        JSONWriter.quoted(text).replacingOccurrences(of: "*/", with: "*\\/")
    }

    /// The text of a string literal for use inside a template literal (`...`).
    static func templateLiteralText(_ text: String) -> String {
        var output = ""
        for character in string(text) {
            switch character {
            case "`": output += "\\`"
            case "$": output += "\\$"
            default: output.append(character)
            }
        }
        return output
    }

    /// Comment text that cannot end a `/* */` comment or a `//` line early.
    static func commentText(_ text: String) -> [String] {
        let safe = text.replacingOccurrences(of: "*/", with: "*\\/")
        return safe.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}" })
            .map { String($0) }
    }

    static func comment(_ text: String, documentation: Bool) -> [String] {
        let lines = commentText(text)
        guard documentation else { return lines.map { $0.isEmpty ? "//" : "// " + $0 } }
        if lines.count == 1 { return ["/** \(lines[0]) */"] }
        return ["/**"] + lines.map { $0.isEmpty ? " *" : " * " + $0 } + [" */"]
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard !text.isEmpty, !Naming.startsWithDigit(text) else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "$"
        }
    }

    /// A property name in an object literal or type: bare when it can be, quoted when
    /// not, and `["__proto__"]` (computed, so an own property, not the prototype) in
    /// object literals.
    static func propertyKey(_ name: String, inObjectLiteral: Bool) -> String {
        if name == "__proto__" { return inObjectLiteral ? "[\"__proto__\"]" : "\"__proto__\"" }
        return isIdentifier(name) ? name : string(name)
    }

    /// `value` as a JavaScript expression: objects at `expandDepth` levels and above on
    /// lines of their own, deeper ones on one line.
    static func literal(_ value: JSON, indent: String = "", expandDepth: Int) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return JSONWriter.format(number)
        case .string(let text): return string(text)
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            if expandDepth > 0 {
                let inner = indent + "  "
                return "[\n" + elements.map { inner + literal($0, indent: inner, expandDepth: expandDepth - 1) + ",\n" }.joined() + indent + "]"
            }
            return "[" + elements.map { literal($0, expandDepth: 0) }.joined(separator: ", ") + "]"
        case .object(let object):
            if object.isEmpty { return "{}" }
            if expandDepth > 0 {
                let inner = indent + "  "
                return "{\n" + object.members.map {
                    inner + propertyKey($0.key, inObjectLiteral: true) + ": " + literal($0.value, indent: inner, expandDepth: expandDepth - 1) + ",\n"
                }.joined() + indent + "}"
            }
            return "{ " + object.members.map { propertyKey($0.key, inObjectLiteral: true) + ": " + literal($0.value, expandDepth: 0) }.joined(separator: ", ") + " }"
        }
    }
}
