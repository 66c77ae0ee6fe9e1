import JSON
import Schema

/// `--payload POINTER` and `--carry POINTER,...`: each JSON Lines line is an envelope (a
/// log record: app version, platform, time...) and the payload is the value at a JSON
/// pointer inside it, validated from the line's own bytes. Re-serialising it would change
/// what is checked (a duplicate key read into a dictionary is gone, an escape rewritten).
///
/// The envelope is read for its structure only (strings, brackets, colons and commas,
/// literals, numbers as runs of their characters), one pass with no tree: the payload is checked in
/// full by the validator, and the rest is the logger's business. Carried members are
/// read by the strict reader, to be written as JSON.
struct Envelope: Sendable {
    /// The payload's pointer, then the carried ones, as given (`/app`).
    let texts: [String]
    /// Their tokens, as the UTF-8 of each key.
    private let tokens: [[[UInt8]]]
    /// Bit `p` set: pointer `p` ends at that level (its value is a target there).
    private let endingAt: [UInt64]
    /// `"/app":` for each carried pointer, quoted once.
    private let carriedKeys: [[UInt8]]

    /// Pointers (payload and carried) at most: one bit each in a word.
    static let maxPointers = 64
    /// Nesting of an envelope's containers (and of a payload past the reader's own
    /// limit) that is read; deeper is not JSON tabgen reads.
    static let maxDepth = JSONReader.defaultMaxDepth

