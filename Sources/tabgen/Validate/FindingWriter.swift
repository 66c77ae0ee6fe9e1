import JSON
import Schema

/// Writes findings of one file as report lines straight into a byte buffer: the bytes
/// of `LocatedFinding.rendered(as:)` and a newline, without building a String per
/// finding. For JSON Lines, where an invalid payload's report cost more instructions
/// than finding what is wrong with it (issue 13). The file name is prepared once, as
/// each format prints it.
struct FindingWriter {
    let format: ReportFormat
    let file: String
    /// Whether warnings make a line invalid, for the status of its record.
    var strict = false
    /// `--records lines`: one record per line (json), its findings inside.
    var recordsLines = false
    /// `file` as `format` prints it: its UTF-8 (text), or quoted and escaped (json).
    private let fileBytes: [UInt8]
    /// Whether `file` may hold a control character (text): looked at once, so each line
    /// is looked at only past the file name.
    private let fileMayHoldControls: Bool

    init(format: ReportFormat, file: String, strict: Bool = false, recordsLines: Bool = false) {
        self.format = format
        self.file = file
        self.strict = strict
        self.recordsLines = recordsLines
        var bytes: [UInt8] = []
        switch format {
        case .text: bytes += file.utf8
        case .json: JSONWriter.writeQuoted(file, to: &bytes)
        case .github: break  // written by `LocatedFinding.github`
        }
        fileBytes = bytes
        fileMayHoldControls = ControlCharacters.mayOccur(in: file)
    }

    /// Memory a thread builds report lines in: the line, and a piece of it that is
    /// escaped as a whole (a JSON pointer in `--format json`).
    final class Scratch {
        let line = ReportLine()
        let piece = ReportLine(capacity: 256)
    }

