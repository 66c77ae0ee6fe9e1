import Foundation
import Schema
import Testing
@testable import CodeGen

/// The Swift output committed beside its harness (`Tests/Swift/reference/`; docs/architecture.md,
/// "Committed generator output"): what the target emits for the built-in schema with its
/// default options, compiled by swiftc in `EndToEndTests`, so a change of generated code
/// shows as a diff in review. The other languages' committed output is the project
/// Tests/Reference/tabgen.yml (ReferenceOutputTests of Tests/TabgenCLITests).
/// `scripts/update-reference` rewrites all of it.
enum ReferenceOutput {
    /// One folder of committed output.
    struct Set: Sendable, CustomTestStringConvertible {
        /// Relative to the package root.
        var folder: String
        var language: String

        var testDescription: String { folder }

        /// The files, as the generator writes them.
        func generate() throws -> [GeneratedFile] {
            let target = try TargetRegistry.target(language: language)
            let document = try Support.builtIn()
            let header = GenerationHeader(version: "0.0.0-test", schema: document.sourceName, command: "tabgen emit --lang \(language)")
            return try Generator(templates: Support.templates).generate(document, target: target, header: header)
        }

        /// The committed files: all of the folder but the runtime files `generate` makes
        /// (the harnesses may write them there; git ignores them).
        func committed() throws -> [String: String] {
            let runtimes = try generate().filter { $0.runtime != nil }.map(\.path)
            let root = Support.packageRoot.appendingPathComponent(folder)
            var files: [String: String] = [:]
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
            let prefix = root.standardizedFileURL.path + "/"
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                if let text = try? String(contentsOf: url, encoding: .utf8) { files[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = text }
            }
            for path in runtimes { files[path] = nil }
            return files
        }
    }

    static let sets: [Set] = [
        Set(folder: "Tests/Swift/reference", language: "swift"),
    ]

    /// The committed files of the sets in `folder`, with the runtime the generator writes
    /// beside them in place of their listing, for the harnesses that compile them.
    static func files(in folder: String) throws -> [GeneratedFile] {
        let sets = Self.sets.filter { $0.folder == folder }
        return try sets.flatMap { set in
            let committed = try set.committed()
            let files = committed.keys.sorted().compactMap { path in committed[path].map { GeneratedFile(path: path, contents: $0) } }
            return files.filter { $0.path != RuntimeText.listingName } + (try set.generate().filter { $0.runtime != nil })
        }
    }

    /// With this variable set, the test rewrites the committed output instead of comparing
    /// (what `scripts/update-reference` does).
    static let updating = ProcessInfo.processInfo.environment["TABGEN_UPDATE_REFERENCE"] == "1"
}

@Suite("Committed generator output (Tests/<Lang>/reference)")
struct ReferenceOutputTests {
    @Test("each reference folder holds exactly what the generator emits", arguments: ReferenceOutput.sets)
    func matches(_ set: ReferenceOutput.Set) throws {
        let generated = RuntimeText.listingRuntimes(try set.generate())
        let root = Support.packageRoot.appendingPathComponent(set.folder)
        if ReferenceOutput.updating {
            try? FileManager.default.removeItem(at: root)
            try Support.write(generated, to: root)
            return
        }
        let committed = try set.committed()
        var changed: [String] = []
        for file in generated where committed[file.path] != file.contents {
            changed.append(committed[file.path] == nil ? "\(file.path) (missing)" : file.path)
        }
        let stale = Swift.Set(committed.keys).subtracting(generated.map(\.path)).sorted().map { "\($0) (no longer generated)" }
        #expect(changed.isEmpty && stale.isEmpty && !generated.isEmpty, """
            \(set.folder) is not what tabgen emits now: \((changed + stale).joined(separator: ", ")).
            Run scripts/update-reference, then review the diff (git diff -- 'Tests/*/reference/*') and commit it.
            """)
    }
}
