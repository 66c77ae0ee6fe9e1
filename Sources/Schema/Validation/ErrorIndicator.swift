import JSON

/// An RFC 8927 error indicator: which part of the instance failed which part of the schema.
public struct ErrorIndicator: Sendable, Hashable {
    public var instancePath: [PathToken]
    public var schemaPath: [String]
    /// What failed, where the two paths alone are ambiguous: a missing required property
    /// and an unexpected one can have schema paths of the same shape.
    public var kind: Kind

    public enum Kind: Sendable, Hashable {
        case missingProperty
        case unexpectedProperty
        /// The keyword at the end of `schemaPath` says what failed.
        case keyword
    }

    public init(instancePath: [PathToken], schemaPath: [String], kind: Kind = .keyword) {
        self.instancePath = instancePath
        self.schemaPath = schemaPath
        self.kind = kind
    }
}
