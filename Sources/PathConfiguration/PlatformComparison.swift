import Foundation
import Schema

/// Where iOS and Android treat one URL differently under the same path configuration:
/// the findings of `tabgen paths` (PC201–PC204).
package enum PlatformComparison {
    package static let ruleOnOnePlatform = "PC201"
    package static let propertyDiffers = "PC202"
    package static let nativeScreenOnOnePlatform = "PC203"
    package static let androidThrows = "PC204"
    package static let matchGaveUp = "PC205"
    package static let documentIgnored = "PC206"

    /// The Android destination URIs that show a web page: the default web fragment
    /// and the web fragments an app registers under it (`hotwire://fragment/web/modal`).
    package static let webURIPrefix = "hotwire://fragment/web"

    package static func differences(ios: PathResolver.Resolution, android: PathResolver.Resolution,
                                   resolver: PathResolver) -> [Finding] {
        var findings: [Finding] = []
        // A platform that drops the document applies none of its rules: say so, once.
        for resolution in [ios, android] {
            guard let reason = resolution.dropped else { continue }
            findings.append(Finding(code: documentIgnored, severity: .error, pointer: .root,
                                    message: "\(resolution.platform.displayName) ignores this document (\(reason)): the app keeps the configuration it had loaded; with none, only the built-in rules apply, as shown"))
        }
        if let exception = android.exception {
            findings.append(Finding(code: androidThrows, severity: .error, pointer: exception.pointer,
                                    message: "Android throws resolving this URL: \(exception.reason)"))
        }
        // Where a property was set: in a rule of the document, or nowhere (a default, a built-in rule).
        let propertyPointer = { (rule: Int?, key: String) -> JSONPointer in
            guard let rule, rule >= 0 else { return .root }
            return JSONPointer([.key("rules"), .index(rule), .key("properties"), .key(key)])
        }
        // Rules that apply on one platform only, and why.
        let iosRules = Set(ios.matchedRules)
        let androidRules = Set(android.matchedRules)
        let comparable = ios.dropped == nil && android.dropped == nil && android.exception == nil
        for rule in resolver.configuration.rules where comparable && iosRules.contains(rule.index) != androidRules.contains(rule.index) {
            let on = iosRules.contains(rule.index) ? AppPlatform.ios : .android
            var reason = ""
            if on == .android, rule.patterns.contains(where: { pattern in
                guard let regex = try? NSRegularExpressionBox(pattern, caseInsensitive: true) else { return false }
                return regex.matches(ios.matchedText) && !((try? NSRegularExpressionBox(pattern, caseInsensitive: false))?.matches(ios.matchedText) ?? false)
            }) {
                reason = ": Android matches patterns ignoring case, iOS does not"
            } else if ios.matchedText != android.matchedText {
                reason = ": iOS matches against \(JSONWriter.quoted(ios.matchedText)) (matchQueryStrings off), Android against \(JSONWriter.quoted(android.matchedText))"
            }
            findings.append(Finding(code: ruleOnOnePlatform, severity: .warning, pointer: rule.pointer,
                                    message: "rule \(rule.index) applies on \(on.displayName) only\(reason)"))
        }
        // Properties both read.
        let androidReadings = Dictionary(android.readings.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for reading in ios.readings {
            guard let other = androidReadings[reading.name] else { continue }
            if case .crash = other.value { continue }
            guard !same(reading.value, other.value) else { continue }
            let rule = [ios.setBy[reading.name], android.setBy[reading.name]].compactMap { $0 }.first
            let pointer = propertyPointer(rule, reading.name)
            var message = "\(reading.name): iOS \(describe(reading.value)), Android \(describe(other.value))"
            let notes = [reading.note, other.note].compactMap { $0 }
            if !notes.isEmpty { message += " (\(notes.joined(separator: "; ")))" }
            findings.append(Finding(code: propertyDiffers, severity: .warning, pointer: pointer, message: message))
        }
        // A native screen on one platform.
        let viewController = ios.readings.first { $0.name == "view_controller" }.flatMap { reading -> String? in
            if case .value(.string(let text), _) = reading.value, text != "web" { return text }
            return nil
        }
        let uri = android.readings.first { $0.name == "uri" }.flatMap { reading -> String? in
            if case .value(.string(let text), _) = reading.value, !text.hasPrefix(webURIPrefix) { return text }
            return nil
        }
        if android.exception == nil, (viewController == nil) != (uri == nil) {
            let message = viewController.map { "iOS shows the native view controller \(JSONWriter.quoted($0)), Android a web view (no uri outside \(webURIPrefix))" }
                ?? "Android shows the native destination \(JSONWriter.quoted(uri ?? "")), iOS a web view (no view_controller)"
            let key = viewController == nil ? "uri" : "view_controller"
            let pointer = propertyPointer(viewController == nil ? android.setBy[key] : ios.setBy[key], key)
            findings.append(Finding(code: nativeScreenOnOnePlatform, severity: .warning, pointer: pointer, message: message))
        }
        // Android throws.
        for reading in android.readings where android.exception == nil {
            guard case .crash(let reason) = reading.value else { continue }
            let pointer = propertyPointer(android.setBy[reading.name], reading.name)
            findings.append(Finding(code: androidThrows, severity: .error, pointer: pointer,
                                    message: "Android throws reading \(reading.name): \(reason)"))
        }
        if let broken = android.brokenPatterns.first {
            findings.append(Finding(code: androidThrows, severity: .error, pointer: broken.rule >= 0 ? JSONPointer([.key("rules"), .index(broken.rule), .key("patterns"), .index(broken.position)]) : .root,
                                    message: "pattern \(JSONWriter.quoted(broken.pattern)) does not compile: an Android debug build throws PatternSyntaxException where it is reached, for this URL and every URL no earlier pattern of its rule matches (release builds and iOS skip the pattern)"))
        }
        // Searches that gave up, once per pattern: the matching time is the same ICU's on both.
        var seen = Set<String>()
        for bounded in ios.boundedPatterns + android.boundedPatterns {
            guard seen.insert("\(bounded.rule) \(bounded.position)").inserted else { continue }
            let pointer = bounded.rule >= 0 ? JSONPointer([.key("rules"), .index(bounded.rule), .key("patterns"), .index(bounded.position)]) : .root
            findings.append(Finding(code: matchGaveUp, severity: .error, pointer: pointer,
                                    message: "pattern \(JSONWriter.quoted(bounded.pattern)) gave up on this URL at the bound of tabgen paths, \(BoundedMatch.boundDescription), and is taken as not matching: the apps run the same ICU search, which blocks them as long or longer (nested or chained quantifiers backtrack; tabgen validate --path-config flags them as PC008)"))
        }
        return findings
    }

    static func same(_ lhs: PathResolver.Value, _ rhs: PathResolver.Value) -> Bool {
        switch (lhs, rhs) {
        case (.value(let left, _), .value(let right, _)): left == right
        case (.absent, .absent): true
        default: false
        }
    }

    /// A value for a message, cut short as the rule engine cuts them.
    package static func show(_ value: JSON) -> String {
        RuleEngine.show(value)
    }

    package static func describe(_ value: PathResolver.Value) -> String {
        switch value {
        case .value(let json, let rule):
            RuleEngine.show(json) + (rule.map { $0 >= 0 ? " (rule \($0))" : " (built-in rule)" } ?? " (default)")
        case .absent: "unset"
        case .crash(let reason): "throws (\(reason))"
        }
    }
}

/// A compiled pattern, for the occasional one-off match.
struct NSRegularExpressionBox {
    let regex: NSRegularExpression

    init(_ pattern: String, caseInsensitive: Bool) throws {
        regex = try NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
    }

    func matches(_ text: String) -> Bool {
        BoundedMatch.firstMatch(regex, in: text) == .match
    }
}
