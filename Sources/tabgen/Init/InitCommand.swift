import ArgumentParser
import CodeGen
import Foundation

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented tabgen.yml for the project layout found here, and a schema.json to start from.",
        discussion: """
        Looks below the current directory (at most 4 levels down and 20,000 entries; \
        not in hidden folders, node_modules, build, Pods, DerivedData, vendor, tmp, \
        generated, Carthage) for every iOS app (each *.xcodeproj, else a Package.swift), \
        every Android app module (a build script applying com.android.application, or \
        src/main/AndroidManifest.xml) and every Rails app (config/application.rb), and \
        writes tabgen.yml with one output for each, inside the app's own folder. The \
        Kotlin package is the module's Gradle namespace (else the manifest's package); \
        the Swift module is the Xcode project's app target. It lists what it found, the \
        files in those outputs tabgen did not write (the first emit stops on them), and, \
        with file and line, each hand-written Swift or Kotlin type that a generated file \
        declares again (delete or rename it; init edits no file). It writes fixtures: \
        fixtures, one copy of the fixtures for every output, and, with two or more iOS \
        apps or Android modules, runtime: tabgen/runtime, one runtime per platform that \
        every app compiles (add tabgen/runtime/swift to each iOS app target and \
        tabgen/runtime/kotlin to each Android module's source set). \
        Without --schema-from-built-in it also writes schema.json, a copy of the \
        built-in schema, when there is none, so the project owns its contract. Existing \
        files are never overwritten.

        Exit codes: 0 written; 2 tabgen.yml exists already, or a write failed.

        Examples:
          cd my-monorepo && tabgen init
          tabgen emit && tabgen check
        """
    )

    @Flag(help: "Use the schema built into tabgen instead of writing schema.json.")
    var schemaFromBuiltIn = false

    func run() throws {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let config = here.appendingPathComponent("tabgen.yml")
        guard !FileManager.default.fileExists(atPath: config.path) else {
            throw Exit.report(CLIError("tabgen.yml exists already; edit it, or remove it and run tabgen init again"))
        }
        let layout = ProjectLayout.scan(here)
        let writeSchema = !schemaFromBuiltIn && !FileManager.default.fileExists(atPath: here.appendingPathComponent("schema.json").path)
        let text = layout.config(schema: schemaFromBuiltIn ? nil : "schema.json")
        do {
            if writeSchema {
                try Data(BuiltIn.schema()).write(to: here.appendingPathComponent("schema.json"), options: .withoutOverwriting)
                FileHandle.standardError.write(Data("tabgen: wrote schema.json (the built-in navigation contract; edit it, tabgen diff guards the changes)\n".utf8))
            }
            try Data(text.utf8).write(to: config, options: .withoutOverwriting)
        } catch let error as CLIError {
            throw Exit.report(error)
        } catch {
            throw Exit.report(CLIError("cannot write: \(error.localizedDescription)"))
        }
        var report = layout.foundLines.map { "tabgen: found \($0)" }
        let collisions = Self.collisions(config: config, layout: layout)
        report += collisions.map { "tabgen: \($0)" }
        if !collisions.isEmpty {
            report.append("tabgen: emit never overwrites a file it did not write: it stops, writing nothing, until each file named above is moved away or deleted (files it does not generate are left alone); a hand-written file beside the output that declares what tabgen generates must go too, or the app will not compile")
        }
        let next = collisions.isEmpty ? "next: tabgen emit, then tabgen check in CI" : "next: deal with the files above, then tabgen emit and tabgen check in CI"
        report.append("tabgen: wrote tabgen.yml (\(layout.summary)); \(next)")
        FileHandle.standardError.write(Data(report.map { $0 + "\n" }.joined().utf8))
    }

    /// What the first emit of `config` would refuse to overwrite (files tabgen did not write
    /// where it writes one), and hand-written files of the same name as a generated Swift or
    /// Kotlin file in the app's sources, which would declare the same types twice. Empty
    /// when the outputs cannot be generated (emit will say why).
    static func collisions(config: URL, layout: ProjectLayout) -> [String] {
        guard let options = try? GenerationOptions.parse(["--config", config.path]),
              let (jobs, templates) = try? options.jobs(version: Tabgen.configuration.version),
              let results = try? EmitJob.generate(jobs, templates: templates) else { return [] }
        var lines: [String] = []
        let manager = FileManager.default
        var twins: Set<String> = []
        for (job, outcome) in results {
            guard case .generated(let files) = outcome else { continue }
            defer { lines += handWrittenTypes(job: job, files: files, base: config.deletingLastPathComponent(), reported: twins) }
            for path in job.output.conflicts(files) {
                lines.append("\(job.directoryDisplay)/\(path) exists and tabgen did not write it: the first emit would replace it, so it stops instead")
            }
            for file in files {
                let outputFolders = job.directoryDisplay.split(separator: "/").map(String.init)
                guard let counterpart = job.target.handWrittenCounterpart(of: file.path, outputFolders: outputFolders) else { continue }
                var url = job.output.url
                for _ in 0..<counterpart.levelsUp { url.deleteLastPathComponent() }
                let shown = counterpart.levelsUp == 0 ? "\(job.directoryDisplay)/\(counterpart.path)"
                    : (outputFolders.dropLast(counterpart.levelsUp) + [counterpart.path]).joined(separator: "/")
                guard manager.fileExists(atPath: url.appendingPathComponent(counterpart.path).path) else { continue }
                twins.insert(url.appendingPathComponent(counterpart.path).standardizedFileURL.path)
                lines.append("\(shown) is hand-written and tabgen generates \(job.directoryDisplay)/\(file.path): replace it with the generated one (delete it after emit)")
            }
        }
        return lines
    }

    /// Hand-written types that a generated Swift or Kotlin file declares again, in files of
    /// other names (`struct TabData` in `TabManager.swift`), found by `DeclarationScan`
    /// in the sources that compile with the generated ones: the app's folder beside
    /// `Generated/Tabgen` (per target: the tests' folder for the generated tests), a
    /// Gradle module's `src/main` (`java/` and `kotlin/`) or `src/test`; also a twin nested
    /// in a top-level type or extension (`private extension NavigationComponent { struct
    /// MessageData }`), which hides the generated type there. Files already named as
    /// whole-file twins (`reported`) are not named again.
    static func handWrittenTypes(job: EmitJob, files: [GeneratedFile], base: URL, reported: Set<String>) -> [String] {
        // Per source root: what compiles there, and the generated types with their file and package.
        var roots: [URL: CompiledSources] = [:]
        var generated: [URL: [String: (file: String, package: String?)]] = [:]
        var skipped: Set<String> = []
        for file in files {
            // Generated files are never the hand-written twin.
            let url = job.output.url.appendingPathComponent(file.path)
            skipped.insert(url.standardizedFileURL.path)
            guard let sources = job.target.compiledSources(with: file.path, outputFolders: job.directoryDisplay.split(separator: "/").map(String.init)) else { continue }
            let root = (sources.root.isEmpty ? job.output.url : job.output.url.appendingPathComponent(sources.root)).standardizedFileURL
            roots[root] = sources
            let package = sources.packages ? DeclarationScan.package(in: file.contents) : nil
            for declaration in DeclarationScan.declarations(in: file.contents) where generated[root]?[declaration.name] == nil {
                generated[root, default: [:]][declaration.name] = (Self.shown(url, base: base), package)
            }
        }
        var lines: [String] = []
        for (root, names) in generated.sorted(by: { $0.key.path < $1.key.path }) {
            guard let sources = roots[root] else { continue }
            for url in DeclarationScan.files(below: root, extensions: sources.extensions, skipping: skipped) where !reported.contains(url.standardizedFileURL.path) {
                guard let text = DeclarationScan.text(of: url) else { continue }
                let package = sources.packages ? DeclarationScan.package(in: text) : nil
                for declaration in DeclarationScan.declarations(in: text) {
                    guard let twin = names[declaration.name] else { continue }
                    let place = "\(Self.shown(url, base: base)):\(declaration.line): \(declaration.kind) \(declaration.name) is hand-written and the generated \(twin.file) declares \(declaration.name) too"
                    if sources.packages, twin.package != package {
                        lines.append(place + " (in package \(twin.package ?? "(none)"), this one in \(package ?? "(none)")): the generated type replaces it; delete it, or rename it so no import picks the wrong one")
                    } else {
                        lines.append(place + ": both compile into one module (a redeclaration); delete it (the generated type replaces it) or rename it")
                    }
                }
                // A nested twin compiles, but inside its scope it hides the generated type, so
                // that code would go on decoding with it. Inside a type that goes itself, it goes too.
                for declaration in DeclarationScan.nestedDeclarations(in: text) {
                    guard let twin = names[declaration.name], let scope = declaration.enclosing,
                          scope.kind.hasSuffix("extension") || names[scope.name] == nil else { continue }
                    lines.append("\(Self.shown(url, base: base)):\(declaration.line): \(declaration.kind) \(declaration.name) in \(scope.kind) \(scope.name) is hand-written and the generated \(twin.file) declares \(declaration.name) too: inside \(scope.name) it hides the generated type, which \(scope.name) then never uses; delete it (the generated type replaces it) or rename it")
                }
            }
        }
        return lines
    }

    /// `url` relative to `base` (the folder of tabgen.yml, where init runs), as messages show paths.
    static func shown(_ url: URL, base: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = base.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
