/// The parts of `TabgenRuntime.kt` a schema's code may use: only those it names are
/// emitted, so an app carries no public runtime API its schema does not need.
enum KotlinRuntimeParts {
    /// The optional helpers, named as generated code refers to them (each is a
    /// `has_<name>` section of `runtime.mustache`). `BridgeJson`, `TabgenSeverity`,
    /// `TabgenViolation`, `TabgenValidation` and `TabgenJsonText` are always there.
    static let helpers: [String] = [
        "TabgenStrict", "TabgenBooleanSerializer", "TabgenFloatSerializer", "TabgenDoubleSerializer", "TabgenInt8Serializer",
        "TabgenUInt8Serializer", "TabgenInt16Serializer", "TabgenUInt16Serializer", "TabgenInt32Serializer", "TabgenUInt32Serializer",
        "TabgenTimestamp", "TabgenOptional", "TabgenOptionalValueSerializer", "TabgenTolerantSerializer", "TabgenUnion",
        "TabgenRule", "tabgenEachElement", "tabgenEachValue", "TabgenJsonValues", "TabgenSchema",
    ]

    /// Names generated code may write for a helper, mapped to the helper.
    static let aliases: [String: String] = [
        "TabgenTimestampSerializer": "TabgenTimestamp", "TabgenOptionalSerializer": "TabgenOptional",
        "TabgenToken": "TabgenRule", "TabgenCondition": "TabgenRule", "TabgenSeverity": "", "TabgenDeviation": "TabgenTolerantSerializer",
        "TabgenDeviations": "TabgenTolerantSerializer", "TabgenDecodingException": "TabgenSchema",
    ]

    /// What each helper's own code uses.
    static let needs: [String: [String]] = [
        "TabgenStrict": ["TabgenJsonValues"],
        "TabgenBooleanSerializer": ["TabgenStrict"], "TabgenFloatSerializer": ["TabgenStrict"], "TabgenDoubleSerializer": ["TabgenStrict"],
        "TabgenInt8Serializer": ["TabgenStrict"], "TabgenUInt8Serializer": ["TabgenStrict"], "TabgenInt16Serializer": ["TabgenStrict"],
        "TabgenUInt16Serializer": ["TabgenStrict"], "TabgenInt32Serializer": ["TabgenStrict"], "TabgenUInt32Serializer": ["TabgenStrict"],
        "TabgenUnion": ["TabgenJsonValues"], "TabgenRule": ["TabgenJsonValues"], "TabgenSchema": ["TabgenJsonValues"],
    ]

    static func closure(_ helpers: Set<String>) -> Set<String> {
        var result = helpers
        var pending = Array(helpers)
        while let helper = pending.popLast() {
            for next in needs[helper] ?? [] where result.insert(next).inserted { pending.append(next) }
        }
        return result
    }

    /// The imports of the runtime file holding `helpers`.
    static func imports(for helpers: Set<String>) -> [String] {
        let serialization = "kotlinx.serialization."
        let json = serialization + "json."
        var imports: Set<String> = [json + "Json", json + "JsonPrimitive"]
        // The strict text check (TabgenJsonText), always there.
        imports.formUnion([serialization + "DeserializationStrategy", serialization + "SerializationException"])
        let serializer = [serialization + "KSerializer", serialization + "descriptors.SerialDescriptor",
                          serialization + "encoding.Decoder", serialization + "encoding.Encoder"]
        for helper in helpers {
            switch helper {
            case "TabgenStrict":
                imports.formUnion([json + "JsonDecoder", json + "JsonElement", json + "JsonNull", serialization + "SerializationException"])
            case "TabgenTimestamp":
                imports.formUnion(serializer + [serialization + "Serializable", serialization + "SerializationException",
                                                serialization + "descriptors.PrimitiveKind", serialization + "descriptors.PrimitiveSerialDescriptor"])
            case "TabgenOptional":
                imports.formUnion(serializer + [serialization + "Serializable", serialization + "SerializationException"])
            case "TabgenOptionalValueSerializer":
                imports.formUnion(serializer + [serialization + "SerializationException", serialization + "builtins.nullable",
                                                serialization + "descriptors.PrimitiveKind", json + "JsonArray", json + "JsonDecoder", json + "JsonNull"])
            case "TabgenTolerantSerializer":
                imports.formUnion(serializer + [json + "JsonDecoder", json + "JsonElement", json + "JsonNull", json + "JsonObject"])
            case "TabgenUnion":
                imports.formUnion(serializer + [serialization + "SerializationException", serialization + "descriptors.buildClassSerialDescriptor",
                                                json + "JsonDecoder", json + "JsonEncoder", json + "JsonNull", json + "JsonObject"])
            case "TabgenRule":
                imports.formUnion([serialization + "KSerializer", json + "JsonArray", json + "JsonElement", json + "JsonNull", json + "JsonObject"])
                imports.insert("java.text.Normalizer")  // TG022 compares strings in NFC
            case "TabgenJsonValues":
                imports.formUnion(["java.math.BigDecimal", json + "JsonArray", json + "JsonElement", json + "JsonNull", json + "JsonObject"])
            case "TabgenSchema":
                imports.formUnion([json + "JsonArray", json + "JsonElement", json + "JsonNull", json + "JsonObject"])
            case "tabgenEachElement", "tabgenEachValue":
                break
            default:
                // The strict primitive serializers.
                imports.formUnion(serializer + [json + "JsonDecoder", serialization + "builtins.serializer"])
            }
        }
        return imports.sorted()
    }

    /// The helper names mentioned in a template context (strings, lists, nested contexts).
    static func mentioned(in value: Any, into names: inout Set<String>) {
        switch value {
        case let text as String:
            scan(text, into: &names)
        case let dictionary as [String: Any]:
            for item in dictionary.values { mentioned(in: item, into: &names) }
        case let list as [Any]:
            for item in list { mentioned(in: item, into: &names) }
        case let nested as NestedTemplate:
            mentioned(in: nested.context, into: &names)
        default:
            break
        }
    }

    /// Adds every `Tabgen…`/`tabgen…` identifier of `text`, as its helper.
    static func scan(_ text: String, into names: inout Set<String>) {
        var word = ""
        func flush() {
            if word.hasPrefix("Tabgen") || word.hasPrefix("tabgen") {
                if let helper = aliases[word] {
                    if !helper.isEmpty { names.insert(helper) }
                } else {
                    names.insert(word)
                }
            }
            word = ""
        }
        for character in text {
            if character.isASCII && (character.isLetter || character.isNumber || character == "_") {
                word.append(character)
            } else {
                flush()
            }
        }
        flush()
    }
}
