import JSON

/// A rule's message template, split at its placeholders once (when the engine is made)
/// exactly as `RuleEngine.formatCharacters` reads it, so that each finding's message is
/// written as bytes in one pass: re-scanning the template and joining Strings cost more
/// than the rest of a rule-invalid payload's report.
struct RuleMessage: Sendable {
    enum Piece: Sendable {
        case text([UInt8])
        case value
        case reason
        case count
        case pointer
    }

    let pieces: [Piece]
    /// The bytes of the text pieces, to reserve room for the message once.
    let textCount: Int

    init(_ template: String) {
        var pieces: [Piece] = []
        func text(_ part: Substring) {
            guard !part.isEmpty else { return }
            if case .text(let earlier)? = pieces.last {
                pieces[pieces.count - 1] = .text(earlier + Array(part.utf8))
            } else {
                pieces.append(.text(Array(part.utf8)))
            }
        }
        // The loop of `formatCharacters`, recording what it would append.
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            text(rest[..<open])
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            switch rest[rest.index(after: open)..<close] {
            case "value": pieces.append(.value)
            case "reason": pieces.append(.reason)
            case "count": pieces.append(.count)
            case "pointer": pieces.append(.pointer)
            default: text(rest[open...close])
            }
            rest = rest[rest.index(after: close)...]
        }
        text(rest)
        self.pieces = pieces
        textCount = pieces.reduce(0) { total, piece in
            if case .text(let bytes) = piece { total + bytes.count } else { total }
        }
    }

    /// `RuleEngine.formatCharacters(template, value:reason:count:pointer:)`, with the reason written
    /// by `reason` where the template has `{reason}`; `value` is at `pointer` in `text`.
    func render(value: JSON?, count: Int?, pointer: [PathToken], text: PayloadText? = nil, reason: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(textCount + 96)
        for piece in pieces {
            switch piece {
            case .text(let text): bytes.append(contentsOf: text)
            case .value:
                if let value { MessageBytes.appendShown(value, at: pointer, in: text, to: &bytes) } else { bytes.append(contentsOf: "(absent)".utf8) }
            case .reason: reason(&bytes)
            case .count: if let count { MessageBytes.appendDecimal(count, to: &bytes) }
            case .pointer: MessageBytes.appendPointer(pointer, to: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `render` with a reason already made.
    func render(value: JSON?, count: Int?, pointer: [PathToken], reason: String) -> String {
        render(value: value, count: count, pointer: pointer) { $0.append(contentsOf: reason.utf8) }
    }
}

/// The parts of a rule's message, appended to its bytes.
enum MessageBytes {
    /// `RuleEngine.show(value)`: compact JSON, cut after 117 Unicode scalars (counted by
    /// their lead bytes: the text is valid UTF-8) with "..." when it has more than 120.
    static func appendShown(_ value: JSON, to bytes: inout [UInt8]) {
        appendShown(value, at: [], in: nil, to: &bytes)
    }

    /// `appendShown(_:to:)` for the value at `path` in a payload's `text`: a number
    /// beyond Double's range is shown as written there (`1E400`), not as `null`.
    static func appendShown(_ value: JSON, at path: [PathToken], in text: PayloadText?, to bytes: inout [UInt8]) {
        let start = bytes.count
        if let text, value.containsInfiniteNumber {
            // 4 bytes a scalar at most: past 121 scalars the rest is cut below anyway.
            JSONWriter.write(value, at: path, text: text.bytes, limit: 121 * 4, to: &bytes)
        } else {
            JSONWriter.write(value, to: &bytes)
        }
        var scalars = 0
        var cut = start  // where the 118th scalar starts
        var index = start
        while index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 {
                scalars += 1
                if scalars == 118 { cut = index }
                if scalars > 120 { break }
            }
            index += 1
        }
        guard scalars > 120 else { return }
        bytes.removeSubrange(cut...)
        bytes.append(contentsOf: "...".utf8)
    }

    /// `JSONPointer(tokens).description`: `~` and `/` escaped (both ASCII, so byte by
    /// byte is scalar by scalar), without making the String first.
    static func appendPointer(_ tokens: [PathToken], to bytes: inout [UInt8]) {
        for token in tokens {
            bytes.append(UInt8(ascii: "/"))
            switch token {
            case .key(let key):
                for byte in key.utf8 {
                    switch byte {
                    case UInt8(ascii: "~"): bytes.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "0")])
                    case UInt8(ascii: "/"): bytes.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "1")])
                    default: bytes.append(byte)
                    }
                }
            case .index(let index):
                appendDecimal(index, to: &bytes)
            }
        }
    }

    /// `String(number)` as bytes.
    static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        guard number != 0 else { return bytes.append(UInt8(ascii: "0")) }
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var rest = number.magnitude
        while rest > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        bytes[start...].reverse()
    }

    static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: text.utf8)
    }
}

/// The text a payload was read from, for messages that show a number beyond Double's
/// range as written (`JSONLocator.infiniteNumberText`). Valid only while `bytes` are (one
/// validation); nothing is looked up until such a message is made.
struct PayloadText {
    let bytes: UnsafeBufferPointer<UInt8>
}
