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

/// The repository's schema.json, read from the source tree.
func repositorySchema() throws -> SchemaDocument {
    let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("schema.json")
    return try SchemaReader(fileName: "schema.json").read(Array(try Data(contentsOf: url)))
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
