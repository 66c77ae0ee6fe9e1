import Schema

/// Counts for the summary line and the exit code.
struct Tally {
    var payloads = 0
    var invalidPayloads = 0
    var errors = 0
    var warnings = 0
    /// Files that could not be read: exit code 2.
    var unreadable = 0
    /// What is counted in the summary: payloads, or pages for --html and --url.
    var unit = "payload"
    /// What could not be read: files, or URLs.
    var inputUnit = "file"

    mutating func add(_ findings: [LocatedFinding], strict: Bool) {
        payloads += 1
        var failed = false
        for item in findings {
            guard !item.isNote else {
                // The findings a cut list leaves out count as if they were shown.
                errors += item.unlisted.errors
                warnings += item.unlisted.warnings
                if item.unlisted.errors > 0 || (strict && item.unlisted.warnings > 0) { failed = true }
                continue
            }
            switch item.finding.severity {
            case .error:
                errors += 1
                failed = true
            case .warning:
                warnings += 1
                if strict { failed = true }
            }
        }
        if failed { invalidPayloads += 1 }
    }

    mutating func merge(_ other: Tally) {
        payloads += other.payloads
        invalidPayloads += other.invalidPayloads
        errors += other.errors
        warnings += other.warnings
        unreadable += other.unreadable
    }

    var exit: Exit {
        if unreadable > 0 { return .failure }
        return invalidPayloads > 0 ? .invalid : .success
    }

    var summary: String {
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        var text = "tabgen: checked \(plural(payloads, unit)): \(payloads - invalidPayloads) valid, \(invalidPayloads) invalid"
        text += " (\(plural(errors, "error")), \(plural(warnings, "warning")))"
        if unreadable > 0 { text += "; \(plural(unreadable, inputUnit)) could not be read" }
        return text
    }
}
