import Schema

/// The schema's rules as Kotlin values for the generated rule runtime
/// (`TabgenRule(...)`): data in, data out, no rule logic generated per schema.
enum KotlinRuleTable {
    /// One Kotlin expression per rule, as lines (no indentation of their own, no
    /// trailing comma): named arguments one per line.
    static func expressions(_ rules: [Rule]) -> [[String]] {
        rules.map(expression)
    }

    static func expression(_ rule: Rule) -> [String] {
        let kind: (name: String, arguments: [String])
        switch rule.kind {
        case .count(let path, let min, let max, let forbidden, let distinct, let filter):
            kind = ("Count", ["path = \(pattern(path))", "min = \(optional(min))", "max = \(optional(max))",
                              "forbidden = \(intList(forbidden))", "distinct = \(distinct.map(pattern) ?? "null")",
                              "distinctText = \(KotlinLiterals.string(distinct.map { "\($0)" } ?? ""))",
                              "where = \(conditions(filter))", "whereText = \(KotlinLiterals.string(describe(filter)))"])
        case .unique(let path):
            kind = ("Unique", ["path = \(pattern(path))"])
        case .reference(let path, let targets, let key, let targetWhere, let required):
            kind = ("Reference", ["path = \(pattern(path))", "targets = \(pattern(targets))", "key = \(pattern(key))",
                                  "targetWhere = \(conditions(targetWhere))", "required = \(required)",
                                  "targetsText = \(KotlinLiterals.string("\(targets)"))",
                                  "keyText = \(KotlinLiterals.string("\(key)"))",
                                  "targetWhereText = \(KotlinLiterals.string(describe(targetWhere)))"])
        case .relativeReference(let path, let allowAuthority):
            kind = ("RelativeReference", ["path = \(pattern(path))", "allowAuthority = \(allowAuthority)"])
        case .equals(let path, let value):
            kind = ("Equals", ["path = \(pattern(path))", "value = \(json(value))"])
        }
        let severity = rule.severity == .error ? "TabgenSeverity.ERROR" : "TabgenSeverity.WARNING"
        return ["TabgenRule(",
                "    code = \(KotlinLiterals.string(rule.code)),",
                "    severity = \(severity),",
                "    message = \(KotlinLiterals.string(rule.message)),",
                "    kind = TabgenRule.\(kind.name)("]
            + kind.arguments.map { "        \($0)," }
            + ["    ),",
               "    conditions = \(conditions(rule.when)),",
               ")"]
    }

    /// The conditions as `tabgen validate` words them in messages (`RuleEngine.describe`),
    /// joined with " and ": the generated runtime writes the same reasons as the CLI
    /// without printing patterns itself.
    static func describe(_ conditions: [Condition]) -> String {
        conditions.map { condition in
            switch condition.test {
            case .present(true): "\(condition.path) is present"
            case .present(false): "\(condition.path) is absent or null"
            case .count(let min, let max): "\(condition.path) has \(min ?? 0)...\(max.map(String.init) ?? "") entries"
            case .equals(let value): "\(condition.path) is \(show(value))"
            }
        }.joined(separator: " and ")
    }

    /// `RuleEngine.show`: compact JSON, cut at 120 characters.
    static func show(_ value: JSON) -> String {
        let text = JSONWriter.string(value)
        return text.count > 120 ? String(text.prefix(117)) + "..." : text
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
    static func jsonNames(in expressions: [[String]]) -> Set<String> {
        var used: Set<String> = []
        let lines = expressions.flatMap { $0 }
        for name in ["JsonArray", "JsonNull", "JsonObject", "JsonPrimitive"] where lines.contains(where: { $0.contains(name) }) {
            used.insert(name)
        }
        return used
    }
}
