/// Swift's naming decisions: UpperCamelCase types, lowerCamelCase members and cases,
/// initialisms uppercased after the first word (`tabID`, `RootHTTPServer`), a leading
/// `_` before a digit, backticks around keywords.
enum SwiftNaming {
    /// Words that need backticks to be identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_", "Type", "Protocol",
    ]

    /// Types the generated code uses, which a generated type must not shadow.
    static let reservedTypeNames: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "CodingKey", "CodingKeys", "Data", "Date",
        "Decodable", "Decoder", "DecodingError", "Dictionary", "Double", "Encodable", "Encoder", "EncodingError",
        "Equatable", "Error", "Float", "Foundation", "Hashable", "Hasher", "Int", "Int16", "Int32", "Int64",
        "Int8", "JSONDecoder", "JSONEncoder", "Never", "Optional", "Protocol", "RawRepresentable", "Self",
        "Sendable", "Set", "String", "Substring", "Swift", "Testing", "Type", "UInt", "UInt16", "UInt32",
        "UInt64", "UInt8", "Void",
        // The runtime (TabgenRuntime.swift).
        "TabgenAnyKey", "TabgenCondition", "TabgenDecodingNotes", "TabgenIndirect", "TabgenJSON", "TabgenRelativeReference",
        "TabgenRule", "TabgenRuleEngine", "TabgenRuntime", "TabgenSeverity", "TabgenTimestamp",
        "TabgenValidatable", "TabgenValidation", "TabgenViolation",
    ]

    /// Members of generated structs that fields must not take.
    static let reservedMemberNames: Set<String> = [
        "init", "self", "Self", "Type", "Protocol", "CodingKeys", "encode", "validate", "hash", "hashValue",
        "tabgenRules", "tabgenCollectViolations", "tabgenJSON", "tabgenDecoding", "tabgenStillTolerated", "tabgenNullFindings", "bridgeComponent",
        "bridgeEvent",
    ]

    /// Members of generated enums that cases must not take (`unknown` is the case for
    /// values this version does not know; `none` and `some` are Optional's cases, and
    /// `.none` on an optional member warns "assuming you mean 'Optional<...>.none'").
    static let reservedCaseNames: Set<String> = [
        "unknown", "none", "some", "init", "self", "Self", "Type", "Protocol", "rawValue", "isKnown", "knownCases", "encode",
        "validate", "hash", "hashValue", "tabgenCollectViolations", "tabgenJSON",
    ]

    static func typeIdentifier(_ parts: [String]) -> String {
        let words = parts.flatMap(Naming.nonEmptyWords)
        return Naming.prefixDigit(Naming.camelCase(words, upperFirst: true, initialisms: true))
    }

    static func memberIdentifier(_ raw: String) -> String {
        Naming.prefixDigit(Naming.camelCase(Naming.nonEmptyWords(raw), upperFirst: false, initialisms: true))
    }

    static func escaped(_ identifier: String) -> String {
        Naming.backticked(identifier, keywords: keywords)
    }

    /// An ASCII identifier that is not a keyword (option namespace).
    static func isPlainIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !Naming.isDigit(first), !keywords.contains(text) else { return false }
        return text.unicodeScalars.allSatisfy { Naming.isASCIIAlphanumeric($0) || $0 == "_" }
    }
}
