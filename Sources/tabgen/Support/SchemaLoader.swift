import Foundation
import Schema

/// Loads `--schema PATH`, or the schema.json compiled into the binary.
enum SchemaLoader {
    static let builtinName = "schema.json (built in)"

    /// `name` is how messages name the file (default: `path`).
    static func load(path: String?, name displayName: String? = nil) throws(CLIError) -> SchemaDocument {
        let bytes: [UInt8]
        let name: String
        if let path {
            bytes = try FileInput.readAll(path: path, limit: 64 << 20)
            name = displayName ?? path
        } else {
            bytes = try BuiltIn.schema()
            name = builtinName
        }
        do {
            return try SchemaReader(fileName: name).read(bytes)
        } catch {
            throw CLIError(error.description, prefixed: false)
        }
    }
}
