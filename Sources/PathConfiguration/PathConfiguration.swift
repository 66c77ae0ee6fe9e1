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
        /// Android only: what Gson left null, which throws NullPointerException where the
        /// app reaches it (a null rule or `patterns`: for every URL; `properties`: when the
        /// rule applies; a pattern: when the patterns before it do not match). `patterns`
        /// then holds the patterns before the null one.
        package var nullPart: NullPart?
        /// Android only: Kotlin's `toString()` of each property value as Gson decoded it.
        package var androidTexts: [String: String] = [:]
        package var pointer: JSONPointer { JSONPointer([.key("rules"), .index(index)]) }

        package enum NullPart: Sendable, Equatable {
            case rule, patterns, properties
            case pattern(Int)
        }

        package init(index: Int, patterns: [String], properties: JSONObject, nullPart: NullPart? = nil) {
            self.index = index
            self.patterns = patterns
            self.properties = properties
            self.nullPart = nullPart
        }
    }

    package var rules: [Rule]
    /// Android only: the exception the app throws as it applies the document (it logs
    /// `rules.size` and `settings.size`, which a null `rules` or `settings` makes throw).
    package var throwsOnLoad: String?

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
    package static let historicalLocationRules: [Rule] = historicalLocationRules(upperCase: false)

    /// Android's built-in rules hold the enum constants' names (`Presentation.POP.name`).
    package static let androidHistoricalLocationRules: [Rule] = historicalLocationRules(upperCase: true)

    package static func historicalLocationRules(on platform: AppPlatform) -> [Rule] {
        platform == .android ? androidHistoricalLocationRules : historicalLocationRules
    }

    private static func historicalLocationRules(upperCase: Bool) -> [Rule] {
        let name = { (value: String) in upperCase ? value.uppercased() : value }
        return [("recede", "pop"), ("resume", "none"), ("refresh", "refresh")].enumerated().map { offset, route in
            Rule(index: -1 - offset, patterns: ["/\(route.0)_historical_location"], properties: JSONObject([
                .init(key: "presentation", value: .string(name(route.1))),
                .init(key: "context", value: .string(name("default"))),
                .init(key: "historical_location", value: .bool(true)),
            ]))
        }
    }
}
