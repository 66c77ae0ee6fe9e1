import Schema

/// The schema's rules as Swift values for the generated rule runtime
/// (`TabgenRule(...)`): data in, data out, no rule logic generated per schema.
enum SwiftRuleTable {
    /// One Swift expression per rule, each a single line.
    static func expressions(_ rules: [Rule]) -> [String] {
        rules.map(expression)
    }

    static func expression(_ rule: Rule) -> String {
        let kind: String
        switch rule.kind {
        case .count(let path, let min, let max, let forbidden, let distinct, let filter):
            kind = ".count(path: \(pattern(path)), min: \(optional(min)), max: \(optional(max)), forbidden: [\(forbidden.map(String.init).joined(separator: ", "))], distinct: \(distinct.map(pattern) ?? "nil"), where: \(conditions(filter)))"
        case .unique(let path):
            kind = ".unique(path: \(pattern(path)))"
        case .reference(let path, let targets, let key, let targetWhere, let required):
            kind = ".reference(path: \(pattern(path)), targets: \(pattern(targets)), key: \(pattern(key)), targetWhere: \(conditions(targetWhere)), required: \(required))"
        case .relativeReference(let path, let allowAuthority):
            kind = ".relativeReference(path: \(pattern(path)), allowAuthority: \(allowAuthority))"
        case .equals(let path, let value):
            kind = ".equals(path: \(pattern(path)), value: \(json(value)))"
        }
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
