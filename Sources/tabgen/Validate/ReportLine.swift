import JSON

/// One report line being built, in memory the writer owns: each piece is copied or
/// escaped straight into it, and the finished line goes to the output in one append.
/// Appending a dozen short pieces to an array one by one cost more than the whole of
/// the rest of writing a finding (issue 13). One per thread; it grows as needed and is
/// reused line after line.
final class ReportLine {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1024) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    func removeAll() { count = 0 }

    /// Drops the last byte (there must be one).
    func removeLast() { count -= 1 }

    /// Room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// `text`'s UTF-8, as it is. Named apart from `append(_: StaticString)` so that a
    /// literal takes that one: a literal would otherwise pick this overload (String is
    /// the default literal type), at about 90 instructions a piece instead of a copy.
    func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// `text` quoted and escaped as `JSONWriter.writeQuoted` writes it.
    func appendQuoted(_ text: String) {
        var text = text
        text.withUTF8 { appendQuoted(utf8: $0) }
    }

    func appendQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        reserve(JSONWriter.quotedCapacity(bytes.count))
        count += JSONWriter.writeQuoted(utf8: bytes, into: base + count)
    }

    /// `number` in decimal, as `String(number)` writes it.
    func appendDecimal(_ number: Int) {
        guard number >= 0 else {
            append(contentsOf: String(number))
            return
        }
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        reserve(digits)
        rest = number
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            base[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += digits
    }

    /// The RFC 6901 text of `pointer`, as `JSONPointer.description` writes it.
    func appendPointer(_ pointer: JSONPointer) {
        for token in pointer.tokens {
            switch token {
            case .key(let key): appendPointerToken(key)
            case .index(let index):
                append(UInt8(ascii: "/"))
                appendDecimal(index)
            }
        }
    }

    /// The RFC 6901 text of the pointer whose tokens are `keys`.
    func appendPointer(keys: [String]) {
        for key in keys { appendPointerToken(key) }
    }

    /// `/` and `key`, `~` and `/` in it escaped as `~0` and `~1`.
    private func appendPointerToken(_ key: String) {
        append(UInt8(ascii: "/"))
        var key = key
        key.withUTF8 { raw in
            // Most keys need no escape: copied in one go.
            var plain = true
            for byte in raw where byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") {
                plain = false
                break
            }
            if plain {
                append(raw)
                return
            }
            // At most two bytes a byte: `~` and `/` become `~0` and `~1`.
            reserve(2 * raw.count)
            for byte in raw {
                switch byte {
                case UInt8(ascii: "~"):
                    base[count] = UInt8(ascii: "~")
                    base[count + 1] = UInt8(ascii: "0")
                    count += 2
                case UInt8(ascii: "/"):
                    base[count] = UInt8(ascii: "~")
                    base[count + 1] = UInt8(ascii: "1")
                    count += 2
                default:
                    base[count] = byte
                    count += 1
                }
            }
        }
    }
}
