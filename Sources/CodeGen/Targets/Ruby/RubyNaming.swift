/// Ruby's naming decisions: CamelCase constants for types (Zeitwerk's inflection, no
/// initialisms: `HttpServer` in `http_server.rb`), snake_case methods and keyword
/// arguments, SCREAMING_SNAKE constants for enum values.
enum RubyNaming {
    /// Reserved words: never a method or keyword-argument name (a keyword argument named
    /// `class` could not be read), so `_` is appended.
    static let keywords: Set<String> = [
        "__ENCODING__", "__LINE__", "__FILE__", "BEGIN", "END", "alias", "and", "begin", "break", "case",
        "class", "def", "defined", "do", "else", "elsif", "end", "ensure", "false", "for", "if", "in",
        "module", "next", "nil", "not", "or", "redo", "rescue", "retry", "return", "self", "super", "then",
        "true", "undef", "unless", "until", "when", "while", "yield", "it",
    ]

    /// Constants the generated code uses inside its module, which a generated type must
    /// not shadow (`Hash` inside `module Navigation` would be `Navigation::Hash`).
    static let reservedTypeNames: Set<String> = [
        "Array", "BasicObject", "Class", "Comparable", "Contract", "Enumerable", "ENV", "FalseClass", "Float",
        "FrozenError", "Hash", "Integer", "JSON", "Kernel", "Module", "NilClass", "Numeric", "Object", "Proc",
        "Range", "Rails", "Regexp", "Set", "StandardError", "ArgumentError", "String", "Struct", "Symbol",
        "Time", "TrueClass", "Violation", "Warning", "ActionView", "ActiveSupport", "ViewComponent",
        "Minitest", "Nokogiri",
    ]

    /// Methods of a generated value class that a field must not take.
    static let reservedMemberNames: Set<String> = [
        "class", "clone", "display", "dup", "eql", "equal", "extend", "extra", "freeze", "frozen", "hash",
        "initialize", "inspect", "instance_variables", "member", "members", "method", "methods", "object_id",
        "public_send", "send", "singleton_class", "tabgen_value", "tap", "then", "to_h", "to_json", "to_s",
        "valid", "validate", "from_h", "from_json", "itself", "nil", "is_a", "kind_of", "respond_to",
    ]

    /// Enum constants that a value must not take.
    static let reservedCaseNames: Set<String> = ["ALL", "TAG", "TYPE", "VARIANTS"]

    static func typeIdentifier(_ parts: [String]) -> String {
        let words = parts.flatMap(Naming.nonEmptyWords)
        let name = Naming.camelCase(words, upperFirst: true, initialisms: false)
        return Naming.startsWithDigit(name) ? "T" + name : name
    }

    static func memberIdentifier(_ raw: String) -> String {
        let name = Naming.snakeCase(Naming.nonEmptyWords(raw))
        if Naming.startsWithDigit(name) { return "field_" + name }
        return keywords.contains(name) ? name + "_" : name
    }

    static func caseIdentifier(_ raw: String) -> String {
        let name = Naming.snakeCase(Naming.nonEmptyWords(raw), upper: true)
        return Naming.startsWithDigit(name) ? "V" + name : name
    }

    /// `TabData` -> `tab_data` (what Zeitwerk expects the file to be called).
    static func fileName(_ typeName: String) -> String {
        Naming.snakeCase(Naming.words(typeName))
    }
}
