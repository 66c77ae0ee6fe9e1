/// The buffers one thread's byte passes reuse from payload to payload, so a valid
/// payload allocates nothing. Not shared between threads: each worker makes its own.
public final class ByteScratch {
    /// Per probe, the values recorded at its trie node.
    var records: [[ByteRecord]] = []
    /// Keys of the objects being read, for duplicate detection.
    var keys: [ByteSlice] = []
    /// Per trie node, how many entry values were seen, and the ordinal of the current one.
    var counters: [UInt32] = []
    var current: [UInt32] = []
    /// Open-addressed table of record indices (+1; 0 is empty) for uniqueness checks.
    var table: [UInt32] = []
    /// Decoded (unescaped) strings; sized to the payload before the first one, never
    /// moved during a pass, so slices into it stay valid.
    var arena: UnsafeMutablePointer<UInt8>?
    var arenaCapacity = 0

    public init() {}

    deinit {
        arena?.deallocate()
    }
}

/// A string's bytes: a slice of the payload, or of the scratch arena once unescaped.
struct ByteSlice {
    var start: UnsafePointer<UInt8>
    var count: Int

    @inline(__always)
    func equals(_ other: ByteSlice) -> Bool {
        equals(other.start, other.count)
    }

    /// Keys and ids are short: a loop beats calling memcmp for them.
    @inline(__always)
    func equals(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        guard count == length else { return false }
        guard count > 16 else {
            var index = 0
            while index < count {
                if start[index] != bytes[index] { return false }
                index += 1
            }
            return true
        }
        return memcmp(start, bytes, count) == 0
    }

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// FNV-1a, enough for short keys.
    var hash: UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in 0..<count {
            value = (value ^ UInt64(start[index])) &* 0x100_0000_01b3
        }
        return value
    }
}

/// One value the rules look at: its kind and, for a string, where its bytes are; for
/// an array or object, its entry count.
struct ByteRecord {
    enum Kind: UInt8 {
        case null, `false`, `true`, number, string, array, object
    }

    var kind: Kind
    /// The string's bytes are all ASCII (byte equality is then String equality).
    var ascii: Bool
    /// The ordinal of the entry the value belongs to (see `BytePlan.Probe`).
    var ordinal: UInt32
    var start: UnsafePointer<UInt8>
    /// Bytes of a string or number; entries of an array or object.
    var count: Int

    var slice: ByteSlice { ByteSlice(start: start, count: count) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
