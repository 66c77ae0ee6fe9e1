#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSON

/// The byte pass of `tabgen validate`: one pass over a payload's bytes, guided by the
/// compiled schema, that answers "valid: no finding at all" without building a tree or
/// a String. Keys are matched as bytes, strings are slices of the input (unescaped into
/// a reusable arena only when their content matters), and the rules are checked on
/// records of the values their paths reach.
///
/// It only ever says "valid" when the tree path would report nothing. At a schema
/// error in well-formed JSON (a wrong type, a value not in an enum, a missing or
/// unexpected property) it notes that the payload is schema-invalid and reads on,
/// the offending value as one of the empty form, so the rules are still cleared on
/// records of the values as they are (`Verdict.schemaInvalid`). Whenever it meets a
/// syntax error or anything it does not handle (a duplicate key, a non-ASCII key or
/// compared value, which String equality may equate with other bytes), it gives up
/// and the tree path runs, so findings and messages are the tree path's alone.
public struct ByteValidator: Sendable {
    let plan: BytePlan?
    let tables: BytePlanTables?

    public init(document: SchemaDocument) {
        plan = BytePlan(document: document)
        tables = plan.map(BytePlanTables.init)
    }

    /// What the pass found out about a payload.
    public enum Verdict: Equatable, Sendable {
        /// The tree path would report nothing.
        case valid
        /// Well-formed and valid against the schema (RFC 8927); rule n certainly reports
        /// nothing where bit n of `passing` is set (the others may or may not). Where
        /// bit n of `failing` is set the pass saw rule n fail: it reports, but for
        /// values bytes cannot compare (the tree path then finds that it does not).
        case rulesOnly(passing: UInt64, failing: UInt64)
        /// Well-formed but not valid against the schema: the tree path words the schema
        /// errors; `passing` and `failing` as for `rulesOnly` (the rules read the values
        /// as they are, whatever the schema says of them).
        case schemaInvalid(passing: UInt64, failing: UInt64)
        /// The pass gave up: the tree path decides everything.
        case unknown
    }

    public func verdict(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth,
                        scratch: ByteScratch) -> Verdict {
        guard let tables, let base = bytes.baseAddress, bytes.count < Int(Int32.max) else { return .unknown }
        var pass = BytePass(tables: tables, base: base, count: bytes.count, maxDepth: maxDepth, scratch: scratch)
        defer { pass.finish(scratch) }
        do {
            try pass.document()
        } catch {
            return .unknown
        }
        let passing = pass.passingRules()
        let ruleCount = tables.ruleCount
        let all: UInt64 = ruleCount == 64 ? ~0 : (1 << UInt64(ruleCount)) - 1
        let failing = passing == all ? 0 : pass.failingRules(among: all & ~passing)
        if pass.schemaInvalid { return .schemaInvalid(passing: passing, failing: failing) }
        return passing == all ? .valid : .rulesOnly(passing: passing, failing: failing)
    }
}

extension BytePass {
    /// Of the rules in `candidates` (those not passing), the ones the records show to
    /// fail, not merely undecided: the tree path can skip their pre-check. Asked
    /// again here, for the one or two rules a payload fails, so that `passingRules`
    /// stays as it is for the valid payloads.
    mutating func failingRules(among candidates: UInt64) -> UInt64 {
        var failing: UInt64 = 0
        var remaining = candidates
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining &- 1
            if (try? ruleHolds(index)) == false { failing |= 1 << UInt64(index) }
        }
        return failing
    }
}

/// Giving up: the tree path decides.
struct Bail: Error {}

private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")

/// Its helpers are `mutating` even where they only read: called from a mutating
/// method, a non-mutating one gets a copy of the whole pass (some 400 bytes, a
/// memcpy per call), a mutating one only its address.
struct BytePass {
    // Only what the pass needs of the plan, so copies of the pass stay cheap.
    let flatRules: UnsafeMutablePointer<FlatRule>
    let ruleCount: Int
    let conditions: UnsafeMutablePointer<BytePlan.CompiledCondition>
    let forbidden: UnsafeMutablePointer<Int>
    let constants: UnsafeMutablePointer<BytePlan.Constant>
    let root: Int32
    let nodes: UnsafeMutablePointer<BytePlan.Node>
    let names: UnsafeMutablePointer<BytePlan.Name>
    let keyWords: UnsafeMutablePointer<KeyWord>
    let pool: UnsafeMutablePointer<UInt8>
    let properties: UnsafeMutablePointer<BytePlan.Property>
    let variants: UnsafeMutablePointer<BytePlan.Variant>
    let trie: UnsafeMutablePointer<BytePlan.TrieNode>
    let trieNames: UnsafeMutablePointer<BytePlan.TrieName>
    let probeLists: UnsafeMutablePointer<Int32>
    let probes: UnsafeMutablePointer<BytePlan.Probe>
    let checks: UnsafeMutablePointer<BytePlan.Check>
    let entryMask: UInt64
    let recordMask: UInt64
    let hasIndexNames: Bool
    let base: UnsafePointer<UInt8>
    let end: Int
    let maxDepth: Int
    var index = 0
    var depth = 0
    /// The scratch's record lists, appended to in place.
    let records: UnsafeMutablePointer<ScratchList<ByteRecord>>
    // The scratch's other lists, handed back by `finish` (growing may move them).
    var keys: ScratchList<ByteSlice>
    var counters: ScratchList<UInt32>
    var current: ScratchList<UInt32>
    var table: ScratchList<UInt32>
    var memoMasks: ScratchList<UInt64>
    var memoChildren: ScratchList<UInt64>
    /// -1: the table is a short list of `tableCount` record indices.
    var tableMask = 0
    var tableCount = 0
    var arena: UnsafeMutablePointer<UInt8>?
    var arenaCapacity: Int
    var arenaCount = 0
    /// Rules whose on-the-spot checks failed somewhere.
    var failed: UInt64 = 0
    /// A schema error was met (and read past): the payload is not valid.
    var schemaInvalid = false
    /// Bit n: whether probe n's records are all ASCII strings, no two equal
    /// (`allDistinct`), once known (`distinctKnown`); probes 0-63 only.
    var distinctKnown: UInt64 = 0
    var distinctAll: UInt64 = 0

