import Schema

/// A payload that is not a `configure` message the reconciler can act on.
public struct DirectiveError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// Where in the payload.
    public var pointer: JSONPointer

    public init(_ message: String, at pointer: JSONPointer) {
        self.message = message
        self.pointer = pointer
    }

    public var description: String {
        pointer.tokens.isEmpty ? message : "\(pointer): \(message)"
    }
}
