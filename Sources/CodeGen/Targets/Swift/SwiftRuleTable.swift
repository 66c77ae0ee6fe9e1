import Schema

/// The schema's rules as Swift values for the generated rule runtime
/// (`TabgenRule(...)`): data in, data out, no rule logic generated per schema.
enum SwiftRuleTable {
    /// One Swift expression per rule, each a single line.
    static func expressions(_ rules: [Rule]) -> [String] {
        rules.map(expression)
    }

    static func expression(_ rule: Rule) -> String {
        // `.name(label: value, ...)`: the runtime's `TabgenRule.Kind` case of the same
        // name, its labels the arguments' names (the words are the Kotlin runtime's).
        let arguments = rule.kind.arguments.compactMap { argument -> String? in
            let value: String
            switch argument.value {
            case .pattern(let path): value = pattern(path)
            case .optionalPattern(let path): value = path.map(pattern) ?? "nil"
            case .integer(let number): value = optional(number)
            case .integers(let numbers): value = "[\(numbers.map(String.init).joined(separator: ", "))]"
            case .flag(let flag): value = "\(flag)"
            case .conditions(let list): value = conditions(list)
            case .json(let json): value = self.json(json)
            case .words: return nil
            }
            return "\(argument.name): \(value)"
        }
        let kind = ".\(rule.kind.name)(\(arguments.joined(separator: ", ")))"
        let severity = rule.severity == .error ? ".error" : ".warning"
        return "TabgenRule(code: \(SwiftLiterals.string(rule.code)), severity: \(severity), message: \(SwiftLiterals.string(rule.message)), kind: \(kind), when: \(conditions(rule.when)))"
    }

    static func optional(_ value: Int?) -> String {
        value.map(String.init) ?? "nil"
    }

    static func pattern(_ pattern: PathPattern) -> String {
        let tokens = pattern.tokens.map { token in
            switch token {
            case .wildcard: ".wildcard"
            case .name(let name): ".name(\(SwiftLiterals.string(name)))"
            }
        }
        return "[\(tokens.joined(separator: ", "))]"
    }

    static func conditions(_ conditions: [Condition]) -> String {
        let items = conditions.map { condition in
            let test: String
            switch condition.test {
            case .present(let flag): test = ".present(\(flag))"
            case .count(let min, let max): test = ".count(min: \(optional(min)), max: \(optional(max)))"
            case .equals(let value): test = ".equals(\(json(value)))"
            }
            return "TabgenCondition(path: \(pattern(condition.path)), test: \(test))"
        }
        return "[\(items.joined(separator: ", "))]"
    }

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
