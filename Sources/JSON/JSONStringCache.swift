/// Strings the reader has built before, keyed by their UTF-8 bytes, so a payload's keys
/// and common values (the same few dozen across a log) cost a table probe instead of a
/// `String` each: building a `String` costs about 150 instructions even when it is small,
/// and a long one a heap allocation, and freeing it later, on top.
///
/// Direct-mapped and bounded (`slotCount` slots of at most `maxLength` bytes), so a
/// hostile stream of distinct strings costs a replacement each, never memory. One per
/// thread: it is mutated on every lookup and is not `Sendable`.
public final class JSONStringCache {
    static let slotBits = 10
    static let slotCount = 1 << slotBits
    /// Longer strings (rare, and rarely repeated) are built each time.
    static let maxLength = 32
    static let wordsPerSlot = maxLength / 8

    /// Per slot, `wordsPerSlot` words of key bytes (see `words(_:count:)`).
    private let keys: UnsafeMutablePointer<UInt64>
    /// Per slot, the byte count of the cached string; 0 marks an empty slot.
    private let counts: UnsafeMutablePointer<Int>
    private let strings: UnsafeMutablePointer<String>

    public init() {
        keys = .allocate(capacity: Self.slotCount * Self.wordsPerSlot)
        keys.initialize(repeating: 0, count: Self.slotCount * Self.wordsPerSlot)
        counts = .allocate(capacity: Self.slotCount)
        counts.initialize(repeating: 0, count: Self.slotCount)
        strings = .allocate(capacity: Self.slotCount)
        strings.initialize(repeating: "", count: Self.slotCount)
    }

    deinit {
        strings.deinitialize(count: Self.slotCount)
        strings.deallocate()
        counts.deallocate()
        keys.deallocate()
    }

    /// The string of the valid UTF-8 bytes `base[start..<end]`, from the cache when it
    /// holds them. `bufferCount` bytes are readable from `base`: the key words are read
    /// eight bytes at a time, which needs at least eight of them.
    @inline(__always)
    func string(_ base: UnsafePointer<UInt8>, start: Int, end: Int, bufferCount: Int, ascii: Bool) -> String {
        let count = end &- start
        guard count > 0, count <= Self.maxLength, bufferCount >= 8 else {
            return Scanner.makeString(base + start, count: count, ascii: ascii)
        }
        // The words that identify the bytes: whole words from the start, and the last
        // eight bytes for the final (partial) one, so no load leaves the buffer. Under
        // eight bytes, one word shifted or masked down to exactly those bytes.
        let first: UInt64
        let last: UInt64
        if count < 8 {
            let shift = UInt64(8 &- count) &* 8
            if start &+ 8 <= bufferCount {
                first = ByteWords.load(base + start) & (UInt64.max &>> shift)
            } else {
                // Near the end of the buffer: its last eight bytes, moved down to ours.
                let from = bufferCount &- 8
                first = (ByteWords.load(base + from) &>> (UInt64(start &- from) &* 8)) & (UInt64.max &>> shift)
            }
            last = first
        } else {
            first = ByteWords.load(base + start)
            last = ByteWords.load(base + (end &- 8))
        }
        let mixed = (first ^ (last &<< 29 | last &>> 35) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: mixed &>> UInt64(64 &- Self.slotBits))
        let key = keys + slot &* Self.wordsPerSlot
        // Words 1 and 2 are whole middle words for the longest strings only.
        let middleWords = (count &- 1) &>> 3  // 0 up to 8 bytes, 1 up to 16, ...
        if counts[slot] == count, key[0] == first, key[Self.wordsPerSlot &- 1] == last {
            var same = true
            var word = 1
            while word < middleWords {
                if key[word] != ByteWords.load(base + (start &+ word &* 8)) { same = false }
                word &+= 1
            }
            if same { return strings[slot] }
        }
        let made = Scanner.makeString(base + start, count: count, ascii: ascii)
        counts[slot] = count
        key[0] = first
        key[Self.wordsPerSlot &- 1] = last
        var word = 1
        while word < middleWords {
            key[word] = ByteWords.load(base + (start &+ word &* 8))
            word &+= 1
        }
        strings[slot] = made
        return made
    }
}
