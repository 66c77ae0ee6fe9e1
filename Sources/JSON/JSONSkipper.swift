/// Passes over JSON values for their structure only, building nothing: the envelope of a
/// logged payload (`validate --payload`) and the locator's walk to a finding skip what they
/// are not looking for with it, so both agree on where a value ends.
///
/// Brackets are matched by kind; a string ends at its closing quote (escapes honoured,
/// its content not checked: invalid UTF-8 and control characters are passed over, for the
/// caller to check what it keeps); literals are spelled out; a number is a run of the
/// characters numbers are made of. Commas and colons inside a skipped container are not
/// checked.
package struct JSONSkipper {
    package enum Failure: Error, Equatable {
        /// The byte at this offset cannot be there, or (at the text's end) the text ends
        /// inside a value.
        case unexpected(Int)
        /// A closing bracket, at this offset, of the other kind than the open one.
        case mismatched(Int)
        /// An opening bracket, at this offset, past the limit on nesting.
        case tooDeep(Int)

        package var offset: Int {
            switch self {
            case .unexpected(let offset), .mismatched(let offset), .tooDeep(let offset): offset
            }
        }
    }

    /// The open brackets (`{` or `[`) of the value being skipped: grown on demand, up to
    /// the limit `skipValue` is given. One per thread, reused from value to value.
    package final class Stack {
        package private(set) var base: UnsafeMutablePointer<UInt8>
        package private(set) var capacity: Int

        package init(capacity: Int = 64) {
            self.capacity = max(capacity, 1)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        package func grow() {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            larger.update(from: base, count: capacity)
            base.deallocate()
            base = larger
            capacity *= 2
        }
    }

    package let bytes: UnsafeBufferPointer<UInt8>
    package var index: Int

    @inlinable
    package init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    @inlinable @inline(__always)
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    @inlinable @inline(__always)
    package mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    /// Past the string whose opening quote is at `index`; whether it holds an escape. Only
    /// its end is looked for, eight bytes at a time.
    @inlinable @inline(__always)
    package mutating func skipString() throws(Failure) -> Bool {
        index += 1
        var escaped = false
        let count = bytes.count
        guard let base = bytes.baseAddress else { throw .unexpected(count) }
        while true {
            while index + 8 <= count {
                if let hit = ByteWords.firstIndex(of: 0x22, or: 0x5C, in: ByteWords.load(base + index)) {
                    index += hit
                    break
                }
                index += 8
            }
            while index < count, base[index] != 0x22, base[index] != 0x5C { index += 1 }
            guard index < count else { throw .unexpected(count) }
            if base[index] == 0x22 {
                index += 1
                return escaped
            }
            escaped = true
            index += 2
            if index > count { throw .unexpected(count) }
        }
    }

    /// Past the value at `index` (whitespace before it already skipped). At most `limit`
    /// brackets open inside it; one more is `tooDeep`.
    @inlinable
    package mutating func skipValue(stack: Stack, limit: Int) throws(Failure) {
        let count = bytes.count
        guard index < count else { throw .unexpected(index) }
        switch bytes[index] {
        case 0x22:
            _ = try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var open = 0
            var opened = stack.base
            while true {
                guard index < count else { throw .unexpected(count) }
                let byte = bytes[index]
                switch byte {
                case 0x22:
                    _ = try skipString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if open >= limit { throw .tooDeep(index) }
                    if open == stack.capacity {
                        stack.grow()
                        opened = stack.base
                    }
                    opened[open] = byte
                    open += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    // `}` and `]` are two past `{` and `[`.
                    guard open > 0, opened[open - 1] == byte &- 2 else { throw .mismatched(index) }
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

    @inlinable
    package mutating func skipLiteral(_ literal: StaticString) throws(Failure) {
        let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in text {
            guard index < bytes.count, bytes[index] == byte else { throw .unexpected(index) }
            index += 1
        }
    }
}
