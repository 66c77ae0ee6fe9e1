/// Eight bytes at a time: tests on a 64-bit word that say whether any of its bytes is
/// of interest, so that text without such bytes (most of it) is passed over a word at a
/// time rather than a byte at a time. Used where strings are read and where findings are
/// located and written.
///
/// The tests answer "is there any": the per-byte flags they compute can be wrong above
/// the first real hit (a borrow), which does not change whether one exists.
public enum ByteWords {
    // Computed, so that code inlined into other modules folds them (a `static let` read
    // from another module goes through its lazy initialiser).
    @inlinable public static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable public static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes at `pointer`, which need not be aligned, the first in the low
    /// byte of the word (whatever the machine's byte order).
    @inlinable @inline(__always)
    public static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// Some byte of `word` is zero.
    @inlinable @inline(__always)
    public static func hasZero(_ word: UInt64) -> Bool {
        (word &- ones) & ~word & highs != 0
    }

    /// Bit 7 set in the lowest byte of `word` that is zero (the first in memory, as `load`
    /// reads), and perhaps in bytes above it; 0 when none is zero.
    @inlinable @inline(__always)
    public static func zeroMask(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highs
    }

    /// The index (0-7) of the first byte of `word` that is `a` or `b`, or nil.
    @inlinable @inline(__always)
    public static func firstIndex(of a: UInt8, or b: UInt8, in word: UInt64) -> Int? {
        let mask = zeroMask(word ^ (ones &* UInt64(a))) | zeroMask(word ^ (ones &* UInt64(b)))
        guard mask != 0 else { return nil }
        return mask.trailingZeroBitCount >> 3
    }

    /// Some byte of `word` is `byte`.
    @inlinable @inline(__always)
    public static func has(_ word: UInt64, _ byte: UInt8) -> Bool {
        hasZero(word ^ (ones &* UInt64(byte)))
    }

    /// Bit 7 set in the first byte of `word` that a JSON string cannot pass over unread: a
    /// quote, a backslash, a control character or a byte that is not ASCII; 0 when none is.
    /// Only the lowest set bit counts (borrows may flag bytes above it).
    @inlinable @inline(__always)
    public static func stringSpecials(_ word: UInt64) -> UInt64 {
        let control = (word &- ones &* 0x20) & ~word
        return zeroMask(word ^ (ones &* 0x22)) | zeroMask(word ^ (ones &* 0x5C)) | ((control | word) & highs)
    }

    /// How many bytes of `word` continue a UTF-8 sequence (`10xxxxxx`): they add no
    /// column.
    @inlinable @inline(__always)
    public static func continuationCount(_ word: UInt64) -> Int {
        // Bit 7 set and bit 6 clear; the shift brings each byte's bit 6 to its bit 7.
        (word & ~(word << 1) & highs).nonzeroBitCount
    }
}
