import ArgumentParser
import CodeGen
import Foundation

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fail when generated files are out of date with the schema (for CI).",
        discussion: """
        Regenerates in memory exactly what `tabgen emit` with the same options would \
        write, compares it with the files on disk and prints a unified diff (on standard \
        output) for every file that differs, is missing, or is listed in \
        .tabgen-manifest but no longer generated. Nothing is written. Run it with the \
        options you run emit with (none, when tabgen.yml drives generation).

        Exit codes: 0 every generated file is current; 1 some are not (the diffs say \
        how; `tabgen emit` fixes them); 2 usage, I/O, schema or template error.

        Examples:
          tabgen check
          tabgen check --lang swift --out ios/App/Generated
        """
    )

    @OptionGroup var generation: GenerationOptions

    @Flag(name: .shortAndLong, help: "Do not print the summary line.")
    var quiet = false

    func run() throws {
        let results: [(job: EmitJob, files: [GeneratedFile])]
        do throws(CLIError) {
            let (jobs, templates) = try generation.jobs(version: Tabgen.configuration.version)
            results = try EmitJob.generate(jobs, templates: templates)
        } catch {
            printError(error.description)
            throw Exit.failure.exitCode
        }
        var stale = 0
        var total = 0
        var output = ""
        var commands: [String] = []
        for (job, files) in results {
            total += files.count
            let problems = job.output.check(files)
            guard !problems.isEmpty else { continue }
            stale += problems.count
            if !commands.contains(job.header.command) { commands.append(job.header.command) }
            for problem in problems { output += problem.diff }
        }
        if !output.isEmpty { FileHandle.standardOutput.write(Data(output.utf8)) }
        if stale > 0 {
            if !quiet {
                let noun = stale == 1 ? "file is" : "files are"
                FileHandle.standardError.write(Data("tabgen check: \(stale) generated \(noun) out of date; run: \(commands.joined(separator: "; "))\n".utf8))
            }
            throw Exit.invalid.exitCode
        }
        if !quiet {
            FileHandle.standardError.write(Data("tabgen check: \(total) generated files are up to date\n".utf8))
        }
    }
}
