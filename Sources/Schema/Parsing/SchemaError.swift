import JSON

/// A problem in a schema file, located by JSON pointer and by line and column.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var pointer: JSONPointer
    public var position: SourcePosition
    public var message: String

    public init(file: String, pointer: JSONPointer, position: SourcePosition, message: String) {
        self.file = file
        self.pointer = pointer
        self.position = position
        self.message = message
    }

    /// `schema.json:12:5: error: /definitions/TabData/type: "strin" is not a JTD type ...`
    public var description: String {
        let at = pointer.tokens.isEmpty ? "(root)" : pointer.description
        return "\(file):\(position): error: \(at): \(message)"
    }
}

/// All the problems found in one schema file.
public struct SchemaErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [SchemaError]

    public init(_ errors: [SchemaError]) {
        self.errors = errors
    }

    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
