import JSON
#if canImport(Glibc)
import Glibc
#endif

/// What `tabgen report` reads: the JSON Lines records of `tabgen validate --format json`
/// (one per finding, or with `--records lines` one per line with its `findings`) and the
/// findings the Spark job writes (one per finding, its `carry` a JSON text), gathered per
/// payload (a file and a line). Nothing depends on the order of the records, so the same
/// findings in any order give the same page.
struct ReportRecords {
    /// The longest record read; a longer line is refused (it is not a record tabgen wrote).
    static let maxRecordBytes = 16 << 20
    /// Findings held by default (`--max-findings`); more are refused, naming the limit.
    static let defaultMaxFindings = 1_000_000

    struct Finding {
        var payload: Int
        var severity: Severity
        var code: String?
        var column: Int
        var pointer: String?
        var message: String
    }

    enum Severity: String, CaseIterable, Comparable {
        case error, warning, note
        static func < (lhs: Severity, rhs: Severity) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    struct Payload {
        var file: String
        var line: Int
        /// The carried members named by `--by`, `--platform` and `--time` (nil: not carried,
        /// or not a string).
        var app: String?
        var platform: String?
        var time: String?
        var errors = 0
        var warnings = 0
        var notes = 0
        var findings: [Int] = []
    }

    /// The carried members the page groups by: keys of each record's `carry`.
    struct Pointers {
        var app: String
        var platform: String
        var time: String
    }

    let pointers: Pointers
    let maxFindings: Int
    private(set) var payloads: [Payload] = []
    private(set) var findings: [Finding] = []
    private var index: [PayloadKey: Int] = [:]
    private let reader = JSONReader(maxDepth: 64)

    private struct PayloadKey: Hashable {
        var file: String
        var line: Int
    }

    init(pointers: Pointers, maxFindings: Int) {
        self.pointers = pointers
        self.maxFindings = maxFindings
    }

