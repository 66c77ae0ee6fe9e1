import Schema

/// One payload with everything a client's test needs to know about it.
///
/// `codes`, `verdict` and `decodes` say what `tabgen validate` and a generated client
/// do with the payload as sent; `canonical` and `typedCodes` say what a client holds
/// after decoding it.
public struct Fixture: Sendable {
    public enum Category: String, Sendable {
        /// Payloads a client must decode: minimal, maximal, variants, enum values,
        /// unknown members, unknown enum values, hostile strings.
        case valid
        /// One rule of `metadata.tabgen.rules` broken.
        case rule
        /// One RFC 8927 constraint broken.
        case constraint
    }

    public enum Verdict: String, Sendable {
        /// No findings.
        case valid
        /// Warnings only: `tabgen validate` passes, `--strict` fails.
        case warning
        /// At least one error.
        case invalid
    }

    public var name: String
    public var category: Category
    public var description: String
    public var payload: JSON
    /// What `tabgen validate` says about `payload`.
    public var verdict: Verdict
    /// The distinct finding codes of `tabgen validate`, sorted.
    public var codes: [String]
    /// Whether a generated client decodes the payload. Clients ignore unknown members
    /// and keep unknown enum values; anything else RFC 8927 rejects fails to decode.
    public var decodes: Bool
    /// The distinct codes of the decoded value's `validate()`, sorted: `tabgen validate`
    /// on `canonical`. Empty when the payload does not decode.
    public var typedCodes: [String]
    /// What decode-then-encode must produce, compared as JSON values; nil when the
    /// payload does not decode. See `Canonicalizer` for the canonical form.
    public var canonical: JSON?

    /// `payload` as compact JSON, members in the order generated.
    public var payloadText: String { JSONWriter.string(payload) }
    /// `canonical` as compact JSON with sorted keys.
    public var canonicalText: String? { canonical.map { JSONWriter.string($0, sortKeys: true) } }
}

/// The fixtures of one schema, in a stable order: valid ones first, then one per rule,
/// then one per RFC 8927 constraint.
public struct FixtureSet: Sendable {
    public var schemaName: String
    public var fixtures: [Fixture]

    /// The fixtures as the `fixtures/<Root>.fixtures.json` file: a header member, then
    /// one fixture per entry, each payload on one line.
    public func jsonText(header: GenerationHeader, rootName: String) -> String {
        var lines: [String] = ["{"]
        lines.append("  \"//\": \(JSONWriter.quoted(header.lines.joined(separator: " "))),")
        lines.append("  \"schema\": \(JSONWriter.quoted(schemaName)),")
        lines.append("  \"root\": \(JSONWriter.quoted(rootName)),")
        lines.append("  \"canonicalForm\": \(JSONWriter.quoted(Canonicalizer.definition)),")
        lines.append("  \"fixtures\": [")
        for (index, fixture) in fixtures.enumerated() {
            var members: [String] = [
                "\"name\": \(JSONWriter.quoted(fixture.name))",
                "\"category\": \(JSONWriter.quoted(fixture.category.rawValue))",
                "\"description\": \(JSONWriter.quoted(fixture.description))",
                "\"payload\": \(fixture.payloadText)",
                "\"verdict\": \(JSONWriter.quoted(fixture.verdict.rawValue))",
                "\"codes\": \(JSONWriter.string(.array(fixture.codes.map(JSON.string))))",
                "\"decodes\": \(fixture.decodes)",
                "\"typedCodes\": \(JSONWriter.string(.array(fixture.typedCodes.map(JSON.string))))",
            ]
            members.append("\"canonical\": \(fixture.canonicalText ?? "null")")
            lines.append("    {")
            lines.append(members.map { "      " + $0 }.joined(separator: ",\n"))
            lines.append(index == fixtures.count - 1 ? "    }" : "    },")
        }
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
