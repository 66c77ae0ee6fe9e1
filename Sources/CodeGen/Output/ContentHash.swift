/// The hash the manifest records for each generated file, so that emit deletes a file it
/// no longer generates only when nobody changed it since. FNV-1a (64 bits) is enough:
/// it detects edits, it does not defend against someone forging a collision (who could
/// as well edit the manifest).
public enum ContentHash {
    static let prefix = "fnv1a64:"

    public static func of(_ text: String) -> String { of(bytes: Array(text.utf8)) }

    public static func of<Bytes: Sequence>(bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return prefix + String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func isHash(_ text: Substring) -> Bool {
        text.hasPrefix(prefix) && text.count == prefix.count + 16 && text.dropFirst(prefix.count).allSatisfy(\.isHexDigit)
    }
}
