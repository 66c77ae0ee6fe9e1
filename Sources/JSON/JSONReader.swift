#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A strict RFC 8259 JSON reader.
///
/// It is the one parser for schemas and payloads, so it refuses everything on which
/// JSON readers disagree: duplicate keys, invalid UTF-8, lone surrogate escapes, a
/// leading byte-order mark. Nesting is limited to `maxDepth` (default 512, the limit of
/// Foundation's JSONSerialization) so hostile input cannot exhaust the stack; every step
/// consumes input, so no input makes it loop.
public struct JSONReader: Sendable {
    public static let defaultMaxDepth = 512

    public var maxDepth: Int

    public init(maxDepth: Int = JSONReader.defaultMaxDepth) {
        self.maxDepth = maxDepth
    }

    public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSON {
        let result: Result<JSON, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            parse(buffer: buffer)
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { parse(buffer: $0) }.get()
    }

    public func parse(buffer: UnsafeBufferPointer<UInt8>) -> Result<JSON, JSONParseError> {
        parse(buffer: buffer, strings: nil)
    }

    /// Parses, taking keys and short strings from `strings` when it holds them (one
    /// cache per thread; the tree is the same with or without it).
    public func parse(buffer: UnsafeBufferPointer<UInt8>, strings: JSONStringCache?) -> Result<JSON, JSONParseError> {
        var wideKeys = false
        return parse(buffer: buffer, strings: strings, wideKeys: &wideKeys)
    }

    /// `parse(buffer:strings:)`, setting `wideKeys` when some key of the text has a byte
    /// past ASCII or an escape (`"\u212A"`), the only keys that may not be ASCII: a
    /// caller with work about such keys alone skips it otherwise, without a scan of its own.
    public func parse(buffer: UnsafeBufferPointer<UInt8>, strings: JSONStringCache?, wideKeys: inout Bool) -> Result<JSON, JSONParseError> {
        var scanner = Scanner(buffer: buffer, maxDepth: maxDepth)
        scanner.strings = strings
        defer { wideKeys = scanner.wideKeys }
        do {
            return .success(try scanner.document())
        } catch {
            return .failure(error)
        }
    }
}

private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")

package struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    package var index = 0
    var depth = 0
    /// Where strings the reader built before are reused; nil builds each one.
    var strings: JSONStringCache?
    /// The strings read so far with a byte past ASCII or an escape, counted on the paths
    /// that handle those (rare) strings anyway, so an ASCII string costs nothing more.
    var wideStrings = 0
    /// Whether some key read so far had a byte past ASCII or an escape.
    package var wideKeys = false

    package init(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = buffer
        self.maxDepth = maxDepth
    }

    mutating func document() throws(JSONParseError) -> JSON {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw JSONParseError(reason: .byteOrderMark, offset: 0)
        }
        let value = try self.value()
        skipWhitespace()
        if index < bytes.count {
            throw JSONParseError(reason: .trailingCharacters, offset: index)
        }
        return value
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    func unexpected(at offset: Int) -> JSONParseError {
        guard offset < bytes.count else { return JSONParseError(reason: .unexpectedEnd, offset: offset) }
        let byte = bytes[offset]
        if byte >= 0x80 {
            if validateUTF8(from: offset, to: min(bytes.count, offset + 4)) == offset {
                return JSONParseError(reason: .invalidUTF8, offset: offset)
            }
            return JSONParseError(reason: .unexpectedCharacter("U+\(hex(leadingScalar(at: offset)))"), offset: offset)
        }
        if byte < 0x20 || byte == 0x7F {
            return JSONParseError(reason: .unexpectedCharacter("U+\(hex(UInt32(byte)))"), offset: offset)
        }
        return JSONParseError(reason: .unexpectedCharacter("'\(Character(Unicode.Scalar(byte)))'"), offset: offset)
    }

    private func leadingScalar(at offset: Int) -> UInt32 {
        let end = min(bytes.count, offset + 4)
        var decoder = UTF8()
        var iterator = bytes[offset..<end].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar.value }
        return UInt32(bytes[offset])
    }

    mutating func value() throws(JSONParseError) -> JSON {
        skipWhitespace()
        guard index < bytes.count else { throw JSONParseError(reason: .unexpectedEnd, offset: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case quote: return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw unexpected(at: index)
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        for offset in 0..<count {
            guard index + offset < bytes.count, bytes[index + offset] == start[offset] else {
                throw unexpected(at: index + offset)
            }
        }
        index += count
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > maxDepth { throw JSONParseError(reason: .tooDeep(limit: maxDepth), offset: index) }
    }

    /// Enters the container whose opening byte is at `index`; true, and out of it again,
    /// when `close` follows (an empty container).
    @inline(__always)
    mutating func open(closedBy close: UInt8) throws(JSONParseError) -> Bool {
        try enter()
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == close else { return false }
        index += 1
        depth -= 1
        return true
    }

    mutating func object() throws(JSONParseError) -> JSON {
        if try open(closedBy: UInt8(ascii: "}")) { return .object(JSONObject()) }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(8)  // payload objects are small; spare the regrowth
        // Small objects check duplicates by scanning; large ones switch to a set, so a
        // hostile object with a million keys stays linear.
        var seen: Set<ScalarKey>?
        // The UTF-8 lengths of the keys so far, one bit each (63: that long or longer):
        // equal keys have equal lengths, so a key of a new length skips the scan.
        var lengths: UInt64 = 0
        // The last comma: a trailing one (`1,\n}`) is reported where it stands, not at the
        // brace, which may be lines further on.
        var comma: Int?
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw JSONParseError(reason: .unexpectedEnd, offset: index) }
            guard bytes[index] == quote else {
                throw JSONParseError(reason: .expectedKey, offset: bytes[index] == UInt8(ascii: "}") ? comma ?? index : index)
            }
            let keyOffset = index
            let wideBefore = wideStrings
            let key = try string()
            if wideStrings != wideBefore { wideKeys = true }
            if seen == nil {
                // Lengths first (cheap, and most keys of an object differ in length), by index
                // so no member is copied.
                let keyLength = key.utf8.count
                let lengthBit: UInt64 = 1 &<< UInt64(Swift.min(keyLength, 63))
                var position = lengths & lengthBit == 0 ? members.count : 0
                lengths |= lengthBit
                while position < members.count {
                    if members[position].key.utf8.count == keyLength, members[position].key.scalarEquals(key) {
                        throw JSONParseError(reason: .duplicateKey(key), offset: keyOffset)
                    }
                    position += 1
                }
                if members.count >= 16 { seen = Set(members.map { ScalarKey($0.key) }) }
            }
            if var set = seen {
                seen = nil  // keep the set uniquely referenced while inserting
                guard set.insert(ScalarKey(key)).inserted else {
                    throw JSONParseError(reason: .duplicateKey(key), offset: keyOffset)
                }
                seen = set
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw unexpected(at: index) }
            index += 1
            let value = try self.value()
            members.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw JSONParseError(reason: .unexpectedEnd, offset: index) }
            switch bytes[index] {
            case UInt8(ascii: ","):
                comma = index
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(JSONObject(members))
            default: throw unexpected(at: index)
            }
        }
    }

    mutating func array() throws(JSONParseError) -> JSON {
        if try open(closedBy: UInt8(ascii: "]")) { return .array([]) }
        var elements: [JSON] = []
        elements.reserveCapacity(8)
        while true {
            elements.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw JSONParseError(reason: .unexpectedEnd, offset: index) }
            switch bytes[index] {
            case UInt8(ascii: ","):
                let comma = index
                index += 1
                skipWhitespace()
                // A trailing comma is reported where it stands, not at the bracket.
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw JSONParseError(reason: .unexpectedCharacter("']'"), offset: comma) }
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default: throw unexpected(at: index)
            }
        }
    }

    // MARK: Strings

    mutating func string() throws(JSONParseError) -> String {
        index += 1  // opening quote
        let start = index
        guard let base = bytes.baseAddress else { throw JSONParseError(reason: .unexpectedEnd, offset: index) }
        let end = bytes.count
        var i = start
        var ascii = true
        while true {
            // Eight bytes at a time up to the first byte that needs a look: most strings
            // are short ASCII runs, and the byte loop tested each byte four times.
            while i &+ 8 <= end {
                let mask = ByteWords.stringSpecials(ByteWords.load(base + i))
                if mask != 0 {
                    i &+= mask.trailingZeroBitCount &>> 3
                    break
                }
                i &+= 8
            }
            guard i < end else { break }
            let byte = base[i]
            if byte == quote {
                if !ascii {
                    if let bad = validateUTF8(from: start, to: i) {
                        index = i
                        throw JSONParseError(reason: .invalidUTF8, offset: bad)
                    }
                    wideStrings &+= 1
                }
                index = i &+ 1
                if let strings {
                    return strings.string(base, start: start, end: i, bufferCount: end, ascii: ascii)
                }
                return Self.makeString(base + start, count: i &- start, ascii: ascii)
            }
            if byte == backslash {
                index = i
                wideStrings &+= 1
                return try escapedString(start: start)
            }
            if byte < 0x20 {
                index = i
                throw JSONParseError(reason: .controlCharacterInString, offset: i)
            }
            if byte >= 0x80 { ascii = false }
            i &+= 1
        }
        index = end
        throw JSONParseError(reason: .unexpectedEnd, offset: end)
    }

    /// A String of `count` bytes already checked to be valid UTF-8. Short ASCII strings
    /// (keys, ids, most values) are built in place as small strings, which skips the
    /// validating `String(decoding:as:)`; the rest take that path.
    @inline(__always)
    static func makeString(_ start: UnsafePointer<UInt8>, count: Int, ascii: Bool) -> String {
        if ascii, count <= 15 {
            if count == 0 { return "" }
            return String(unsafeUninitializedCapacity: count) { buffer in
                var offset = 0
                while offset < count {
                    buffer[offset] = start[offset]
                    offset &+= 1
                }
                return count
            }
        }
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// The slow path, taken at the first backslash: decodes escapes into a buffer.
    mutating func escapedString(start: Int) throws(JSONParseError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(index - start + 16)
        var chunkStart = start
        func flush(_ scanner: Scanner, upTo end: Int) throws(JSONParseError) {
            if let bad = scanner.validateUTF8(from: chunkStart, to: end) {
                throw JSONParseError(reason: .invalidUTF8, offset: bad)
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scanner.bytes[chunkStart..<end]))
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                try flush(self, upTo: index)
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte < 0x20 { throw JSONParseError(reason: .controlCharacterInString, offset: index) }
            guard byte == backslash else {
                index += 1
                continue
            }
            try flush(self, upTo: index)
            let escapeOffset = index
            guard index + 1 < bytes.count else { throw JSONParseError(reason: .unexpectedEnd, offset: bytes.count) }
            switch bytes[index + 1] {
            case quote: buffer.append(quote)
            case backslash: buffer.append(backslash)
            case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                index += 2
                let unit = try hex4()
                var scalarValue = UInt32(unit)
                if (0xD800...0xDBFF).contains(unit) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard index + 1 < bytes.count, bytes[index] == backslash, bytes[index + 1] == UInt8(ascii: "u") else {
                        throw JSONParseError(reason: .loneSurrogate("\\u\(hex(UInt32(unit)))"), offset: escapeOffset)
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw JSONParseError(reason: .loneSurrogate("\\u\(hex(UInt32(unit)))"), offset: escapeOffset)
                    }
                    scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw JSONParseError(reason: .loneSurrogate("\\u\(hex(UInt32(unit)))"), offset: escapeOffset)
                }
                // Always a valid scalar here: surrogates were handled above.
                if let scalar = Unicode.Scalar(scalarValue) {
                    UTF8.encode(scalar) { buffer.append($0) }
                }
                chunkStart = index
                continue
            default:
                throw JSONParseError(reason: .invalidEscape, offset: escapeOffset)
            }
            index += 2
            chunkStart = index
        }
        throw JSONParseError(reason: .unexpectedEnd, offset: index)
    }

    mutating func hex4() throws(JSONParseError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw JSONParseError(reason: .unexpectedEnd, offset: bytes.count) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexDigit(bytes[index]) else { throw JSONParseError(reason: .invalidEscape, offset: index) }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// The value of one hexadecimal digit of a `\u` escape, or nil.
    @inline(__always)
    package static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The offset of the first byte of an invalid UTF-8 sequence in `from..<to`, or nil.
    /// Rejects overlong forms, encoded surrogates and values above U+10FFFF.
    package func validateUTF8(from start: Int, to end: Int) -> Int? {
        var i = start
        while i < end {
            let lead = bytes[i]
            if lead < 0x80 { i += 1; continue }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return i
            }
            guard i + length <= end else { return i }
            let second = bytes[i + 1]
            guard second >= lower, second <= upper else { return i }
            for k in 2..<max(2, length) where bytes[i + k] & 0xC0 != 0x80 {
                return i
            }
            i += length
        }
        return nil
    }

    // MARK: Numbers

    package mutating func number() throws(JSONParseError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < bytes.count else { throw JSONParseError(reason: .invalidNumber, offset: start) }
        var integer: UInt64 = 0
        var digits = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            digits = 1
        } else {
            while index < bytes.count, case let byte = bytes[index], byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if digits < 18 { integer = integer * 10 + UInt64(byte - UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
            if digits == 0 { throw JSONParseError(reason: .invalidNumber, offset: start) }
        }
        var simple = digits <= 15
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            simple = false
            index += 1
            let fractionStart = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            if index == fractionStart { throw JSONParseError(reason: .invalidNumber, offset: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            simple = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            if index == exponentStart { throw JSONParseError(reason: .invalidNumber, offset: start) }
        }
        if simple {
            let value = Double(integer)
            return negative ? -value : value
        }
        return parseDouble(from: start, to: index)
    }

    /// Full-precision conversion through the C library, for the rare non-integer.
    private func parseDouble(from start: Int, to end: Int) -> Double {
        let length = end - start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer in
            guard let base = buffer.baseAddress else { return .nan }
            for offset in 0..<length { base[offset] = CChar(bitPattern: bytes[start + offset]) }
            base[length] = 0
            return strtod(base, nil)
        }
    }
}

package func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
