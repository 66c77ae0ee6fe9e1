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
    /// For the note of a cut list: the findings it stands for, which count in the
    /// verdict and the summary as if they were shown.
    var unlisted: (errors: Int, warnings: Int) = (0, 0)
    /// The contract and event the payload was checked as, when a project has several
    /// contracts or the contract lists events (`menu.display`); nil keeps today's output.
    var subject: FindingSubject?

    /// `payloads/home.json:1:57: error[TG104] /tabs/1/path: message`, control characters
    /// (from a file name, a key, a page) escaped so that one finding is one line.
    var text: String {
        if isNote { return ControlCharacters.escaped("\(file):\(line):\(column): note: \(finding.message)") }
        let pointer = (subject.map { "\($0) " } ?? "") + (finding.pointer.tokens.isEmpty ? "(root)" : finding.pointer.description)
        return ControlCharacters.escaped("\(file):\(line):\(column): \(finding.severity.rawValue)[\(finding.code)] \(pointer): \(finding.message)")
    }

    /// One JSON object per finding; the fields are documented in the README. Written
    /// straight into bytes, member by member, as `JSONWriter` writes such an object:
    /// building a `JSON` tree first cost a sixth of an invalid payload's instructions.
    var json: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160 + file.utf8.count + finding.message.utf8.count)
        bytes.append(UInt8(ascii: "{"))
        Self.member("file", file, to: &bytes, first: true)
        Self.member("line", number: line, to: &bytes)
        Self.member("column", number: column, to: &bytes)
        if isNote {
            Self.member("severity", "note", to: &bytes)
            Self.member("message", finding.message, to: &bytes)
        } else {
            Self.member("severity", finding.severity.rawValue, to: &bytes)
            Self.member("code", finding.code, to: &bytes)
            Self.member("pointer", finding.pointer.description, to: &bytes)
            Self.member("message", finding.message, to: &bytes)
            if let subject {
                Self.member("contract", subject.contract, to: &bytes)
                Self.member("event", subject.event, to: &bytes)
            }
            if let schemaPath = finding.schemaPath {
                Self.member("schemaPath", JSONPointer(schemaPath.map { .key($0) }).description, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func member(_ key: StaticString, _ value: String, to bytes: inout [UInt8], first: Bool = false) {
        memberKey(key, to: &bytes, first: first)
        JSONWriter.writeQuoted(value, to: &bytes)
    }

    private static func member(_ key: StaticString, number: Int, to bytes: inout [UInt8]) {
        memberKey(key, to: &bytes, first: false)
        bytes += JSONWriter.format(Double(number)).utf8
    }

    /// `"key":` (keys here are plain ASCII, which `writeQuoted` copies unchanged).
    private static func memberKey(_ key: StaticString, to bytes: inout [UInt8], first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// `::error file=home.json,line=2,col=43,title=TG104::/tabs/1/path: message`; notes
    /// become `::notice`. Control characters are escaped as in text, then values as
    /// the runner expects.
    var github: String {
        let file = ControlCharacters.escaped(self.file)
        if isNote {
            let message = ControlCharacters.escaped(finding.message)
            return "::notice file=\(GitHubAnnotation.escapeProperty(file)),line=\(line),col=\(column)::\(GitHubAnnotation.escapeData(message))"
        }
        let pointer = (subject.map { "\($0) " } ?? "") + (finding.pointer.tokens.isEmpty ? "(root)" : finding.pointer.description)
        return GitHubAnnotation(level: finding.severity == .error ? .error : .warning, file: file, line: line, column: column,
                                title: finding.code, message: ControlCharacters.escaped("\(pointer): \(finding.message)")).text
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
    /// Consuming: the findings move into the located ones instead of being copied (each
    /// copy retained the finding's strings and pointer, and freeing the array released them).
    consuming func located(in bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int) -> [LocatedFinding] {
        guard !isEmpty else { return [] }
        if count == 1 {
            // The usual invalid payload: one finding, one walk, no arrays of offsets.
            let finding = removeLast()
            let offset = finding.offset ?? JSONLocator.offset(of: JSONLocator.Request(path: finding.pointer.tokens, preferKey: finding.locatesKey), in: bytes)
            var position = SourcePosition(line: 1, column: 1)
            position.advance(over: bytes, from: 0, to: Swift.min(Swift.max(offset, 0), bytes.count))
            return [LocatedFinding(file: file, line: firstLine + position.line - 1, column: position.column, finding: finding)]
        }
        let pending = indices.filter { self[$0].offset == nil }
        let requests = pending.map { JSONLocator.Request(path: self[$0].pointer.tokens, preferKey: self[$0].locatesKey) }
        var offsets = map { $0.offset ?? 0 }
        for (index, offset) in zip(pending, JSONLocator.offsets(of: requests, in: bytes)) {
            offsets[index] = offset
        }
        let positions = SourcePosition.positions(of: offsets, in: bytes)
        let located = zip(self, positions).map { finding, position in
            LocatedFinding(file: file, line: firstLine + position.line - 1, column: position.column, finding: finding)
        }
        // Most payloads have one finding: nothing to sort.
        return located.count > 1 ? located.sortedByPosition() : located
    }
}

extension Array where Element == LocatedFinding {
    /// Keeps `limit` findings (0: all) and says so when some were cut: errors before
    /// warnings (each in position order), then a note that counts the others, for the
    /// verdict and the summary. `total`: the payload's counts when the validator listed
    /// fewer findings than it found (`FindingReport`); nil counts these.
    func limited(to limit: Int, total: (errors: Int, warnings: Int)? = nil) -> [LocatedFinding] {
        // Nearly every list fits: no copies then (splitting it cost about 1,000
        // instructions a payload on the benchmark's invalid ones).
        guard limit > 0 else { return self }
        if let total { if total.errors + total.warnings <= limit { return self } } else if count <= limit { return self }
        let errors = filter { !$0.isNote && $0.finding.severity == .error }
        let warnings = filter { !$0.isNote && $0.finding.severity == .warning }
        let all = total ?? (errors.count, warnings.count)
        guard limit > 0, all.errors + all.warnings > limit, let first = first else { return self }
        let shown = Array((errors + warnings).prefix(limit))
        let shownErrors = Swift.min(errors.count, limit)
        var note = first
        note.isNote = true
        note.line = first.line
        note.column = 1
        note.unlisted = (all.errors - shownErrors, all.warnings - (shown.count - shownErrors))
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        note.finding.message = "more findings in this payload are not shown: \(plural(note.unlisted.errors, "error")), "
            + "\(plural(note.unlisted.warnings, "warning")) (--max-findings \(limit); 0 shows all)"
        return shown + [note]
    }
}
