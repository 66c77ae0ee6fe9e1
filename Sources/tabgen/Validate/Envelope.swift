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
    /// The tokens again, for comparing keys on every line without an array per token:
    /// all their bytes, where token `level` of pointer `p` is in `keyBytes`
    /// (`keyRanges[firstKey[p] + level]`).
    private let keyBytes: [UInt8]
    private let keyRanges: [Range<Int>]
    private let firstKey: [Int]

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
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        var first: [Int] = []
        for pointer in tokens {
            first.append(ranges.count)
            for token in pointer {
                ranges.append(bytes.count..<(bytes.count + token.count))
                bytes += token
            }
        }
        keyBytes = bytes
        keyRanges = ranges
        firstKey = first
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
    ///
    /// The root object's members are read here in one loop, not by `EnvelopeScanner`
    /// (which descends where a pointer leads): on every line, its calls, the copy of the
    /// envelope it holds and a throw to stop at the payload cost more than the envelope
    /// is worth (+12% CPU a line over bare payloads).
    func lastMember(_ line: UnsafeBufferPointer<UInt8>, spans: inout [Range<Int>?], scratch: EnvelopeScratch) -> Range<Int>? {
        guard tokens[0].count == 1 else { return nil }
        func trimmed(_ end: Int) -> Int {
            var end = end
            while end > 0, JSONSkipper.isWhitespace(line[end - 1]) { end -= 1 }
            return end
        }
        var end = trimmed(line.count)
        guard end > 0, line[end - 1] == UInt8(ascii: "}") else { return nil }
        end = trimmed(end - 1)
        resetSpans(&spans)
        var skipper = JSONSkipper(bytes: line)
        skipper.skipWhitespace()
        guard skipper.index < end, line[skipper.index] == UInt8(ascii: "{") else { return nil }
        skipper.index += 1
        let all = allPointers
        let atMembers = ending(all, level: 1)
        do throws(JSONSkipper.Failure) {
            while true {
                skipper.skipWhitespace()
                guard skipper.index < end, line[skipper.index] == UInt8(ascii: "\"") else { return nil }
                let keyStart = skipper.index
                // A key with an escape is compared decoded, by `read`.
                let escaped = try skipper.skipString()
                guard !escaped else { return nil }
                let matched = matching(all, level: 0, key: UnsafeBufferPointer(rebasing: line[(keyStart + 1)..<(skipper.index - 1)]))
                skipper.skipWhitespace()
                guard skipper.index < end, line[skipper.index] == UInt8(ascii: ":") else { return nil }
                skipper.index += 1
                skipper.skipWhitespace()
                let start = skipper.index
                if matched & 1 != 0 { return start < end ? start..<end : nil }
                if matched & ~atMembers != 0 {
                    // A carried pointer leads inside this member: the general walk.
                    var scanner = EnvelopeScanner(bytes: line, envelope: self, stack: scratch.stack)
                    scanner.index = start
                    scanner.depth = 1
                    do throws(EnvelopeError) {
                        try scanner.value(all: matched, level: 1, spans: &spans)
                    } catch {
                        return nil
                    }
                    skipper.index = scanner.index
                } else {
                    try skipper.skipValue(stack: scratch.stack, limit: Envelope.maxDepth - 1)
                    var rest = matched
                    while rest != 0 {
                        let pointer = rest.trailingZeroBitCount
                        rest &= rest - 1
                        // A member carried twice: `read` words it.
                        guard spans[pointer] == nil else { return nil }
                        spans[pointer] = start..<skipper.index
                    }
                }
                skipper.skipWhitespace()
                guard skipper.index < end, line[skipper.index] == UInt8(ascii: ",") else { return nil }
                skipper.index += 1
            }
        } catch {
            return nil
        }
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
            if let span = spans.count > index + 1 ? spans[index + 1] : nil, Self.writesAsItIs(UnsafeBufferPointer(rebasing: line[span])) {
                // What the reader and writer would give back: with --records lines, every
                // line carries its members, and most are such strings.
                bytes += line[span]
            } else if let span = spans.count > index + 1 ? spans[index + 1] : nil,
               case .success(let value) = JSONReader().parse(buffer: UnsafeBufferPointer(rebasing: line[span])) {
                JSONWriter.write(value, to: &bytes)
            } else {
                bytes += "null".utf8
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// Whether `value` is written by `JSONWriter` exactly as it is: a literal, or a string
    /// of printable ASCII without escapes.
    private static func writesAsItIs(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = value.first else { return false }
        if first != 0x22 { return value.elementsEqual("null".utf8) || value.elementsEqual("true".utf8) || value.elementsEqual("false".utf8) }
        guard value.count >= 2, value[value.count - 1] == 0x22 else { return false }
        for byte in value[1..<(value.count - 1)] where byte < 0x20 || byte > 0x7E || byte == 0x22 || byte == 0x5C { return false }
        return true
    }

    /// The pointers in `mask` whose token at `level` is the key `key`.
    fileprivate func matching(_ mask: UInt64, level: Int, key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var matched: UInt64 = 0
        var rest = mask
        keyBytes.withUnsafeBufferPointer { keys in
            while rest != 0 {
                let index = rest.trailingZeroBitCount
                rest &= rest - 1
                let next = index + 1 < firstKey.count ? firstKey[index + 1] : keyRanges.count
                guard firstKey[index] + level < next else { continue }
                let range = keyRanges[firstKey[index] + level]
                guard range.count == key.count else { continue }
                var equal = true
                for offset in 0..<key.count where keys[range.lowerBound + offset] != key[offset] {
                    equal = false
                    break
                }
                if equal { matched |= 1 << UInt64(index) }
            }
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
    let stack = JSONSkipper.Stack(capacity: Envelope.maxDepth + 1)
}

private enum EnvelopeError: Error {
    case unexpected(Int)
    case mismatched(Int)
    case tooDeep(Int)
    case duplicate(pointer: Int, at: Int, first: Int)

    init(_ failure: JSONSkipper.Failure) {
        switch failure {
        case .unexpected(let offset): self = .unexpected(offset)
        case .mismatched(let offset): self = .mismatched(offset)
        case .tooDeep(let offset): self = .tooDeep(offset)
        }
    }

    var offset: Int {
        switch self {
        case .unexpected(let offset), .mismatched(let offset), .tooDeep(let offset): offset
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
        }
    }
}

/// One pass over an envelope: descends where a pointer leads, skips everything else.
private struct EnvelopeScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let envelope: Envelope
    /// Open brackets of the value being skipped.
    let stack: JSONSkipper.Stack
    var index = 0
    var depth = 0
    /// Where the payload starts, while it is being read (a failure there is its own).
    var payloadStart: Int?

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count, JSONSkipper.isWhitespace(bytes[index]) { index += 1 }
    }

    /// The value at `index`, reached by the pointers in `mask` down to `level`.
    mutating func value(all mask: UInt64, level: Int, spans: inout [Range<Int>?]) throws(EnvelopeError) {
        skipWhitespace()
        let start = index
        let targets = envelope.ending(mask, level: level)
        let deeper = mask & ~targets
        let isPayload = targets & 1 != 0
        if isPayload { payloadStart = start }
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
        if atEnd(closedBy: UInt8(ascii: "}")) { return }
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
            if try afterEntry(closedBy: UInt8(ascii: "}")) { return }
        }
    }

    private mutating func array(_ mask: UInt64, level: Int, spans: inout [Range<Int>?]) throws(EnvelopeError) {
        index += 1
        if atEnd(closedBy: UInt8(ascii: "]")) { return }
        var position = 0
        while true {
            try value(all: envelope.matching(mask, level: level, position: position), level: level + 1, spans: &spans)
            if try afterEntry(closedBy: UInt8(ascii: "]")) { return }
            position += 1
        }
    }

    /// Whitespace skipped, whether `close` (then consumed) ends the container at once.
    private mutating func atEnd(closedBy close: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == close else { return false }
        index += 1
        return true
    }

    /// After a member or element: true at the container's end (`close`, consumed),
    /// false past a comma.
    private mutating func afterEntry(closedBy close: UInt8) throws(EnvelopeError) -> Bool {
        if atEnd(closedBy: close) { return true }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { throw .unexpected(index) }
        index += 1
        return false
    }

    /// Past the string at `index` (its opening quote); whether it holds an escape.
    private mutating func skipString() throws(EnvelopeError) -> Bool {
        var skipper = JSONSkipper(bytes: bytes, index: index)
        do throws(JSONSkipper.Failure) {
            let escaped = try skipper.skipString()
            index = skipper.index
            return escaped
        } catch {
            throw EnvelopeError(error)
        }
    }

    /// Past the value at `index` (whitespace skipped). A payload as deep as the reader
    /// takes is skipped whole, wherever it sits in the envelope; the rest of the envelope
    /// is bounded by the same limit, counted from its root.
    private mutating func skipValue() throws(EnvelopeError) {
        var skipper = JSONSkipper(bytes: bytes, index: index)
        do throws(JSONSkipper.Failure) {
            try skipper.skipValue(stack: stack, limit: payloadStart == nil ? Envelope.maxDepth - depth : Envelope.maxDepth)
            index = skipper.index
        } catch {
            throw EnvelopeError(error)
        }
    }
}
