/// An RFC 8927 error indicator: which part of the instance failed which part of the schema.
public struct ErrorIndicator: Sendable, Hashable {
    public var instancePath: [PathToken]
    public var schemaPath: [String]

    public init(instancePath: [PathToken], schemaPath: [String]) {
        self.instancePath = instancePath
        self.schemaPath = schemaPath
    }
}
