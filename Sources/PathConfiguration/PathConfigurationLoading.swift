import Foundation
import Schema

/// How each library loads a document, which is not how `validate` reads it:
/// hotwire-native-ios parses with `JSONSerialization` and casts (`PathConfigurationDecoder`,
/// `PathRule.init(json:)`), hotwire-native-android with Gson (lenient `fromJson`,
/// `ToNumberPolicy.LONG_OR_DOUBLE`, `PathConfigurationData`, `PathConfigurationRule`).
/// A document either platform refuses is dropped whole: the app keeps the configuration
/// it had, and tabgen, which knows no earlier one, resolves with the built-in rules only.
package enum PathConfigurationLoading {
    /// What one platform makes of a document: the rules it applies, or why it ignores it.
    package struct Loaded: Sendable {
        package var configuration: PathConfiguration
        /// Set when the app ignores the document (the configuration is then empty).
        package var dropped: String?
    }

    // MARK: iOS

    /// The document as iOS loads it: `JSONSerialization` (JSON, but a repeated key keeps
    /// its last value and a comma may follow the last element), then `rules` as an array of objects, each with `patterns`
    /// an array of strings and `properties` an object, or the whole document is dropped.
    package static func ios(_ bytes: [UInt8]) -> Loaded {
        let json: JSON
        switch GsonReader.parse(bytes, lenient: false) {
        case .failure(let error): return Loaded(configuration: PathConfiguration(rules: []), dropped: "not well-formed JSON: \(error.message)")
        case .success(let value): json = value.json
        }
        if let reason = iosDropReason(json) { return Loaded(configuration: PathConfiguration(rules: []), dropped: reason) }
        return Loaded(configuration: PathConfiguration(json: json))
    }

    /// Why `PathConfigurationDecoder(json:)` throws for `json`, or nil when it loads.
    package static func iosDropReason(_ json: JSON) -> String? {
        guard case .object(let root) = json else { return "the document is not an object" }
        guard case .array(let rules)? = root["rules"] else { return "rules is not an array" }
        for (index, rule) in rules.enumerated() {
            guard case .object(let members) = rule else { return "rule \(index) is not an object" }
            guard case .array(let patterns)? = members["patterns"], patterns.allSatisfy({ $0.stringValue != nil }) else {
                return "rule \(index) has no patterns array of strings"
            }
            guard case .object? = members["properties"] else { return "rule \(index) has no properties object" }
        }
        return nil
    }

    // MARK: Android

    /// The document as Android loads it. Gson fills what it finds: an absent or null
    /// `patterns` or `properties`, a null rule or pattern load, and throw
    /// NullPointerException where the app reaches them (`Rule.nullPart`); a null `rules`
    /// or `settings` throws as the document is applied. A value of the wrong shape, a
    /// repeated key in a map (`properties`, `settings`) or text Gson's lenient reader
    /// refuses drops the document.
    package static func android(_ bytes: [UInt8]) -> Loaded {
        let dropped = { (reason: String) in Loaded(configuration: PathConfiguration(rules: []), dropped: reason) }
        let root: GsonValue
        switch GsonReader.parse(bytes, lenient: true) {
        case .failure(let error): return dropped("Gson: \(error.message)")
        case .success(let value): root = value
        }
        guard case .object(let members) = root else {
            return dropped(root.isNull ? "Gson reads no document" : "Gson: expected an object but was \(root.kind)")
        }
        var configuration = PathConfiguration(rules: [])
        // Reflective fields: the last occurrence of a key is the one kept.
        let rulesValue = members.last { $0.key == "rules" }?.value
        if let settings = members.last(where: { $0.key == "settings" })?.value {
            switch settings {
            case .null: configuration.throwsOnLoad = "NullPointerException: settings is null (read as the document is applied)"
            case .object(let map):
                if let key = duplicate(in: map) { return dropped("Gson: duplicate key \(JSONWriter.quoted(key)) in settings") }
            default: return dropped("Gson: expected settings to be an object but was \(settings.kind)")
            }
        }
        switch rulesValue {
        case nil: return Loaded(configuration: configuration)
        case .null?:
            configuration.throwsOnLoad = "NullPointerException: rules is null (read as the document is applied)"
            return Loaded(configuration: configuration)
        case .array(let elements)?:
            for (index, element) in elements.enumerated() {
                switch element {
                case .null:
                    configuration.rules.append(PathConfiguration.Rule(index: index, patterns: [], properties: JSONObject(), nullPart: .rule))
                case .object(let fields):
                    var rule = PathConfiguration.Rule(index: index, patterns: [], properties: JSONObject())
                    switch fields.last(where: { $0.key == "patterns" })?.value {
                    case nil, .null?: rule.nullPart = .patterns
                    case .array(let patterns)?:
                        for (position, pattern) in patterns.enumerated() {
                            // Gson's String adapter reads numbers and booleans as their text.
                            switch pattern {
                            case .string(let text), .number(let text): rule.patterns.append(text)
                            case .bool(let value): rule.patterns.append(String(value))
                            case .null: rule.nullPart = .pattern(position)
                            default: return dropped("Gson: expected a string but was \(pattern.kind) at rules[\(index)].patterns[\(position)]")
                            }
                            if rule.nullPart != nil { break }
                        }
                    case let other?: return dropped("Gson: expected patterns to be an array but was \(other.kind) in rule \(index)")
                    }
                    switch fields.last(where: { $0.key == "properties" })?.value {
                    case nil, .null?: if rule.nullPart == nil { rule.nullPart = .properties }
                    case .object(let map)?:
                        if let key = duplicate(in: map) { return dropped("Gson: duplicate key \(JSONWriter.quoted(key)) in rule \(index)'s properties") }
                        rule.properties = JSONObject(map.map { JSONObject.Member(key: $0.key, value: $0.value.json) })
                        rule.androidTexts = Dictionary(map.map { ($0.key, $0.value.kotlinString) }, uniquingKeysWith: { _, last in last })
                    case let other?: return dropped("Gson: expected properties to be an object but was \(other.kind) in rule \(index)")
                    }
                    configuration.rules.append(rule)
                default: return dropped("Gson: expected rule \(index) to be an object but was \(element.kind)")
                }
            }
            return Loaded(configuration: configuration)
        case let other?: return dropped("Gson: expected rules to be an array but was \(other.kind)")
        }
    }

    /// `validate --path-config`'s findings on loading, for the platforms the document is
    /// served to: PC206 where a platform ignores the whole document, PC204 for each
    /// null Gson leaves that makes the Android app throw, and for which URLs.
    package static func findings(_ bytes: [UInt8], platforms: Set<AppPlatform>) -> [Finding] {
        var findings: [Finding] = []
        let loads = AppPlatform.allCases.filter(platforms.contains).map { ($0, $0 == .ios ? ios(bytes) : android(bytes)) }
        let ignoring = loads.compactMap { platform, load in load.dropped.map { "\(platform.displayName) (\($0))" } }
        if !ignoring.isEmpty {
            findings.append(Finding(code: PlatformComparison.documentIgnored, severity: .error, pointer: .root,
                                    message: "\(ignoring.joined(separator: " and ")) ignore\(ignoring.count == 1 ? "s" : "") this document: the app keeps the configuration it had loaded; with none, only the built-in rules apply"))
        }
        for (platform, load) in loads where load.dropped == nil {
            guard platform == .android else { continue }
            if let reason = load.configuration.throwsOnLoad {
                findings.append(Finding(code: PlatformComparison.androidThrows, severity: .error, pointer: .root,
                                        message: "Android throws as it applies this document: \(reason)"))
            }
            for rule in load.configuration.rules {
                guard let part = rule.nullPart else { continue }
                let (pointer, message): (JSONPointer, String) = switch part {
                case .rule: (rule.pointer, "rule \(rule.index) is null (Gson reads an empty array element as null): Android throws NullPointerException for every URL")
                case .patterns: (rule.pointer, "rule \(rule.index) has no patterns: Android throws NullPointerException for every URL")
                case .properties: (rule.pointer, "rule \(rule.index) has no properties: Android throws NullPointerException for every URL the rule applies to")
                case .pattern(let position):
                    (rule.pointer.appending(key: "patterns").appending(index: position),
                     "pattern \(position) of rule \(rule.index) is null: Android throws NullPointerException for every URL no pattern before it matches")
                }
                findings.append(Finding(code: PlatformComparison.androidThrows, severity: .error, pointer: pointer, message: message))
            }
        }
        return findings
    }

    /// Gson's map adapter throws on a repeated key unless the earlier value was null.
    private static func duplicate(in members: [(key: String, value: GsonValue)]) -> String? {
        var seen: Set<String> = []
        for member in members {
            if seen.contains(member.key) { return member.key }
            if !member.value.isNull { seen.insert(member.key) }
        }
        return nil
    }
}

