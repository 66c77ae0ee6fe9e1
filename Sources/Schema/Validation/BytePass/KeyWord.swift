import JSON

/// A plain name (`BytePlan.Name.plain`) as the words its JSON string (`"name"`, quotes
/// included) loads as, so a key is matched against a property by one or two 8-byte
/// loads and compares instead of a byte loop. Including both quotes makes a match
/// exact: the key's string is then the name and nothing longer.
struct KeyWord {
    /// The first 8 bytes of the quoted name (little-endian; zero beyond its end).
    var head: UInt64 = 0
    /// Which bits of `head` the name covers.
    var headMask: UInt64 = 0
    /// The last 8 bytes of the quoted name, when it is longer than 8 bytes.
    var tail: UInt64 = 0
    /// Bytes of the quoted name; 0 when the name cannot be matched by words (not plain,
    /// or its quoted form longer than 16 bytes).
    var quoted: Int32 = 0
    /// Bytes that must be readable from the opening quote: max(8, quoted).
    var reach: Int32 = 0

    init() {}

    init(plainName bytes: some Collection<UInt8>) {
        let quotedBytes = [UInt8(ascii: "\"")] + Array(bytes) + [UInt8(ascii: "\"")]
        guard quotedBytes.count <= 16 else { return }
        func word(_ slice: ArraySlice<UInt8>) -> UInt64 {
            var value: UInt64 = 0
            for (offset, byte) in slice.enumerated() { value |= UInt64(byte) << UInt64(offset * 8) }
            return value
        }
        head = word(quotedBytes.prefix(8))
        headMask = quotedBytes.count >= 8 ? ~0 : (1 << UInt64(quotedBytes.count * 8)) - 1
        if quotedBytes.count > 8 { tail = word(quotedBytes.suffix(8)) }
        quoted = Int32(quotedBytes.count)
        reach = Int32(max(8, quotedBytes.count))
    }

    /// Whether the bytes at `position` (an opening quote, `reach` bytes readable) are
    /// the quoted name; the caller checks `quoted != 0` and the reach.
    @inline(__always)
    func matches(_ position: UnsafePointer<UInt8>) -> Bool {
        let first = ByteWords.load(position)
        guard first & headMask == head else { return false }
        guard quoted > 8 else { return true }
        let last = ByteWords.load(position + Int(quoted) - 8)
        return last == tail
    }
}
