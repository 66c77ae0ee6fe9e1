import Foundation
import Schema
import PathConfiguration

/// The resolution of every URL `tabgen paths` was given, with its findings located
/// in the configuration file.
struct PathsReport {
    struct Entry {
        var location: String
        var ios: PathResolver.Resolution
        var android: PathResolver.Resolution
        var findings: [LocatedFinding]
    }

    let resolver: PathResolver
    /// Resolved one at a time as they are printed, so memory stays flat however many
    /// URLs an access log holds.
    let entries: LazyMapSequence<[String], Entry>

    /// The longest URL `tabgen paths` takes, in UTF-8 bytes: 8 KiB, what nginx accepts in a
    /// request line and Puma in a path by default. The bound of a search grows with the
    /// URL's length (BoundedMatch), so this keeps each search within about 92,000,000 steps.
    static let maxURLBytes = 8_192

    /// Paths are resolved against this origin: Android matches nothing but "" for a
    /// location that is not an absolute URL, and neither app ever has one.
    static let base = "https://app.example.invalid"

    init(configName: String, configBytes: [UInt8], resolver: PathResolver, locations: [String]) {
        self.resolver = resolver
        entries = locations.lazy.map { location in
            let url = Self.absolute(location) ?? location
            let ios = resolver.resolve(url, on: .ios)
            let android = resolver.resolve(url, on: .android)
            let findings = PlatformComparison.differences(ios: ios, android: android, resolver: resolver)
            let located = configBytes.withUnsafeBufferPointer { findings.located(in: $0, file: configName, firstLine: 1) }
            return Entry(location: location, ios: ios, android: android, findings: located)
        }
    }

    /// `location` as an absolute URL: as given, or a path resolved against `base`.
    static func absolute(_ location: String) -> String? {
        if location.hasPrefix("/") { return URLComponents(string: base + location) != nil ? base + location : nil }
        guard let components = URLComponents(string: location), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", components.host?.isEmpty == false else { return nil }
        return location
    }
}

/// The text and JSON forms of a `paths` entry.
enum PathsRenderer {
    static func text(_ entry: PathsReport.Entry, catalog: PathPropertyCatalog) -> [String] {
        var lines = [entry.location]
        func rules(_ resolution: PathResolver.Resolution) -> String {
            let numbers = resolution.matchedRules.map { $0 >= 0 ? String($0) : "built-in" }
            return numbers.isEmpty ? "none" : numbers.joined(separator: ", ")
        }
        var rows: [[String]] = [["", "iOS", "Android"]]
        rows.append(["matched against", JSONWriter.quoted(entry.ios.matchedText), JSONWriter.quoted(entry.android.matchedText)])
        rows.append(["rules applied", rules(entry.ios), rules(entry.android)])
        let iosReadings = Dictionary(entry.ios.readings.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let androidReadings = Dictionary(entry.android.readings.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for property in catalog.properties {
            let ios = iosReadings[property.name].map { PlatformComparison.describe($0.value) } ?? "-"
            let android = androidReadings[property.name].map { PlatformComparison.describe($0.value) } ?? "-"
            rows.append([property.name, ios, android])
        }
        // The app's own properties: both platforms hand them over as merged.
        let known = Set(catalog.properties.map(\.name))
        var custom: [String] = []
        for member in entry.ios.merged.members + entry.android.merged.members where !known.contains(member.key) && !custom.contains(member.key) {
            custom.append(member.key)
        }
        for key in custom {
            rows.append([key, entry.ios.merged[key].map(PlatformComparison.show) ?? "-", entry.android.merged[key].map(PlatformComparison.show) ?? "-"])
        }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let padded = row.enumerated().map { column, cell in
                column == 2 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            lines.append("  " + padded.joined(separator: "  "))
        }
        lines += entry.findings.map { "  " + $0.text }
        return lines
    }

    static func json(_ entry: PathsReport.Entry) -> String {
        func platform(_ resolution: PathResolver.Resolution) -> JSON {
            var properties: [JSONObject.Member] = []
            for reading in resolution.readings {
                var members: [JSONObject.Member] = []
                switch reading.value {
                case .value(let value, let rule):
                    members.append(.init(key: "value", value: value))
                    members.append(.init(key: "source", value: .string(rule.map { $0 >= 0 ? "rule" : "built-in" } ?? "default")))
                    if let rule, rule >= 0 { members.append(.init(key: "rule", value: .number(Double(rule)))) }
                case .absent:
                    members.append(.init(key: "value", value: .null))
                    members.append(.init(key: "source", value: .string("unset")))
                case .crash(let reason):
                    members.append(.init(key: "throws", value: .string(reason)))
                }
                if let note = reading.note { members.append(.init(key: "note", value: .string(note))) }
                properties.append(.init(key: reading.name, value: .object(JSONObject(members))))
            }
            return .object(JSONObject([
                .init(key: "matchedText", value: .string(resolution.matchedText)),
                .init(key: "rules", value: .array(resolution.matchedRules.filter { $0 >= 0 }.map { .number(Double($0)) })),
                .init(key: "merged", value: .object(resolution.merged)),
                .init(key: "properties", value: .object(JSONObject(properties))),
            ]))
        }
        let findings: [JSON] = entry.findings.map { located in
            .object(JSONObject([
                .init(key: "file", value: .string(located.file)),
                .init(key: "line", value: .number(Double(located.line))),
                .init(key: "column", value: .number(Double(located.column))),
                .init(key: "severity", value: .string(located.finding.severity.rawValue)),
                .init(key: "code", value: .string(located.finding.code)),
                .init(key: "pointer", value: .string(located.finding.pointer.description)),
                .init(key: "message", value: .string(located.finding.message)),
            ]))
        }
        return JSONWriter.string(.object(JSONObject([
            .init(key: "url", value: .string(entry.location)),
            .init(key: "ios", value: platform(entry.ios)),
            .init(key: "android", value: platform(entry.android)),
            .init(key: "findings", value: .array(findings)),
        ])))
    }
}
