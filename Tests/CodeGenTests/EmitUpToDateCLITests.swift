import Foundation
import Testing
@testable import CodeGen
import TestSupport

/// The up-to-date fast path as a user meets it: a second emit with the same inputs writes
/// nothing, and every change of schema, options, templates, config or generated file still
/// regenerates (the fast path must never hide a change).
@Suite("emit and check with unchanged inputs")
final class EmitUpToDateCLITests: TemporaryDirectorySuite, TabgenCLISuite {
    func text(_ directory: URL, _ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    func write(_ text: String, _ directory: URL, _ path: String) throws {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// What every emit and check of these tests is given, after the command.
    static let arguments = ["--lang", "swift", "--schema", "schema.json", "--out", "Gen"]

    /// `directory` holding the built-in schema as `schema.json`, emitted into `Gen`.
    func emitted(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Support.copyFromPackage(to: directory)
        let emit = try tabgen(["emit"] + Self.arguments, in: directory)
        #expect(emit.status == 0, "\(emit.stderr)", sourceLocation: sourceLocation)
    }

    /// After an input or a generated file changed: expects check (with `arguments`; `[]`
    /// reads tabgen.yml) to fail, then runs emit with the same arguments and returns it.
    func emitAfterFailedCheck(_ directory: URL, _ arguments: [String] = EmitUpToDateCLITests.arguments,
                              sourceLocation: SourceLocation = #_sourceLocation) throws -> Support.ProcessResult {
        #expect(try tabgen(["check"] + arguments, in: directory).status == 1, sourceLocation: sourceLocation)
        return try tabgen(["emit"] + arguments, in: directory)
    }

    @Test("a second emit writes nothing and counts every file; check passes; the manifest records the inputs")
    func unchanged() throws {
        try emitted()
        let manifest = try text(directory, "Gen/.tabgen-manifest")
        #expect(manifest.contains("\n# Inputs: fnv1a64:"))
        let count = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.count + 1
        let again = try tabgen(["emit"] + Self.arguments, in: directory)
        #expect(again.stderr.contains("swift: Gen: 0 written, \(count) unchanged\n"), "\(again.stderr)")
        let check = try tabgen(["check"] + Self.arguments, in: directory)
        #expect(check.status == 0)
        #expect(check.stderr.contains("tabgen check: \(count) generated files are up to date"))
        // The same inputs make the same manifest, wherever and however often tabgen runs.
        #expect(try text(directory, "Gen/.tabgen-manifest") == manifest)
    }

    @Test("a schema change regenerates; a reformatted schema rewrites only the manifest")
    func schemaChanges() throws {
        try emitted()
        let schema = try text(directory, "schema.json")
        // Same meaning, other bytes: the files are current, the recorded inputs are not.
        try write(schema + "\n\n", directory, "schema.json")
        #expect(try tabgen(["check"] + Self.arguments, in: directory).status == 0)
        let reformatted = try tabgen(["emit"] + Self.arguments, in: directory)
        #expect(reformatted.stderr.contains("swift: Gen: 1 written,"), "\(reformatted.stderr)")
        // A new description changes a generated file.
        let marker = "A description only this test writes."
        try write(schema.replacingOccurrences(of: "\"The data of the configure event", with: "\"\(marker) The data of the configure event"),
                  directory, "schema.json")
        let changed = try emitAfterFailedCheck(directory)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(!changed.stderr.contains(": 0 written"), "\(changed.stderr)")
        #expect(try text(directory, "Gen/MessageData.swift").contains(marker))
    }

    @Test("an option or a --templates change regenerates")
    func optionsAndTemplates() throws {
        try emitted()
        let namespaced = try tabgen(["emit"] + Self.arguments + ["--option", "swift.namespace=TabBar"], in: directory)
        #expect(!namespaced.stderr.contains(": 0 written"), "\(namespaced.stderr)")
        #expect(try text(directory, "Gen/TabData.swift").contains("extension TabBar {"))

        try write("// House style one.\n{{>struct}}\n", directory, "house/swift/declaration.mustache")
        #expect(try tabgen(["emit"] + Self.arguments + ["--templates", "house"], in: directory).status == 0)
        #expect(try text(directory, "Gen/TabData.swift").contains("// House style one.\n"))
        // Same option, same directory of templates, one template edited.
        try write("// House style two.\n{{>struct}}\n", directory, "house/swift/declaration.mustache")
        let edited = try emitAfterFailedCheck(directory, Self.arguments + ["--templates", "house"])
        #expect(!edited.stderr.contains(": 0 written"), "\(edited.stderr)")
        #expect(try text(directory, "Gen/TabData.swift").contains("// House style two.\n"))
    }

    @Test("a tabgen.yml change regenerates")
    func configChanges() throws {
        try emitted()
        let config = "version: 1\nschema: schema.json\noutputs:\n  - lang: swift\n    out: Gen\n    options:\n      accessLevel: internal\n"
        try write(config, directory, "tabgen.yml")
        #expect(try tabgen(["emit", "-q"], in: directory).status == 0)
        #expect(try tabgen(["emit"], in: directory).stderr.contains("swift: Gen: 0 written,"))
        try write(config.replacingOccurrences(of: "internal", with: "public"), directory, "tabgen.yml")
        let changed = try emitAfterFailedCheck(directory, [])
        #expect(!changed.stderr.contains(": 0 written"), "\(changed.stderr)")
        #expect(try text(directory, "Gen/TabData.swift").contains("public struct TabData"))
    }

    @Test("a generated file edited, deleted or left beside by an interrupted emit is dealt with as before")
    func filesOnDisk() throws {
        try emitted()
        let original = try text(directory, "Gen/TabData.swift")
        try write(original + "// my edit\n", directory, "Gen/TabData.swift")
        #expect(try emitAfterFailedCheck(directory).stderr.contains("swift: Gen: 1 written,"))
        #expect(try text(directory, "Gen/TabData.swift") == original)

        try FileManager.default.removeItem(at: directory.appendingPathComponent("Gen/TabData.swift"))
        #expect(try tabgen(["emit"] + Self.arguments, in: directory).stderr.contains("swift: Gen: 1 written,"))
        #expect(try text(directory, "Gen/TabData.swift") == original)

        try write("partial", directory, "Gen/" + OutputDirectory.temporaryName(for: "TabData.swift", pid: 999_999_999))
        let cleaned = try emitAfterFailedCheck(directory)
        #expect(cleaned.stderr.contains("1 temporary files of an interrupted emit removed"), "\(cleaned.stderr)")
        #expect(try tabgen(["check"] + Self.arguments, in: directory).status == 0)
    }
}
