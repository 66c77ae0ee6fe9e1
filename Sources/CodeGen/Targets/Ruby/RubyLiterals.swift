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

/// The schema and its rules as JSON data for the generated `Contract` module: the
/// engine is the same for every schema, only these tables change.
enum RubyContractData {
    static func object(_ members: [(String, JSON?)]) -> JSON {
        .object(JSONObject(members.compactMap { key, value in value.map { JSONObject.Member(key: key, value: $0) } }))
    }

    static func schema(_ schema: Schema) -> JSON {
        var members: [(String, JSON?)] = []
        switch schema.form {
        case .empty: break
        case .ref(let name): members.append(("ref", .string(name)))
        case .type(let type): members.append(("type", .string(type.rawValue)))
        case .enumeration(let values): members.append(("enum", .array(values.map(JSON.string))))
        case .elements(let inner): members.append(("elements", self.schema(inner)))
        case .values(let inner): members.append(("values", self.schema(inner)))
        case .properties(let form):
            if form.hasPropertiesKeyword || form.optional.isEmpty {
                members.append(("properties", object(form.required.map { ($0.name, self.schema($0.schema)) })))
            }
            if !form.optional.isEmpty || !form.hasPropertiesKeyword {
                members.append(("optionalProperties", object(form.optional.map { ($0.name, self.schema($0.schema)) })))
            }
            if form.additionalProperties { members.append(("additionalProperties", .bool(true))) }
        case .discriminator(let form):
            members.append(("discriminator", .string(form.tag)))
            members.append(("mapping", object(form.mapping.map { ($0.tag, self.schema($0.schema)) })))
        }
        if schema.nullable { members.append(("nullable", .bool(true))) }
        return object(members)
    }

    static func document(_ document: SchemaDocument) -> JSON {
        guard case .object(let root) = schema(document.root) else { return .object(JSONObject()) }
        var members = root.members
        if !document.definitions.isEmpty {
            members.insert(JSONObject.Member(key: "definitions",
                                             value: object(document.definitions.map { ($0.name, schema($0.schema)) })), at: 0)
        }
        return .object(JSONObject(members))
    }

    static func pattern(_ pattern: PathPattern) -> JSON { .string(pattern.description) }

    static func optional(_ value: Int?) -> JSON? { value.map { .number(Double($0)) } }

    static func conditions(_ conditions: [Condition]) -> JSON {
        .array(conditions.map { condition in
            switch condition.test {
            case .present(let flag): object([("path", pattern(condition.path)), ("present", .bool(flag))])
            case .count(let min, let max):
                object([("path", pattern(condition.path)), ("count", object([("min", optional(min)), ("max", optional(max))]))])
            case .equals(let value): object([("path", pattern(condition.path)), ("equals", value)])
            }
        })
    }

    static func rule(_ rule: Rule, definition: String? = nil) -> JSON {
        var members: [(String, JSON?)] = [
            ("definition", definition.map(JSON.string)), ("code", .string(rule.code)), ("severity", .string(rule.severity == .error ? "error" : "warning")),
            ("kind", .string(rule.kind.name)),
        ]
        // The kind's arguments as the runtime reads them, without those it may leave
        // out (nil, empty, false) and without words (the runtime words patterns itself).
        for argument in rule.kind.arguments where !argument.isOmittable {
            switch argument.value {
            case .pattern(let path): members.append((argument.name, pattern(path)))
            case .optionalPattern(let path): members.append((argument.name, path.map(pattern)))
            case .integer(let number): members.append((argument.name, optional(number)))
            case .integers(let numbers): members.append((argument.name, .array(numbers.map { .number(Double($0)) })))
            case .flag(let flag): members.append((argument.name, .bool(flag)))
            case .conditions(let list): members.append((argument.name, conditions(list)))
            case .json(let json): members.append((argument.name, json))
            case .words: break
            }
        }
        if !rule.when.isEmpty { members.append(("when", conditions(rule.when))) }
        members.append(("message", .string(rule.message)))
        return object(members)
    }
}
