import Schema

/// A path configuration as the apps read it: its rules in order, each with its
/// patterns, its properties and where it stands in the document (for messages).
///
/// Reading is lenient: what the schema rejects is `validate`'s to report; here a rule
/// without a pattern list or a properties object is kept with what it has, so that
/// resolution can still say what each platform does with the rest.
package struct PathConfiguration: Sendable {
    package struct Rule: Sendable {
        /// The rule's position in `rules`.
        package var index: Int
        package var patterns: [String]
        package var properties: JSONObject
        package var pointer: JSONPointer { JSONPointer([.key("rules"), .index(index)]) }

        package init(index: Int, patterns: [String], properties: JSONObject) {
            self.index = index
            self.patterns = patterns
            self.properties = properties
        }
    }

    package var rules: [Rule]

    package init(rules: [Rule]) {
        self.rules = rules
    }

    package init(json: JSON) {
        var rules: [Rule] = []
        if case .object(let root) = json, case .array(let elements)? = root["rules"] {
            for (index, element) in elements.enumerated() {
                guard case .object(let rule) = element else { continue }
                var patterns: [String] = []
                if case .array(let values)? = rule["patterns"] {
                    patterns = values.compactMap(\.stringValue)
                }
                var properties = JSONObject()
                if case .object(let object)? = rule["properties"] { properties = object }
                rules.append(Rule(index: index, patterns: patterns, properties: properties))
            }
        }
        self.rules = rules
    }

    /// The rules both libraries append after the document's own: the server routes
    /// Turbo's Rails helpers redirect to (`recede_or_redirect_to` and friends).
    package static let historicalLocationRules: [Rule] = [
        ("recede", "pop"), ("resume", "none"), ("refresh", "refresh"),
    ].enumerated().map { offset, route in
        Rule(index: -1 - offset, patterns: ["/\(route.0)_historical_location"], properties: JSONObject([
            .init(key: "presentation", value: .string(route.1)),
            .init(key: "context", value: .string("default")),
            .init(key: "historical_location", value: .bool(true)),
        ]))
    }
}
