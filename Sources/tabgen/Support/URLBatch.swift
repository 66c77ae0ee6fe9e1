import Dispatch
import Foundation
import Schema

/// A URL to check, as the user wrote it (findings name it so) and parsed.
struct PageURL: Sendable {
    var text: String
    var url: URL

    /// Accepts absolute http and https URLs with a host. `text`, what output names the
    /// page by, has its credentials (`user:secret@`) hidden and control characters escaped.
    init?(_ text: String) {
        guard let url = URL(string: text), Origin(url) != nil else { return nil }
        self.text = ControlCharacters.escaped(Self.redacted(text))
        self.url = url
    }

    /// The URL text with any `user:password@` of its authority shown as `***@`: output
    /// lands in CI logs and annotations, which are not the place for a password.
    static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let authorityEnd = text[scheme.upperBound...].firstIndex(where: { "/?#".contains($0) }) ?? text.endIndex
        guard let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<scheme.upperBound]) + "***" + String(text[at...])
    }
}

/// `validate --url` and `--urls-from`: fetches pages on `concurrency` threads and
/// reports them in input order, so the output does not depend on timing.
struct URLBatch: Sendable {
    let pages: [PageURL]
    let fetcher: PageFetcher
    let input: HTMLInput
    let concurrency: Int
    let format: ReportFormat

    /// What one URL came to.
    struct Report: Sendable {
        var findings: [LocatedFinding] = []
        var rendered: [String] = []
        /// Set when the page could not be checked at all (an I/O error: exit 2).
        var failure: String?
    }

    func run(output: OutputBuffer, tally: inout Tally, strict: Bool, progress: ProgressLine?) {
        guard !pages.isEmpty else { return }
        let board = ReportBoard(count: pages.count)
        let batch = self
        for _ in 0..<min(concurrency, pages.count) {
            let worker = Thread {
                while let index = board.claim() {
                    board.store(batch.check(batch.pages[index]), at: index)
                }
            }
            worker.stackSize = 8 << 20  // deep JSON is validated recursively
            worker.start()
        }
        var emitted = 0
        progress?.show(done: 0, total: pages.count, current: pages[0].text)
        while emitted < pages.count {
            board.waitForReport()
            while emitted < pages.count, let report = board.take(emitted) {
                progress?.clear()
                if let failure = report.failure {
                    for line in report.rendered { output.line(line) }
                    output.flush()
                    printError(CLIError(failure).description)
                    tally.unreadable += 1
                } else {
                    tally.add(report.findings, strict: strict)
                    for line in report.rendered { output.line(line) }
                }
                emitted += 1
            }
            if let progress, emitted < pages.count {
                output.flush()
                progress.show(done: board.finished, total: pages.count, current: pages[board.lastClaimed].text)
            }
        }
        progress?.clear()
    }

    /// Fetches and checks one page. Runs on a worker thread.
    func check(_ page: PageURL) -> Report {
        let result = fetcher.fetch(page.url)
        var report = Report()
        if !result.redirects.isEmpty, !result.outcome.isFailure {
            let targets = result.redirects.map { PageURL.redacted($0.absoluteString) }
            let message = targets.count == 1
                ? "followed a redirect to \(targets[0]) (same origin)"
                : "followed \(targets.count) redirects (same origin): \(targets.joined(separator: ", then "))"
            var note = LocatedFinding(file: page.text, line: 1, column: 1, finding: Finding(
                code: "", severity: .warning, pointer: .root, message: message))
            note.isNote = true
            report.findings.append(note)
        }
        switch result.outcome {
        case .page(let bytes):
            report.findings += input.findings(page: bytes, file: page.text)
        case .tooLarge:
            report.findings.append(HTMLInput.tooLarge(file: page.text, limit: fetcher.maxBytes))
        case .crossOriginRedirect(let target):
            let message = "redirects to \(PageURL.redacted(target.absoluteString)), another origin; tabgen does not follow it, since the headers it sends are for \(Self.origin(of: page.url)) only (check that URL on its own if the redirect is meant)"
            report.findings.append(LocatedFinding(file: page.text, line: 1, column: 1, finding: Finding(
                code: FindingCode.crossOriginRedirect, severity: .error, pointer: .root, message: message)))
        case .failed(let reason):
            report.failure = "cannot fetch \(page.text): \(reason)"
        }
        report.rendered = report.findings.map { $0.rendered(as: format) }
        return report
    }

    static func origin(of url: URL) -> String {
        guard let origin = Origin(url) else { return PageURL.redacted(url.absoluteString) }
        let defaultPort = origin.scheme == "https" ? 443 : 80
        return "\(origin.scheme)://\(origin.host)" + (origin.port == defaultPort ? "" : ":\(origin.port)")
    }
}

/// Hands out indices to workers and collects their reports; the main thread waits
/// on it and takes reports in order.
private final class ReportBoard: @unchecked Sendable {
    private let lock = NSLock()
    private let ready = DispatchSemaphore(value: 0)
    private var reports: [URLBatch.Report?]
    private var nextIndex = 0
    private var finishedCount = 0

    init(count: Int) {
        reports = Array(repeating: nil, count: count)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func claim() -> Int? {
        locked {
            guard nextIndex < reports.count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
    }

    func store(_ report: URLBatch.Report, at index: Int) {
        locked {
            reports[index] = report
            finishedCount += 1
        }
        ready.signal()
    }

    func waitForReport() { ready.wait() }

    /// The report at `index` once it is there (and releases it).
    func take(_ index: Int) -> URLBatch.Report? {
        locked {
            defer { reports[index] = nil }
            return reports[index]
        }
    }

    var finished: Int { locked { finishedCount } }

    /// The index most recently handed out.
    var lastClaimed: Int { locked { max(nextIndex - 1, 0) } }
}
