import Schema

/// Which messages the generated bridge component bases hand to their handlers
/// (docs/decoding.md): with `decoding: tolerant`, all that decode except those breaking
/// a rule marked `"crashesClients": true`; with `decoding: strict`, none with an error.
enum BridgeDelivery {
    /// The codes of the error rules whose payloads crash the reference clients, in
    /// schema order.
    static func crashingRules(of document: SchemaDocument) -> [String] {
        document.extensions.rules.filter { $0.crashesClients && $0.severity == .error }.map(\.code)
    }
}
