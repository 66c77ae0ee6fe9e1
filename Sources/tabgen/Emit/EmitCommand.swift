import ArgumentParser
import CodeGen
import Foundation

struct EmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emit",
        abstract: "Generate client code, fixtures and round-trip tests from the schema.",
        discussion: """
        For each language, tabgen writes into the output directory: the message types \
        (for Swift, one Codable, Hashable, Sendable type per file, with the schema's \
        descriptions as /// comments and a validate() that reports the codes of tabgen \
        validate), a small runtime, fixtures derived from the schema (fixtures/, labeled \
        by tabgen validate) and a round-trip test file for the app's test suite (Tests/).

        Files are written atomically and only when their contents change. \
        .tabgen-manifest lists the files tabgen wrote, with a hash of each: a file it no \
        longer generates is removed when nobody edited it, and files it did not generate \
        are never touched (emit stops rather than overwrite one). Names no file system \
        or checkout can hold (longer than 255 bytes, reserved on Windows, equal but for \
        letter case) and symbolic links to directories inside the output directory stop \
        emit before it writes anything. The manifest is written last, so an emit that \
        fails half-way leaves files `check` reports and the next emit removes. A schema or template error writes nothing. Output is byte-for-byte \
        deterministic: the header names the schema by file name (from --schema or \
        tabgen.yml alike) and never holds a directory, so `check` passes whatever spelling of a path or working directory \
        made the files.

        tabgen reads tabgen.yml (or tabgen.yaml, tabgen.json) in the current directory \
        or the nearest parent that has one, up to the git repository's root (or \
        --config FILE). Without --lang, emit regenerates every output it lists (paths \
        in it are relative to the file; two outputs may not share a directory); with \
        --lang, it generates from the file's schema or contracts unless --schema is \
        given:

          version: 1
          schema: schema.json            # default: the built-in schema
          fixtures: fixtures             # optional: one copy for every output's tests
          runtime: tabgen/runtime        # optional: one Swift and one Kotlin runtime for every app
          outputs:
            - lang: swift
              out: ios/App/Generated
              options: {accessLevel: internal, testableImport: App}

        Every language: decoding (tolerant, the default: decode every message the \
        hand-written clients act on and report its deviations from validate(); strict: \
        throw on them, as the server side does; see docs/decoding.md).

        Swift options: accessLevel (public, internal), namespace (wrap the types in an \
        enum), testableImport (module the tests import), runtime (false for a second \
        output in the same module), tests (false: no fixtures or tests). Kotlin: \
        package, visibility (public, internal), contractPackage. TypeScript: flavor. \
        An unknown option name is refused with the language's full list.

        --templates DIR replaces built-in templates with DIR/LANG/NAME.mustache files of \
        the same name (the built-in ones are in the repository's Templates/).

        Exit codes: 0 written; 2 usage, I/O, schema or template error.

        Examples:
          tabgen emit --lang swift --out ios/App/Generated
          tabgen emit --lang swift --option swift.namespace=TabBar
          tabgen emit --lang all --schema schema.json --out generated
          tabgen emit                      # every output of tabgen.yml
          tabgen check                     # in CI: fails when generated files are stale
        """
    )

    @OptionGroup var generation: GenerationOptions

    @Flag(name: .shortAndLong, help: "Do not print what was written.")
    var quiet = false

    func run() throws {
        do throws(CLIError) {
            try emit()
        } catch {
            throw Exit.report(error)
        }
    }

    private func emit() throws(CLIError) {
        let (jobs, templates) = try generation.jobs(version: Tabgen.configuration.version)
        if !quiet { EmitJob.announceSchemas(jobs) }
        let results = try EmitJob.generate(jobs, templates: templates)
        // Nothing is written when any output would overwrite a file tabgen did not write.
        for (job, outcome) in results {
            guard case .generated(let files) = outcome else { continue }
            let conflicting = job.output.conflicts(files)
            if !conflicting.isEmpty {
                throw CLIError("\(job.directoryDisplay): tabgen did not generate \(conflicting.joined(separator: ", ")) and will not overwrite it; move it away (or delete it) and run again")
            }
            let problems = job.output.preflight(files)
            if !problems.isEmpty {
                throw CLIError("nothing was written:\n" + problems.joined(separator: "\n"))
            }
        }
        for (job, outcome) in results {
            var report = OutputDirectory.WriteReport()
            let unchanged: Int
            switch outcome {
            case .upToDate(let count):
                unchanged = count
            case .generated(let files):
                do {
                    report = try job.output.write(files)
                } catch {
                    throw CLIError(error.message)
                }
                unchanged = report.unchanged.count
            }
            if !quiet {
                var line = "\(job.target.language): \(job.directoryDisplay): \(report.written.count) written, \(unchanged) unchanged"
                if !report.removed.isEmpty { line += ", \(report.removed.count) removed (\(report.removed.joined(separator: ", ")))" }
                if !report.cleaned.isEmpty { line += ", \(report.cleaned.count) temporary files of an interrupted emit removed" }
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
            for kept in report.kept {
                FileHandle.standardError.write(Data("tabgen: warning: \(job.directoryDisplay): kept \(kept), which is no longer generated; delete it if nothing uses it\n".utf8))
            }
        }
    }
}
