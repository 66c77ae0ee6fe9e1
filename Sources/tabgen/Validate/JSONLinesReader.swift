import Dispatch
import Schema
#if canImport(Glibc)
import Glibc
#endif

/// Streams a JSON Lines file through the validator in bounded memory: the file is read
/// in blocks, each block's complete lines are validated in parallel, and findings are
/// emitted in line order. A line longer than the size limit is reported and skipped
/// without being buffered.
struct JSONLinesReader {
    let validator: PayloadValidator
    let maxBytes: Int
    let jobs: Int
    let strict: Bool
    let maxFindings: Int
    let format: ReportFormat
    /// The contract and event each payload is checked as, named in findings (nil: not named).
    var subject: FindingSubject?
    /// `--payload`: each line is an envelope and the payload a value inside it (nil: the
    /// line is the payload).
    var envelope: Envelope?
    /// `--records lines`: one record per line, valid lines too, instead of one per finding.
    var recordsLines = false

    private struct Line {
        var start: Int
        var end: Int
        var number: Int
    }

    /// Validates the lines read from `descriptor`, writing findings to `output`; returns
    /// the reason on a read error, else nil.
    func run(descriptor: Int32, file: String, output: OutputBuffer, tally: inout Tally) -> String? {
        let writer = FindingWriter(format: format, file: file, strict: strict, recordsLines: recordsLines)
        // One scratch for the lines validated on this thread: the byte pass reuses its buffers.
        let scratch = ByteScratch()
        let lineScratch = FindingWriter.Scratch()
        // The block grows as a long line arrives, up to the limit (and a byte to see the
        // line is over it, one for its newline): a large --max-bytes costs nothing until a
        // line needs it.
        var capacity = 1 << 22
        // Uninitialized: zeroing a block that read(2) overwrites is wasted work.
        var buffer = [UInt8](unsafeUninitializedCapacity: capacity) { _, count in count = capacity }
        var filled = 0
        var nextLine = 1
        var skipping = false
        var atEOF = false
        while !atEOF {
            let count = buffer.withUnsafeMutableBufferPointer { pointer in
                read(descriptor, pointer.baseAddress.map { $0 + filled }, capacity - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            atEOF = count == 0
            filled += count
            // Lines are validated a batch at a time as they are found: the batch, not
            // the block, bounds what is held (a block can hold 700,000 short lines).
            var lines: [Line] = []
            lines.reserveCapacity(Self.batchSize)
            var start = 0
            while start < filled {
                let found: Int? = buffer.withUnsafeBufferPointer { pointer in
                    guard let base = pointer.baseAddress, let hit = memchr(base + start, 0x0A, filled - start) else { return nil }
                    return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                }
                guard let end = found else { break }
                if skipping {
                    skipping = false
                } else {
                    lines.append(Line(start: start, end: end, number: nextLine))
                }
                nextLine += 1
                start = end + 1
                if lines.count == Self.batchSize {
                    validate(lines, in: buffer, writer: writer, scratch: scratch, lineScratch: lineScratch, output: output, tally: &tally)
                    lines.removeAll(keepingCapacity: true)
                }
            }
            if atEOF, start < filled, !skipping {
                lines.append(Line(start: start, end: filled, number: nextLine))
                start = filled
            }
            validate(lines, in: buffer, writer: writer, scratch: scratch, lineScratch: lineScratch, output: output, tally: &tally)
            let rest = filled - start
            if rest > maxBytes {
                // An over-long line: report it once, then discard up to its newline.
                if !skipping {
                    let record = LineRecord(line: nextLine, findings: [tooLong(file: file, line: nextLine)],
                                            carry: envelope.flatMap { $0.carries ? $0.carried(from: UnsafeBufferPointer(start: nil, count: 0), spans: []) : nil })
                    tally.add(record.findings, strict: strict)
                    output.withBytes { bytes in writer.write(record, scratch: lineScratch, to: &bytes) }
                }
                skipping = true
                filled = 0
                continue
            }
            if rest > 0, start > 0 {
                buffer.withUnsafeMutableBufferPointer { pointer in
                    guard let base = pointer.baseAddress else { return }
                    memmove(base, base + start, rest)
                }
            }
            filled = rest
            // What this read completed is answered before the next read waits for more:
            // a process fed a stream (a pipe) answers each line as it arrives.
            output.flush()
            if filled == capacity {
                // One line fills the block and is not over the limit yet.
                let grown = min(capacity * 2, maxBytes + 2)
                buffer += repeatElement(0, count: grown - capacity)
                capacity = grown
            }
        }
        return nil
    }

    /// Lines validated together: their findings are held until written, so the batch
    /// bounds memory (a 10 MB block can hold 400,000 short invalid lines).
    static let batchSize = 4096

    /// What one worker found in its lines: their counts, and the report lines of those
    /// with findings, in line order.
    private struct WorkerOutcome {
        var tally = Tally()
        var report: [UInt8] = []
    }

    private func validate(_ lines: [Line], in buffer: [UInt8], writer: FindingWriter, scratch: ByteScratch, lineScratch: FindingWriter.Scratch,
                          output: OutputBuffer, tally: inout Tally) {
        guard !lines.isEmpty else { return }
        let workers = max(1, min(jobs, lines.count / 64))
        let file = writer.file
        if workers == 1 {
            // On this thread, straight into the output: no worker machinery, no copies.
            buffer.withUnsafeBufferPointer { bytes in
                check(lines[...], bytes: bytes, file: file, scratch: scratch, tally: &tally) { record in
                    output.withBytes { report in writer.write(record, scratch: lineScratch, to: &report) }
                }
            }
            return
        }
        // Workers also write their report lines: formatting is a large share of the work
        // on invalid-heavy input, and the main thread only has to copy them out. Each
        // worker takes a contiguous range of lines, so their outcomes in worker order
        // are in line order.
        let outcomes = UnsafeMutableBufferPointer<WorkerOutcome>.allocate(capacity: workers)
        outcomes.initialize(repeating: WorkerOutcome())
        // Deinitialize before deallocating: the reports are heap values.
        defer {
            outcomes.deinitialize()
            outcomes.deallocate()
        }
        buffer.withUnsafeBufferPointer { pointer in
            nonisolated(unsafe) let bytes = pointer
            nonisolated(unsafe) let output = outcomes
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let lower = lines.count * worker / workers
                let upper = lines.count * (worker + 1) / workers
                // One scratch per worker: the byte pass reuses its buffers line after line.
                let scratch = ByteScratch()
                let lineScratch = FindingWriter.Scratch()
                var outcome = WorkerOutcome()
                var report: [UInt8] = []
                check(lines[lower..<upper], bytes: bytes, file: file, scratch: scratch, tally: &outcome.tally) { record in
                    writer.write(record, scratch: lineScratch, to: &report)
                }
                outcome.report = report
                output[worker] = outcome
            }
        }
        for outcome in outcomes {
            tally.merge(outcome.tally)
            if !outcome.report.isEmpty { output.append(outcome.report) }
        }
    }

    /// A line the byte pass did not clear, for the tree path.
    private struct Pending {
        var line: Line
        /// The payload (the whole line, or its value at --payload).
        var slice: UnsafeBufferPointer<UInt8>
        var check: Check
        /// The carried members, as written (--carry).
        var carry: [UInt8]?

        /// Cleared by the byte pass: the tree path would report nothing.
        var isValid: Bool {
            if case .tree(.valid) = check { return true }
            return false
        }
    }

    private enum Check {
        /// The tree path, with the byte pass's verdict.
        case tree(ByteValidator.Verdict)
        /// A payload whose brackets or strings do not close in its envelope: the tree
        /// path words what is wrong (`finding` only should it find nothing).
        case brokenPayload(ByteValidator.Verdict, line: UnsafeBufferPointer<UInt8>, finding: Finding)
        /// Over --max-bytes: not read.
        case tooLong
        /// The envelope cannot be read: this finding, placed in `line`.
        case envelope(Finding, line: UnsafeBufferPointer<UInt8>)
    }

    /// Counts `lines` into `tally` and hands the record of each line that has findings (of
    /// every line, with --records lines) to `report`, in line order. The byte pass runs
    /// over all of them first and the tree path then over those it did not clear:
    /// switching between the two paths payload by payload cost about a tenth of the time
    /// (caches and branch predictors), and only the order of the counting changes, not
    /// what is reported or its order. With --records lines every line is answered in
    /// order, so each is finished as it comes.
    private func check(_ lines: ArraySlice<Line>, bytes: UnsafeBufferPointer<UInt8>, file: String, scratch: ByteScratch,
                       tally: inout Tally, report: (LineRecord) -> Void) {
        let validator = validator
        var later: [Pending] = []
        // Where --payload and --carry point in the current line: one array for them all.
        var spans: [Range<Int>?] = []
        let envelopeScratch = envelope.map { _ in EnvelopeScratch() }
        for line in lines {
            guard let text = payload(line, bytes: bytes) else { continue }  // a blank line
            var pending = Pending(line: line, slice: text, check: .tooLong)
            if text.count > maxBytes {
                // Not read: nothing to carry.
                if let envelope, envelope.carries { pending.carry = envelope.carried(from: text, spans: []) }
            } else {
                // The usual line has its payload last: the byte pass over the bytes from its
                // start to the closing brace says whether they are one JSON value (any
                // verdict but unknown: it refuses anything after a value), the payload.
                var guess: (span: Range<Int>, verdict: ByteValidator.Verdict)?
                if let envelope, let envelopeScratch, let span = envelope.lastMember(text, spans: &spans, scratch: envelopeScratch) {
                    guess = (span, validator.verdict(for: UnsafeBufferPointer(rebasing: text[span]), scratch: scratch))
                }
                if let envelope, let guess, guess.verdict != .unknown {
                    pending.slice = UnsafeBufferPointer(rebasing: text[guess.span])
                    pending.check = .tree(guess.verdict)
                    if envelope.carries, recordsLines || guess.verdict != .valid { pending.carry = envelope.carried(from: text, spans: spans) }
                } else if let envelope, let envelopeScratch {
                    switch envelope.read(text, spans: &spans, scratch: envelopeScratch) {
                    case .payload(let range):
                        pending.slice = UnsafeBufferPointer(rebasing: text[range])
                        // The guess was the payload, not valid: its verdict stands.
                        let verdict = guess.flatMap { $0.span == range ? $0.verdict : nil }
                        pending.check = .tree(verdict ?? validator.verdict(for: pending.slice, scratch: scratch))
                    case .brokenPayload(let range):
                        pending.slice = UnsafeBufferPointer(rebasing: text[range])
                        let finding = envelope.problem("the envelope is not well-formed JSON: its payload does not end", at: range.upperBound - 1)
                        pending.check = .brokenPayload(validator.verdict(for: pending.slice, scratch: scratch), line: text, finding: finding)
                    case .problem(let finding):
                        pending.check = .envelope(finding, line: text)
                    }
                    if envelope.carries, recordsLines || !pending.isValid {
                        pending.carry = envelope.carried(from: text, spans: spans)
                    }
                } else {
                    pending.check = .tree(validator.verdict(for: text, scratch: scratch))
                }
            }
            if pending.isValid {
                tally.add([], strict: strict)
                if recordsLines { report(LineRecord(line: line.number, findings: [], carry: pending.carry)) }
            } else if recordsLines {
                let findings = finish(pending, file: file, scratch: scratch)
                tally.add(findings, strict: strict)
                report(LineRecord(line: line.number, findings: findings, carry: pending.carry))
            } else {
                later.append(pending)
            }
        }
        for pending in later {
            let findings = finish(pending, file: file, scratch: scratch)
            tally.add(findings, strict: strict)
            if !findings.isEmpty { report(LineRecord(line: pending.line.number, findings: findings, carry: pending.carry)) }
        }
    }

    /// The findings of a line the byte pass did not clear.
    private func finish(_ pending: Pending, file: String, scratch: ByteScratch) -> [LocatedFinding] {
        let line = pending.line
        switch pending.check {
        case .tree(let verdict):
            return treeFindings(pending.slice, verdict: verdict, file: file, line: line.number, scratch: scratch)
        case .brokenPayload(let verdict, let text, let finding):
            let findings = verdict == .valid ? [] : treeFindings(pending.slice, verdict: verdict, file: file, line: line.number, scratch: scratch)
            return findings.isEmpty ? [finding].located(in: text, file: file, firstLine: line.number) : findings
        case .tooLong:
            return [tooLong(file: file, line: line.number)]
        case .envelope(let finding, let text):
            return [finding].located(in: text, file: file, firstLine: line.number)
        }
    }

    /// The tree path's findings for `slice`, placed in the file (columns from the
    /// payload's start).
    private func treeFindings(_ slice: UnsafeBufferPointer<UInt8>, verdict: ByteValidator.Verdict, file: String, line: Int,
                              scratch: ByteScratch) -> [LocatedFinding] {
        var found = validator.report(for: slice, verdict: verdict, scratch: scratch)
        // Taken out of the report, not shared with it: `located` moves a lone finding
        // out of a list held once, and copied the whole list of one held twice.
        let listed = found.findings
        found.findings = []
        return listed.isEmpty ? [] : listed.located(in: slice, file: file, firstLine: line)
            .limited(to: maxFindings, total: (found.errors, found.warnings)).about(subject)
    }

    /// The finding for a line over --max-bytes, which is not read.
    private func tooLong(file: String, line: Int) -> LocatedFinding {
        let finding = Finding(code: FindingCode.tooLarge, severity: .error, pointer: .root,
                              message: "line is longer than the limit of \(maxBytes) bytes (--max-bytes)", offset: 0)
        return LocatedFinding(file: file, line: line, column: 1, finding: finding)
    }

    /// A line's payload (a trailing CR dropped), or nil for a blank line (not a payload).
    private func payload(_ line: Line, bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        var end = line.end
        if end > line.start, bytes[end - 1] == 0x0D { end -= 1 }
        var blank = true
        for index in line.start..<end where !(bytes[index] == 0x20 || bytes[index] == 0x09) {
            blank = false
            break
        }
        if blank { return nil }
        return UnsafeBufferPointer(rebasing: bytes[line.start..<end])
    }
}

extension Array where Element == LocatedFinding {
    func sortedByPosition() -> [LocatedFinding] {
        // Often in order already: checking is far cheaper than the stable sort below.
        var previous = 1
        while previous < count, (self[previous - 1].line, self[previous - 1].column) <= (self[previous].line, self[previous].column) {
            previous += 1
        }
        if previous >= count { return self }
        return enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }
}
