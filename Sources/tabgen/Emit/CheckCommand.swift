import ArgumentParser
import CodeGen
import Foundation
import Schema

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fail when generated files are out of date with the schema (for CI).",
        discussion: """
        Regenerates in memory exactly what `tabgen emit` with the same options would \
        write and compares it with the files on disk. Nothing is written. Files that \
        differ are shown as unified diffs (cut short unless --diff full); files that are \
        missing, or listed in .tabgen-manifest but no longer generated, are named. Run \
        it with the options you run emit with (none, when tabgen.yml drives generation).

        Exit codes: 0 every generated file is current; 1 some are not (`tabgen emit` \
        fixes them); 2 usage, I/O, schema or template error.

        Examples:
          tabgen check
          tabgen check --lang swift --out ios/App/Generated
          tabgen check --format github      # annotations in a GitHub Actions log
        """
    )

    enum DiffMode: String, ExpressibleByArgument, CaseIterable {
        /// At most `linesPerFile` lines of each diff and `linesInAll` in all.
        case short
        case full
        case none
    }

    static let linesPerFile = 60
    static let linesInAll = 400

    @OptionGroup var generation: GenerationOptions

    @Option(help: ArgumentHelp("Output format: text (diffs), json (one object per file) or github (annotations).", valueName: "FORMAT"))
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("How much of each differing file to show: short (the first \(linesPerFile) lines of each diff, \(linesInAll) in all), full, or none.", valueName: "MODE"))
    var diff: DiffMode = .short

    @Flag(name: .shortAndLong, help: "Print only the summary line.")
    var quiet = false

    func run() throws {
        let results: [(job: EmitJob, files: [GeneratedFile])]
        do throws(CLIError) {
            let (jobs, templates) = try generation.jobs(version: Tabgen.configuration.version)
            if !quiet { EmitJob.announceSchemas(jobs) }
            results = try EmitJob.generate(jobs, templates: templates)
        } catch {
            printError(error.description)
            throw Exit.failure.exitCode
        }
        var total = 0
        var problems: [(job: EmitJob, problem: OutputDirectory.Problem)] = []
        var commands: [String] = []
        for (job, files) in results {
            total += files.count
            let found = job.output.check(files)
            if !found.isEmpty, !commands.contains(job.rerunCommand) { commands.append(job.rerunCommand) }
            problems += found.map { (job, $0) }
        }
        if !quiet { report(problems) }
        guard problems.isEmpty else {
            let noun = problems.count == 1 ? "file is" : "files are"
            FileHandle.standardError.write(Data("tabgen check: \(problems.count) generated \(noun) out of date; run: \(commands.joined(separator: "; "))\n".utf8))
            throw Exit.invalid.exitCode
        }
        FileHandle.standardError.write(Data("tabgen check: \(total) generated files are up to date\n".utf8))
    }

    /// What is wrong with each file, in the chosen format, on standard output.
    private func report(_ problems: [(job: EmitJob, problem: OutputDirectory.Problem)]) {
        var output = ""
        var budget = diff == .full ? Int.max : Self.linesInAll
        for (job, problem) in problems {
            let file = Self.join(job.directoryDisplay, problem.path)
            let what: String
            switch problem.kind {
            case .missing: what = "is missing"
            case .differs: what = "differs from what tabgen generates"
            case .stale: what = "is no longer generated (emit removes it)"
            }
            switch format {
            case .json:
                output += JSONWriter.string(.object(JSONObject([
                    .init(key: "file", value: .string(file)),
                    .init(key: "status", value: .string(problem.kind.rawValue)),
                    .init(key: "command", value: .string(job.rerunCommand)),
                ]))) + "\n"
            case .github:
                output += GitHubAnnotation(level: .error, file: file, line: 1, column: 1, title: "tabgen check",
                                           message: "\(file) \(what); run: \(job.rerunCommand)").text + "\n"
            case .text:
                guard problem.kind == .differs, diff != .none else {
                    output += "\(file) \(what)\n"
                    continue
                }
                let lines = problem.diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                let shown = min(lines.count, diff == .full ? lines.count : min(Self.linesPerFile, budget))
                budget -= shown
                output += lines.prefix(shown).joined(separator: "\n") + "\n"
                if shown < lines.count {
                    output += "... \(lines.count - shown) more lines of this diff (--diff full shows them)\n"
                }
            }
        }
        if !output.isEmpty { FileHandle.standardOutput.write(Data(output.utf8)) }
    }

    static func join(_ directory: String, _ path: String) -> String {
        directory.isEmpty ? path : directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
