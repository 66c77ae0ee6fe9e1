import Foundation
import JSON
import Testing
import TestSupport

/// The reference side of the shared vectors (Tests/Vectors/README.md): `tabgen validate
/// --format json` reports, for every case of every vector file, exactly the case's
/// findings, in order, with the exit status they imply. The runtimes' runners
/// (Tests/Runtime/<language>) check the same files against each runtime.
struct VectorTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors")

    /// Every `.json` file of payload vectors under Tests/Vectors, subfolders included, relative to it.
    static let files: [String] = {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        // element-data/ holds the page-reading vectors, a format of their own (ElementDataVectorTests).
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") && !$0.hasPrefix("element-data/") }.sorted()
    }()

    struct Finding: Equatable, CustomStringConvertible {
        var code, severity, pointer, message: String
        var description: String { "\(code) \(severity) \(JSONWriter.quoted(pointer)) \(JSONWriter.quoted(message))" }

        init?(_ value: JSON) {
            guard let code = value["code"]?.stringValue, let severity = value["severity"]?.stringValue,
                  let pointer = value["pointer"]?.stringValue, let message = value["message"]?.stringValue else { return nil }
            (self.code, self.severity, self.pointer, self.message) = (code, severity, pointer, message)
        }
    }

    @Test func theVectorFolderHasTheBehavioursFiles() {
        for file in ["builtin-schema.json", "strict-text.json", "value-display.json", "timestamps.json", "decoding-policy.json",
                     "rules/count.json", "rules/unique.json", "rules/reference.json", "rules/relative-reference.json", "rules/equals.json"] {
            #expect(Self.files.contains(file), "\(file)")
        }
    }

    @Test(arguments: files)
    func validateReportsEachCasesFindings(file: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(file))
        let vector = try JSONReader().parse(data)
        let keys = vector.objectValue?.keys ?? []
        #expect(Set(keys).isSubset(of: ["description", "schema", "cases"]) && keys.contains("description"), "\(file): top-level keys \(keys)")
        let schema = try #require(vector["schema"], "\(file): no schema")
        let cases = try #require(vector["cases"]?.arrayValue, "\(file): no cases")
        #expect(!cases.isEmpty, "\(file): no cases")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schemaURL = directory.appendingPathComponent("schema.json")
        try Data(JSONWriter.string(schema).utf8).write(to: schemaURL)
        var names: Set<String> = []
        for entry in cases {
            let name = entry["name"]?.stringValue ?? "(no name)"
            let label = "\(file):\(name)"
            #expect(names.insert(name).inserted, "\(label): name used twice")
            let caseKeys = Set(entry.objectValue?.keys ?? [])
            #expect(caseKeys.isSubset(of: ["name", "payload", "findings", "decoding", "sendable"]), "\(label): keys \(caseKeys.sorted())")
            if let decoding = entry["decoding"] { #expect(["strict", "tolerant"].contains(decoding.stringValue ?? ""), "\(label): decoding") }
            if let sendable = entry["sendable"] {
                var isBool = false
                if case .bool = sendable { isBool = true }
                #expect(isBool, "\(label): sendable is not a boolean")
            }
            let payload = try #require(entry["payload"]?.stringValue, "\(label): payload is not a string")
            let expected = try #require(entry["findings"]?.arrayValue, "\(label): no findings").map { try #require(Finding($0), "\(label): a finding lacks a field") }
            let payloadURL = directory.appendingPathComponent("payload.json")
            try Data(payload.utf8).write(to: payloadURL)
            let result = try CLI.run(["validate", "--schema", schemaURL.path, "--format", "json", "--max-findings", "0", "-q", payloadURL.path])
            let reported = try result.stdoutLines.map { line in
                try #require(Finding(try JSONReader().parse(Array(line.utf8))), "\(label): \(line)")
            }
            #expect(reported == expected, "\(label)\nexpected:\n\(expected.map(\.description).joined(separator: "\n"))\nreported:\n\(reported.map(\.description).joined(separator: "\n"))")
            #expect(result.status == (expected.contains { $0.severity == "error" } ? 1 : 0), "\(label): exit \(result.status) \(result.stderr)")
        }
    }
}
