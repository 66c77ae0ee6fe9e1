import ArgumentParser
import Schema

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
    /// GitHub Actions workflow commands: each finding becomes an annotation.
    case github
}

/// A finding placed in a file: what `validate` prints.
struct LocatedFinding {
    var file: String
    var line: Int
    var column: Int
    var finding: Finding
    /// A note about the report itself (findings left out), not a finding.
    var isNote = false
    /// The contract and event the payload was checked as, when a project has several
    /// contracts or the contract lists events (`menu.display`); nil keeps today's output.
    var subject: FindingSubject?

    /// `payloads/home.json:1:57: error[TG104] /tabs/1/path: message`
    var text: String {
        if isNote { return "\(file):\(line):\(column): note: \(finding.message)" }
        let pointer = (subject.map { "\($0) " } ?? "") + (finding.pointer.tokens.isEmpty ? "(root)" : finding.pointer.description)
        return "\(file):\(line):\(column): \(finding.severity.rawValue)[\(finding.code)] \(pointer): \(finding.message)"
    }

    /// One JSON object per finding; the fields are documented in the README.
    var json: String {
        if isNote {
            return JSONWriter.string(.object(JSONObject([
                .init(key: "file", value: .string(file)),
                .init(key: "line", value: .number(Double(line))),
                .init(key: "column", value: .number(Double(column))),
                .init(key: "severity", value: .string("note")),
                .init(key: "message", value: .string(finding.message)),
            ])))
        }
        var members: [JSONObject.Member] = [
            .init(key: "file", value: .string(file)),
            .init(key: "line", value: .number(Double(line))),
            .init(key: "column", value: .number(Double(column))),
            .init(key: "severity", value: .string(finding.severity.rawValue)),
            .init(key: "code", value: .string(finding.code)),
            .init(key: "pointer", value: .string(finding.pointer.description)),
            .init(key: "message", value: .string(finding.message)),
        ]
        if let subject {
            members.append(.init(key: "contract", value: .string(subject.contract)))
            members.append(.init(key: "event", value: .string(subject.event)))
        }
        if let schemaPath = finding.schemaPath {
            members.append(.init(key: "schemaPath", value: .string(JSONPointer(schemaPath.map { .key($0) }).description)))
        }
        return JSONWriter.string(.object(JSONObject(members)))
    }

    /// `::error file=home.json,line=2,col=43,title=TG104::/tabs/1/path: message`; notes
    /// become `::notice`. Values are escaped as the runner expects.
    var github: String {
        if isNote {
            let file = GitHubAnnotation.escapeProperty(self.file)
            return "::notice file=\(file),line=\(line),col=\(column)::\(GitHubAnnotation.escapeData(finding.message))"
        }
        let pointer = (subject.map { "\($0) " } ?? "") + (finding.pointer.tokens.isEmpty ? "(root)" : finding.pointer.description)
        return GitHubAnnotation(level: finding.severity == .error ? .error : .warning, file: file, line: line, column: column,
                                title: finding.code, message: "\(pointer): \(finding.message)").text
    }

    func rendered(as format: ReportFormat) -> String {
        switch format {
        case .text: text
        case .json: json
        case .github: github
        }
    }
}

/// The contract (its component) and the event a finding is about: `menu.display`.
struct FindingSubject: Sendable, CustomStringConvertible {
    var contract: String
    var event: String

    var description: String { "\(contract).\(event)" }
}

extension Array where Element == LocatedFinding {
    /// The findings, each naming `subject` (nil leaves them as they are).
    func about(_ subject: FindingSubject?) -> [LocatedFinding] {
        guard let subject else { return self }
        return map { item in
            var named = item
            named.subject = subject
            return named
        }
    }
}

extension Array where Element == Finding {
    /// Places findings in `bytes`, which start at `firstLine` of `file`, sorted by
    /// position. One pass locates them all, however many there are.
    func located(in bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int) -> [LocatedFinding] {
        guard !isEmpty else { return [] }
        let pending = indices.filter { self[$0].offset == nil }
        let requests = pending.map { JSONLocator.Request(path: self[$0].pointer.tokens, preferKey: self[$0].locatesKey) }
        var offsets = map { $0.offset ?? 0 }
        for (index, offset) in zip(pending, JSONLocator.offsets(of: requests, in: bytes)) {
            offsets[index] = offset
        }
        let positions = SourcePosition.positions(of: offsets, in: bytes)
        return zip(self, positions).map { finding, position in
            LocatedFinding(file: file, line: firstLine + position.line - 1, column: position.column, finding: finding)
        }.sortedByPosition()
    }
}

extension Array where Element == LocatedFinding {
    /// Keeps the first `limit` findings (0: all) and says so when some were cut.
    func limited(to limit: Int) -> [LocatedFinding] {
        guard limit > 0, count > limit, let first = first else { return self }
        var note = first
        note.isNote = true
        note.line = first.line
        note.column = 1
        note.finding.message = "more findings in this payload are not shown (--max-findings \(limit); 0 shows all)"
        return Array(prefix(limit)) + [note]
    }
}
