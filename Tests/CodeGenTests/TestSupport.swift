import Foundation
import Testing
import Schema
@testable import CodeGen
import TestSupport

/// Paths, schemas, generation and processes for the code generation tests.
enum Support {
    /// The package root (tests read the source tree's `Templates/` and `schema.json`).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The test schemas, a resource of this test target.
    static let schemasDirectory = Bundle.module.url(forResource: "Schemas", withExtension: nil)
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Schemas")
    static let templates = DirectoryTemplateSource(
        directory: packageRoot.appendingPathComponent("Templates"), runtimeDirectory: packageRoot.appendingPathComponent("Runtime")
    )

    static func document(at url: URL, name: String? = nil) throws -> SchemaDocument {
        let bytes = try [UInt8](Data(contentsOf: url))
        return try SchemaReader(fileName: name ?? url.lastPathComponent).read(bytes)
    }

    static func document(json: String, name: String = "test.json") throws -> SchemaDocument {
        try SchemaReader(fileName: name).read(Array(json.utf8))
    }

    static func builtIn() throws -> SchemaDocument {
        try document(at: packageRoot.appendingPathComponent("schema.json"), name: "schema.json (built in)")
    }

    /// The jtd-codegen conformance schemas and tabgen's own, by name, sorted.
    static let testSchemas: [(name: String, url: URL)] = {
        var found: [(name: String, url: URL)] = []
        for folder in ["roundtrip_strict", "roundtrip_loose", "tabgen"] {
            let directory = schemasDirectory.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for file in names where file.hasSuffix(".jtd.json") {
                found.append((String(file.dropLast(".jtd.json".count)), directory.appendingPathComponent(file)))
            }
        }
        return found.sorted { $0.name < $1.name }
    }()

    static var conformanceNames: [String] {
        testSchemas.map(\.name)
    }

    static func header(schema: String = "schema.json (built in)") -> GenerationHeader {
        GenerationHeader(version: "0.0.0-test", schema: schema, command: "tabgen emit --lang swift")
    }

    static func generate(_ document: SchemaDocument, options: SwiftOptions = SwiftOptions(), header: GenerationHeader? = nil) throws -> [GeneratedFile] {
        try Generator(templates: templates).generate(document, target: SwiftTarget(options: options),
                                                     header: header ?? Self.header(schema: document.sourceName))
    }

    /// The line without its `"..."` literals and its `//` comment (Swift and Kotlin
    /// literals and line comments, for checks on generated code).
    static func codeOutsideLiteralsAndComments(_ line: String) -> String {
        var code = ""
        var inString = false
        var escaped = false
        var previous: Character?
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/", previous == "/" {
                code.removeLast()
                break
            } else {
                code.append(character)
            }
            previous = character
        }
        return code
    }

    /// Files (path, contents) as emit writes them, with their manifest.
    static func manifestFiles(_ pairs: [(String, String)]) -> [GeneratedFile] {
        OutputDirectory.withManifest(pairs.map { GeneratedFile(path: $0.0, contents: $0.1) },
                                     header: GenerationHeader(version: "1", schema: "s.json", command: "tabgen emit --lang swift"))
    }

    static func file(_ files: [GeneratedFile], _ path: String) -> String {
        files.first { $0.path == path }?.contents ?? ""
    }

    /// An output directory shown as "out", on a new temporary directory (removed by the caller).
    static func temporaryOutput() throws -> (URL, OutputDirectory) {
        let directory = try temporaryDirectory()
        return (directory, OutputDirectory(url: directory, displayName: "out"))
    }

    /// The folder `path` below `directory`, created with its parents.
    static func folder(_ path: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A copy of the package's file at `path` (the built-in schema unless named) as `name` in `directory`.
    static func copyFromPackage(_ path: String = "schema.json", to directory: URL, as name: String = "schema.json") throws {
        try Data(contentsOf: packageRoot.appendingPathComponent(path)).write(to: directory.appendingPathComponent(name))
    }

    /// A temporary directory (removed by the caller) holding the built-in schema as schema.json.
    static func directoryWithSchema() throws -> URL {
        let directory = try temporaryDirectory()
        try copyFromPackage(to: directory)
        return directory
    }

    static func write(_ files: [GeneratedFile], to directory: URL, prefix: String = "", skipping: Set<String> = []) throws {
        for file in files where !skipping.contains(file.path) {
            let url = directory.appendingPathComponent(prefix.isEmpty ? file.path : prefix + file.path.replacingOccurrences(of: "/", with: "__"))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
        }
    }

    struct ProcessResult: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a program to completion; output is collected through files, so a chatty
    /// program cannot fill a pipe and stall.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil, input: String? = nil) throws -> ProcessResult {
        let scratch = try temporaryDirectory("tabgen-run")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out")
        let errURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return ProcessResult(status: process.terminationStatus,
                             stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                             stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// `swiftc` from PATH (the toolchain running the tests).
    static let swiftc: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// The `tabgen` executable of this build (SwiftPM builds it next to the test bundle).
    static let tabgen: URL? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("tabgen")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }()

    /// `tabgen`, or a failure (not a skip) where it is not built.
    static func requireTabgen(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(tabgen, "the tabgen executable is not built next to the tests (swift build builds it)", sourceLocation: sourceLocation)
    }

    /// A Swift identifier for a schema name (`basic_enum` -> `C_basic_enum`).
    static func namespace(for name: String) -> String {
        "C_" + String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}

/// A suite that runs the tabgen executable of this build. Where it is not built, its tests
/// fail (never skip): `swift test` and CI build it next to the tests.
protocol TabgenCLISuite {}

extension TabgenCLISuite {
    func tabgen(_ arguments: [String], in directory: URL) throws -> Support.ProcessResult {
        try Support.run(try Support.requireTabgen(), arguments, in: directory)
    }
}

/// What a run of generated code in a scratch folder found; `setupError`: what went wrong
/// before the code could run.
protocol ScratchRun {
    init()
    var setupError: String? { get set }
}

extension ScratchRun {
    /// Expects no setup error and no `output` (what a compiler or build said, nil when it said nothing).
    func expectClean(_ output: String?, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(setupError == nil, "\(setupError ?? "")", sourceLocation: sourceLocation)
        #expect(output == nil, "\(output ?? "")", sourceLocation: sourceLocation)
    }
}

extension Support {
    /// `body` with a scratch folder (`label-UUID`, removed afterwards); what it throws
    /// becomes the result's `setupError`.
    static func scratchRun<Run: ScratchRun>(_ label: String, _ body: (_ root: URL, _ result: inout Run) throws -> Void) -> Run {
        var result = Run()
        do {
            let root = try temporaryDirectory(label)
            defer { try? FileManager.default.removeItem(at: root) }
            try body(root, &result)
        } catch {
            result.setupError = "\(error)"
        }
        return result
    }

    /// `scratchRun` with the swiftc on PATH; without one, only the `setupError`.
    static func swiftcRun<Run: ScratchRun>(_ label: String, _ body: (_ swiftc: URL, _ root: URL, _ result: inout Run) throws -> Void) -> Run {
        guard let swiftc else {
            var result = Run()
            result.setupError = "swiftc not found on PATH"
            return result
        }
        return scratchRun(label) { root, result in try body(swiftc, root, &result) }
    }
}
