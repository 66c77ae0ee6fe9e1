/// An error that ends a command with exit code 2 and a message on standard error.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    /// Whether to print "tabgen: error: " before the message (located schema errors
    /// carry their own "file:line:col: error:" prefix).
    var prefixed: Bool

    init(_ message: String, prefixed: Bool = true) {
        self.message = message
        self.prefixed = prefixed
    }

    var description: String { prefixed ? "tabgen: error: \(message)" : message }
}
