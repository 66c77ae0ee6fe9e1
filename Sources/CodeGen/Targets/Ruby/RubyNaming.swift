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

    /// Top-level constants of Ruby 3.1 (`Object.constants`, CamelCase ones), of the standard
    /// library a Rails app loads, and of Rails and the gems the generated code runs with. A
    /// generated module or component class of one of these names would reopen it (`module
    /// Kernel`), clash with it (`module Time` where `Time` is a class: a TypeError on load)
    /// or subclass itself (`class ViewComponent < ViewComponent::Base`).
    static let topLevelConstants: Set<String> = [
        "ArgumentError", "Array", "BasicObject", "Bignum", "Binding", "Class", "ClosedQueueError", "Comparable",
        "Complex", "ConditionVariable", "DidYouMean", "Dir", "Encoding", "EncodingError", "Enumerable", "Enumerator",
        "Errno", "ErrorHighlight", "Exception", "FalseClass", "Fiber", "FiberError", "File", "FileTest", "Fixnum",
        "Float", "FloatDomainError", "FrozenError", "Gem", "Hash", "IndexError", "Integer", "Interrupt", "Kernel",
        "KeyError", "LoadError", "LocalJumpError", "Marshal", "MatchData", "Math", "Method", "Module", "Monitor",
        "MonitorMixin", "Mutex", "NameError", "NilClass", "NoMatchingPatternError", "NoMatchingPatternKeyError",
        "NoMemoryError", "NoMethodError", "NotImplementedError", "Numeric", "Object", "ObjectSpace", "Proc", "Process",
        "Queue", "Ractor", "Random", "Range", "RangeError", "Rational", "RbConfig", "Refinement", "Regexp",
        "RegexpError", "RubyVM", "RuntimeError", "ScriptError", "SecurityError", "Signal", "SignalException",
        "SizedQueue", "StandardError", "StopIteration", "String", "Struct", "Symbol", "SyntaxError", "SystemCallError",
        "SystemExit", "SystemStackError", "Thread", "ThreadError", "ThreadGroup", "Time", "TracePoint", "TrueClass",
        "TypeError", "UnboundMethod", "UncaughtThrowError", "UnicodeNormalize", "Warning", "ZeroDivisionError",
        // Ruby 3.2's, which a Rails app may run on
        "Data",
        // the standard library a Rails app loads
        "Set", "SortedSet", "Date", "DateTime", "BigDecimal", "Logger", "Pathname", "OpenStruct", "Base64", "Benchmark",
        "Digest", "Delegator", "SimpleDelegator", "Forwardable", "Singleton", "Timeout", "Tempfile", "Socket", "Open3",
        "Ripper", "Psych", "StringIO", "Coverage",
        // Rails, its frameworks, and the gems the generated code runs with
        "Rails", "ActiveSupport", "ActiveModel", "ActiveRecord", "ActiveJob", "ActiveStorage", "ActionView",
        "ActionController", "ActionDispatch", "ActionCable", "ActionMailer", "ActionMailbox", "ActionText",
        "AbstractController", "Arel", "Rack", "Zeitwerk", "Concurrent", "I18n", "Nokogiri", "Minitest", "ViewComponent",
        "Turbo", "Sprockets", "Propshaft", "Importmap", "Bundler", "ApplicationController",
        "ApplicationRecord", "ApplicationHelper", "ApplicationComponent", "ApplicationJob", "ApplicationMailer",
    ]

    /// `name`, or `name` with `Bridge` inserted before `suffix` when that would be a
    /// constant of Ruby, its standard library or Rails (`Time` -> `TimeBridge`,
    /// `ViewComponent` -> `ViewBridgeComponent`).
    static func untaken(_ name: String, suffix: String = "") -> String {
        guard topLevelConstants.contains(name) else { return name }
        return String(name.dropLast(suffix.count)) + "Bridge" + suffix
    }

    /// Enum constants that a value must not take.
    static let reservedCaseNames: Set<String> = ["ALL", "TAG", "TYPE", "VARIANTS"]

    static func typeIdentifier(_ parts: [String]) -> String {
        // A stand-in word (`u2A_u2F`) is split too: a constant is CamelCase throughout.
        let words = parts.flatMap(Naming.nonEmptyWords).flatMap { $0.split(separator: "_").map(String.init) }
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
