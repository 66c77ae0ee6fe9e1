import JSON

/// The buffers one thread's byte passes reuse from payload to payload, so a valid
/// payload allocates nothing. Not shared between threads: each worker makes its own.
/// The buffers are raw memory (`ScratchList`), not Swift arrays: the pass touches them
/// for every value, and arrays cost a uniqueness check and reference counting there.
public final class ByteScratch {
    /// Per probe, the values recorded at its trie node (`recordListCount` lists).
    var records: UnsafeMutablePointer<ScratchList<ByteRecord>>?
    var recordListCount = 0
    /// Keys of the objects being read, for duplicate detection.
    var keys = ScratchList<ByteSlice>()
    /// Per trie node, how many entry values were seen, and the ordinal of the current one.
    var counters = ScratchList<UInt32>()
    var current = ScratchList<UInt32>()
    /// Open-addressed table of record indices (+1; 0 is empty) for uniqueness checks.
    var table = ScratchList<UInt32>()
    /// Per property of the plan, the last trie mask a member was read under and the
    /// child mask it gave (the same for every tab of a payload, and of the next one).
    var memoMasks = ScratchList<UInt64>()
    var memoChildren = ScratchList<UInt64>()
    /// The plan the memo belongs to (a scratch may serve several validators); held, so
    /// its address cannot be reused by another plan.
    var memoOwner: AnyObject?
    /// Decoded (unescaped) strings; sized to the payload before the first one, never
    /// moved during a pass, so slices into it stay valid.
    var arena: UnsafeMutablePointer<UInt8>?
    var arenaCapacity = 0
    /// Strings the tree path's reader reuses from payload to payload (not the byte pass's).
    public let strings = JSONStringCache()

    public init() {}

    /// Readies `count` empty record lists, keeping their memory when the count is unchanged.
    func prepareRecords(count: Int) -> UnsafeMutablePointer<ScratchList<ByteRecord>> {
        if let records, recordListCount == count {
            for index in 0..<count { records[index].removeAll() }
            return records
        }
        releaseRecords()
        let lists = UnsafeMutablePointer<ScratchList<ByteRecord>>.allocate(capacity: max(1, count))
        lists.initialize(repeating: ScratchList(), count: max(1, count))
        records = lists
        recordListCount = count
        return lists
    }

    private func releaseRecords() {
        guard let records else { return }
        for index in 0..<max(1, recordListCount) { records[index].deallocate() }
        records.deallocate()
        self.records = nil
    }

    deinit {
        releaseRecords()
        keys.deallocate()
        counters.deallocate()
        current.deallocate()
        table.deallocate()
        memoMasks.deallocate()
        memoChildren.deallocate()
        arena?.deallocate()
    }
}

/// A growable list of plain values in memory the owner frees (`deallocate`): no
/// reference count, no uniqueness check, no copy on write. Copies share the memory,
/// so one owner (a `ByteScratch`) keeps the current value and frees it once.
struct ScratchList<Element: BitwiseCopyable>: RandomAccessCollection {
    private(set) var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private(set) var capacity = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        @inline(__always) get { base.unsafelyUnwrapped[position] }
        @inline(__always) nonmutating set { base.unsafelyUnwrapped[position] = newValue }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { reserve(Swift.max(8, capacity * 2)) }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// Room for `minimum` elements, keeping the present ones. Out of line: rare, and
    /// inlined into every `append` it would widen the hot callers' frames.
    @inline(never)
    mutating func reserve(_ minimum: Int) {
        guard minimum > capacity else { return }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: minimum)
        if let base {
            grown.initialize(from: base, count: count)
            base.deallocate()
        }
        base = grown
        capacity = minimum
    }

    /// `count` elements, each `value`.
    mutating func fill(_ value: Element, count newCount: Int) {
        reserve(Swift.max(1, newCount))
        base.unsafelyUnwrapped.initialize(repeating: value, count: newCount)
        count = newCount
    }

    /// Keeps the first `newCount` elements.
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        count = Swift.min(count, newCount)
    }

    mutating func removeAll() { count = 0 }

    func deallocate() { base?.deallocate() }
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
