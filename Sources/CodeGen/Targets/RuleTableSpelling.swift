import Schema

/// How a target spells the values of its generated rule runtime (`TabgenRule(...)`):
/// the walk over a rule's arguments, patterns and conditions is this one, each table
/// gives only its language's words.
protocol RuleTableSpelling {
    /// The absent value (`nil`).
    static var absent: String { get }
    /// The label of a condition's test in `TabgenCondition(path:, ...)`.
    static var testLabel: String { get }
    /// A list of expressions.
    static func list(_ items: [String]) -> String
    /// A labelled argument.
    static func argument(_ label: String, _ value: String) -> String
    /// A case of one of the runtime's types (`TabgenToken`, `TabgenCondition`) named
    /// `name`, with `arguments` (nil: a case without parentheses).
    static func member(of type: String, _ name: String, _ arguments: [String]?) -> String
    /// The value of a `words` argument; nil: the table leaves it out (its runtime words
    /// patterns and conditions itself).
    static func words(_ text: String) -> String?
    static func string(_ text: String) -> String
    static func json(_ value: JSON) -> String
}

extension RuleTableSpelling {
    /// The labelled arguments of a rule's kind, in the order the runtime declares them.
    static func arguments(_ kind: any RuleKind) -> [String] {
        kind.arguments.compactMap { argument -> String? in
            let value: String
            switch argument.value {
            case .pattern(let path): value = pattern(path)
            case .optionalPattern(let path): value = path.map(pattern) ?? absent
            case .integer(let number): value = optional(number)
            case .integers(let numbers): value = list(numbers.map(String.init))
            case .flag(let flag): value = "\(flag)"
            case .conditions(let list): value = conditions(list)
            case .json(let json): value = self.json(json)
            case .words(let text):
                guard let spelled = words(text) else { return nil }
                value = spelled
            }
            return Self.argument(argument.name, value)
        }
    }

    static func optional(_ value: Int?) -> String {
        value.map(String.init) ?? absent
    }

    static func pattern(_ pattern: PathPattern) -> String {
        list(pattern.tokens.map { token in
            switch token {
            case .wildcard: member(of: "TabgenToken", "wildcard", nil)
            case .name(let name): member(of: "TabgenToken", "name", [string(name)])
            }
        })
    }

    static func conditions(_ conditions: [Condition]) -> String {
        list(conditions.map { condition in
            let test: String
            switch condition.test {
            case .present(let flag): test = member(of: "TabgenCondition", "present", ["\(flag)"])
            case .count(let min, let max):
                test = member(of: "TabgenCondition", "count", [argument("min", optional(min)), argument("max", optional(max))])
            case .equals(let value): test = member(of: "TabgenCondition", "equals", [json(value)])
            }
            return "TabgenCondition(\(argument("path", pattern(condition.path))), \(argument(testLabel, test)))"
        })
    }
}
