/// TypeScript's naming decisions: UpperCamelCase types (a leading `_` before a digit),
/// fields and enum cases as on the wire, and the names a declaration must not take.
enum TypeScriptNaming {
    /// The runtime's types and the globals a generated declaration must not shadow.
    static let reservedTypeNames: Set<String> = [
        // Declared by the generated file itself, or imported from the runtime module.
        "UnknownEnumValue", "Violation", "ParseResult", "Json", "JsonArray", "JsonObject", "Schema", "RootSchema",
        "Condition", "Rule", "Checked", "BridgeComponent", "Severity", "Tables",
        // The runtime's readElementData (a bridge component base imports ElementDataResult).
        "ReadableElement", "ElementScope", "ElementRead", "ElementEach", "ElementSpec", "ElementDataResult",
        // The runtime's checks of a bridge component base (which imports BridgeMessage), the
        // class it extends, and the base's own table of its events (EVENTS).
        "CheckingBase", "BridgeMessage", "BridgeComponentLike", "SendingBase", "SentEvent", "EVENTS",
        // Global types a declaration must not shadow.
        "Array", "ArrayBuffer", "BigInt", "Boolean", "Date", "Error", "Function", "Infinity", "JSON", "Map", "Math",
        "NaN", "Number", "Object", "Partial", "Promise", "Readonly", "ReadonlyArray", "Record", "RegExp", "Set",
        "String", "Symbol", "SyntaxError", "URL", "WeakMap", "WeakSet", "Element", "Event", "EventTarget",
        "Document", "Window", "Node", "any", "unknown", "never", "object", "string", "number", "boolean",
        "symbol", "bigint", "undefined", "null", "void", "this", "true", "false",
    ]

    static func typeName(_ parts: [String]) -> String {
        Naming.prefixDigit(Naming.camelCase(parts.flatMap(Naming.nonEmptyWords), upperFirst: true, initialisms: false))
    }
}
