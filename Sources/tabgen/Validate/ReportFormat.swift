import ArgumentParser
import Schema

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// A finding placed in a file: what `validate` prints.
struct LocatedFinding {
    var file: String
    var line: Int
    var column: Int
    var finding: Finding

    /// `payloads/home.json:1:57: error[TG104] /tabs/1/path: message`
    var text: String {
        let pointer = finding.pointer.tokens.isEmpty ? "(root)" : finding.pointer.description
        return "\(file):\(line):\(column): \(finding.severity.rawValue)[\(finding.code)] \(pointer): \(finding.message)"
    }

    /// One JSON object per finding; the fields are documented in the README.
    var json: String {
        var members: [JSONObject.Member] = [
            .init(key: "file", value: .string(file)),
            .init(key: "line", value: .number(Double(line))),
            .init(key: "column", value: .number(Double(column))),
            .init(key: "severity", value: .string(finding.severity.rawValue)),
            .init(key: "code", value: .string(finding.code)),
            .init(key: "pointer", value: .string(finding.pointer.description)),
            .init(key: "message", value: .string(finding.message)),
        ]
        if let schemaPath = finding.schemaPath {
            members.append(.init(key: "schemaPath", value: .string(JSONPointer(schemaPath.map { .key($0) }).description)))
        }
        return JSONWriter.string(.object(JSONObject(members)))
    }

    func rendered(as format: ReportFormat) -> String {
        switch format {
        case .text: text
        case .json: json
        }
    }
}

extension Finding {
    /// Places the finding in `bytes`, which start at `line` of `file`.
    func located(in bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int) -> LocatedFinding {
        let offset = self.offset ?? JSONLocator.offset(of: pointer.tokens, in: bytes, preferKey: locatesKey)
        let position = SourcePosition(offset: offset, in: bytes)
        return LocatedFinding(file: file, line: firstLine + position.line - 1, column: position.column, finding: self)
    }
}