    init(payload: [String], carried: [(text: String, tokens: [String])], payloadText: String) {
        let all = [(payloadText, payload)] + carried.map { ($0.text, $0.tokens) }
        texts = all.map(\.0)
        tokens = all.map { $0.1.map { Array($0.utf8) } }
        let deepest = tokens.map(\.count).max() ?? 0
        var ending = [UInt64](repeating: 0, count: deepest + 1)
        for (index, pointer) in tokens.enumerated() { ending[pointer.count] |= 1 << UInt64(index) }
        endingAt = ending
        carriedKeys = carried.map { item in
            var bytes: [UInt8] = []
            JSONWriter.writeQuoted(item.text, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            return bytes
        }
    }

    var carries: Bool { !carriedKeys.isEmpty }

    /// What a line holds: the payload's bytes, or the envelope finding instead.
    enum Outcome {
        case payload(Range<Int>)
        /// The payload's brackets or strings do not close: the validator is given its
        /// bytes up to where they fail, and words the TG001 finding itself.
        case brokenPayload(Range<Int>)
        case problem(Finding)
    }

    /// Where the payload would be if it were the envelope's last member (the usual log
    /// line): from its start to the line's closing brace, the members before it read
    /// into `spans`. Nil when the payload is not a member of the root object, or the line
    /// does not get that far or end that way: then `read` tells. The caller takes the
    /// slice only if it is one valid payload (the byte pass refuses anything after a
    /// value), which spares the skip over the payload: a third of the CPU time of a
    /// valid line.
    func lastMember(_ line: UnsafeBufferPointer<UInt8>, spans: inout [Range<Int>?], scratch: EnvelopeScratch) -> Range<Int>? {
        guard tokens[0].count == 1 else { return nil }
        var end = line.count
        while end > 0, line[end - 1] == 0x20 || line[end - 1] == 0x09 || line[end - 1] == 0x0D || line[end - 1] == 0x0A { end -= 1 }
        guard end > 0, line[end - 1] == UInt8(ascii: "}") else { return nil }
        end -= 1
        while end > 0, line[end - 1] == 0x20 || line[end - 1] == 0x09 || line[end - 1] == 0x0D || line[end - 1] == 0x0A { end -= 1 }
        resetSpans(&spans)
        var scanner = EnvelopeScanner(bytes: line, envelope: self, stack: scratch.stack)
        scanner.stopsAtPayload = true
        do throws(EnvelopeError) {
            try scanner.value(all: allPointers, level: 0, spans: &spans)
        } catch {
            if case .payloadStarts(let start) = error, start < end { return start..<end }
        }
        return nil
    }

    private var allPointers: UInt64 { tokens.count == 64 ? ~0 : (1 << UInt64(tokens.count)) - 1 }

    private func resetSpans(_ spans: inout [Range<Int>?]) {
        if spans.count != tokens.count { spans = Array(repeating: nil, count: tokens.count) }
        for index in spans.indices { spans[index] = nil }
    }

    /// Reads the envelope in `line`; `spans` receives where each pointer's value is
    /// (nil: absent), reused from line to line.
    func read(_ line: UnsafeBufferPointer<UInt8>, spans: inout [Range<Int>?], scratch: EnvelopeScratch) -> Outcome {
        resetSpans(&spans)
        var scanner = EnvelopeScanner(bytes: line, envelope: self, stack: scratch.stack)
        do throws(EnvelopeError) {
            try scanner.value(all: allPointers, level: 0, spans: &spans)
            scanner.skipWhitespace()
            if scanner.index < line.count { throw EnvelopeError.unexpected(scanner.index) }
        } catch {
            if let start = scanner.payloadStart {
                // Inside the payload: as far as it goes, the failing byte included.
                return .brokenPayload(start..<min(line.count, error.offset + 1))
            }
            return .problem(problem(error.message(in: line, envelope: self), at: error.offset))
        }
        guard let span = spans[0] else {
            return .problem(problem("the envelope has no member at \(ControlCharacters.escaped(texts[0])) (--payload)", at: 0))
        }
        return .payload(span)
    }

    /// The finding for a line whose envelope cannot be read, at byte `offset` of the line.
    func problem(_ message: String, at offset: Int) -> Finding {
        Finding(code: FindingCode.envelope, severity: .error, pointer: .root, message: message, offset: offset)
    }

    /// `{"/app":"1.2","/platform":null}`: each carried member as JSON (null when absent,
    /// or when it is not well-formed JSON by itself, such as a string of invalid UTF-8).
    func carried(from line: UnsafeBufferPointer<UInt8>, spans: [Range<Int>?]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (index, key) in carriedKeys.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += key
            if let span = spans.count > index + 1 ? spans[index + 1] : nil,
               case .success(let value) = JSONReader().parse(buffer: UnsafeBufferPointer(rebasing: line[span])) {
                JSONWriter.write(value, to: &bytes)
            } else {
                bytes += "null".utf8
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The pointers in `mask` whose token at `level` is the key `key`.
    fileprivate func matching(_ mask: UInt64, level: Int, key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var matched: UInt64 = 0
        var rest = mask
        while rest != 0 {
            let index = rest.trailingZeroBitCount
            rest &= rest - 1
            let pointer = tokens[index]
            if pointer.count > level, pointer[level].elementsEqual(key) { matched |= 1 << UInt64(index) }
        }
        return matched
    }

    /// The pointers in `mask` whose token at `level` is the array index `position`.
    fileprivate func matching(_ mask: UInt64, level: Int, position: Int) -> UInt64 {
        var matched: UInt64 = 0
        var rest = mask
        while rest != 0 {
            let index = rest.trailingZeroBitCount
            rest &= rest - 1
            let pointer = tokens[index]
            if pointer.count > level, Self.index(pointer[level]) == position { matched |= 1 << UInt64(index) }
        }
        return matched
    }

    /// A token as an array index (RFC 6901: `0`, or digits without a leading zero).
    private static func index(_ token: [UInt8]) -> Int? {
        guard !token.isEmpty, token.count <= 18, token.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              token.count == 1 || token[0] != 0x30 else { return nil }
        return token.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    fileprivate func ending(_ mask: UInt64, level: Int) -> UInt64 {
        level < endingAt.count ? mask & endingAt[level] : 0
    }
}

/// The stack of open brackets while a value is skipped, one per thread.
final class EnvelopeScratch {
    let stack = UnsafeMutablePointer<UInt8>.allocate(capacity: Envelope.maxDepth + 1)
    deinit { stack.deallocate() }
}

private enum EnvelopeError: Error {
    case unexpected(Int)
    case mismatched(Int)
    case tooDeep(Int)
    case duplicate(pointer: Int, at: Int, first: Int)
    /// `Envelope.lastMember` only: the root object's payload member starts here.
    case payloadStarts(Int)

    var offset: Int {
        switch self {
        case .unexpected(let offset), .mismatched(let offset), .tooDeep(let offset), .payloadStarts(let offset): offset
        case .duplicate(_, let offset, _): offset
        }
    }

    func message(in line: UnsafeBufferPointer<UInt8>, envelope: Envelope) -> String {
        switch self {
        case .unexpected(let offset):
            guard offset < line.count else { return "the envelope is not well-formed JSON: the line ends inside it" }
            let byte = line[offset]
            let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
            return "the envelope is not well-formed JSON: unexpected \(shown) at byte \(offset + 1) of the line"
        case .mismatched(let offset):
            return "the envelope is not well-formed JSON: '\(Character(Unicode.Scalar(line[offset])))' at byte \(offset + 1) of the line closes no open bracket of its kind"
        case .tooDeep(let offset):
            return "the envelope is nested deeper than \(Envelope.maxDepth) levels (at byte \(offset + 1) of the line)"
        case .duplicate(let pointer, _, let first):
            let option = pointer == 0 ? "--payload" : "--carry"
            return "the envelope has two members at \(ControlCharacters.escaped(envelope.texts[pointer])) (\(option)); the first is at byte \(first + 1) of the line"
        case .payloadStarts(let offset):
            return "the envelope's payload starts at byte \(offset + 1) of the line"
        }
    }
}

/// One pass over an envelope: descends where a pointer leads, skips everything else.
private struct EnvelopeScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let envelope: Envelope
    /// Open brackets of the value being skipped: `{` or `[`.
    let stack: UnsafeMutablePointer<UInt8>
    var index = 0
    var depth = 0
    /// Where the payload starts, while it is being read (a failure there is its own).
    var payloadStart: Int?
    /// Stop where the payload starts, when it is a member of the root object (`lastMember`).
    var stopsAtPayload = false

    init(bytes: UnsafeBufferPointer<UInt8>, envelope: Envelope, stack: UnsafeMutablePointer<UInt8>) {
        self.bytes = bytes
        self.envelope = envelope
        self.stack = stack
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

    /// The value at `index`, reached by the pointers in `mask` down to `level`.
    mutating func value(all mask: UInt64, level: Int, spans: inout [Range<Int>?]) throws(EnvelopeError) {
        skipWhitespace()
        let start = index
        let targets = envelope.ending(mask, level: level)
        let deeper = mask & ~targets
        let isPayload = targets & 1 != 0
        if isPayload {
            if stopsAtPayload, level == 1 { throw .payloadStarts(start) }
            payloadStart = start
        }
        guard index < bytes.count else { throw .unexpected(index) }
        if deeper != 0, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") {
            depth += 1
            if depth > Envelope.maxDepth { throw .tooDeep(index) }
            if bytes[index] == UInt8(ascii: "{") {
                try object(deeper, level: level, spans: &spans)
            } else {
                try array(deeper, level: level, spans: &spans)
            }
            depth -= 1
        } else {
            try skipValue()
        }
        if isPayload { payloadStart = nil }
        var rest = targets
        while rest != 0 {
            let pointer = rest.trailingZeroBitCount
            rest &= rest - 1
            if let first = spans[pointer] {
                // A key the payload has twice is the payload's own TG001, as on a bare line:
                // the first value is carried.
                if payloadStart != nil { continue }
                throw .duplicate(pointer: pointer, at: start, first: first.lowerBound)
            }
            spans[pointer] = start..<index
        }
    }

    private mutating func object(_ mask: UInt64, level: Int, spans: inout [Range<Int>?]) throws(EnvelopeError) {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .unexpected(index) }
            let keyStart = index
            let escaped = try skipString()
            let matched: UInt64
            if escaped {
                // Rare: the key decoded by the reader, compared as its scalars.
                guard case .success(.string(let decoded)) = JSONReader().parse(buffer: UnsafeBufferPointer(rebasing: bytes[keyStart..<index])) else {
                    throw .unexpected(keyStart)
                }
                var key = decoded
                matched = key.withUTF8 { envelope.matching(mask, level: level, key: $0) }
            } else {
                matched = envelope.matching(mask, level: level, key: UnsafeBufferPointer(rebasing: bytes[(keyStart + 1)..<(index - 1)]))
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw .unexpected(index) }
            index += 1
            try value(all: matched, level: level + 1, spans: &spans)
            skipWhitespace()
            guard index < bytes.count else { throw .unexpected(index) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return
            default: throw .unexpected(index)
            }
        }
    }

    private mutating func array(_ mask: UInt64, level: Int, spans: inout [Range<Int>?]) throws(EnvelopeError) {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        var position = 0
        while true {
            try value(all: envelope.matching(mask, level: level, position: position), level: level + 1, spans: &spans)
            skipWhitespace()
            guard index < bytes.count else { throw .unexpected(index) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return
            default: throw .unexpected(index)
            }
            position += 1
        }
    }

    /// Past the string at `index` (its opening quote); whether it holds an escape.
    /// Its content is not checked: only its end is looked for, eight bytes at a time.
    private mutating func skipString() throws(EnvelopeError) -> Bool {
        index += 1
        var escaped = false
        let count = bytes.count
        guard let base = bytes.baseAddress else { throw .unexpected(index) }
        while true {
            while index + 8 <= count {
                if let hit = ByteWords.firstIndex(of: 0x22, or: 0x5C, in: ByteWords.load(base + index)) {
                    index += hit
                    break
                }
                index += 8
            }
            while index < count, bytes[index] != 0x22, bytes[index] != 0x5C { index += 1 }
            guard index < count else { throw .unexpected(count) }
            if bytes[index] == 0x22 {
                index += 1
                return escaped
            }
            escaped = true
            index += 2
            if index > count { throw .unexpected(count) }
        }
    }

    /// Past the value at `index` (whitespace skipped), matching its brackets by kind.
    private mutating func skipValue() throws(EnvelopeError) {
        let count = bytes.count
        switch bytes[index] {
        case 0x22:
            _ = try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            // Relative to the value: a payload as deep as the reader takes is skipped
            // whole, wherever it sits in the envelope.
            var open = 0
            while true {
                guard index < count else { throw .unexpected(count) }
                let byte = bytes[index]
                switch byte {
                case 0x22:
                    _ = try skipString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if open == Envelope.maxDepth || depth + open >= Envelope.maxDepth && payloadStart == nil { throw .tooDeep(index) }
                    stack[open] = byte
                    open += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard open > 0, stack[open - 1] == byte &- 2 else { throw .mismatched(index) }
                    open -= 1
                    if open == 0 {
                        index += 1
                        return
                    }
                default: break
                }
                index += 1
            }
        case UInt8(ascii: "t"): try skipLiteral("true")
        case UInt8(ascii: "f"): try skipLiteral("false")
        case UInt8(ascii: "n"): try skipLiteral("null")
        default:
            // A number: a run of the characters numbers are made of, starting as one does.
            let first = bytes[index]
            guard first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39) else { throw .unexpected(index) }
            index += 1
            while index < count {
                let byte = bytes[index]
                guard (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E || byte == 0x45 || byte == 0x65 else { break }
                index += 1
            }
        }
    }

    private mutating func skipLiteral(_ literal: StaticString) throws(EnvelopeError) {
        let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in text {
            guard index < bytes.count, bytes[index] == byte else { throw .unexpected(index) }
            index += 1
        }
    }
}
