import Foundation
@testable import Schema

/// Reads a file shipped in this test target's Conformance folder.
func conformanceData(_ name: String) throws -> [UInt8] {
    guard let url = Bundle.module.url(forResource: "Conformance/\(name)", withExtension: nil)
        ?? Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Conformance") else {
        throw TestFailure("missing test resource Conformance/\(name)")
    }
    return Array(try Data(contentsOf: url))
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The package root: tests read the source tree's schema.json, contracts and test schemas.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The repository's schema.json, read from the source tree.
func repositorySchema() throws -> SchemaDocument {
    try repositoryDocument("schema.json")
}

/// The schema at `path` in the source tree, named `name` (default: `path`) in findings.
func repositoryDocument(_ path: String, name: String? = nil) throws -> SchemaDocument {
    try SchemaReader(fileName: name ?? path).read(Array(try Data(contentsOf: packageRoot.appendingPathComponent(path))))
}

/// The jtd-codegen conformance schemas and tabgen's own that code generation is tested
/// on (Tests/CodeGenTests/Schemas), as (name, path in the source tree), sorted by name.
func codeGenTestSchemas() -> [(name: String, path: String)] {
    var found: [(name: String, path: String)] = []
    for folder in ["roundtrip_strict", "roundtrip_loose", "tabgen"] {
        let path = "Tests/CodeGenTests/Schemas/" + folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(path).path)) ?? []
        for file in names where file.hasSuffix(".jtd.json") {
            found.append((String(file.dropLast(".jtd.json".count)), path + "/" + file))
        }
    }
    return found.sorted { $0.name < $1.name }
}

func parse(_ text: String) throws -> JSON {
    try JSONReader().parse(Array(text.utf8))
}

func schema(_ text: String) throws(SchemaErrors) -> SchemaDocument {
    try SchemaReader(fileName: "test.json").read(Array(text.utf8))
}

/// The errors of reading `text` as a schema (none when it reads).
func schemaErrors(_ text: String) -> [SchemaError] {
    do {
        _ = try schema(text)
        return []
    } catch {
        return error.errors
    }
}
