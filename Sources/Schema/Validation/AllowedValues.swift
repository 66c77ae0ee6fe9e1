import JSON

/// How a message lists the values a schema allows (TG011's enum, TG015's mapping tags):
/// the first `listed`, quoted as `JSONWriter` quotes, then how many more there are. A
/// message about an enum of 40,000 values listed them all (389 KB per finding). Every
/// generated validator lists them the same way (docs/conformance.md).
public enum AllowedValues {
    /// The most values a message lists.
    public static let listed = 20

    /// `"soft", "hard"`, or `"v0", "v1", ..., "v19" and 39980 more`.
    public static func list(_ values: [String]) -> String {
        var bytes: [UInt8] = []
        append(values, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func append(_ values: [String], to bytes: inout [UInt8]) {
        for (position, value) in values.prefix(listed).enumerated() {
            if position > 0 { bytes.append(contentsOf: ", ".utf8) }
            JSONWriter.writeQuoted(value, to: &bytes)
        }
        if values.count > listed { bytes.append(contentsOf: " and \(values.count - listed) more".utf8) }
    }
}
