import Schema

/// What RFC 8927 and the rule vocabulary cannot say about a path configuration: the
/// checks of `tabgen validate --path-config` beyond the schema (PC001–PC008).
/// `platforms` are the apps the document is served to: a file for iOS alone is not
/// faulted for what only Android does with it.
package struct PathConfigurationChecker: Sendable {
    package static let patternDoesNotCompile = "PC001"
    package static let patternRejectedByJava = "PC002"
    package static let patternReadDifferently = "PC003"
    package static let patternCaseSensitive = "PC004"
    package static let ruleShadowed = "PC005"
    package static let nativeScreenOnOnePlatform = "PC006"
    package static let valueUnknownToPlatform = "PC007"
    package static let patternBacktracks = "PC008"

    package static let codes = [patternDoesNotCompile, patternRejectedByJava, patternReadDifferently, patternCaseSensitive,
                               ruleShadowed, nativeScreenOnOnePlatform, valueUnknownToPlatform, patternBacktracks]

    package var platforms: Set<AppPlatform>
    package var catalog: PathPropertyCatalog

    package init(platforms: Set<AppPlatform>, catalog: PathPropertyCatalog) {
        self.platforms = platforms
        self.catalog = catalog
    }

    package func findings(for configuration: PathConfiguration) -> [Finding] {
        var findings: [Finding] = []
        let both = platforms.count == 2
        for rule in configuration.rules {
            for (position, pattern) in rule.patterns.enumerated() {
                let pointer = rule.pointer.appending(key: "patterns").appending(index: position)
                let quoted = JSONWriter.quoted(pattern)
                let problems = RegexDialect.problems(in: pattern)
                // What OpenJDK makes of a pattern ICU rejects matters little: no app runs it.
                let compiles = !problems.contains { $0.kind == .icuRejects }
                for problem in problems where compiles || problem.kind == .icuRejects {
                    switch problem.kind {
                    case .icuRejects:
                        findings.append(Finding(code: Self.patternDoesNotCompile, severity: .error, pointer: pointer,
                                                message: "\(quoted) is not a regular expression ICU compiles: iOS skips it silently, Android throws PatternSyntaxException in debug builds and skips it in release builds"))
                    case .javaRejects where platforms.contains(.android):
                        findings.append(Finding(code: Self.patternRejectedByJava, severity: .warning, pointer: pointer,
                                                message: "\(quoted) uses \(problem.detail); Android devices (ICU) accept it, JVM unit tests (Robolectric) throw"))
                    case .readDifferently where platforms.contains(.android):
                        findings.append(Finding(code: Self.patternReadDifferently, severity: .warning, pointer: pointer,
                                                message: "\(quoted): \(problem.detail)"))
                    default:
                        break
                    }
                }
                if compiles, let risk = Backtracking.risk(in: pattern) {
                    findings.append(Finding(code: Self.patternBacktracks, severity: .warning, pointer: pointer,
                                            message: "\(quoted) may backtrack catastrophically: \(risk); the app blocks on a URL that almost matches (tabgen paths gives up on such a search: PC205)"))
                }
                if both, compiles, !pattern.hasPrefix("(?i)"), RegexDialect.hasCaseSensitiveLetters(pattern) {
                    findings.append(Finding(code: Self.patternCaseSensitive, severity: .warning, pointer: pointer,
                                            message: "\(quoted) has upper-case letters: Android matches it ignoring case, iOS only as written (paths are usually lower case; write the pattern so)"))
                }
            }
            if platforms.contains(.ios) {
                findings += unknownValues(in: rule)
            }
            if both, let finding = nativeScreenOnOnePlatform(rule) {
                findings.append(finding)
            }
        }
        findings += shadowed(configuration)
        return findings
    }

    /// Enum values the schema admits that iOS does not understand (`presentation: push`).
    private func unknownValues(in rule: PathConfiguration.Rule) -> [Finding] {
        var findings: [Finding] = []
        for member in rule.properties.members {
            guard let property = catalog.property(named: member.key), property.isRead(by: .ios),
                  case .enumeration(_, let values, let iosValues?) = property.type,
                  case .string(let text) = member.value, values.contains(text), !iosValues.contains(text) else { continue }
            let fallback = property.defaultValue(on: .ios).map(RuleEngine.show) ?? "nothing"
            findings.append(Finding(code: Self.valueUnknownToPlatform, severity: .warning,
                                    pointer: rule.pointer.appending(key: "properties").appending(key: member.key),
                                    message: "\(member.key) \(JSONWriter.quoted(text)) is Android's only: iOS reads it as \(fallback)"))
        }
        return findings
    }

    /// A rule that names a native screen for one platform in a document both read.
    private func nativeScreenOnOnePlatform(_ rule: PathConfiguration.Rule) -> Finding? {
        let viewController = rule.properties["view_controller"]?.stringValue
        let uri = rule.properties["uri"]?.stringValue
        let nativeOnIOS = viewController.map { $0 != "web" } ?? false
        let nativeOnAndroid = uri.map { !$0.hasPrefix(PlatformComparison.webURIPrefix) } ?? false
        guard nativeOnIOS != nativeOnAndroid else { return nil }
        if nativeOnIOS {
            return Finding(code: Self.nativeScreenOnOnePlatform, severity: .warning,
                           pointer: rule.pointer.appending(key: "properties").appending(key: "view_controller"),
                           message: "view_controller \(JSONWriter.quoted(viewController ?? "")) makes iOS show a native screen, but the rule has no native uri: Android shows a web view")
        }
        return Finding(code: Self.nativeScreenOnOnePlatform, severity: .warning,
                       pointer: rule.pointer.appending(key: "properties").appending(key: "uri"),
                       message: "uri \(JSONWriter.quoted(uri ?? "")) makes Android show a native screen, but the rule has no view_controller: iOS shows a web view")
    }

    /// Rules whose every property a later rule with the same patterns overrides: they
    /// never decide anything. One pass from the last rule back, keeping per set of
    /// patterns the nearest later rule that sets each property: linear in the rules'
    /// properties (comparing every pair of rules took 24 s at 8,000 rules).
    private func shadowed(_ configuration: PathConfiguration) -> [Finding] {
        var found: [Finding] = []
        var groups: [Set<String>: Int] = [:]
        // Per group of rules with the same patterns: property name -> nearest later rule.
        var nearest: [[String: Int]] = []
        for rule in configuration.rules.reversed() where !rule.patterns.isEmpty {
            let patterns = Set(rule.patterns)
            let group = groups[patterns] ?? nearest.count
            if group == nearest.count {
                groups[patterns] = group
                nearest.append([:])
            }
            let keys = rule.properties.keys
            let by = keys.compactMap { nearest[group][$0] }
            if !keys.isEmpty, by.count == keys.count {
                let names = Set(by).sorted().map { "rule \($0)" }
                found.append(Finding(code: Self.ruleShadowed, severity: .warning, pointer: rule.pointer,
                                     message: "rule \(rule.index) never decides anything: \(names.joined(separator: " and ")), with the same patterns, override\(names.count == 1 ? "s" : "") each of its properties"))
            }
            for key in keys { nearest[group][key] = rule.index }
        }
        return found.reversed()
    }
}