    init(tables: BytePlanTables, base: UnsafePointer<UInt8>, count: Int, maxDepth: Int, scratch: ByteScratch) {
        flatRules = tables.flatRules.baseAddress.unsafelyUnwrapped
        ruleCount = tables.ruleCount
        conditions = tables.conditions.baseAddress.unsafelyUnwrapped
        forbidden = tables.forbidden.baseAddress.unsafelyUnwrapped
        constants = tables.constants.baseAddress.unsafelyUnwrapped
        root = tables.root
        // Every table has at least one slot, so the base addresses exist.
        nodes = tables.nodes.baseAddress.unsafelyUnwrapped
        names = tables.names.baseAddress.unsafelyUnwrapped
        keyWords = tables.keyWords.baseAddress.unsafelyUnwrapped
        pool = tables.nameBytes.baseAddress.unsafelyUnwrapped
        properties = tables.properties.baseAddress.unsafelyUnwrapped
        variants = tables.variants.baseAddress.unsafelyUnwrapped
        trie = tables.trie.baseAddress.unsafelyUnwrapped
        trieNames = tables.trieNames.baseAddress.unsafelyUnwrapped
        probeLists = tables.probeLists.baseAddress.unsafelyUnwrapped
        probes = tables.probes.baseAddress.unsafelyUnwrapped
        checks = tables.checks.baseAddress.unsafelyUnwrapped
        entryMask = tables.entryMask
        recordMask = tables.recordMask
        hasIndexNames = tables.hasIndexNames
        self.base = base
        end = count
        self.maxDepth = maxDepth
        records = scratch.prepareRecords(count: tables.probes.count)
        keys = scratch.keys
        keys.removeAll()
        counters = scratch.counters
        counters.fill(0, count: tables.trie.count)
        current = scratch.current
        current.fill(0, count: tables.trie.count)
        table = scratch.table
        // The memo depends only on the plan: kept from payload to payload.
        memoMasks = scratch.memoMasks
        memoChildren = scratch.memoChildren
        if scratch.memoOwner !== tables || memoMasks.count != tables.properties.count {
            memoMasks.fill(0, count: tables.properties.count)
            memoChildren.fill(0, count: tables.properties.count)
            scratch.memoOwner = tables
        }
        arena = scratch.arena
        arenaCapacity = scratch.arenaCapacity
    }

    /// Hands the buffers back for the next payload.
    mutating func finish(_ scratch: ByteScratch) {
        scratch.keys = keys
        scratch.counters = counters
        scratch.current = current
        scratch.table = table
        scratch.memoMasks = memoMasks
        scratch.memoChildren = memoChildren
        scratch.arena = arena
        scratch.arenaCapacity = arenaCapacity
    }

    // MARK: Document

