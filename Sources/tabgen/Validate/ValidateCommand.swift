import ArgumentParser
import Foundation
import Schema

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check configure payloads against the schema and its cross-field rules.",
        discussion: """
        Each FILE holds one JSON payload (the data of a `configure` message), or with \
        --jsonl one payload per line. Findings print like compiler diagnostics:

          payloads/home.json:1:57: error[TG104] /tabs/1/path: "https://evil.example/x" is not a relative reference (it has scheme "https")

        With --html each FILE is an HTML page, and --url and --urls-from fetch pages: \
        tabgen finds the elements whose data-controller holds the schema's Stimulus \
        identifier (bridge--navigation) and validates the JSON in their value attribute \
        (data-bridge--navigation-config-value), reporting at the element's line and column.

        Codes TG0xx are tabgen's own (TG001 malformed JSON, TG002 too large, TG003 no \
        payload on a page, TG004 more than one, TG005 redirect to another origin, \
        TG010-TG015 schema violations, TG023 a bridge--* controller (or one in a contract's namespace) on a page that \
        no contract describes); other codes are the schema's rules (TG101...). \
        A summary goes to standard error.

        With several contracts (contracts: in tabgen.yml), --contract NAME says which \
        one a payload belongs to and --event NAME which event's data it is (default: \
        the primary web-to-native event); pages are checked for every contract.

        Exit codes: 0 every payload is valid (warnings allowed unless --strict); \
        1 a payload is invalid; 2 usage, I/O or schema error (a page that cannot be \
        fetched counts as I/O). With --exit-status failures, findings exit 0.

        Logs of many servers: --jsonl --payload /payload reads the payload inside each \
        line's envelope (TG006 when the envelope cannot be read or has no such member), \
        --carry /app,/platform copies envelope members into --format json records, \
        --records lines prints one record per line, --summary json a JSON summary.

        Examples:
          tabgen validate examples/tabbed.json
          bin/rails runner script/dump_tabs.rb | tabgen validate --jsonl -
          tabgen validate --schema schema.json --format json --strict payloads/*.json
          tabgen validate --html tmp/pages/*.html
          tabgen validate --url https://staging.example.com/ --header 'Cookie: _session=...'
          tabgen validate --urls-from urls.txt --format github
          tabgen validate --jsonl --payload /payload --carry /app --format json --exit-status failures logs.jsonl
          tabgen validate --path-config https://example.com/configurations/ios_v1.json

        --path-config checks a Hotwire Native path configuration (a FILE, - or an \
        http(s) URL) against the built-in path-configuration schema (or --schema) and \
        the checks of docs/path-configuration.md (PC001-PC007), for the platforms of \
        --platform (default: ios or android when the name says so, else both).
        """
    )

    @Argument(help: ArgumentHelp("Payload files; - reads standard input.", valueName: "FILE"), completion: .file())
    var files: [String] = []

    @Flag(help: "Read JSON Lines: one payload per line; blank lines are skipped.")
    var jsonl = false

    @Flag(help: "Read each FILE as an HTML page and validate the JSON of its bridge element.")
    var html = false

    @Option(name: .customLong("url"), parsing: .upToNextOption,
            help: ArgumentHelp("Fetch pages over HTTP(S) and validate them as --html does (repeatable).", valueName: "URL"))
    var urls: [String] = []

    @Option(name: .customLong("urls-from"), help: ArgumentHelp("Fetch the URLs listed in FILE, one per line (blank lines and # comments skipped); - reads standard input.", valueName: "FILE"), completion: .file())
    var urlsFrom: String?

    @Option(name: .customLong("header"), help: ArgumentHelp("Send an HTTP header with every request, e.g. 'Cookie: _session=...' or 'Authorization: Bearer ...' (repeatable).", valueName: "'NAME: VALUE'"))
    var headers: [HTTPHeader] = []

    @Option(help: ArgumentHelp("Give up on a page after this many seconds, from connecting to the last byte.", valueName: "SECONDS"))
    var timeout: Double = 10

    @Option(help: ArgumentHelp("Pages fetched at the same time.", valueName: "N"))
    var concurrency = 4

    @Flag(name: .customLong("allow-missing"), help: "Accept pages without a bridge element (otherwise TG003).")
    var allowMissing = false

    @Option(help: ArgumentHelp("Schema to check against (default: the schema of tabgen.yml, else the schema.json built into tabgen).", valueName: "PATH"), completion: .file(extensions: ["json"]))
    var schema: String?

    @Option(help: ArgumentHelp("Project config file (default: tabgen.yml, tabgen.yaml or tabgen.json in the current directory or the nearest parent that has one): its schema, and its validate: defaults.", valueName: "PATH"), completion: .file(extensions: ["yml", "yaml", "json"]))
    var config: String?

    @Option(help: ArgumentHelp("The contract (its component) a payload is checked against, when tabgen.yml lists several (contracts:); with --html or --url only its elements are checked.", valueName: "NAME"))
    var contract: String?

    @Option(help: ArgumentHelp("The event whose data a payload is (default: the contract's primary web-to-native event, configure for the tab bar); a reply such as selected is checked against its own data.", valueName: "NAME"))
    var event: String?

    @Option(help: "Output format: text (compiler style), json (one JSON object per finding, per line) or github (GitHub Actions annotations).")
    var format: ReportFormat = .text

    @Flag(name: .customLong("strict"), help: "Treat warnings as failures (exit 1); also tabgen.yml validate: strict: true.")
    var strictFlag = false

    @Option(name: .customLong("max-bytes"), help: ArgumentHelp("Largest payload or page accepted, in bytes; larger ones are reported (TG002) without being read into memory (default: tabgen.yml validate: max-bytes:, else 16777216).", valueName: "N"))
    var maxBytesOption: Int?

    @Option(name: .customLong("jobs"), help: ArgumentHelp("Threads that validate JSON Lines (default: one per core).", valueName: "N"))
    var jobsOption: Int?

    @Option(name: .customLong("max-findings"), help: ArgumentHelp("Report at most N findings per payload; 0 reports all.", valueName: "N"))
    var maxFindings = 100

    @Flag(name: .shortAndLong, help: "Do not print the summary line.")
    var quiet = false

    @Option(name: .customLong("path-config"), help: ArgumentHelp("Check a path configuration (FILE, - or http(s) URL) instead of payloads (repeatable).", valueName: "FILE|URL"), completion: .file(extensions: ["json"]))
    var pathConfigs: [String] = []

    @Option(help: ArgumentHelp("With --path-config: the apps it is served to, ios, android or both (default: from its name, else both). With --html, --url or --urls-from: the apps the pages are judged for (default: both); an element opted out on a platform (data-controller-optout-ios) is not judged for it.", valueName: "PLATFORM"))
    var platform: PlatformOption?

    @Option(name: .customLong("payload"), help: ArgumentHelp("With --jsonl: each line is an envelope (a log record) and the payload is its value at this JSON pointer, e.g. /payload, read from the line's own bytes; pointers and columns in findings are the payload's, lines the file's.", valueName: "POINTER"))
    var payloadPointer: String?

    @Option(name: .customLong("carry"), help: ArgumentHelp("With --payload and --format json: envelope members copied into each record, as \"carry\": {POINTER: value} (comma-separated, repeatable), e.g. /app,/platform.", valueName: "POINTER,..."))
    var carry: [String] = []

    @Option(name: .customLong("exit-status"), help: ArgumentHelp("findings: exit 1 when a payload is invalid; failures: exit 0 whatever the findings, non-zero only when validation fails (usage, I/O, schema), for pipelines.", valueName: "findings|failures"))
    var exitStatus: ExitStatusMode = .findings

    @Option(help: ArgumentHelp("With --jsonl and --format json: findings prints a record per finding; lines a record per line (valid lines too), with status, counts and findings.", valueName: "findings|lines"))
    var records: RecordsMode = .findings

    @Option(help: ArgumentHelp("The summary on standard error: text, or json (one object: checked, valid, invalid, errors, warnings, unreadable, exitCode).", valueName: "text|json"))
    var summary: SummaryFormat = .text

    /// The parsed values, to run: the same struct `ValidateOptions(commonArguments:)`
    /// builds without the argument parser.
    var options: ValidateOptions {
        ValidateOptions(files: files, jsonl: jsonl, html: html, urls: urls, urlsFrom: urlsFrom, headers: headers,
                        timeout: timeout, concurrency: concurrency, allowMissing: allowMissing, schema: schema,
                        config: config, contract: contract, event: event, format: format, strictFlag: strictFlag,
                        maxBytesOption: maxBytesOption, jobsOption: jobsOption, maxFindings: maxFindings, quiet: quiet,
                        pathConfigs: pathConfigs, platform: platform, payloadPointer: payloadPointer, carry: carry,
                        exitStatus: exitStatus, records: records, summary: summary)
    }

    func validate() throws { try options.validate() }

    func run() throws { try options.run() }
}

