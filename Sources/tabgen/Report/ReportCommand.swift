import ArgumentParser
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page from validate's JSON findings: findings over time per code and app version, totals, the worst payloads.",
        discussion: """
        Reads JSON Lines records as `tabgen validate --jsonl --payload /payload --carry \
        /app,/platform,/at --format json` writes them (one per finding, or with --records \
        lines one per line), or as the Spark job of integrations/spark writes its findings, \
        from FILEs or standard input, and writes one HTML page: charts of the errors and \
        warnings per day (per hour when the times span at most 72 hours) by code and by app \
        version, totals by code, app version and platform, and the payloads with the most \
        errors with their findings and where they are (file and line). The page loads \
        nothing and has no timestamp: the same findings, in any order, give the same page.

        The time, app version and platform are the carried members named by --time, --by \
        and --platform (keys of each record's `carry`, so pass the same pointers to \
        validate's --carry).

        Limits: a record longer than 16 MiB, or more findings than --max-findings, is \
        refused (exit 2); the charts draw 8 series (the rest as "other") and the last 400 \
        buckets; tables show 50 rows and 50 findings a payload. See docs/report.md.

        Exit codes: 0 the page was written; 2 usage or I/O error, or a record that is not \
        one of tabgen's (its file and line are named; nothing is written).

        Examples:
          tabgen validate --jsonl --payload /payload --carry /app,/platform,/at \\
              --format json --exit-status failures logs/*.jsonl > findings.jsonl
          tabgen report findings.jsonl --out report.html
          cat out/findings/*.json | tabgen report --out report.html
        """
    )

    @Argument(help: ArgumentHelp("JSON Lines files of findings (default, or -: standard input).", valueName: "FILE"), completion: .file())
    var files: [String] = []

    @Option(help: ArgumentHelp("Write the page to FILE, atomically (default: standard output).", valueName: "FILE"), completion: .file(extensions: ["html"]))
    var out: String?

    @Option(help: ArgumentHelp("The carried member holding the time, an ISO 8601 string (YYYY-MM-DD, then THH).", valueName: "POINTER"))
    var time = "/at"

    @Option(help: ArgumentHelp("The carried member holding the app version, the second chart's series.", valueName: "POINTER"))
    var by = "/app"

    @Option(help: ArgumentHelp("The carried member holding the platform.", valueName: "POINTER"))
    var platform = "/platform"

    @Option(help: "Time buckets: auto (by hour when the times span at most 72 hours, else by day), day or hour.")
    var bucket: ReportHTMLRenderer.Bucketing = .auto

    @Option(help: ArgumentHelp("How many of the worst payloads to list (1 to \(ReportHTMLRenderer.maxWorst)).", valueName: "N"))
    var worst = ReportHTMLRenderer.defaultWorst

    @Option(help: ArgumentHelp("The most findings read (they are held in memory); more is an error.", valueName: "N"))
    var maxFindings = ReportRecords.defaultMaxFindings

    @Flag(name: .shortAndLong, help: "Do not print the summary line.")
    var quiet = false

    func validate() throws {
        for (name, pointer) in [("--time", time), ("--by", by), ("--platform", platform)] where !pointer.isEmpty && !pointer.hasPrefix("/") {
            throw ValidationError("\(name) \(pointer): not a JSON pointer (it starts with /, as in validate's --carry)")
        }
        if !(1...ReportHTMLRenderer.maxWorst).contains(worst) {
            throw ValidationError("--worst \(worst): give 1 to \(ReportHTMLRenderer.maxWorst) (the limit of payloads listed)")
        }
        if maxFindings < 1 { throw ValidationError("--max-findings \(maxFindings): give at least 1") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) can be given only once") }
    }

    func run() throws {
        do throws(CLIError) {
            var records = ReportRecords(pointers: .init(app: by, platform: platform, time: time), maxFindings: maxFindings)
            for file in files.isEmpty ? ["-"] : files { try records.read(path: file) }
            let page = ReportHTMLRenderer(records: records, bucketing: bucket, worst: worst).page() + "\n"
            if let out {
                do {
                    try Data(page.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
                } catch {
                    throw CLIError("cannot write \(FileInput.shown(out)): \(error.localizedDescription)")
                }
            } else {
                let output = OutputBuffer(descriptor: STDOUT_FILENO)
                output.append(Array(page.utf8))
                output.flush()
            }
            if !quiet { printError(summary(records)) }
        } catch {
            throw Exit.report(error)
        }
    }

    /// `tabgen: reported 2 findings (2 errors, 0 warnings, 0 notes) in 2 payloads to report.html`
    private func summary(_ records: ReportRecords) -> String {
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let severities = ReportRecords.Severity.allCases.map { severity in
            plural(records.findings.filter { $0.severity == severity }.count, severity.rawValue)
        }
        let payloads = records.payloads.filter { !$0.findings.isEmpty }.count
        return "tabgen: reported \(plural(records.findings.count, "finding")) (\(severities.joined(separator: ", "))) in \(plural(payloads, "payload")) to \(out.map(FileInput.shown) ?? "standard output")"
    }
}

extension ReportHTMLRenderer.Bucketing: ExpressibleByArgument {}
