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

        Codes TG0xx are tabgen's own (TG001 malformed JSON, TG002 too large, TG010-TG015 \
        schema violations); other codes are the schema's rules (TG101...). A summary goes \
        to standard error.

        Exit codes: 0 every payload is valid (warnings allowed unless --strict); \
        1 a payload is invalid; 2 usage, I/O or schema error.

        Examples:
          tabgen validate examples/tabbed.json
          bin/rails runner script/dump_tabs.rb | tabgen validate --jsonl -
          tabgen validate --schema schema.json --format json --strict payloads/*.json
        """
    )

    @Argument(help: ArgumentHelp("Payload files; - reads standard input.", valueName: "FILE"))
    var files: [String] = []

    @Flag(help: "Read JSON Lines: one payload per line; blank lines are skipped.")
    var jsonl = false

    @Option(help: ArgumentHelp("Schema to check against (default: the schema.json built into tabgen).", valueName: "PATH"))
    var schema: String?

    @Option(help: "Output format: text (compiler style) or json (one JSON object per finding, per line).")
    var format: ReportFormat = .text

    @Flag(help: "Treat warnings as failures (exit 1).")
    var strict = false

    @Option(name: .customLong("max-bytes"), help: ArgumentHelp("Largest payload accepted, in bytes; larger ones are reported (TG002) without being read into memory.", valueName: "N"))
    var maxBytes = 16 << 20

    @Option(help: ArgumentHelp("Threads that validate JSON Lines (default: one per core).", valueName: "N"))
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("max-findings"), help: ArgumentHelp("Report at most N findings per payload; 0 reports all.", valueName: "N"))
    var maxFindings = 100

    @Flag(name: .shortAndLong, help: "Do not print the summary line.")
    var quiet = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one FILE, or - to read standard input") }
        if maxBytes < 1 { throw ValidationError("--max-bytes must be at least 1") }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if maxFindings < 0 { throw ValidationError("--max-findings must be 0 (no limit) or more") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) can be given only once") }
    }

    func run() throws {
        let document: SchemaDocument
        do {
            document = try SchemaLoader.load(path: schema)
        } catch {
            printError(error.description)
            throw Exit.failure.exitCode
        }
        var validator = PayloadValidator(document: document)
        validator.maxFindings = maxFindings
        let output = OutputBuffer(descriptor: STDOUT_FILENO)
        var tally = Tally()
        let emit: ([String]) -> Void = { lines in
            for line in lines { output.line(line) }
        }
        for file in files {
            let name = file == "-" ? "<stdin>" : file
            let descriptor: Int32
            do {
                descriptor = try FileInput.open(path: file)
            } catch {
                output.flush()
                printError(error.description)
                tally.unreadable += 1
                continue
            }
            defer { if descriptor != STDIN_FILENO { close(descriptor) } }
            if jsonl {
                let reader = JSONLinesReader(validator: validator, maxBytes: maxBytes, jobs: jobs, strict: strict, maxFindings: maxFindings, format: format)
                if let failure = reader.run(descriptor: descriptor, file: name, emit: emit, tally: &tally) {
                    output.flush()
                    printError(CLIError("cannot read \(file): \(failure)").description)
                    tally.unreadable += 1
                }
            } else {
                switch FileInput.readAll(descriptor: descriptor, limit: maxBytes) {
                case .success(let bytes):
                    let findings = bytes.withUnsafeBufferPointer { buffer in
                        validator.findings(for: buffer).located(in: buffer, file: name, firstLine: 1).limited(to: maxFindings)
                    }
                    tally.add(findings, strict: strict)
                    emit(findings.map { $0.rendered(as: format) })
                case .failure(.tooLarge):
                    let finding = Finding(code: FindingCode.tooLarge, severity: .error, pointer: .root,
                                          message: "payload is larger than the limit of \(maxBytes) bytes (--max-bytes)", offset: 0)
                    let findings = [LocatedFinding(file: name, line: 1, column: 1, finding: finding)]
                    tally.add(findings, strict: strict)
                    emit(findings.map { $0.rendered(as: format) })
                case .failure(.io(let message)):
                    output.flush()
                    printError(CLIError("cannot read \(file): \(message)").description)
                    tally.unreadable += 1
                }
            }
        }
        output.flush()
        if !quiet { printError(tally.summary) }
        if tally.exit != .success { throw tally.exit.exitCode }
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
