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

    private struct Line {
        var start: Int
        var end: Int
        var number: Int
    }

    /// Validates the lines read from `descriptor`, writing findings to `output`; returns
    /// the reason on a read error, else nil.
    func run(descriptor: Int32, file: String, output: OutputBuffer, tally: inout Tally) -> String? {
        let writer = FindingWriter(format: format, file: file)
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
                    let located = [tooLong(file: file, line: nextLine)]
                    tally.add(located, strict: strict)
                    output.withBytes { bytes in
                        for item in located { writer.write(item, scratch: lineScratch, to: &bytes) }
                    }
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
                check(lines[...], bytes: bytes, file: file, scratch: scratch, tally: &tally) { findings in
                    output.withBytes { report in
                        for item in findings { writer.write(item, scratch: lineScratch, to: &report) }
                    }
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
                check(lines[lower..<upper], bytes: bytes, file: file, scratch: scratch, tally: &outcome.tally) { findings in
                    for item in findings { writer.write(item, scratch: lineScratch, to: &report) }
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

    /// Counts `lines` into `tally` and hands the findings of each line that has some to
    /// `report`, in line order. The byte pass runs over all of them first and the tree
    /// path then over those it did not clear: switching between the two payload by
    /// payload cost about a tenth of the time (caches and branch predictors), and only
    /// the order of the counting changes, not what is reported or its order.
    private func check(_ lines: ArraySlice<Line>, bytes: UnsafeBufferPointer<UInt8>, file: String, scratch: ByteScratch,
                       tally: inout Tally, report: ([LocatedFinding]) -> Void) {
        let validator = validator
        // The lines the byte pass did not clear, with its verdict (nil: too long to check).
        var later: [(line: Line, slice: UnsafeBufferPointer<UInt8>, verdict: ByteValidator.Verdict?)] = []
        for line in lines {
            guard let slice = payload(line, bytes: bytes) else { continue }  // a blank line
            if slice.count > maxBytes {
                later.append((line, slice, nil))
                continue
            }
            let verdict = validator.verdict(for: slice, scratch: scratch)
            if verdict == .valid {
                tally.add([], strict: strict)
            } else {
                later.append((line, slice, verdict))
            }
        }
        for (line, slice, verdict) in later {
            let findings: [LocatedFinding]
            if let verdict {
                var found = validator.report(for: slice, verdict: verdict, scratch: scratch)
                // Taken out of the report, not shared with it: `located` moves a lone finding
                // out of a list held once, and copied the whole list of one held twice.
                let listed = found.findings
                found.findings = []
                findings = listed.isEmpty ? [] : listed.located(in: slice, file: file, firstLine: line.number)
                    .limited(to: maxFindings, total: (found.errors, found.warnings)).about(subject)
            } else {
                findings = [tooLong(file: file, line: line.number)]
            }
            tally.add(findings, strict: strict)
            if !findings.isEmpty { report(findings) }
        }
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