    /// Appends the report lines of one JSON Lines line: one per finding, or with
    /// `--records lines` its record (valid lines too).
    func write(_ record: LineRecord, scratch: Scratch, to output: inout [UInt8]) {
        guard recordsLines else {
            for item in record.findings { write(item, carry: record.carry, scratch: scratch, to: &output) }
            return
        }
        // The line's verdict and counts as the summary counts them (a cut list's note included).
        var counts = Tally()
        counts.add(record.findings, strict: strict)
        let line = scratch.line
        line.removeAll()
        line.append("{\"file\":")
        fileBytes.withUnsafeBufferPointer { line.append($0) }
        line.append(",\"line\":")
        Self.writeNumber(record.line, to: line)
        line.append(counts.invalidPayloads > 0 ? ",\"status\":\"invalid\",\"errors\":" : ",\"status\":\"valid\",\"errors\":")
        Self.writeNumber(counts.errors, to: line)
        line.append(",\"warnings\":")
        Self.writeNumber(counts.warnings, to: line)
        line.append(",\"findings\":[")
        output.append(contentsOf: line.bytes)
        for (index, item) in record.findings.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            scratch.line.removeAll()
            writeJSON(item, to: scratch.line, piece: scratch.piece)
            output.append(contentsOf: scratch.line.bytes)
        }
        output.append(UInt8(ascii: "]"))
        if let carry = record.carry {
            output += ",\"carry\":".utf8
            output += carry
        }
        output += "}\n".utf8
    }

    /// Appends `item`'s report line and a newline to `output`, building it in `scratch`;
    /// `carry` (--carry, json) is added to the record.
    func write(_ item: LocatedFinding, carry: [UInt8]? = nil, scratch: Scratch, to output: inout [UInt8]) {
        guard item.file == file else {
            // Another file's finding: as it renders (not on the JSON Lines path).
            output += item.rendered(as: format).utf8
            output.append(0x0A)
            return
        }
        let line = scratch.line
        line.removeAll()
        switch format {
        case .text:
            writeText(item, to: line)
            // As `LocatedFinding.text`: control characters escaped (rare: looked for, then rebuilt).
            if fileMayHoldControls || ControlCharacters.mayOccur(in: UnsafeBufferPointer(rebasing: line.bytes[fileBytes.count...])) {
                let escaped = ControlCharacters.escaped(String(decoding: line.bytes, as: UTF8.self))
                line.removeAll()
                line.append(contentsOf: escaped)
            }
        case .json:
            writeJSON(item, to: line, piece: scratch.piece)
            if let carry {
                // Inside the record's object: its closing brace moves past the member.
                line.removeLast()
                line.append(",\"carry\":")
                carry.withUnsafeBufferPointer { line.append($0) }
                line.append(UInt8(ascii: "}"))
            }
        case .github: line.append(contentsOf: item.github)
        }
        line.append(0x0A)
        output.append(contentsOf: line.bytes)
    }

    /// `LocatedFinding.text`: `file:line:column: severity[code] pointer: message`.
    private func writeText(_ item: LocatedFinding, to line: ReportLine) {
        fileBytes.withUnsafeBufferPointer { line.append($0) }
        line.append(UInt8(ascii: ":"))
        line.appendDecimal(item.line)
        line.append(UInt8(ascii: ":"))
        line.appendDecimal(item.column)
        line.append(": ")
        if item.isNote {
            line.append("note: ")
        } else {
            line.append(contentsOf: item.finding.severity.rawValue)
            line.append(UInt8(ascii: "["))
            line.append(contentsOf: item.finding.code)
            line.append("] ")
            if let subject = item.subject {
                line.append(contentsOf: subject.contract)
                line.append(UInt8(ascii: "."))
                line.append(contentsOf: subject.event)
                line.append(UInt8(ascii: " "))
            }
            if item.finding.pointer.tokens.isEmpty {
                line.append("(root)")
            } else {
                line.appendPointer(item.finding.pointer)
            }
            line.append(": ")
        }
        line.append(contentsOf: item.finding.message)
    }

    /// `LocatedFinding.json`: one object, its members in the documented order.
    private func writeJSON(_ item: LocatedFinding, to line: ReportLine, piece: ReportLine) {
        line.append("{\"file\":")
        fileBytes.withUnsafeBufferPointer { line.append($0) }
        line.append(",\"line\":")
        Self.writeNumber(item.line, to: line)
        line.append(",\"column\":")
        Self.writeNumber(item.column, to: line)
        let finding = item.finding
        if item.isNote {
            line.append(",\"severity\":\"note\",\"message\":")
            line.appendQuoted(finding.message)
        } else {
            switch finding.severity {
            case .error: line.append(",\"severity\":\"error\",\"code\":")
            case .warning: line.append(",\"severity\":\"warning\",\"code\":")
            }
            line.appendQuoted(finding.code)
            line.append(",\"pointer\":")
            Self.writeQuotedPointer(finding.pointer, to: line, piece: piece)
            line.append(",\"message\":")
            line.appendQuoted(finding.message)
            if let subject = item.subject {
                line.append(",\"contract\":")
                line.appendQuoted(subject.contract)
                line.append(",\"event\":")
                line.appendQuoted(subject.event)
            }
            if let schemaPath = finding.schemaPath {
                line.append(",\"schemaPath\":")
                // Its keys written as a pointer's, without making a JSONPointer of them.
                piece.removeAll()
                piece.appendPointer(keys: schemaPath)
                line.appendQuoted(utf8: piece.bytes)
            }
        }
        line.append(UInt8(ascii: "}"))
    }

    /// The pointer's text, quoted: written into `piece`, then escaped as JSON from there.
    private static func writeQuotedPointer(_ pointer: JSONPointer, to line: ReportLine, piece: ReportLine) {
        piece.removeAll()
        piece.appendPointer(pointer)
        line.appendQuoted(utf8: piece.bytes)
    }

    /// A number as `JSONWriter.format` writes an Int (through Double, as the json getter does).
    private static func writeNumber(_ number: Int, to line: ReportLine) {
        if number > -1_000_000_000_000_000 && number < 1_000_000_000_000_000 {
            line.appendDecimal(number)
        } else {
            line.append(contentsOf: JSONWriter.format(Double(number)))
        }
    }
}

/// What one JSON Lines line gave: its findings (none for a valid line) and the members
/// of its envelope carried into the report (--carry).
struct LineRecord {
    var line: Int
    var findings: [LocatedFinding]
    var carry: [UInt8]?
}
