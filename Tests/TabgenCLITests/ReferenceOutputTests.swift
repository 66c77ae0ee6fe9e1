import CodeGen
import Foundation
import Testing
@testable import tabgen

/// The generator's output committed beside each language's harness (docs/architecture.md,
/// "Committed generator output"): the outputs of the project `Tests/Reference/tabgen.yml`
/// (the built-in navigation schema and the menu and form contracts), made by the code
/// `tabgen emit` runs on it (`GenerationOptions.jobs`, `EmitJob.generate`), so the
/// reference is what users get: one runtime per output, shared by the contracts. Only the
/// version in the headers is fixed (0.0.0-test), and the manifest is left out, so that a
/// release changes no committed file. The runtime is not committed either (it is
/// `Runtime/<lang>/`, tested on its own): its listing `tabgen-runtime.parts` names the parts
/// kept, and the harnesses write the runtime beside the output before they compile, lint and
/// run it (`harness_reference_runtime` in Tests/lib/harness.sh), so a change of generated code
/// or of the parts kept shows as a diff in review.
/// `scripts/update-reference` rewrites it.
enum ReferenceOutput {
    static let root = CLI.packageRoot
    static let config = root.appendingPathComponent("Tests/Reference/tabgen.yml")

    /// One output of the project: its folder and the files emit writes there (no manifest),
    /// the runtime files replaced by their listing (`RuntimeText.listingRuntimes`).
    struct Output {
        var folder: URL
        var files: [GeneratedFile]
        /// The runtime files emit writes there, which the harnesses may write too (git ignores them).
        var runtimes: [String]
        /// Relative to the package root, for messages.
        var display: String { String(folder.standardizedFileURL.path.dropFirst(ReferenceOutput.root.standardizedFileURL.path.count + 1)) }
    }

    static func outputs() throws -> [Output] {
        let (jobs, templates) = try GenerationOptions.parse(["--config", config.path]).jobs(version: "0.0.0-test")
        return try EmitJob.generate(jobs, templates: templates).map { job, outcome in
            guard case .generated(let files) = outcome else { throw CLIError("\(job.directoryDisplay): expected generated files") }
            let emitted = files.filter { $0.path != Manifest.fileName }
            return Output(folder: job.directory, files: RuntimeText.listingRuntimes(emitted), runtimes: emitted.filter { $0.runtime != nil }.map(\.path))
        }
    }

    /// Every file below `folder`, by path relative to it.
    static func committed(in folder: URL) -> [String: String] {
        var files: [String: String] = [:]
        let prefix = folder.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = try? String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    /// With this variable set, the test rewrites the committed output instead of comparing
    /// (what `scripts/update-reference` does).
    static let updating = ProcessInfo.processInfo.environment["TABGEN_UPDATE_REFERENCE"] == "1"
}

@Suite("Committed generator output (Tests/Reference/tabgen.yml)")
struct ReferenceOutputTests {
    @Test("each output folder holds exactly what tabgen emit writes")
    func matches() throws {
        let outputs = try ReferenceOutput.outputs()
        #expect(!outputs.isEmpty)
        for output in outputs {
            if ReferenceOutput.updating {
                try? FileManager.default.removeItem(at: output.folder)
                for file in output.files {
                    let url = output.folder.appendingPathComponent(file.path)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(file.contents.utf8).write(to: url)
                }
                continue
            }
            let committed = ReferenceOutput.committed(in: output.folder).filter { !output.runtimes.contains($0.key) }
            var changed: [String] = []
            for file in output.files where committed[file.path] != file.contents {
                changed.append(committed[file.path] == nil ? "\(file.path) (missing)" : file.path)
            }
            let stale = Set(committed.keys).subtracting(output.files.map(\.path)).sorted().map { "\($0) (no longer generated)" }
            #expect(changed.isEmpty && stale.isEmpty && !output.files.isEmpty, """
                \(output.display) is not what tabgen emits now: \((changed + stale).joined(separator: ", ")).
                Run scripts/update-reference, then review the diff (git diff -- 'Tests/*/reference/*') and commit it.
                """)
        }
    }
}