    /// Reads every record of `path` (- is standard input); a record that is not one of
    /// tabgen's is an error naming the file and line.
    mutating func read(path: String) throws(CLIError) {
        let descriptor = try FileInput.open(path: path)
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        let name = path == "-" ? "<stdin>" : FileInput.shown(path)
        var buffer: [UInt8] = []
        var start = 0
        var lineNumber = 0
        let chunk = 1 << 20
        var atEnd = false
        while !atEnd {
            let before = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: chunk))
            let count = buffer.withUnsafeMutableBufferPointer { pointer in
                Glibc.read(descriptor, pointer.baseAddress.map { $0 + before }, chunk)
            }
            if count < 0 {
                buffer.removeLast(chunk)
                if errno == EINTR { continue }
                throw CLIError("cannot read \(name): \(String(cString: strerror(errno)))")
            }
            buffer.removeLast(chunk - count)
            atEnd = count == 0
            // Every complete line in the buffer; at the end, the last line without its newline.
            var scan = before
            while true {
                let newline = buffer[scan...].firstIndex(of: 0x0A)
                guard newline != nil || (atEnd && start < buffer.count) else { break }
                let end = newline ?? buffer.count
                lineNumber += 1
                if end - start > Self.maxRecordBytes {
                    throw CLIError("\(name):\(lineNumber): a record longer than \(Self.maxRecordBytes) bytes (the record limit); not a record tabgen wrote")
                }
                try buffer.withUnsafeBufferPointer { pointer throws(CLIError) in
                    var line = UnsafeBufferPointer(rebasing: pointer[start..<end])
                    if line.last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
                    try record(line, at: "\(name):\(lineNumber)")
                }
                start = end + 1
                scan = start
                if newline == nil { break }
            }
            if start > 0 {
                buffer.removeFirst(Swift.min(start, buffer.count))
                start = 0
            }
            if buffer.count > Self.maxRecordBytes {
                throw CLIError("\(name):\(lineNumber + 1): a record longer than \(Self.maxRecordBytes) bytes (the record limit); not a record tabgen wrote")
            }
        }
    }

    private mutating func record(_ bytes: UnsafeBufferPointer<UInt8>, at place: String) throws(CLIError) {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        let value: JSON
        switch reader.parse(buffer: bytes) {
        case .success(let parsed): value = parsed
        case .failure(let error): throw CLIError("\(place): not a JSON record: \(error.description) (at byte \(error.offset + 1))")
        }
        guard let object = value.objectValue else {
            throw CLIError("\(place): not a tabgen record: a JSON \(value.kindName), not an object")
        }
        let file = try text(object, "file", at: place) ?? "-"
        let line = try whole(object, "line", at: place)
        guard line >= 1 else { throw CLIError("\(place): not a tabgen record: \"line\" is \(line), not a line number") }
        let carry = try carried(object, at: place)
        let payload = payloadIndex(file: file, line: line, carry: carry)
        if let list = object["findings"] {
            // `--records lines`: the line's findings (none for a valid line).
            guard let items = list.arrayValue else { throw CLIError("\(place): not a tabgen record: \"findings\" is a \(list.kindName), not an array") }
            for (position, item) in items.enumerated() {
                guard let finding = item.objectValue else {
                    throw CLIError("\(place): not a tabgen record: findings[\(position)] is a \(item.kindName), not an object")
                }
                try add(finding, payload: payload, at: "\(place): findings[\(position)]")
            }
        } else if object["severity"] != nil {
            try add(object, payload: payload, at: place)
        } else {
            throw CLIError("\(place): not a tabgen record: it has neither \"severity\" (a finding) nor \"findings\" (a line)")
        }
    }

    private mutating func add(_ object: JSONObject, payload: Int, at place: String) throws(CLIError) {
        guard let name = try text(object, "severity", at: place), let severity = Severity(rawValue: name) else {
            throw CLIError("\(place): not a tabgen record: \"severity\" must be error, warning or note")
        }
        let finding = Finding(payload: payload, severity: severity, code: try text(object, "code", at: place),
                              column: try whole(object, "column", at: place), pointer: try text(object, "pointer", at: place),
                              message: try text(object, "message", at: place) ?? "")
        guard findings.count < maxFindings else {
            throw CLIError("\(place): more than \(maxFindings) findings (the --max-findings limit); raise it, or report on fewer files")
        }
        findings.append(finding)
        payloads[payload].findings.append(findings.count - 1)
        switch severity {
        case .error: payloads[payload].errors += 1
        case .warning: payloads[payload].warnings += 1
        case .note: payloads[payload].notes += 1
        }
    }

    private mutating func payloadIndex(file: String, line: Int, carry: JSONObject?) -> Int {
        let key = PayloadKey(file: file, line: line)
        if let known = index[key] { return known }
        payloads.append(Payload(file: file, line: line, app: carry?[pointers.app]?.stringValue,
                                platform: carry?[pointers.platform]?.stringValue, time: carry?[pointers.time]?.stringValue))
        index[key] = payloads.count - 1
        return payloads.count - 1
    }

    /// `carry`: an object (tabgen validate), or the JSON text of one (the Spark job's findings).
    private func carried(_ object: JSONObject, at place: String) throws(CLIError) -> JSONObject? {
        guard let value = object["carry"], !value.isNull else { return nil }
        if let carry = value.objectValue { return carry }
        if let text = value.stringValue {
            switch reader.parse(buffer: text.utf8) {
            case .success(let parsed):
                if let carry = parsed.objectValue { return carry }
            case .failure:
                break
            }
        }
        throw CLIError("\(place): not a tabgen record: \"carry\" is neither an object nor the JSON text of one")
    }

    private func text(_ object: JSONObject, _ key: String, at place: String) throws(CLIError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let text = value.stringValue else {
            throw CLIError("\(place): not a tabgen record: \"\(key)\" is a \(value.kindName), not a string")
        }
        return text
    }

    private func whole(_ object: JSONObject, _ key: String, at place: String) throws(CLIError) -> Int {
        guard case .number(let number)? = object[key], number.rounded() == number, abs(number) < 1e15 else {
            throw CLIError("\(place): not a tabgen record: \"\(key)\" must be a whole number")
        }
        return Int(number)
    }
}

private extension JSONReader {
    func parse(buffer utf8: String.UTF8View) -> Result<JSON, JSONParseError> {
        let bytes = Array(utf8)
        return bytes.withUnsafeBufferPointer { parse(buffer: $0) }
    }
}
