/// The target of every `ref` schema of a document, found by the ref schema's identity.
///
/// The validators resolve a `ref` for every element of an array of them; looking the
/// name up in `definitionIndex` hashes it (SipHash, about 500 instructions), while a
/// schema document has a handful of ref schemas, so a scan of their identities is cheap.
final class SchemaReferences: Sendable {
    private let identities: [ObjectIdentifier]
    private let targets: [Schema]
    /// For documents with many ref schemas, where a scan would not be cheap.
    private let index: [ObjectIdentifier: Int]

    static let scanLimit = 16

    init(root: Schema, definitions: [(name: String, schema: Schema)], definitionIndex: [ScalarKey: Int]) {
        var identities: [ObjectIdentifier] = []
        var targets: [Schema] = []
        // Schemas are trees (a ref names its target), so the walk ends; a schema shared
        // by two places is recorded twice, with the same target.
        func collect(_ schema: Schema) {
            switch schema.form {
            case .ref(let name):
                guard let position = definitionIndex[ScalarKey(name)] else { return }
                identities.append(ObjectIdentifier(schema))
                targets.append(definitions[position].schema)
            case .elements(let element): collect(element)
            case .values(let value): collect(value)
            case .properties(let form):
                for property in form.required { collect(property.schema) }
                for property in form.optional { collect(property.schema) }
            case .discriminator(let form):
                for variant in form.mapping { collect(variant.schema) }
            case .empty, .type, .enumeration:
                break
            }
        }
        collect(root)
        for definition in definitions { collect(definition.schema) }
        self.identities = identities
        self.targets = targets
        // Only past the scan limit: the first dictionary of this type costs a start-up
        // of about 400,000 instructions (its metadata), for nothing in a small schema.
        index = identities.count > Self.scanLimit
            ? Dictionary(zip(identities, identities.indices), uniquingKeysWith: { first, _ in first })
            : [:]
    }

    /// The definition `reference` (a schema of the `ref` form) points to, or nil when it
    /// is not a ref schema of this document.
    @inline(__always)
    func target(of reference: Schema) -> Schema? {
        let identity = ObjectIdentifier(reference)
        if identities.count <= Self.scanLimit {
            var position = 0
            while position < identities.count {
                if identities[position] == identity { return targets[position] }
                position += 1
            }
            return nil
        }
        return index[identity].map { targets[$0] }
    }
}
