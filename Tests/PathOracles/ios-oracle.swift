// iOS oracle: loads a path configuration with JSONSerialization and the casts of
// hotwire-native-ios (PathConfigurationDecoder, PathRule.init(json:)), resolves each URL
// (URL.path() percent-encoded + ?query, NSRegularExpression no options, numberOfMatches).
// Usage: ios-oracle urls.txt config.json... -> one JSON line per config and URL.
import Foundation

// [String: Any], not AnyHashable: on Linux JSONSerialization gives Swift arrays, which are not
// AnyHashable; on Apple platforms every value is an NSObject and the cast succeeds for any object.
struct Rule { let patterns: [String]; let properties: [String: Any] }
enum DecodeError: Error { case invalid(String) }

func decode(_ data: Data) throws -> [Rule] {
    guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw DecodeError.invalid("not an object") }
    guard let rulesArray = json["rules"] as? [[String: Any]] else { throw DecodeError.invalid("rules") }
    return try rulesArray.map { rule in
        guard let patterns = rule["patterns"] as? [String], let properties = rule["properties"] as? [String: Any] else {
            throw DecodeError.invalid("rule")
        }
        return Rule(patterns: patterns, properties: properties)
    }
}

let builtIn = [("recede", "pop"), ("resume", "none"), ("refresh", "refresh")].map { route, presentation in
    Rule(patterns: ["/\(route)_historical_location"], properties: ["presentation": presentation, "context": "default", "historical_location": true])
}

func quoted(_ value: String?) -> String {
    guard let value else { return "null" }
    let data = (try? JSONSerialization.data(withJSONObject: [value], options: [.withoutEscapingSlashes])) ?? Data("[null]".utf8)
    return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
}

let arguments = CommandLine.arguments
let urls = (try? String(contentsOfFile: arguments[1], encoding: .utf8)) ?? ""
for file in arguments.dropFirst(2) {
let name = URL(fileURLWithPath: file).lastPathComponent
let configData = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
var dropped: String?
var rules: [Rule] = []
do { rules = try decode(configData) } catch { dropped = "\(error)" }
rules += builtIn
for url in urls.split(separator: "\n").map(String.init) where !url.isEmpty && !url.hasPrefix("#") {
    let location = url.hasPrefix("/") ? "https://app.example.invalid" + url : url
    var text = ""
    if let parsed = URL(string: location) {
        text = parsed.path(percentEncoded: true)
        if let query = parsed.query(percentEncoded: true) { text += "?" + query }
    }
    var properties: [String: Any] = [:]
    for rule in rules {
        var applies = false
        for pattern in rule.patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            if regex.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text)) > 0 { applies = true; break }
        }
        if applies { properties.merge(rule.properties) { _, new in new } }
    }
    func oneOf(_ key: String, _ values: [String], _ fallback: String) -> String {
        guard let raw = properties[key] as? String, values.contains(raw) else { return quoted(fallback) }
        return quoted(raw)
    }
    func bool(_ key: String, _ fallback: Bool) -> String { String(properties[key] as? Bool ?? fallback) }
    var fields: [String] = []
    fields.append("\"context\":" + oneOf("context", ["default", "modal"], "default"))
    fields.append("\"presentation\":" + oneOf("presentation", ["default", "pop", "replace", "replace_root", "clear_all", "refresh", "none"], "default"))
    fields.append("\"query_string_presentation\":" + oneOf("query_string_presentation", ["default", "replace"], "default"))
    fields.append("\"pull_to_refresh_enabled\":" + bool("pull_to_refresh_enabled", true))
    fields.append("\"animated\":" + bool("animated", true))
    fields.append("\"view_controller\":" + quoted(properties["view_controller"] as? String ?? "web"))
    fields.append("\"modal_style\":" + oneOf("modal_style", ["large", "medium", "full", "page_sheet", "form_sheet"], "large"))
    fields.append("\"modal_dismiss_gesture_enabled\":" + bool("modal_dismiss_gesture_enabled", true))
    print("{\"case\":\(quoted(name)),\"url\":\(quoted(url)),\"matched\":\(quoted(text)),\"dropped\":\(quoted(dropped)),\"properties\":{\(fields.joined(separator: ","))}}")
}
}
