/// A code generation failure: a template that does not parse, an option a target does
/// not know, an output that cannot be written.
public struct CodeGenError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
