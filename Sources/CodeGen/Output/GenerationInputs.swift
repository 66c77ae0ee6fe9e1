/// One hash of everything a generation's files are made from: the schema's bytes, the
/// language and its options, the header, the templates, tabgen's version and build.
/// `.tabgen-manifest` records it, so a later emit or check with equal inputs can tell
/// that the files are current by hashing them, without rendering them again
/// (`OutputDirectory.upToDateCount`). Each input is framed by its label and length, so
/// moving bytes from one input to the next changes the hash.
public struct GenerationInputs: Sendable {
    private var hasher = ContentHash.Hasher()

    public init() {}

    public mutating func add<Bytes: Sequence>(_ label: String, bytes: Bytes, count: Int) where Bytes.Element == UInt8 {
        hasher.add(label.utf8)
        hasher.add(CollectionOfOne(0))
        hasher.add(String(count).utf8)
        hasher.add(CollectionOfOne(0))
        hasher.add(bytes)
    }

    public mutating func add(_ label: String, _ text: String) {
        // Through a buffer: iterating `utf8` costs several times more (templates are big).
        var text = text
        text.withUTF8 { add(label, bytes: $0, count: $0.count) }
    }

    public mutating func add(_ label: String, bytes: [UInt8]) {
        add(label, bytes: bytes, count: bytes.count)
    }

    /// The hash, as the manifest writes it (`fnv1a64:` and 16 hex digits).
    public var text: String { hasher.text }
}
