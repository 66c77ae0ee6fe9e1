import Schema

/// The schema's rules as Kotlin values for the generated rule runtime
/// (`TabgenRule(...)`): data in, data out, no rule logic generated per schema.
enum KotlinRuleTable: RuleTableSpelling {
    /// One Kotlin expression per rule, one line each (no indentation, no trailing comma),
    /// with named arguments: the table reads as rows, as Swift's does.
    static func expressions(_ rules: [Rule]) -> [String] {
        rules.map(expression)
    }

    static func expression(_ rule: Rule) -> String {
        // `TabgenRule.Name(...)`: the runtime's class of the kind's name, capitalized,
        // with named arguments; the runtime words patterns and conditions from `words`.
        let severity = rule.severity == .error ? "TabgenSeverity.ERROR" : "TabgenSeverity.WARNING"
        return "TabgenRule(code = \(KotlinLiterals.string(rule.code)), severity = \(severity), "
            + "message = \(KotlinLiterals.string(rule.message)), "
            + "kind = \(member(of: "TabgenRule", rule.kind.name, arguments(rule.kind))), "
            + "conditions = \(conditions(rule.when)))"
    }

    static let absent = "null"
    static let testLabel = "check"

    static func list(_ items: [String]) -> String {
        items.isEmpty ? "emptyList()" : "listOf(\(items.joined(separator: ", ")))"
    }

    static func argument(_ label: String, _ value: String) -> String {
        "\(label) = \(value)"
    }

    /// `Type.Name(...)`: the runtime's nested class, capitalized.
    static func member(of type: String, _ name: String, _ arguments: [String]?) -> String {
        type + "." + name.prefix(1).uppercased() + name.dropFirst() + (arguments.map { "(\($0.joined(separator: ", ")))" } ?? "")
    }

    static func words(_ text: String) -> String? { KotlinLiterals.string(text) }

    static func string(_ text: String) -> String { KotlinLiterals.string(text) }

    /// A `JsonElement` expression for a JSON value.
    static func json(_ value: JSON) -> String {
        switch value {
        case .null: return "JsonNull"
        case .bool(let flag): return "JsonPrimitive(\(flag))"
        case .number(let number):
            guard number.isFinite else { return "JsonPrimitive(0)" }
            if number == number.rounded(), abs(number) < 9.0e15 { return "JsonPrimitive(\(Int64(number))L)" }
            return "JsonPrimitive(\(number))"
        case .string(let text): return "JsonPrimitive(\(KotlinLiterals.string(text)))"
        case .array(let elements):
            return elements.isEmpty ? "JsonArray(emptyList())" : "JsonArray(listOf(\(elements.map(json).joined(separator: ", "))))"
        case .object(let object):
            if object.isEmpty { return "JsonObject(emptyMap())" }
            return "JsonObject(mapOf(\(object.members.map { "\(KotlinLiterals.string($0.key)) to \(json($0.value))" }.joined(separator: ", "))))"
        }
    }

    /// The `kotlinx.serialization.json` names the expressions use, for imports.
    static func jsonNames(in expressions: [String]) -> Set<String> {
        var used: Set<String> = []
        for name in ["JsonArray", "JsonNull", "JsonObject", "JsonPrimitive"] where expressions.contains(where: { $0.contains(name) }) {
            used.insert(name)
        }
        return used
    }
}
