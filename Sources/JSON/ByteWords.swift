/// Eight bytes at a time: tests on a 64-bit word that say whether any of its bytes is
/// of interest, so that text without such bytes (most of it) is passed over a word at a
/// time rather than a byte at a time. Used where findings are located and written.
///
/// The tests answer "is there any": the per-byte flags they compute can be wrong above
/// the first real hit (a borrow), which does not change whether one exists.
enum ByteWords {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `pointer`, which need not be aligned.
    @inline(__always)
    static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
    }

    /// Some byte of `word` is zero.
    @inline(__always)
    static func hasZero(_ word: UInt64) -> Bool {
        (word &- ones) & ~word & highs != 0
    }

    /// Some byte of `word` is `byte`.
    @inline(__always)
    static func has(_ word: UInt64, _ byte: UInt8) -> Bool {
        hasZero(word ^ (ones &* UInt64(byte)))
    }

    /// Some byte of `word` is below `limit` (at most 128).
    @inline(__always)
    static func hasLess(_ word: UInt64, than limit: UInt8) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & highs != 0
    }

    /// How many bytes of `word` continue a UTF-8 sequence (`10xxxxxx`): they add no
    /// column.
    @inline(__always)
    static func continuationCount(_ word: UInt64) -> Int {
        // Bit 7 set and bit 6 clear; the shift brings each byte's bit 6 to its bit 7.
        (word & ~(word << 1) & highs).nonzeroBitCount
    }
}
