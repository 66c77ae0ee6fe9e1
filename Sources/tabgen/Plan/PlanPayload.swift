import Reconciliation
import Schema

/// One configure message of the sequence, with where it came from.
struct PlanPayload {
    /// The file as given ("<stdin>" for -).
    var file: String
    /// The first line of the payload in `file`: 1 for a payload file, the record's line
    /// for JSON Lines.
    var line: Int
    var bytes: [UInt8]
    /// Whether it came from a JSON Lines file (then the label names the line).
    var isRecord: Bool

    /// `payloads/after.json`, or `steps.jsonl:3` for a record.
    var label: String { isRecord ? "\(file):\(line)" : file }

    /// Where the value at `pointer` sits, for annotations and JSON output.
    func position(of pointer: JSONPointer) -> SourcePosition {
        let offset = JSONLocator.offset(of: pointer.tokens, in: bytes)
        let position = SourcePosition(offset: offset, in: bytes)
        return SourcePosition(line: line + position.line - 1, column: position.column)
    }
}

/// Reads the payloads of `tabgen plan`: whole files, or the records of a JSON Lines file.
enum PayloadLoader {
    /// Larger payloads are refused: plan replays a handful of messages, not a dump.
    static let payloadLimit = 16 << 20
    static let jsonLinesLimit = 64 << 20

    static func files(_ paths: [String]) throws(CLIError) -> [PlanPayload] {
        var payloads: [PlanPayload] = []
        for path in paths {
            let bytes = try FileInput.readAll(path: path, limit: payloadLimit)
            payloads.append(PlanPayload(file: displayName(path), line: 1, bytes: bytes, isRecord: false))
        }
        return payloads
    }

    /// One payload per non-blank line; CR LF line ends are accepted.
    static func jsonLines(_ path: String) throws(CLIError) -> [PlanPayload] {
        let bytes = try FileInput.readAll(path: path, limit: jsonLinesLimit)
        var payloads: [PlanPayload] = []
        for (index, slice) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var record = Array(slice)
            if record.last == 0x0D { record.removeLast() }
            if record.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            payloads.append(PlanPayload(file: displayName(path), line: index + 1, bytes: record, isRecord: true))
        }
        return payloads
    }

    private static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }
}
