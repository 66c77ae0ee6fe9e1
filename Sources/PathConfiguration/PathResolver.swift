import Foundation
import Schema

/// Computes the properties of a URL the way each platform's library does
/// (hotwire-native-ios `PathConfiguration.properties(for:)`, hotwire-native-android
/// `PathConfigurationData.properties(location)`): the document's rules, then the
/// built-in historical-location rules, each applied when one of its patterns is found
/// anywhere in the URL's path (and `?query`), later rules overriding earlier ones key
/// by key; then each known property read with the platform's own reading and default.
/// Immutable but for its cache of compiled patterns, which a lock guards.
package final class PathResolver: @unchecked Sendable {
    package let configuration: PathConfiguration
    package let catalog: PathPropertyCatalog
    /// iOS's `Hotwire.config.pathConfiguration.matchQueryStrings` (default true);
    /// Android always matches the query string.
    package let iosMatchesQueryStrings: Bool

    // Compiled patterns, per (pattern, case-insensitive); nil when ICU rejects it.
    private var cache: [String: NSRegularExpression?] = [:]
    private let lock = NSLock()

    package init(configuration: PathConfiguration, catalog: PathPropertyCatalog, iosMatchesQueryStrings: Bool = true) {
        self.configuration = configuration
        self.catalog = catalog
        self.iosMatchesQueryStrings = iosMatchesQueryStrings
    }

    /// How a platform reads one property for one URL.
    package enum Value: Sendable, Equatable {
        /// The value the app acts on; `rule` is the rule that set it (nil: the default).
        case value(JSON, rule: Int?)
        /// Not set, and the platform has no default (for example `uri`: the web destination).
        case absent
        /// The app throws while reading it (Android casts a non-boolean to Boolean).
        case crash(String)
    }

    package struct PropertyReading: Sendable {
        package var name: String
        package var value: Value
        /// Set when the rules gave a value the platform does not take as given.
        package var note: String?
    }

    package struct Resolution: Sendable {
        package var platform: AppPlatform
        /// The text the patterns were matched against.
        package var matchedText: String
        /// Indices of the rules that applied, in order (negative: built-in rules).
        package var matchedRules: [Int]
        /// The merged properties, as the platform's dictionary holds them.
        package var merged: JSONObject
        /// For each merged key, the rule that set it last.
        package var setBy: [String: Int]
        /// Every known property the platform reads, as it reads it.
        package var readings: [PropertyReading]
        /// Patterns ICU does not compile, which rules had them. iOS skips them; an
        /// Android debug build throws PatternSyntaxException on the first one reached.
        package var brokenPatterns: [(rule: Int, position: Int, pattern: String)]
        /// Patterns whose search gave up (`BoundedMatch`), taken as not matching.
        package var boundedPatterns: [(rule: Int, position: Int, pattern: String)] = []
    }

    /// The string each platform matches patterns against, or nil when `location` is
    /// not an absolute URL (Android then matches against "").
    package static func matchText(for location: String, platform: AppPlatform, iosMatchesQueryStrings: Bool = true) -> String? {
        guard let components = URLComponents(string: location), components.scheme != nil else { return nil }
        let path = components.percentEncodedPath
        guard let query = components.percentEncodedQuery else { return path }
        if platform == .ios, !iosMatchesQueryStrings { return path }
        return path + "?" + query
    }

    package func resolve(_ location: String, on platform: AppPlatform) -> Resolution {
        let text = Self.matchText(for: location, platform: platform, iosMatchesQueryStrings: iosMatchesQueryStrings) ?? ""
        var merged = JSONObject()
        var setBy: [String: Int] = [:]
        var matched: [Int] = []
        var broken: [(rule: Int, position: Int, pattern: String)] = []
        var bounded: [(rule: Int, position: Int, pattern: String)] = []
        for rule in configuration.rules + PathConfiguration.historicalLocationRules {
            var applies = false
            for (position, pattern) in rule.patterns.enumerated() {
                guard let regex = compiled(pattern, caseInsensitive: platform == .android) else {
                    broken.append((rule.index, position, pattern))
                    continue
                }
                switch BoundedMatch.firstMatch(regex, in: text) {
                case .match:
                    applies = true
                case .gaveUp:
                    bounded.append((rule.index, position, pattern))
                case .noMatch:
                    break
                }
                if applies { break }
            }
            guard applies else { continue }
            matched.append(rule.index)
            for member in rule.properties.members {
                if let position = merged.members.firstIndex(where: { $0.key == member.key }) {
                    merged.members[position].value = member.value
                } else {
                    merged.members.append(member)
                }
                setBy[member.key] = rule.index
            }
        }
        let readings = catalog.properties.filter { $0.isRead(by: platform) }.map { property in
            read(property, raw: merged[property.name], rule: setBy[property.name], on: platform)
        }
        return Resolution(platform: platform, matchedText: text, matchedRules: matched, merged: merged, setBy: setBy,
                          readings: readings, brokenPatterns: broken, boundedPatterns: bounded)
    }

    /// One property as `platform` reads it: iOS casts (`as? Bool`, `as? String`, an
    /// enum's exact raw value) and falls back to the default; Android calls
    /// `toString().uppercase()` for enums and casts booleans with `as Boolean`, which
    /// throws on anything else.
    func read(_ property: PathPropertyCatalog.Property, raw: JSON?, rule: Int?, on platform: AppPlatform) -> PropertyReading {
        let fallback: Value = property.defaultValue(on: platform).map { .value($0, rule: nil) } ?? .absent
        guard let raw, !raw.isNull else { return PropertyReading(name: property.name, value: fallback) }
        let shown = RuleEngine.show(raw)
        switch (property.type, platform) {
        case (.boolean, .ios):
            switch raw {
            case .bool: return PropertyReading(name: property.name, value: .value(raw, rule: rule))
            case .number(let number) where number == 0 || number == 1:
                // JSONSerialization's NSNumber bridges to Bool for 0 and 1 only.
                return PropertyReading(name: property.name, value: .value(.bool(number == 1), rule: rule),
                                       note: "iOS reads \(shown) as \(number == 1)")
            default:
                return PropertyReading(name: property.name, value: fallback, note: "iOS ignores \(shown) (not a boolean)")
            }
        case (.boolean, .android):
            if case .bool = raw { return PropertyReading(name: property.name, value: .value(raw, rule: rule)) }
            return PropertyReading(name: property.name, value: .crash("ClassCastException: \(shown) is not a Boolean"))
        case (.string, .ios):
            if case .string = raw { return PropertyReading(name: property.name, value: .value(raw, rule: rule)) }
            return PropertyReading(name: property.name, value: fallback, note: "iOS ignores \(shown) (not a string)")
        case (.string, .android):
            if case .string = raw { return PropertyReading(name: property.name, value: .value(raw, rule: rule)) }
            return PropertyReading(name: property.name, value: .value(.string(Self.kotlinString(raw)), rule: rule),
                                   note: "Android reads \(shown) with toString()")
        case (.enumeration(_, let values, let iosValues), .ios):
            if case .string(let text) = raw, (iosValues ?? values).contains(text) {
                return PropertyReading(name: property.name, value: .value(raw, rule: rule))
            }
            return PropertyReading(name: property.name, value: fallback,
                                   note: "iOS does not know \(shown) and reads the default")
        case (.enumeration(_, let values, _), .android):
            let text = Self.kotlinString(raw).uppercased()
            if let match = values.first(where: { $0.uppercased() == text }) {
                let note = raw == .string(match) ? nil : "Android reads \(shown) as \(JSONWriter.quoted(match)) (valueOf of its upper case)"
                return PropertyReading(name: property.name, value: .value(.string(match), rule: rule), note: note)
            }
            return PropertyReading(name: property.name, value: fallback,
                                   note: "Android does not know \(shown) and reads the default")
        case (.other, _):
            return PropertyReading(name: property.name, value: .value(raw, rule: rule))
        }
    }

    /// What Kotlin's `toString()` gives for a value Gson decoded (numbers are Doubles).
    static func kotlinString(_ value: JSON) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int(number)).0" : "\(number)"
        default: JSONWriter.string(value)
        }
    }

    private func compiled(_ pattern: String, caseInsensitive: Bool) -> NSRegularExpression? {
        let key = (caseInsensitive ? "i:" : "s:") + pattern
        lock.lock()
        defer { lock.unlock() }
        if let hit = cache[key] { return hit }
        let regex = try? NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
        cache[key] = regex
        return regex
    }
}