/// A value as Gson's lenient reader produces it: numbers keep their literal text (Gson
/// reads a pattern `7` as `"7"`, a property `5` as a Long and `5.0` as a Double).
package indirect enum GsonValue: Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([GsonValue])
    case object([(key: String, value: GsonValue)])

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    var kind: String {
        switch self {
        case .null: "NULL"
        case .bool: "BOOLEAN"
        case .number: "NUMBER"
        case .string: "STRING"
        case .array: "BEGIN_ARRAY"
        case .object: "BEGIN_OBJECT"
        }
    }

    /// As JSON, a repeated key keeping its first place and last value (JSONSerialization's dictionary).
    package var json: JSON {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let text): return .number(Double(text) ?? .nan)
        case .string(let text): return .string(text)
        case .array(let values): return .array(values.map(\.json))
        case .object(let members):
            var object = JSONObject()
            var positions: [String: Int] = [:]
            for member in members {
                if let position = positions[member.key] {
                    object.members[position].value = member.value.json
                } else {
                    positions[member.key] = object.members.count
                    object.members.append(.init(key: member.key, value: member.value.json))
                }
            }
            return .object(object)
        }
    }

    /// Kotlin's `toString()` of what Gson decoded with `ToNumberPolicy.LONG_OR_DOUBLE`:
    /// a Long's digits, Java's `Double.toString`, `{k=v, …}` for a map, `[a, 1]` for a list.
    package var kotlinString: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .string(let text): return text
        case .number(let text):
            if let long = Int64(text) { return String(long) }
            return Self.javaDouble(Double(text) ?? .nan)
        case .array(let values): return "[" + values.map(\.kotlinString).joined(separator: ", ") + "]"
        case .object(let members):
            // LinkedTreeMap: a repeated key keeps its first place and last value.
            var keys: [String] = []
            var values: [String: String] = [:]
            for member in members {
                if values[member.key] == nil { keys.append(member.key) }
                values[member.key] = member.value.kotlinString
            }
            return "{" + keys.map { "\($0)=\(values[$0] ?? "null")" }.joined(separator: ", ") + "}"
        }
    }

    /// Java's `Double.toString`: plain from 10⁻³ up to 10⁷, else `d.dddE±n`, with the
    /// shortest digits that read back as the same double (as Swift prints them).
    static func javaDouble(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        // Digits and exponent from Swift's shortest form ("1.2345e+19", "0.001", "100.0").
        let sign = value < 0 ? "-" : ""
        var text = "\(abs(value))"
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = String(text[..<e])
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let integer = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = integer + fraction
        exponent += integer.count - 1
        // Strip leading zeros (0.001 -> "1", exponent -3) and trailing ones.
        while digits.count > 1, digits.first == "0" { digits.removeFirst(); exponent -= 1 }
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        let magnitude = abs(value)
        if magnitude >= 1e-3 && magnitude < 1e7 {
            if exponent >= 0 {
                let padded = digits.count > exponent + 1 ? digits : digits + String(repeating: "0", count: exponent + 1 - digits.count)
                let whole = padded.prefix(exponent + 1)
                let rest = padded.dropFirst(exponent + 1)
                return sign + whole + "." + (rest.isEmpty ? "0" : rest)
            }
            return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits
        }
        let rest = digits.dropFirst()
        return sign + digits.prefix(1) + "." + (rest.isEmpty ? "0" : rest) + "E" + String(exponent)
    }
}

