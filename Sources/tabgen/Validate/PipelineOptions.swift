import ArgumentParser
import JSON

/// `--exit-status`: what the exit code reports.
enum ExitStatusMode: String, ExpressibleByArgument, CaseIterable {
    /// 1 when a payload is invalid (the default).
    case findings
    /// 0 whatever the findings: only a failure to validate (usage, I/O, schema) is
    /// non-zero, for pipelines that fail a whole job on any non-zero exit.
    case failures
}

/// `--records`: what `--format json` prints for JSON Lines.
enum RecordsMode: String, ExpressibleByArgument, CaseIterable {
    /// One record per finding (the default).
    case findings
    /// One record per line, valid lines too: status, counts and its findings.
    case lines
}

/// `--summary`: how the summary on standard error is written.
enum SummaryFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension ValidateOptions {
    /// The envelope --payload and --carry describe (nil without --payload); the
    /// pointers were checked by `validate()`.
    var envelope: Envelope? {
        guard let payloadPointer, let tokens = JSONPointer.parseTokens(payloadPointer) else { return nil }
        let carried = carriedPointers.compactMap { text in JSONPointer.parseTokens(text).map { (text: text, tokens: $0) } }
        return Envelope(payload: tokens, carried: carried, payloadText: payloadPointer)
    }

    /// The --carry pointers: each value is one pointer or several separated by commas.
    var carriedPointers: [String] {
        carry.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    func validatePipelineOptions() throws {
        if let payloadPointer {
            if !jsonl { throw ValidationError("--payload applies to --jsonl") }
            guard let tokens = JSONPointer.parseTokens(payloadPointer) else {
                throw ValidationError("--payload \(ControlCharacters.escaped(payloadPointer)): not a JSON pointer (RFC 6901: it starts with /, and ~ is followed by 0 or 1)")
            }
            if tokens.isEmpty { throw ValidationError("--payload \"\": the whole line is the payload without --payload") }
        }
        if !carry.isEmpty {
            if payloadPointer == nil { throw ValidationError("--carry applies to --payload") }
            if format != .json { throw ValidationError("--carry applies to --format json") }
            let pointers = carriedPointers
            for text in pointers {
                guard let tokens = JSONPointer.parseTokens(text), !tokens.isEmpty else {
                    throw ValidationError("--carry \(ControlCharacters.escaped(text)): not a JSON pointer to a member (RFC 6901: it starts with /, and ~ is followed by 0 or 1)")
                }
            }
            if Set(pointers).count != pointers.count { throw ValidationError("--carry names a pointer twice") }
            if pointers.count > Envelope.maxPointers - 1 {
                throw ValidationError("--carry names \(pointers.count) pointers: at most \(Envelope.maxPointers - 1) (the limit on carried members)")
            }
        }
        if records == .lines {
            if !jsonl { throw ValidationError("--records lines applies to --jsonl") }
            if format != .json { throw ValidationError("--records lines applies to --format json") }
        }
    }
}

extension Tally {
    /// The summary as one JSON object (`--summary json`), with the exit code the run
    /// ends with.
    func jsonSummary(exitCode: Int32) -> String {
        let members: [(String, JSON)] = [
            ("unit", .string(unit)),
            ("checked", .number(Double(payloads))),
            ("valid", .number(Double(payloads - invalidPayloads))),
            ("invalid", .number(Double(invalidPayloads))),
            ("errors", .number(Double(errors))),
            ("warnings", .number(Double(warnings))),
            ("unreadable", .number(Double(unreadable))),
            ("exitCode", .number(Double(exitCode))),
        ]
        return JSONWriter.string(.object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) })))
    }
}
