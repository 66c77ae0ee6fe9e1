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

    /// Per platform, the document as that library loads it (`PathConfigurationLoading`);
    /// a platform missing here applies `configuration`.
    package let loaded: [AppPlatform: PathConfigurationLoading.Loaded]

    package init(configuration: PathConfiguration, catalog: PathPropertyCatalog, iosMatchesQueryStrings: Bool = true,
                 loaded: [AppPlatform: PathConfigurationLoading.Loaded] = [:]) {
        self.configuration = configuration
        self.catalog = catalog
        self.iosMatchesQueryStrings = iosMatchesQueryStrings
        self.loaded = loaded
    }

    /// The rules `platform` applies: none of the document's when it drops it.
    package func configuration(on platform: AppPlatform) -> PathConfiguration {
        loaded[platform]?.configuration ?? configuration
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
        /// Why the app ignores the whole document (it keeps its earlier configuration).
        package var dropped: String?
        /// What the app throws resolving this URL (Android: a null Gson left), and where.
        package var exception: Exception?
    }

    /// An exception the app throws resolving a URL: why, and the member of the document
    /// that causes it.
    package struct Exception: Sendable {
        package var reason: String
        package var pointer: JSONPointer
    }

    /// The string each platform matches patterns against, or nil when `location` is
    /// not an absolute URL (Android then matches against ""). iOS matches the
    /// percent-encoded path of `URL(string:)`; Android the location as it is handed
    /// (`java.net.URL`, which encodes nothing): `/café` stays `/café`.
    package static func matchText(for location: String, platform: AppPlatform, iosMatchesQueryStrings: Bool = true) -> String? {
        if platform == .android { return javaURLPathAndQuery(location) }
        guard let components = URLComponents(string: location), components.scheme != nil else { return nil }
        let path = components.percentEncodedPath
        guard let query = components.percentEncodedQuery else { return path }
        if platform == .ios, !iosMatchesQueryStrings { return path }
        return path + "?" + query
    }

    /// `java.net.URL(location)`'s path, plus `?query` when it has one; nil when Java
    /// throws MalformedURLException (no scheme, or one without a handler).
    static func javaURLPathAndQuery(_ location: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let scheme = location[..<colon].lowercased()
        guard ["http", "https", "ftp", "file", "jar"].contains(scheme) else { return nil }
        var rest = location[location.index(after: colon)...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if rest.hasPrefix("//") {
            let authority = rest.dropFirst(2)
            rest = authority[(authority.firstIndex { $0 == "/" || $0 == "?" } ?? authority.endIndex)...]
        }
        guard let question = rest.firstIndex(of: "?") else { return String(rest) }
        return String(rest[..<question]) + "?" + rest[rest.index(after: question)...]
    }

    package func resolve(_ location: String, on platform: AppPlatform) -> Resolution {
        let text = Self.matchText(for: location, platform: platform, iosMatchesQueryStrings: iosMatchesQueryStrings) ?? ""
        var merged = JSONObject()
        var setBy: [String: Int] = [:]
        // Android: Kotlin's toString() of each merged value, from the rule that set it.
        var texts: [String: String] = [:]
        var matched: [Int] = []
        var broken: [(rule: Int, position: Int, pattern: String)] = []
        var bounded: [(rule: Int, position: Int, pattern: String)] = []
        let source = configuration(on: platform)
        var exception = source.throwsOnLoad.map { Exception(reason: $0, pointer: .root) }
        rules: for rule in exception == nil ? source.rules + PathConfiguration.historicalLocationRules(on: platform) : [] {
            switch rule.nullPart {
            case .rule?:
                exception = Exception(reason: "NullPointerException: rule \(rule.index) is null", pointer: rule.pointer)
                break rules
            case .patterns?:
                exception = Exception(reason: "NullPointerException: rule \(rule.index) has no patterns", pointer: rule.pointer)
                break rules
            default: break
            }
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
            if !applies, case .pattern(let position)? = rule.nullPart {
                exception = Exception(reason: "NullPointerException: pattern \(position) of rule \(rule.index) is null",
                                      pointer: JSONPointer([.key("rules"), .index(rule.index), .key("patterns"), .index(position)]))
                break rules
            }
            guard applies else { continue }
            if rule.nullPart == .properties {
                exception = Exception(reason: "NullPointerException: rule \(rule.index) applies and has no properties", pointer: rule.pointer)
                break rules
            }
            matched.append(rule.index)
            for member in rule.properties.members {
                texts[member.key] = rule.androidTexts[member.key]
                if let position = merged.members.firstIndex(where: { $0.key == member.key }) {
                    merged.members[position].value = member.value
                } else {
                    merged.members.append(member)
                }
                setBy[member.key] = rule.index
            }
        }
        let readings = catalog.properties.filter { $0.isRead(by: platform) }.map { property in
            if let exception { return PropertyReading(name: property.name, value: .crash(exception.reason)) }
            return read(property, raw: merged[property.name], rule: setBy[property.name], on: platform, text: texts[property.name])
        }
        return Resolution(platform: platform, matchedText: text, matchedRules: matched, merged: merged, setBy: setBy,
                          readings: readings, brokenPatterns: broken, boundedPatterns: bounded,
                          dropped: loaded[platform]?.dropped,
                          exception: exception)
    }

    /// One property as `platform` reads it: iOS casts (`as? Bool`, `as? String`, an
    /// enum's exact raw value) and falls back to the default; Android calls
    /// `toString().uppercase()` for enums and casts booleans with `as Boolean`, which
    /// throws on anything else. `text` is that `toString()` as Gson's value gives it.
    func read(_ property: PathPropertyCatalog.Property, raw: JSON?, rule: Int?, on platform: AppPlatform, text androidText: String? = nil) -> PropertyReading {
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
            return PropertyReading(name: property.name, value: .value(.string(androidText ?? Self.kotlinString(raw)), rule: rule),
                                   note: "Android reads \(shown) with toString()")
        case (.enumeration(_, let values, let iosValues), .ios):
            if case .string(let text) = raw, (iosValues ?? values).contains(text) {
                return PropertyReading(name: property.name, value: .value(raw, rule: rule))
            }
            return PropertyReading(name: property.name, value: fallback,
                                   note: "iOS does not know \(shown) and reads the default")
        case (.enumeration(_, let values, _), .android):
            let text = (androidText ?? Self.kotlinString(raw)).uppercased()
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

    /// What Kotlin's `toString()` gives for a value Gson decoded, when the resolver has
    /// no Android load to give it (`Rule.androidTexts`): an integral number is a Long.
    static func kotlinString(_ value: JSON) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): number == number.rounded() && abs(number) < 9e18 ? String(Int64(number)) : GsonValue.javaDouble(number)
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
