import Foundation
import Schema
import Testing
@testable import CodeGen

/// The generator's output committed beside each language's harness
/// (`Tests/<Lang>/reference/`; docs/architecture.md, "Committed generator output"): what each target emits for the
/// built-in schema with its default options, and the TypeScript bases of the menu and form
/// contracts. The harnesses compile, lint and run it (swiftc in `EndToEndTests`, kotlinc in
/// Tests/Kotlin/smoke, tsc and Chromium in Tests/TypeScript, ruby -w, RuboCop and the
/// generated Minitest in Tests/Ruby), so a change of generated code shows as a diff in
/// review. `scripts/update-reference` rewrites all of it.
enum ReferenceOutput {
    /// One folder of committed output.
    struct Set: Sendable, CustomTestStringConvertible {
        /// Relative to the package root.
        var folder: String
        var language: String
        var options: [String: String] = [:]
        /// The schemas, relative to the package root, with the name their header shows.
        var schemas: [(path: String, name: String)] = [("schema.json", "schema.json (built in)")]
        /// Whether the folder holds this output only (a file the generator no longer writes
        /// is stale), or hand-written files too (only the generated files are compared).
        var ownsFolder = true
        /// Which generated files are committed (the TypeScript harness tests the controller
        /// and the bases with its own suites, so their fixtures and tests are left out).
        var keeps: @Sendable (String) -> Bool = { _ in true }

        var testDescription: String { folder }

        /// The files, as the generator writes them.
        func generate() throws -> [GeneratedFile] {
            // Several schemas share the folder as contracts: do: one runtime, as the target's layout says.
            let layout = try TargetRegistry.target(language: language, options: options).contractLayout
            var files: [GeneratedFile] = []
            for (index, schema) in schemas.enumerated() {
                let target = try TargetRegistry.target(language: language, options: schemas.count > 1 ? layout.contractOptions(options, index, schemas.count) : options)
                let document = try Support.document(at: Support.packageRoot.appendingPathComponent(schema.path), name: schema.name)
                let header = GenerationHeader(version: "0.0.0-test", schema: document.sourceName, command: "tabgen emit --lang \(language)")
                files += try Generator(templates: Support.templates).generate(document, target: target, header: header).filter { keeps($0.path) }
            }
            return files
        }

        /// The committed files (all of the folder when it owns it, else those `generated` names).
        func committed(generated: [GeneratedFile]) throws -> [String: String] {
            let root = Support.packageRoot.appendingPathComponent(folder)
            var paths = generated.map(\.path)
            if ownsFolder, let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
                paths = []
                let prefix = root.standardizedFileURL.path + "/"
                for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                    paths.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
                }
            }
            var files: [String: String] = [:]
            for path in paths {
                if let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) { files[path] = text }
            }
            return files
        }
    }

    static let sets: [Set] = [
        Set(folder: "Tests/Swift/reference", language: "swift"),
        Set(folder: "Tests/Kotlin/reference", language: "kotlin"),
        Set(folder: "Tests/Ruby/reference", language: "ruby"),
        Set(folder: "Tests/TypeScript/reference", language: "typescript", ownsFolder: false,
            keeps: { $0 == "navigation_controller.ts" }),
        Set(folder: "Tests/TypeScript/reference", language: "typescript", options: ["flavor": "javascript"], ownsFolder: false,
            keeps: { $0 == "navigation_controller.js" }),
        Set(folder: "Tests/TypeScript/reference/bases/typescript", language: "typescript", options: ["bridgeComponent": "true"],
            schemas: [("contracts/menu.json", "menu.json"), ("contracts/form.json", "form.json")],
            keeps: { !$0.contains(".test.") && !$0.hasPrefix("fixtures/") }),
        Set(folder: "Tests/TypeScript/reference/bases/javascript", language: "typescript", options: ["bridgeComponent": "true", "flavor": "javascript"],
            schemas: [("contracts/menu.json", "menu.json"), ("contracts/form.json", "form.json")],
            keeps: { !$0.contains(".test.") && !$0.hasPrefix("fixtures/") }),
    ]

    /// The committed files of the sets in `folder`, for the harnesses that compile them.
    static func files(in folder: String) throws -> [GeneratedFile] {
        let sets = Self.sets.filter { $0.folder == folder }
        return try sets.flatMap { set in
            let committed = try set.committed(generated: try set.generate())
            return committed.keys.sorted().compactMap { path in committed[path].map { GeneratedFile(path: path, contents: $0) } }
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
        let generated = try set.generate()
        let root = Support.packageRoot.appendingPathComponent(set.folder)
        if ReferenceOutput.updating {
            if set.ownsFolder { try? FileManager.default.removeItem(at: root) }
            try Support.write(generated, to: root)
            return
        }
        let committed = try set.committed(generated: generated)
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
