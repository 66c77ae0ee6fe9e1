/// Kotlin's naming decisions (Kotlin coding conventions): PascalCase types and enum or
/// variant classes, camelCase properties, acronyms written as words (`tabId`,
/// `HttpServer`), a leading `_` before a digit, backticks around hard keywords.
enum KotlinNaming {
    /// Hard keywords: never identifiers unless quoted with backticks. (Soft and modifier
    /// keywords such as `value`, `data`, `open`, `field` are ordinary identifiers.)
    static let keywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is",
        "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof",
        "val", "var", "when", "while",
    ]

    /// Types the generated code names without qualification: a generated type of the
    /// same name in the package would shadow them (same-package declarations win over
    /// default imports) or clash with an import.
    static let reservedTypeNames: Set<String> = [
        // kotlin.*, kotlin.collections.*, kotlin.jvm.*
        "Any", "Array", "Boolean", "Byte", "Char", "CharSequence", "Collection", "Comparable", "Double", "Enum",
        "Exception", "Float", "IllegalArgumentException", "Int", "Iterable", "List", "Long", "Map", "Math",
        "MutableList", "MutableMap", "Nothing", "Number", "NumberFormatException", "Pair", "Result", "Set",
        "Short", "String", "StringBuilder", "Suppress", "Throwable", "UByte", "UInt", "ULong", "UShort", "Unit",
        "JvmStatic", "OptIn", "Deprecated",
        "ExperimentalSerializationApi", "KeepGeneratedSerializer", "Transient",
        // kotlinx.serialization
        "Serializable", "SerialName", "UseSerializers", "KSerializer", "SerializationException", "SerialDescriptor",
        "PrimitiveKind", "PrimitiveSerialDescriptor", "Encoder", "Decoder", "ListSerializer", "MapSerializer",
        "Json", "JsonArray", "JsonDecoder", "JsonElement", "JsonEncoder", "JsonNull", "JsonObject", "JsonPrimitive",
        // JUnit 4 (the generated tests)
        "Assert", "Parameterized", "RunWith", "Test",
        // Names of the generated code itself.
        "BridgeJson", "Companion", "Fixture", "Serializer", "Unknown",
        // The runtime (TabgenRuntime.kt).
        "TabgenBooleanSerializer", "TabgenCondition", "TabgenDeviation", "TabgenDeviations", "TabgenTolerantSerializer", "TabgenDoubleSerializer", "TabgenFloatSerializer",
        "TabgenInt16Serializer", "TabgenInt32Serializer", "TabgenInt8Serializer", "TabgenJsonValues", "TabgenOptional",
        "TabgenOptionalSerializer", "TabgenOptionalValueSerializer", "TabgenRelativeReference", "TabgenRule", "TabgenRuleEngine", "TabgenRuntime",
        "TabgenSeverity", "TabgenTimestamp", "TabgenTimestampSerializer", "TabgenToken", "TabgenUInt16Serializer",
        "TabgenUInt32Serializer", "TabgenUInt8Serializer", "TabgenUnion", "TabgenValidation", "TabgenViolation",
        "TabgenCollected", "TabgenDecodingException", "TabgenFixture", "TabgenFixtureCase", "TabgenFixtures", "TabgenJsonText",
        "TabgenJsonTextException", "TabgenSchema", "TabgenStrict", "TabgenStrictSerializer", "TabgenTextScanner",
    ]

    /// Members of generated data classes that properties must not take (or that would
    /// read confusingly next to them).
    static let reservedMemberNames: Set<String> = [
        "copy", "equals", "hashCode", "toString", "serializer", "generatedSerializer", "validate", "tabgenCollect", "tabgenValidate",
        "tabgenDeviations",
        "BRIDGE_COMPONENT", "BRIDGE_EVENT",
    ]

    /// Names the nested classes of an enum or union must not take: the unknown case, the
    /// nested `Serializer`, and every type its body names unqualified (a nested class
    /// would shadow it there).
    static let reservedCaseNames: Set<String> = reservedTypeNames

    static func typeIdentifier(_ parts: [String]) -> String {
        Naming.prefixDigit(Naming.camelCase(parts.flatMap(Naming.nonEmptyWords), upperFirst: true, initialisms: false))
    }

    static func propertyIdentifier(_ raw: String) -> String {
        Naming.prefixDigit(Naming.camelCase(Naming.nonEmptyWords(raw), upperFirst: false, initialisms: false))
    }

    /// Enum values and discriminator variants are nested classes and objects: PascalCase.
    static func caseIdentifier(_ raw: String) -> String {
        Naming.prefixDigit(Naming.camelCase(Naming.nonEmptyWords(raw), upperFirst: true, initialisms: false))
    }

    /// The identifier as written in source: hard keywords in backticks.
    static func escaped(_ identifier: String) -> String {
        Naming.backticked(identifier, keywords: keywords)
    }

    /// Whether `text` is a Kotlin package name: dot-separated ASCII identifiers, none a
    /// hard keyword (`com.example.app.tabs`).
    static func isPackageName(_ text: String) -> Bool {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        return !segments.isEmpty && segments.allSatisfy { segment in
            guard let first = segment.unicodeScalars.first, !Naming.isDigit(first), !keywords.contains(String(segment)) else { return false }
            return segment.unicodeScalars.allSatisfy { Naming.isASCIIAlphanumeric($0) || $0 == "_" }
        }
    }
}
