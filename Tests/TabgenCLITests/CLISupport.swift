import Foundation
import Testing
import TestSupport

/// Runs the `tabgen` binary built next to this test bundle.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
}

enum CLI {
    /// The package's folder (the repository): its schema, contracts, docs and tests.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("tabgen")
    }

    static func payload(_ relative: String) -> String {
        Bundle.module.bundleURL.appendingPathComponent("Payloads").appendingPathComponent(relative).path
    }

    /// Runs tabgen with `arguments` in `directory`; output goes through files, so a
    /// large output cannot dead-lock on a full pipe.
    /// `environment` adds to (or replaces) variables of this process's environment.
    /// `program`: another binary built beside tabgen (`tabgen-plugin-runner`), or an absolute path.
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                    environment: [String: String] = [:], program: String = "tabgen") throws -> CLIResult {
        let scratch = try temporaryDirectory("tabgen-cli")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out")
        let errURL = scratch.appendingPathComponent("err")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let process = Process()
        process.executableURL = program.hasPrefix("/") ? URL(fileURLWithPath: program) : binary.deletingLastPathComponent().appendingPathComponent(program)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        if let stdin {
            let inURL = scratch.appendingPathComponent("in")
            try stdin.write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus,
                         stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                         stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// `tabgen emit` with `arguments` in `directory`, expected to succeed (what it said on
    /// standard error is the failure's message).
    @discardableResult
    static func emit(_ arguments: [String] = [], in directory: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIResult {
        let result = try run(["emit"] + arguments, in: directory)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    /// What `tabgen explain` with `arguments` prints in `directory`, expected to succeed
    /// (what it said on standard error is the failure's message).
    static func explain(_ arguments: [String], in directory: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(["explain"] + arguments, in: directory)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// `tabgen validate` with `arguments` on `text`, written as payload.json to `directory`
    /// (to a temporary directory, removed afterwards, when nil).
    static func validate(_ text: String, _ arguments: [String] = [], in directory: URL? = nil) throws -> CLIResult {
        guard let directory else {
            let scratch = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: scratch) }
            return try validate(text, arguments, in: scratch)
        }
        try Data(text.utf8).write(to: directory.appendingPathComponent("payload.json"))
        return try run(["validate"] + arguments + ["payload.json"], in: directory)
    }

    /// A temporary directory (removed by the caller) holding `files`, text by relative path.
    static func directory(holding files: [String: String]) throws -> URL {
        let directory = try temporaryDirectory()
        try write(files, to: directory)
        return directory
    }

    /// Writes `files`, text by path relative to `directory`, creating their folders.
    static func write(_ files: [String: String], to directory: URL) throws {
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Every file below `directory` whose name ends in `suffix`, relative to it, sorted.
    static func files(below directory: URL, endingIn suffix: String) -> [String] {
        let prefix = directory.standardizedFileURL.path + "/"
        let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return (walker?.compactMap { ($0 as? URL)?.standardizedFileURL.path } ?? [])
            .filter { $0.hasSuffix(suffix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }
}
