import ArgumentParser
import Schema
import Evolution

enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github
}

/// The `--allow` values; mapped to the library's directions.
enum AllowedBreak: String, ExpressibleByArgument, CaseIterable {
    case oldClients = "old-clients"
    case newClients = "new-clients"

    var direction: ClientDirection {
        switch self {
        case .oldClients: .oldClients
        case .newClients: .newClients
        }
    }
}

/// Renders the changes between two schemas, placed in the new schema's source.
struct DiffReport {
    let old: SchemaSource
    let new: SchemaSource
    let newDocument: SchemaDocument
    let policy: DiffPolicy

    /// Each change as a line, placed in the new schema's source: located all at once, in
    /// one pass (one pass per change was quadratic in a schema of thousands of changes).
    func render(_ changes: [SchemaChange], as format: DiffFormat) -> [String] {
        let positions = newDocument.positions(of: changes.map(\.location), preferKey: true)
        return zip(changes, positions).map { change, position in
            switch format {
            case .text: text(change, at: position)
            case .json: json(change, at: position)
            case .github: github(change, at: position)
            }
        }
    }

    /// `schema.json:42:7: breaking[D002] /definitions/TabData/properties/badge: property "badge" added as required — old clients: ..., new clients: ...`
    func text(_ change: SchemaChange, at position: SourcePosition) -> String {
        let pointer = change.pointer.tokens.isEmpty ? "(root)" : change.pointer.description
        return "\(new.displayName):\(position): \(change.impact.rawValue)[\(change.code.code)] \(pointer): \(change.message) — \(consequences(change))"
    }

    /// `old clients: safe (reason), new clients: BREAKING (reason)`, or the shared
    /// reason of a documentation change.
    private func consequences(_ change: SchemaChange) -> String {
        if change.oldClients.impact == .info, change.newClients == change.oldClients {
            return change.oldClients.reason
        }
        return ClientDirection.allCases.map { direction in
            let effect = change.effect(on: direction)
            return "\(direction.phrase): \(Self.verdict(effect.impact)) (\(effect.reason))"
        }.joined(separator: ", ")
    }

    static func verdict(_ impact: Impact) -> String {
        switch impact {
        case .breaking: "BREAKING"
        case .strict: "BREAKING for strict clients"
        case .safe: "safe"
        case .info: "no effect"
        }
    }

    /// One JSON object per change, per line; the fields are documented in the README.
    func json(_ change: SchemaChange, at position: SourcePosition) -> String {
        func pointer(_ value: JSONPointer?) -> JSON { value.map { .string($0.description) } ?? .null }
        func effect(_ value: Effect) -> JSON {
            .object(JSONObject([.init(key: "impact", value: .string(value.impact.rawValue)), .init(key: "reason", value: .string(value.reason))]))
        }
        let members: [JSONObject.Member] = [
            .init(key: "file", value: .string(new.displayName)),
            .init(key: "line", value: .number(Double(position.line))),
            .init(key: "column", value: .number(Double(position.column))),
            .init(key: "code", value: .string(change.code.code)),
            .init(key: "change", value: .string(change.code.title)),
            .init(key: "impact", value: .string(change.impact.rawValue)),
            .init(key: "fails", value: .bool(policy.fails(change))),
            .init(key: "message", value: .string(change.message)),
            .init(key: "oldPointer", value: pointer(change.oldPointer)),
            .init(key: "newPointer", value: pointer(change.newPointer)),
            .init(key: "oldClients", value: effect(change.oldClients)),
            .init(key: "newClients", value: effect(change.newClients)),
        ]
        return JSONWriter.string(.object(JSONObject(members)))
    }

    /// A GitHub Actions workflow command: an error for a change that fails the check,
    /// a warning for an accepted breaking one, a notice for the rest.
    func github(_ change: SchemaChange, at position: SourcePosition) -> String {
        let command = policy.fails(change) ? "error" : change.impact >= .strict ? "warning" : "notice"
        let title = "\(change.code.code) \(change.code.title)"
        let properties = "file=\(Self.escapeProperty(new.annotationPath)),line=\(position.line),col=\(position.column),title=\(Self.escapeProperty(title))"
        let pointer = change.pointer.tokens.isEmpty ? "(root)" : change.pointer.description
        return "::\(command) \(properties)::\(Self.escapeData("\(pointer): \(change.message) — \(consequences(change))"))"
    }

    // Workflow command escaping, as the Actions toolkit does it.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// `4 changes: 1 breaking, 1 strict, 2 safe; not allowed: 1 breaks new clients (--allow new-clients accepts it)`
    func summary(_ changes: [SchemaChange]) -> String {
        guard !changes.isEmpty else { return "tabgen diff: no changes between \(old.displayName) and \(new.displayName)" }
        let counts = Impact.allCases.reversed().compactMap { impact -> String? in
            let count = changes.filter { $0.impact == impact }.count
            return count == 0 ? nil : "\(count) \(impact.rawValue)"
        }
        var text = "tabgen diff: \(changes.count) change\(changes.count == 1 ? "" : "s"): \(counts.joined(separator: ", "))"
        var failures: [String] = []
        for direction in ClientDirection.allCases {
            let failing = changes.filter { policy.failingDirections(of: $0).contains(direction) }
            let breaking = failing.filter { $0.effect(on: direction).impact == .breaking }.count
            let strict = failing.count - breaking
            let flag = "--allow \(direction.rawValue)"
            if breaking > 0 {
                failures.append("\(breaking) \(breaking == 1 ? "breaks" : "break") \(direction.phrase) (\(flag) accepts \(breaking == 1 ? "it" : "them"))")
            }
            if strict > 0 {
                failures.append("\(strict) \(strict == 1 ? "breaks" : "break") strict \(direction.phrase) (--lenient-clients or \(flag) accepts \(strict == 1 ? "it" : "them"))")
            }
        }
        if !failures.isEmpty {
            text += "; not allowed: " + failures.joined(separator: ", ")
        } else if changes.contains(where: { $0.impact >= .strict }) {
            text += "; all accepted by --allow or --lenient-clients"
        }
        return text
    }
}