extension ValidateOptions {
    static let defaultMaxBytes = 16 << 20
    /// The largest --max-bytes (and tabgen.yml max-bytes:): a payload or page is held in
    /// memory whole, and past this a number meant as "no limit" asked for 100 GB at once.
    static let maxBytesCap = 1 << 30
    static let maxBytesCapMessage = "at most 1073741824 (1 GiB, the cap on one payload or page held in memory)"

    /// Pages are checked rather than payload files.
    private var readsPages: Bool { html || fetchesURLs }
    private var fetchesURLs: Bool { !urls.isEmpty || urlsFrom != nil }

    func validate() throws {
        if !pathConfigs.isEmpty {
            if !files.isEmpty || fetchesURLs || jsonl || html { throw ValidationError("--path-config cannot be combined with FILEs, --jsonl, --html, --url or --urls-from") }
            if pathConfigs.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) can be given only once") }
        } else if platform != nil, !readsPages {
            throw ValidationError("--platform applies to --path-config, --html, --url and --urls-from")
        }
        if files.isEmpty && !fetchesURLs && pathConfigs.isEmpty { throw ValidationError("give at least one FILE, or - to read standard input, or --url or --urls-from") }
        if let maxBytesOption, maxBytesOption < 1 { throw ValidationError("--max-bytes must be at least 1") }
        if let maxBytesOption, maxBytesOption > Self.maxBytesCap { throw ValidationError("--max-bytes must be \(Self.maxBytesCapMessage)") }
        if let jobsOption, jobsOption < 1 { throw ValidationError("--jobs must be at least 1") }
        if maxFindings < 0 { throw ValidationError("--max-findings must be 0 (no limit) or more") }
        if files.filter({ $0 == "-" }).count + (urlsFrom == "-" ? 1 : 0) > 1 { throw ValidationError("- (standard input) can be given only once") }
        if jsonl && readsPages { throw ValidationError("--jsonl cannot be combined with --html, --url or --urls-from") }
        if fetchesURLs && !files.isEmpty && !html {
            throw ValidationError("FILEs given with --url or --urls-from are read as HTML pages: add --html")
        }
        if !readsPages && allowMissing { throw ValidationError("--allow-missing applies to --html, --url and --urls-from") }
        if !fetchesURLs && pathConfigs.isEmpty && !headers.isEmpty { throw ValidationError("--header applies to --url and --urls-from") }
        if !(timeout > 0 && timeout <= 86_400) { throw ValidationError("--timeout must be more than 0 seconds (and at most a day)") }
        if concurrency < 1 || concurrency > 256 { throw ValidationError("--concurrency must be from 1 to 256") }
        try validatePipelineOptions()
        for url in urls where PageURL(url) == nil {
            throw ValidationError("--url \(ControlCharacters.escaped(PageURL.redacted(url))): not an absolute http or https URL (--url takes every value up to the next option, so put FILEs before it)")
        }
    }

    func run() throws {
        if !pathConfigs.isEmpty { return try runPathConfigs() }
        let context: ConfigContext
        let selection: ValidationTargets
        do {
            context = try ConfigContext.resolve(schema: schema, config: config)
            selection = try ValidationTargets(contracts: context.loadContracts(), contract: contract, event: event, pages: readsPages)
        } catch {
            throw Exit.report(error)
        }
        let document = selection.payload.document
        if !quiet { context.announce() }
        let strict = strictFlag || context.config?.validateStrict == true
        let jobs = jobsOption ?? ProcessInfo.processInfo.activeProcessorCount
        let maxBytes = maxBytesOption ?? context.config?.validateMaxBytes ?? Self.defaultMaxBytes
        var validator = selection.payload.validator
        validator.maxFindings = maxFindings
        var htmlInput: HTMLInput?
        var pages: [PageURL] = []
        if readsPages {
            guard !selection.pageContracts.isEmpty else {
                throw Exit.report(CLIError("the schema \(document.sourceName) declares no bridge contract (metadata.tabgen.contract), so there is no element to look for in HTML"))
            }
            htmlInput = HTMLInput(contracts: selection.pageContracts, checks: selection.pageChecks(maxFindings: maxFindings),
                                  allowMissing: allowMissing, maxFindings: maxFindings, platforms: (platform ?? .both).platforms)
            do {
                pages = try pageURLs()
            } catch {
                throw Exit.report(error)
            }
        }
        let output = OutputBuffer(descriptor: STDOUT_FILENO)
        var tally = Tally()
        if readsPages { tally.unit = "page" }
        if fetchesURLs { tally.inputUnit = files.isEmpty ? "URL" : "file or URL" }
        // Every input ends in one of these: its findings counted and written, or a line
        // saying why it could not be read.
        func record(_ findings: [LocatedFinding]) {
            tally.add(findings, strict: strict)
            for finding in findings { output.line(finding.rendered(as: format)) }
        }
        func unreadable(_ message: String) {
            output.flush()
            printError(message)
            tally.unreadable += 1
        }
        for file in files {
            let name = file == "-" ? "<stdin>" : file
            let descriptor: Int32
            do {
                descriptor = try FileInput.open(path: file)
            } catch {
                unreadable(error.description)
                continue
            }
            defer { if descriptor != STDIN_FILENO { close(descriptor) } }
            if let htmlInput {
                switch FileInput.readAll(descriptor: descriptor, limit: maxBytes) {
                case .success(let bytes):
                    record(htmlInput.findings(page: bytes, file: name))
                case .failure(.tooLarge):
                    record([HTMLInput.tooLarge(file: name, limit: maxBytes)])
                case .failure(.io(let message)):
                    unreadable(CLIError("cannot read \(FileInput.shown(file)): \(message)").description)
                }
            } else if jsonl {
                let reader = JSONLinesReader(validator: validator, maxBytes: maxBytes, jobs: jobs, strict: strict, maxFindings: maxFindings, format: format,
                                             subject: selection.payload.subject, envelope: envelope, recordsLines: records == .lines)
                if let failure = reader.run(descriptor: descriptor, file: name, output: output, tally: &tally) {
                    unreadable(CLIError("cannot read \(FileInput.shown(file)): \(failure)").description)
                }
            } else {
                switch FileInput.readAll(descriptor: descriptor, limit: maxBytes) {
                case .success(let bytes):
                    let findings = bytes.withUnsafeBufferPointer { buffer in
                        let report = validator.report(for: buffer)
                        return report.findings.located(in: buffer, file: name, firstLine: 1)
                            .limited(to: maxFindings, total: (report.errors, report.warnings)).about(selection.payload.subject)
                    }
                    record(findings)
                    // A page saved by a test, passed as a payload: say what would check it.
                    if bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<"),
                       findings.contains(where: { $0.finding.code == FindingCode.malformedJSON }) {
                        output.flush()
                        printError("tabgen: note: \(name) starts with '<': an HTML page? tabgen validate --html \(file) checks the bridge elements on it")
                    }
                case .failure(.tooLarge):
                    let finding = Finding(code: FindingCode.tooLarge, severity: .error, pointer: .root,
                                          message: "payload is larger than the limit of \(maxBytes) bytes (--max-bytes)", offset: 0)
                    record([LocatedFinding(file: name, line: 1, column: 1, finding: finding)])
                case .failure(.io(let message)):
                    unreadable(CLIError("cannot read \(FileInput.shown(file)): \(message)").description)
                }
            }
        }
        if let htmlInput, !pages.isEmpty {
            output.flush()
            let fetcher = PageFetcher(timeout: timeout, maxBytes: maxBytes, headers: headers,
                                      userAgent: Self.userAgent(components: htmlInput.components))
            let batch = URLBatch(pages: pages, fetcher: fetcher, input: htmlInput, concurrency: concurrency, format: format)
            batch.run(output: output, tally: &tally, strict: strict, progress: ProgressLine.onTerminal())
        }
        output.flush()
        try finish(tally)
    }

    /// Prints the summary and ends with the exit code `tally` and --exit-status give.
    func finish(_ tally: Tally) throws(ExitCode) {
        let exit = exitStatus == .failures && tally.exit == .invalid ? Exit.success : tally.exit
        if !quiet { printError(summary == .json ? tally.jsonSummary(exitCode: exit.rawValue) : tally.summary) }
        if exit != .success { throw exit.exitCode }
    }

    /// The --url values, then the lines of --urls-from; a bad line stops the run.
    private func pageURLs() throws(CLIError) -> [PageURL] {
        var pages = urls.compactMap(PageURL.init)
        guard let urlsFrom else { return pages }
        let bytes = try FileInput.readAll(path: urlsFrom, limit: 64 << 20)
        let name = urlsFrom == "-" ? "<stdin>" : urlsFrom
        for (number, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty || text.hasPrefix("#") { continue }
            guard let page = PageURL(text) else {
                throw CLIError("\(ControlCharacters.escaped(name)):\(number + 1): not an absolute http or https URL: \(ControlCharacters.escaped(PageURL.redacted(text)))")
            }
            pages.append(page)
        }
        if pages.isEmpty { throw CLIError("\(ControlCharacters.escaped(name)) lists no URLs") }
        return pages
    }

    /// Identifies tabgen, and says "Hotwire Native" and which bridge component it
    /// stands for, as the apps do, so servers render what the apps get.
    static func userAgent(components: [String]) -> String {
        "tabgen/\(Tabgen.configuration.version) (Hotwire Native; bridge-components: [\(components.joined(separator: " "))])"
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
