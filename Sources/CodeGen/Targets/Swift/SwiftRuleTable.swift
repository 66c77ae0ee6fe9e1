import Schema

/// The schema's rules as Swift values for the generated rule runtime
/// (`TabgenRule(...)`): data in, data out, no rule logic generated per schema.
enum SwiftRuleTable: RuleTableSpelling {
    /// One Swift expression per rule, each a single line.
    static func expressions(_ rules: [Rule]) -> [String] {
        rules.map(expression)
    }

    static func expression(_ rule: Rule) -> String {
        // `.name(label: value, ...)`: the runtime's `TabgenRule.Kind` case of the same
        // name, its labels the arguments' names (the words are the Kotlin runtime's).
        let kind = member(of: "TabgenRule", rule.kind.name, arguments(rule.kind))
        let severity = rule.severity == .error ? ".error" : ".warning"
        return "TabgenRule(code: \(SwiftLiterals.string(rule.code)), severity: \(severity), message: \(SwiftLiterals.string(rule.message)), kind: \(kind), when: \(conditions(rule.when)))"
    }

    static let absent = "nil"
    static let testLabel = "test"

    static func list(_ items: [String]) -> String {
        "[\(items.joined(separator: ", "))]"
    }

    static func argument(_ label: String, _ value: String) -> String {
        "\(label): \(value)"
    }

    /// `.name(...)`: the type is implied.
    static func member(of type: String, _ name: String, _ arguments: [String]?) -> String {
        "." + name + (arguments.map { "(\($0.joined(separator: ", ")))" } ?? "")
    }

    static func words(_ text: String) -> String? { nil }

    static func string(_ text: String) -> String { SwiftLiterals.string(text) }

    /// A `TabgenJSON` expression for a JSON value.
    static func json(_ value: JSON) -> String {
        switch value {
        case .null: return ".null"
        case .bool(let flag): return ".bool(\(flag))"
        case .number(let number): return ".number(\(number.isFinite ? "\(number)" : "0"))"
        case .string(let text): return ".string(\(SwiftLiterals.string(text)))"
        case .array(let elements): return ".array([\(elements.map(json).joined(separator: ", "))])"
        case .object(let object):
            if object.isEmpty { return ".object([:])" }
            return ".object([\(object.members.map { "\(SwiftLiterals.string($0.key)): \(json($0.value))" }.joined(separator: ", "))])"
        }
    }
}
