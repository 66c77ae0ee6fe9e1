/// The hash the manifest records for each generated file, so that emit deletes a file it
/// no longer generates only when nobody changed it since. FNV-1a (64 bits) is enough:
/// it detects edits, it does not defend against someone forging a collision (who could
/// as well edit the manifest).
public enum ContentHash {
    static let prefix = "fnv1a64:"

    public static func of(_ text: String) -> String { of(bytes: Array(text.utf8)) }

    public static func of<Bytes: Sequence>(bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = Hasher()
        hasher.add(bytes)
        return hasher.text
    }

    /// The same hash fed in pieces (`GenerationInputs` hashes many inputs into one).
    public struct Hasher: Sendable {
        var state: UInt64 = 0xcbf2_9ce4_8422_2325

        public init() {}

        public mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            for byte in bytes {
                state ^= UInt64(byte)
                state = state &* 0x0000_0100_0000_01b3
            }
        }

        public var text: String {
            let hex = String(state, radix: 16)
            return prefix + String(repeating: "0", count: 16 - hex.count) + hex
        }
    }

    static func isHash(_ text: Substring) -> Bool {
        text.hasPrefix(prefix) && text.count == prefix.count + 16 && text.dropFirst(prefix.count).allSatisfy(\.isHexDigit)
    }
}