    mutating func document() throws(Bail) {
        if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { throw Bail() }
        try value(root, 1)
        skipWhitespace()
        if index != end { throw Bail() }
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < end {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// One value against `nodeIndex` (-1: any value), its path matching the trie nodes of `mask`.
    mutating func value(_ nodeIndex: Int32, _ mask: UInt64) throws(Bail) {
        skipWhitespace()
        guard index < end else { throw Bail() }
        let byte = base[index]
        var node = nodeIndex
        while node >= 0 {
            let entry = nodes[Int(node)]
            if entry.nullable, byte == UInt8(ascii: "n") {
                node = -1
                break
            }
            guard entry.kind == .ref else { break }
            node = entry.a
        }
        if mask & entryMask != 0 { enterEntries(mask & entryMask) }
        let kind: BytePlan.Kind? = node >= 0 ? nodes[Int(node)].kind : nil
        var record = ByteRecord(kind: .null, ascii: true, ordinal: 0, start: base + index, count: 0)
        switch byte {
        case UInt8(ascii: "{"):
            record.kind = .object
            record.count = try object(node, mask)
        case UInt8(ascii: "["):
            record.kind = .array
            record.count = try array(node, mask)
        case quote:
            record.kind = .string
            try string(node, mask, &record)
        case UInt8(ascii: "t"):
            if kind != nil, kind != .boolean { schemaInvalid = true }
            try literal(0x74, 0x72, 0x75, 0x65)
            record.kind = .true
        case UInt8(ascii: "f"):
            if kind != nil, kind != .boolean { schemaInvalid = true }
            guard index + 4 < end, base[index + 4] == UInt8(ascii: "e") else { throw Bail() }
            try literal(0x66, 0x61, 0x6C, 0x73)
            index += 1
            record.kind = .false
        case UInt8(ascii: "n"):
            if kind != nil { schemaInvalid = true }
            try literal(0x6E, 0x75, 0x6C, 0x6C)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            record.kind = .number
            let start = index
            let number = try self.number()
            record.count = index - start
            if let kind {
                switch kind {
                case .number:
                    // The same range test as the tree path: beyond it is TG010 there.
                    let float32 = nodes[Int(node)].high == 1
                    if !(float32 ? Float(number).isFinite : number.isFinite) { schemaInvalid = true }
                case .integer:
                    let entry = nodes[Int(node)]
                    if !(number == number.rounded(.towardZero) && number >= entry.low && number <= entry.high) { schemaInvalid = true }
                default: schemaInvalid = true
                }
            }
        default:
            throw Bail()
        }
        if mask & recordMask != 0 { try recordValue(record, mask & recordMask) }
    }

    @inline(__always)
    mutating func literal(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) throws(Bail) {
        guard index + 3 < end, base[index] == a, base[index + 1] == b, base[index + 2] == c, base[index + 3] == d else { throw Bail() }
        index += 4
    }

    /// The tree reader's own number scanner, so both accept the same texts and agree on values.
    mutating func number() throws(Bail) -> Double {
        var scanner = Scanner(buffer: UnsafeBufferPointer(start: base, count: end), maxDepth: maxDepth)
        scanner.index = index
        do {
            let value = try scanner.number()
            index = scanner.index
            return value
        } catch {
            throw Bail()
        }
    }

    // MARK: Strings

    /// Scans a string from its opening quote, checking everything the tree reader
    /// checks; leaves `index` after the closing quote.
    @inline(__always)
    mutating func scanString() throws(Bail) -> (start: Int, end: Int, escaped: Bool, ascii: Bool) {
        let start = index &+ 1
        let (next, escaped, ascii) = try Self.scanString(base, from: index, end: end)
        index = next
        return (start, next &- 1, escaped, ascii)
    }

    /// Scans the string whose opening quote is at `from`, checking everything the tree
    /// reader checks; returns the index after its closing quote and whether it has
    /// escapes and whether it is ASCII. Static, so callers keep their position in a
    /// register.
    @inline(__always)
    static func scanString(_ base: UnsafePointer<UInt8>, from: Int, end: Int) throws(Bail) -> (Int, escaped: Bool, ascii: Bool) {
        var index = from &+ 1
        let start = index
        var escaped = false
        var ascii = true
        while true {
            // Eight bytes at a time while none is a quote, a backslash, a control or non-ASCII byte.
            while index &+ 8 <= end {
                let special = ByteWords.stringSpecials(ByteWords.load(base + index))
                if special != 0 {
                    // The lowest flagged byte is a real one (false flags only follow a
                    // real one): jump to it.
                    index &+= special.trailingZeroBitCount >> 3
                    break
                }
                index &+= 8
            }
            guard index < end else { throw Bail() }
            let byte = base[index]
            if byte == quote {
                if !ascii {
                    let scanner = Scanner(buffer: UnsafeBufferPointer(start: base, count: end), maxDepth: 1)
                    if scanner.validateUTF8(from: start, to: index) != nil { throw Bail() }
                }
                return (index &+ 1, escaped, ascii)
            }
            if byte < 0x20 { throw Bail() }
            if byte >= 0x80 {
                ascii = false
                index &+= 1
            } else if byte == backslash {
                escaped = true
                index = try skipEscape(base, at: index, end: end)
            } else {
                index &+= 1
            }
        }
    }

    /// Checks one escape at `index` (a backslash) as the tree reader decodes it;
    /// returns the index after it.
    static func skipEscape(_ base: UnsafePointer<UInt8>, at start: Int, end: Int) throws(Bail) -> Int {
        var index = start
        guard index + 1 < end else { throw Bail() }
        switch base[index + 1] {
        case quote, backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            index += 2
            let unit = try hex4(base, &index, end: end)
            if unit >= 0xD800, unit <= 0xDBFF {
                guard index + 1 < end, base[index] == backslash, base[index + 1] == UInt8(ascii: "u") else { throw Bail() }
                index += 2
                let low = try hex4(base, &index, end: end)
                guard low >= 0xDC00, low <= 0xDFFF else { throw Bail() }
            } else if unit >= 0xDC00, unit <= 0xDFFF {
                throw Bail()
            }
        default:
            throw Bail()
        }
        return index
    }

    static func hex4(_ base: UnsafePointer<UInt8>, _ index: inout Int, end: Int) throws(Bail) -> UInt32 {
        guard index + 4 <= end else { throw Bail() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Scanner.hexDigit(base[index]) else { throw Bail() }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Skips JSON whitespace from `index`.
    @inline(__always)
    static func skipWhitespace(_ base: UnsafePointer<UInt8>, _ index: Int, _ end: Int) -> Int {
        var index = index
        while index < end {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index &+= 1
            default: return index
            }
        }
        return index
    }

    /// The content of a scanned string: the input's bytes, or (escaped) the decoded
    /// bytes in the arena. Returns whether the content is ASCII.
    @inline(__always)
    mutating func content(_ scanned: (start: Int, end: Int, escaped: Bool, ascii: Bool)) throws(Bail) -> (ByteSlice, Bool) {
        guard scanned.escaped else {
            return (ByteSlice(start: base + scanned.start, count: scanned.end - scanned.start), scanned.ascii)
        }
        return try decoded(scanned)
    }

    /// An escaped string's content, decoded into the arena.
    mutating func decoded(_ scanned: (start: Int, end: Int, escaped: Bool, ascii: Bool)) throws(Bail) -> (ByteSlice, Bool) {
        let length = scanned.end - scanned.start
        if arenaCapacity < end + 16 {
            // Only before the first decoded string of this pass: nothing points into it yet.
            guard arenaCount == 0 else { throw Bail() }
            arena?.deallocate()
            arenaCapacity = end + 16
            arena = UnsafeMutablePointer<UInt8>.allocate(capacity: arenaCapacity)
        }
        guard let arena, arenaCount + length <= arenaCapacity else { throw Bail() }
        let output = arena + arenaCount
        var written = 0
        var ascii = scanned.ascii
        var position = scanned.start
        while position < scanned.end {
            let byte = base[position]
            guard byte == backslash else {
                output[written] = byte
                written += 1
                position += 1
                continue
            }
            let code = base[position + 1]
            position += 2
            switch code {
            case UInt8(ascii: "b"): output[written] = 0x08
            case UInt8(ascii: "f"): output[written] = 0x0C
            case UInt8(ascii: "n"): output[written] = 0x0A
            case UInt8(ascii: "r"): output[written] = 0x0D
            case UInt8(ascii: "t"): output[written] = 0x09
            case UInt8(ascii: "u"):
                var scalar = Self.hexValue(base + position)
                position += 4
                if scalar >= 0xD800, scalar <= 0xDBFF {
                    let low = Self.hexValue(base + position + 2)
                    position += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                if scalar < 0x80 {
                    output[written] = UInt8(scalar)
                } else {
                    ascii = false
                    guard let value = Unicode.Scalar(scalar), let encoded = UTF8.encode(value) else { throw Bail() }
                    for unit in encoded {
                        output[written] = unit
                        written += 1
                    }
                    continue
                }
            default: output[written] = code  // " \ /
            }
            written += 1
        }
        arenaCount += written
        return (ByteSlice(start: UnsafePointer(output), count: written), ascii)
    }

    /// Four hex digits already checked by `skipEscape`.
    static func hexValue(_ pointer: UnsafePointer<UInt8>) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = pointer[offset]
            let digit = byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    mutating func string(_ node: Int32, _ mask: UInt64, _ record: inout ByteRecord) throws(Bail) {
        let scanned = try scanString()
        let kind: BytePlan.Kind? = node >= 0 ? nodes[Int(node)].kind : nil
        let needsContent = mask & recordMask != 0 || kind == .timestamp || kind == .enumeration
        if needsContent {
            let (slice, ascii) = try content(scanned)
            record.start = slice.start
            record.count = slice.count
            record.ascii = ascii
        }
        guard let kind else { return }
        switch kind {
        case .string:
            break
        case .timestamp:
            if !RFC3339.isDateTime(bytes: record.slice.buffer) { schemaInvalid = true }
        case .enumeration:
            let entry = nodes[Int(node)]
            if matchName(record.slice, first: entry.a, count: entry.b) == nil { schemaInvalid = true }
        default:
            schemaInvalid = true
        }
    }

    /// The offset of the name among `count` names from `first` that equals `slice`.
    @inline(__always)
    mutating func matchName(_ slice: ByteSlice, first: Int32, count: Int32) -> Int32? {
        for offset in 0..<count where nameEquals(slice, first + offset) { return offset }
        return nil
    }

    @inline(__always)
    mutating func nameEquals(_ slice: ByteSlice, _ nameIndex: Int32) -> Bool {
        let name = names[Int(nameIndex)]
        return slice.equals(pool + Int(name.start), Int(name.count))
    }

    /// An object key: scanned, unescaped, and ASCII (non-ASCII keys may be equal as
    /// Strings while their bytes differ, so the tree path decides those).
    mutating func key() throws(Bail) -> ByteSlice {
        guard index < end, base[index] == quote else { throw Bail() }
        let scanned = try scanString()
        let (slice, ascii) = try content(scanned)
        guard ascii else { throw Bail() }
        return slice
    }

    /// A member's string value against the string or enum form, or any value: what
    /// `value` and `string` do with it, without their dispatch.
    @inline(__always)
    mutating func stringMember(_ node: Int32, _ kind: BytePlan.Kind?, _ mask: UInt64) throws(Bail) {
        if mask & entryMask != 0 { enterEntries(mask & entryMask) }
        let scanned = try scanString()
        let recorded = mask & recordMask
        guard recorded != 0 || kind == .enumeration else { return }
        let (slice, ascii) = try content(scanned)
        if kind == .enumeration {
            let entry = nodes[Int(node)]
            if matchName(slice, first: entry.a, count: entry.b) == nil { schemaInvalid = true }
        }
        if recorded != 0 {
            try recordValue(ByteRecord(kind: .string, ascii: ascii, ordinal: 0, start: slice.start, count: slice.count), recorded)
        }
    }

    /// When the input at `index` is the key `nameIndex` written plainly (its bytes
    /// between quotes), that key, with `index` after its closing quote; else nil and
    /// `index` unchanged. Only for plain names (`Name.plain`): their bytes followed by
    /// a quote can only be that string.
    @inline(__always)
    mutating func plainKey(_ nameIndex: Int32) -> ByteSlice? {
        let name = names[Int(nameIndex)]
        let length = Int(name.count)
        guard name.plain, index + length + 1 < end, base[index] == quote, base[index + length + 1] == quote else { return nil }
        let key = ByteSlice(start: base + index + 1, count: length)
        guard key.equals(pool + Int(name.start), length) else { return nil }
        index += length + 2
        return key
    }

    /// After a key: whitespace, a colon.
    @inline(__always)
    mutating func colon() throws(Bail) {
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: ":") else { throw Bail() }
        index += 1
    }

    /// After a member or element: true at a comma, false at `close`.
    @inline(__always)
    mutating func separator(_ close: UInt8) throws(Bail) -> Bool {
        skipWhitespace()
        guard index < end else { throw Bail() }
        let byte = base[index]
        index += 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == close { return false }
        throw Bail()
    }

    /// Records `key` among the keys of the object whose keys start at `first`; a
    /// duplicate (the tree reader refuses it), or more keys than a scan should handle,
    /// gives up.
    @inline(__always)
    mutating func checkDuplicate(_ key: ByteSlice, from first: Int) throws(Bail) {
        if keys.count - first >= 32 { throw Bail() }
        for position in first..<keys.count where keys[position].equals(key) { throw Bail() }
        keys.append(key)
    }

    // MARK: Objects and arrays

    mutating func enter() throws(Bail) {
        depth += 1
        if depth > maxDepth { throw Bail() }
        index += 1
    }

    /// An object; returns its member count.
    mutating func object(_ node: Int32, _ mask: UInt64) throws(Bail) -> Int {
        guard node >= 0 else { return try looseObject(-1, mask) }
        let entry = nodes[Int(node)]
        switch entry.kind {
        case .properties: return try properties(node, mask, tag: -1)
        case .values: return try looseObject(entry.a, mask)
        case .discriminator:
            guard let variant = try discriminatorVariant(entry) else {
                // No usable tag: the members are read as any values.
                schemaInvalid = true
                return try looseObject(-1, mask)
            }
            return try properties(variant, mask, tag: entry.a)
        default:
            // An object where the schema wants no object: read as any value.
            schemaInvalid = true
            return try looseObject(-1, mask)
        }
    }

    /// An object whose every member is validated against `child` (a values form, or any value).
    mutating func looseObject(_ child: Int32, _ mask: UInt64) throws(Bail) -> Int {
        try enter()
        let firstKey = keys.count
        defer { keys.truncate(to: firstKey) }
        skipWhitespace()
        if index < end, base[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return 0
        }
        var count = 0
        repeat {
            skipWhitespace()
            let key = try key()
            try checkDuplicate(key, from: firstKey)
            try colon()
            try value(child, mask == 0 ? 0 : childMask(mask, key: key))
            count += 1
        } while try separator(UInt8(ascii: "}"))
        depth -= 1
        return count
    }

    /// An object against a properties form; `tag` names the discriminator's tag
    /// member, which the variant does not list but allows. The read position is kept
    /// in a local (`at`) and handed to `index` only around calls that read on.
    mutating func properties(_ node: Int32, _ mask: UInt64, tag: Int32) throws(Bail) -> Int {
        let form = nodes[Int(node)]
        try enter()
        let firstKey = keys.count
        defer { keys.truncate(to: firstKey) }
        var seenRequired: UInt64 = 0
        var seenOptional: UInt64 = 0
        var requiredCount: Int32 = 0
        let total = Int(form.b) &+ Int(form.c)
        let first = Int(form.a)
        var count = 0
        let bytes = base
        let limit = end
        var at = Self.skipWhitespace(bytes, index, limit)
        if at < limit, bytes[at] == UInt8(ascii: "}") {
            at &+= 1
        } else {
            while true {
                at = Self.skipWhitespace(bytes, at, limit)
                var found = -1
                var key = ByteSlice(start: bytes, count: 0)
                // Payloads usually list properties in schema order: try the member's
                // position first, then the others, by words on the raw bytes (no scan,
                // no unescaping).
                if total > 0, at < limit, bytes[at] == quote {
                    let room = limit &- at
                    var candidate = count < total ? count : 0
                    for _ in 0..<total {
                        let word = keyWords[Int(properties[first &+ candidate].name)]
                        if word.quoted != 0, Int(word.reach) <= room, word.matches(bytes + at) {
                            found = first &+ candidate
                            key = ByteSlice(start: bytes + at + 1, count: Int(word.quoted) &- 2)
                            at &+= Int(word.quoted)
                            break
                        }
                        candidate &+= 1
                        if candidate == total { candidate = 0 }
                    }
                }
                if found < 0 {
                    // Near the end of the input, escaped, or not a property.
                    index = at
                    if count < total, let expected = plainKey(properties[first + count].name) {
                        key = expected
                        found = first + count
                    } else {
                        key = try self.key()
                        for offset in 0..<total where nameEquals(key, properties[first + offset].name) {
                            found = first + offset
                            break
                        }
                    }
                    at = index
                }
                var child: Int32 = -1
                if found >= 0 {
                    let property = properties[found]
                    let bit: UInt64 = 1 << UInt64(property.slot)
                    if property.isRequired {
                        if seenRequired & bit != 0 { throw Bail() }
                        seenRequired |= bit
                        requiredCount &+= 1
                    } else {
                        if seenOptional & bit != 0 { throw Bail() }
                        seenOptional |= bit
                    }
                    child = property.node
                } else {
                    if !form.additional, tag < 0 || !nameEquals(key, tag) { schemaInvalid = true }
                    try checkDuplicate(key, from: firstKey)
                }
                at = Self.skipWhitespace(bytes, at, limit)
                guard at < limit, bytes[at] == UInt8(ascii: ":") else { throw Bail() }
                at &+= 1
                var childMask: UInt64 = 0
                if mask != 0 {
                    if found >= 0 {
                        // The key is the property's name: its child mask depends on the mask alone.
                        if memoMasks[found] != mask {
                            memoChildren[found] = self.childMask(mask, key: key)
                            memoMasks[found] = mask
                        }
                        childMask = memoChildren[found]
                    } else {
                        childMask = self.childMask(mask, key: key)
                    }
                }
                at = Self.skipWhitespace(bytes, at, limit)
                let childKind: BytePlan.Kind? = child >= 0 ? nodes[Int(child)].kind : nil
                if at < limit, bytes[at] == quote, child < 0 || childKind == .string || childKind == .enumeration {
                    if childMask == 0, childKind != .enumeration {
                        // A string no rule looks at, against the string form or any
                        // value: all there is to do is scan it.
                        at = try Self.scanString(bytes, from: at, end: limit).0
                    } else {
                        index = at
                        try stringMember(child, childKind, childMask)
                        at = index
                    }
                } else {
                    index = at
                    try value(child, childMask)
                    at = index
                }
                count &+= 1
                at = Self.skipWhitespace(bytes, at, limit)
                guard at < limit else { throw Bail() }
                let separator = bytes[at]
                at &+= 1
                if separator == UInt8(ascii: ",") { continue }
                if separator == UInt8(ascii: "}") { break }
                throw Bail()
            }
        }
        index = at
        depth -= 1
        if requiredCount != form.b { schemaInvalid = true }
        return count
    }

    /// Finds the discriminator's tag member before the object is read (it may come
    /// last) and returns the variant's properties node; nil when the tag is missing,
    /// not a string or not in the mapping (a schema error; the object's syntax is
    /// checked when it is read).
    mutating func discriminatorVariant(_ form: BytePlan.Node) throws(Bail) -> Int32? {
        let start = index
        defer { index = start }
        index += 1
        skipWhitespace()
        while index < end, base[index] != UInt8(ascii: "}") {
            let key = try key()
            try colon()
            skipWhitespace()
            if nameEquals(key, form.a) {
                guard index < end, base[index] == quote else { return nil }
                let (tag, _) = try content(try scanString())
                for offset in 0..<form.c {
                    let variant = variants[Int(form.b + offset)]
                    if nameEquals(tag, variant.name) { return variant.node }
                }
                return nil
            }
            try skipLoosely()
            skipWhitespace()
            guard index < end else { throw Bail() }
            if base[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            }
        }
        return nil
    }

    /// Skips a value without checking it (the real pass checks it afterwards); only
    /// finds where it ends.
    mutating func skipLoosely() throws(Bail) {
        var nesting = 0
        while true {
            guard index < end else { throw Bail() }
            switch base[index] {
            case quote:
                _ = try scanString()
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): nesting += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if nesting == 0 { return }
                nesting -= 1
            case UInt8(ascii: ","):
                if nesting == 0 { return }
            default: break
            }
            index += 1
        }
    }

    /// An array; returns its element count.
    mutating func array(_ node: Int32, _ mask: UInt64) throws(Bail) -> Int {
        var child: Int32 = -1
        if node >= 0 {
            let entry = nodes[Int(node)]
            // An array where the schema wants no array: its elements are any values.
            if entry.kind == .elements { child = entry.a } else { schemaInvalid = true }
        }
        try enter()
        skipWhitespace()
        if index < end, base[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return 0
        }
        let wildcards = mask == 0 ? 0 : wildcardMask(mask)
        let indexed = mask != 0 && hasIndexNames
        let objects = child >= 0 && nodes[Int(child)].kind == .properties
        var count = 0
        repeat {
            let elementMask = indexed ? wildcards | indexMask(mask, count) : wildcards
            skipWhitespace()
            if objects, index < end, base[index] == UInt8(ascii: "{") {
                // An object against a properties form: what `value` does with it, without its dispatch.
                if elementMask & entryMask != 0 { enterEntries(elementMask & entryMask) }
                let start = base + index
                let members = try properties(child, elementMask, tag: -1)
                if elementMask & recordMask != 0 {
                    try recordValue(ByteRecord(kind: .object, ascii: true, ordinal: 0, start: start, count: members), elementMask & recordMask)
                }
            } else {
                try value(child, elementMask)
            }
            count += 1
        } while try separator(UInt8(ascii: "]"))
        depth -= 1
        return count
    }

    // MARK: Rule paths

    @inline(__always)
    mutating func wildcardMask(_ mask: UInt64) -> UInt64 {
        var result: UInt64 = 0
        var remaining = mask
        while remaining != 0 {
            let node = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            let child = trie[node].wildcard
            if child >= 0 { result |= 1 << UInt64(child) }
        }
        return result
    }

    mutating func indexMask(_ mask: UInt64, _ position: Int) -> UInt64 {
        var result: UInt64 = 0
        var remaining = mask
        while remaining != 0 {
            let node = trie[remaining.trailingZeroBitCount]
            remaining &= remaining - 1
            for offset in 0..<node.nameCount {
                let name = trieNames[Int(node.firstName + offset)]
                if name.index == position { result |= 1 << UInt64(name.child) }
            }
        }
        return result
    }

    mutating func childMask(_ mask: UInt64, key: ByteSlice) -> UInt64 {
        var result: UInt64 = 0
        var remaining = mask
        while remaining != 0 {
            let node = trie[remaining.trailingZeroBitCount]
            remaining &= remaining - 1
            if node.wildcard >= 0 { result |= 1 << UInt64(node.wildcard) }
            for offset in 0..<node.nameCount {
                let name = trieNames[Int(node.firstName + offset)]
                if nameEquals(key, name.name) { result |= 1 << UInt64(name.child) }
            }
        }
        return result
    }

    mutating func enterEntries(_ mask: UInt64) {
        var remaining = mask
        while remaining != 0 {
            let node = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            current[node] = counters[node]
            counters[node] &+= 1
        }
    }

    /// Appends the value to the record lists of its trie nodes and runs their checks.
    /// Inlined: its usual work (one append) is smaller than a call's frame.
    @inline(__always)
    mutating func recordValue(_ value: ByteRecord, _ mask: UInt64) throws(Bail) {
        var remaining = mask
        while remaining != 0 {
            // The node's fields read where they are: a copy of it would be spilled.
            let node = trie + remaining.trailingZeroBitCount
            remaining &= remaining &- 1
            let sole = Int(node.pointee.soleProbe)
            if sole >= 0 {
                // Most nodes: one list, its entry read from the node.
                let entry = Int(node.pointee.soleEntry)
                var record = value
                record.ordinal = entry >= 0 ? current[entry] : 0
                records[sole].append(record)
            } else if node.pointee.probeCount > 0 {
                recordAll(value, node)
            }
            if node.pointee.checkCount > 0 { check(value, node) }
        }
    }

    /// The lists of a node with several probes. Out of line, like `check`, so that
    /// `recordValue`'s frame stays small for the usual node.
    @inline(never)
    mutating func recordAll(_ value: ByteRecord, _ node: UnsafeMutablePointer<BytePlan.TrieNode>) {
        var probe = Int(node.pointee.firstProbe)
        let probeEnd = probe &+ Int(node.pointee.probeCount)
        while probe < probeEnd {
            let id = Int(probeLists[probe])
            var record = value
            let entry = probes[id].entry
            record.ordinal = entry >= 0 ? current[Int(entry)] : 0
            records[id].append(record)
            probe &+= 1
        }
    }

    /// The node's on-the-spot checks: a failed one marks its rule.
    @inline(never)
    mutating func check(_ value: ByteRecord, _ node: UnsafeMutablePointer<BytePlan.TrieNode>) {
        var check = Int(node.pointee.firstCheck)
        let checkEnd = check &+ Int(node.pointee.checkCount)
        while check < checkEnd {
            let item = checks[check]
            if !passes(item, value) { failed |= 1 << UInt64(item.rule) }
            check &+= 1
        }
    }

    /// Inlined into `check`, which is out of line itself.
    @inline(__always)
    mutating func passes(_ check: BytePlan.Check, _ value: ByteRecord) -> Bool {
        switch check.kind {
        case .relativeReference, .relativeReferenceWithAuthority:
            guard value.kind == .string else { return true }
            // The payload's bytes before a string in it may be read; an unescaped copy's may not.
            let inPayload = value.start >= base && value.start + value.count <= base + end
            return Self.isRelativeReference(value.slice, allowAuthority: check.kind == .relativeReferenceWithAuthority,
                                            readableFrom: inPayload ? base : nil)
        case .equals:
            // Equal bytes are equal Strings; anything else counts as failed, and the
            // tree path decides.
            return matches(value, constants[Int(check.constant)]) == true
        }
    }

    /// The relativeReference rule's verdict on a string's bytes, as RuleCheck gives it:
    /// "" (TG021) and a "//" anywhere (which may resolve to a leading "//", TG020) are
    /// warnings the tree path words.
    static func isRelativeReference(_ slice: ByteSlice, allowAuthority: Bool) -> Bool {
        let count = slice.count
        if count == 0 { return false }
        let bytes = slice.start
        // With an authority allowed, the full check (rare: no schema here uses it).
        guard !allowAuthority else {
            return RelativeReference.isRelativeReference(slice.buffer, allowAuthority: true)
        }
        // RelativeReference.isRelativeReference in one pass, for a reference with no
        // "//" (so no authority, and no "[" or "]" anywhere): a ":" before the first
        // "/", "?" or "#" reads as a scheme, one "#" at most, "%" takes two hex digits,
        // every other byte is in the allowed set. Most bytes need only the mask test.
        var firstSegment = true
        var sawHash = false
        var index = 0
        while index < count {
            let byte = bytes[index]
            index &+= 1
            if byte < 128, (byte < 64 ? simpleReferenceBytesLow : simpleReferenceBytesHigh) & (1 << UInt64(byte & 63)) != 0 {
                continue
            }
            switch byte {
            case UInt8(ascii: "/"):
                // The bytes as written, like the "//" check it replaces.
                if index >= 2, bytes[index - 2] == UInt8(ascii: "/") { return false }
                firstSegment = false
            case UInt8(ascii: "?"):
                firstSegment = false
            case UInt8(ascii: ":"):
                if firstSegment { return false }
            case UInt8(ascii: "#"):
                if sawHash { return false }
                sawHash = true
                firstSegment = false
            case UInt8(ascii: "%"):
                guard index + 1 < count, Scanner.hexDigit(bytes[index]) != nil, Scanner.hexDigit(bytes[index + 1]) != nil else {
                    return false
                }
                index &+= 2
            default:
                return false
            }
        }
        return true
    }

    /// Bit n set: byte n (0-63), or byte 64 + n, may appear as it is anywhere in a
    /// relative reference and needs no second look: a letter, a digit or one of
    /// `-._~!$&'()*+,;=@` (BytePassTests checks the pass against the full check on
    /// every byte).
    static let simpleReferenceBytesLow: UInt64 = 0x2BFF_7FD2_0000_0000
    static let simpleReferenceBytesHigh: UInt64 = 0x47FF_FFFE_87FF_FFFF

    /// Whether a recorded value equals a constant: nil when bytes cannot tell.
    mutating func matches(_ value: ByteRecord, _ constant: BytePlan.Constant) -> Bool? {
        switch constant {
        case .null: return value.kind == .null
        case .bool(let flag): return value.kind == (flag ? .true : .false)
        case .number(let number):
            guard value.kind == .number else { return false }
            var scanner = Scanner(buffer: UnsafeBufferPointer(start: value.start, count: value.count), maxDepth: 1)
            guard let parsed = try? scanner.number() else { return nil }
            return parsed == number
        case .string(let name, let ascii):
            guard value.kind == .string else { return false }
            if nameEquals(value.slice, name) { return true }
            return ascii && value.ascii ? false : nil
        }
    }
}
