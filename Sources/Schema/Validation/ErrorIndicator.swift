import JSON

/// An RFC 8927 error indicator: which part of the instance failed which part of the schema.
public struct ErrorIndicator: Sendable, Hashable {
    public var instancePath: [PathToken] { didSet { context = nil } }
    public var schemaPath: [String] { didSet { context = nil } }
    /// What failed, where the two paths alone are ambiguous: a missing required property
    /// and an unexpected one can have schema paths of the same shape.
    public var kind: Kind
    /// What the validator held when it found the error, so that describing it does not
    /// walk both paths again by string (`PayloadValidator.describe`). Not part of the
    /// indicator's identity; cleared when a path is changed.
    var context: Context?

    public enum Kind: Sendable, Hashable {
        case missingProperty
        case unexpectedProperty
        /// The keyword at the end of `schemaPath` says what failed.
        case keyword
    }

    /// The schema `schemaPath` ends in (the one that holds the keyword) and the value at
    /// `instancePath`, in the instance that was validated.
    struct Context: Sendable {
        let schema: Schema
        let value: JSON
    }

    public init(instancePath: [PathToken], schemaPath: [String], kind: Kind = .keyword) {
        self.instancePath = instancePath
        self.schemaPath = schemaPath
        self.kind = kind
    }

    init(instancePath: [PathToken], schemaPath: [String], kind: Kind, context: Context) {
        self.instancePath = instancePath
        self.schemaPath = schemaPath
        self.kind = kind
        self.context = context
    }

    public static func == (lhs: ErrorIndicator, rhs: ErrorIndicator) -> Bool {
        lhs.kind == rhs.kind && lhs.instancePath == rhs.instancePath && lhs.schemaPath == rhs.schemaPath
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(instancePath)
        hasher.combine(schemaPath)
        hasher.combine(kind)
    }
}
