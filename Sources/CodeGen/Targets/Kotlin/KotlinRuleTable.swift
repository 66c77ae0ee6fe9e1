import Schema

/// The schema's rules as Kotlin values for the generated rule runtime
/// (`TabgenRule(...)`): data in, data out, no rule logic generated per schema.
enum KotlinRuleTable {
    /// One Kotlin expression per rule, one line each (no indentation, no trailing comma),
    /// with named arguments: the table reads as rows, as Swift's does.
    static func expressions(_ rules: [Rule]) -> [String] {
        rules.map(expression)
    }

    static func expression(_ rule: Rule) -> String {
        // `TabgenRule.Name(...)`: the runtime's class of the kind's name, capitalized,
        // with named arguments; the runtime words patterns and conditions from `words`.
        let kindName = type(of: rule.kind).capitalizedName
        let arguments = rule.kind.arguments.map { argument -> String in
            let value: String
            switch argument.value {
            case .pattern(let path): value = pattern(path)
            case .optionalPattern(let path): value = path.map(pattern) ?? "null"
            case .integer(let number): value = optional(number)
            case .integers(let numbers): value = intList(numbers)
            case .flag(let flag): value = "\(flag)"
            case .conditions(let list): value = conditions(list)
            case .json(let json): value = self.json(json)
            case .words(let text): value = KotlinLiterals.string(text)
            }
            return "\(argument.name) = \(value)"
        }
        let severity = rule.severity == .error ? "TabgenSeverity.ERROR" : "TabgenSeverity.WARNING"
        return "TabgenRule(code = \(KotlinLiterals.string(rule.code)), severity = \(severity), "
            + "message = \(KotlinLiterals.string(rule.message)), "
            + "kind = TabgenRule.\(kindName)(\(arguments.joined(separator: ", "))), "
            + "conditions = \(conditions(rule.when)))"
    }

    static func optional(_ value: Int?) -> String {
        value.map(String.init) ?? "null"
    }

    static func intList(_ values: [Int]) -> String {
        values.isEmpty ? "emptyList()" : "listOf(\(values.map(String.init).joined(separator: ", ")))"
    }

    static func pattern(_ pattern: PathPattern) -> String {
        let tokens = pattern.tokens.map { token in
            switch token {
            case .wildcard: "TabgenToken.Wildcard"
            case .name(let name): "TabgenToken.Name(\(KotlinLiterals.string(name)))"
            }
        }
        return tokens.isEmpty ? "emptyList()" : "listOf(\(tokens.joined(separator: ", ")))"
    }

    static func conditions(_ conditions: [Condition]) -> String {
        let items = conditions.map { condition in
            let check: String
            switch condition.test {
            case .present(let flag): check = "TabgenCondition.Present(\(flag))"
            case .count(let min, let max): check = "TabgenCondition.Count(min = \(optional(min)), max = \(optional(max)))"
            case .equals(let value): check = "TabgenCondition.Equals(\(json(value)))"
            }
            return "TabgenCondition(path = \(pattern(condition.path)), check = \(check))"
        }
        return items.isEmpty ? "emptyList()" : "listOf(\(items.joined(separator: ", ")))"
    }

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