/// Gson's `JsonReader` as `Gson.fromJson(String, Type)` drives it: lenient (comments
/// `//`, `#`, `/* */`; single-quoted and unquoted strings and names; `=` or `=>` after
/// a name; `;` between elements; an empty array element read as null; the `)]}'`
/// prefix), then the whole input must be one value. With `lenient` false: JSON as
/// `JSONSerialization` reads it, which also takes repeated keys and a trailing comma.
package enum GsonReader {
    package struct ParseError: Error, Sendable {
        package var message: String
    }

    static let maxDepth = 512

    package static func parse(_ bytes: [UInt8], lenient: Bool) -> Result<GsonValue, ParseError> {
        var reader = Reader(bytes: bytes, lenient: lenient)
        do throws(ParseError) {
            reader.skipPrefix()
            guard try reader.skipSpace() != nil else {
                // Gson's fromJson reads an empty document as null.
                return lenient ? .success(.null) : .failure(ParseError(message: "empty document"))
            }
            let value = try reader.value(depth: 0)
            if try reader.skipSpace() != nil { throw reader.error("the document was not fully consumed") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        let lenient: Bool
        var index = 0

        func error(_ message: String) -> ParseError {
            // Gson counts lines and columns from 1, as tabgen does.
            var line = 1
            var column = 1
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return ParseError(message: "\(message) at line \(line) column \(column)")
        }

        mutating func skipPrefix() {
            let prefix = Array(")]}'\n".utf8)
            if lenient, bytes.starts(with: prefix) { index = prefix.count }
        }

        /// Skips whitespace and (lenient) comments; the next byte, or nil at the end.
        mutating func skipSpace() throws(ParseError) -> UInt8? {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                case UInt8(ascii: "#") where lenient: skipLine()
                case UInt8(ascii: "/") where lenient && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"): skipLine()
                case UInt8(ascii: "/") where lenient && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    guard let end = find(Array("*/".utf8), from: index + 2) else { throw error("Unterminated comment") }
                    index = end + 2
                default: return byte
                }
            }
            return nil
        }

        mutating func skipLine() {
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        }

        func find(_ needle: [UInt8], from start: Int) -> Int? {
            var position = start
            while position + needle.count <= bytes.count {
                if bytes[position..<position + needle.count].elementsEqual(needle) { return position }
                position += 1
            }
            return nil
        }

        mutating func value(depth: Int) throws(ParseError) -> GsonValue {
            guard depth < GsonReader.maxDepth else { throw error("nesting deeper than \(GsonReader.maxDepth) levels") }
            guard let byte = try skipSpace() else { throw error("End of input") }
            switch byte {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: GsonValue)] = []
                if try skipSpace() == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    guard let start = try skipSpace() else { throw error("End of input") }
                    // JSONSerialization takes a comma after the last member; Gson does not.
                    if !lenient, start == UInt8(ascii: "}") { index += 1; return .object(members) }
                    let key: String
                    switch start {
                    case UInt8(ascii: "\""): key = try quoted()
                    case UInt8(ascii: "'") where lenient: key = try quoted()
                    default:
                        guard lenient, let literal = literal() else { throw error("Expected name") }
                        key = literal
                    }
                    switch try skipSpace() {
                    case UInt8(ascii: ":")?: index += 1
                    case UInt8(ascii: "=")? where lenient:
                        index += 1
                        if index < bytes.count, bytes[index] == UInt8(ascii: ">") { index += 1 }
                    default: throw error("Expected ':'")
                    }
                    members.append((key, try value(depth: depth + 1)))
                    switch try skipSpace() {
                    case UInt8(ascii: "}")?: index += 1; return .object(members)
                    case UInt8(ascii: ",")?: index += 1
                    case UInt8(ascii: ";")? where lenient: index += 1
                    default: throw error("Unterminated object")
                    }
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [GsonValue] = []
                if try skipSpace() == UInt8(ascii: "]") { index += 1; return .array(elements) }
                while true {
                    let next = try skipSpace()
                    // JSONSerialization takes a comma after the last element.
                    if !lenient, next == UInt8(ascii: "]") { index += 1; return .array(elements) }
                    if lenient, next == UInt8(ascii: ",") || next == UInt8(ascii: ";") || next == UInt8(ascii: "]") {
                        // An empty element: Gson reads null (`[a,]` is `[a, null]`).
                        elements.append(.null)
                    } else {
                        elements.append(try value(depth: depth + 1))
                    }
                    switch try skipSpace() {
                    case UInt8(ascii: "]")?: index += 1; return .array(elements)
                    case UInt8(ascii: ",")?: index += 1
                    case UInt8(ascii: ";")? where lenient: index += 1
                    default: throw error("Unterminated array")
                    }
                }
            case UInt8(ascii: "\""): return .string(try quoted())
            case UInt8(ascii: "'") where lenient: return .string(try quoted())
            default:
                let start = index
                guard let text = literal() else { throw error("Expected value") }
                if text == "true" || (lenient && text.lowercased() == "true") { return .bool(true) }
                if text == "false" || (lenient && text.lowercased() == "false") { return .bool(false) }
                if text == "null" || (lenient && text.lowercased() == "null") { return .null }
                if Self.isNumber(text) { return .number(text) }
                guard lenient else { index = start; throw error("Expected value") }
                return .string(text)
            }
        }

        /// An unquoted run, up to a delimiter Gson's `nextUnquotedValue` stops at.
        mutating func literal() -> String? {
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: "="),
                     UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"),
                     UInt8(ascii: ","), 0x20, 0x09, 0x0C, 0x0D, 0x0A:
                    return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
                default: index += 1
                }
            }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        /// JSON's number grammar (Gson reads other literals as unquoted strings).
        static func isNumber(_ text: String) -> Bool {
            var scalars = Array(text.utf8)[...]
            if scalars.first == UInt8(ascii: "-") { scalars = scalars.dropFirst() }
            let digit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            let integer = scalars.prefix(while: digit)
            guard !integer.isEmpty, integer.count == 1 || integer.first != UInt8(ascii: "0") else { return false }
            scalars = scalars.dropFirst(integer.count)
            if scalars.first == UInt8(ascii: ".") {
                let fraction = scalars.dropFirst().prefix(while: digit)
                guard !fraction.isEmpty else { return false }
                scalars = scalars.dropFirst(1 + fraction.count)
            }
            if scalars.first == UInt8(ascii: "e") || scalars.first == UInt8(ascii: "E") {
                scalars = scalars.dropFirst()
                if scalars.first == UInt8(ascii: "+") || scalars.first == UInt8(ascii: "-") { scalars = scalars.dropFirst() }
                let exponent = scalars.prefix(while: digit)
                guard !exponent.isEmpty else { return false }
                scalars = scalars.dropFirst(exponent.count)
            }
            return scalars.isEmpty
        }

        /// A string in the quote at `index` (`"` or, lenient, `'`), its escapes decoded.
        mutating func quoted() throws(ParseError) -> String {
            let quote = bytes[index]
            index += 1
            var output: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == quote { return String(decoding: output, as: UTF8.self) }
                if byte < 0x20 && !lenient { throw error("control character in a string") }
                guard byte == UInt8(ascii: "\\") else { output.append(byte); continue }
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
                case UInt8(ascii: "'") where lenient: output.append(escape)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count, let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                        throw error("Malformed Unicode escape")
                    }
                    index += 4
                    var units = [unit]
                    // A surrogate pair written as two escapes.
                    if UTF16.isLeadSurrogate(unit), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                       let low = UInt16(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16), UTF16.isTrailSurrogate(low) {
                        units.append(low)
                        index += 6
                    }
                    output += Array(String(decoding: units, as: UTF16.self).utf8)
                default: throw error("Invalid escape sequence")
                }
            }
            throw error("Unterminated string")
        }
    }
}
