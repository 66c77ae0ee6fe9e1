/// The text of each number of a document beyond Double's range (`1E400`, `-1E400`, an
/// integer of 400 digits), by JSON pointer. The reader reads such a number as an
/// infinity, which has no digits (`JSONWriter.write` gives `null`), so a message that
/// shows one takes its text from here, as written. Made in one pass over the value and
/// its text together, and only for a message that shows such a number: the value alone
/// carries no text, which would cost every payload.
public struct JSONNumberTexts: Sendable {
    /// Keyed by the pointer's UTF-8: two keys canonically equivalent but not the same
    /// scalars (TG024) are two members, which String keys would merge.
    private var texts: [[UInt8]: [UInt8]] = [:]

    /// The texts of `value`'s infinite numbers; `value` must be what `JSONReader` read
    /// from `bytes`.
    public init(of value: JSON, in bytes: UnsafeBufferPointer<UInt8>) {
        var scanner = Scanner(buffer: bytes, maxDepth: Int.max)
        var path: [PathToken] = []
        record(value, &scanner, &path)
    }

    /// The text of the infinite number at `path`, nil when there is none.
    public func text(at path: [PathToken]) -> [UInt8]? {
        texts.isEmpty ? nil : texts[Self.key(path)]
    }

    private static func key(_ path: [PathToken]) -> [UInt8] {
        Array(JSONPointer(path).description.utf8)
    }

    /// Walks `value` and its text in step (the reader kept members and elements in
    /// document order). Nesting is bounded by the reader's depth limit.
    private mutating func record(_ value: JSON, _ scanner: inout Scanner, _ path: inout [PathToken]) {
        scanner.skipWhitespace()
        switch value {
        case .object(let object):
            scanner.index += 1  // {
            for member in object.members {
                scanner.skipWhitespace()
                guard (try? scanner.string()) != nil else { return }
                scanner.skipWhitespace()
                scanner.index += 1  // :
                path.append(.key(member.key))
                record(member.value, &scanner, &path)
                path.removeLast()
                scanner.skipWhitespace()
                if scanner.index < scanner.bytes.count, scanner.bytes[scanner.index] == UInt8(ascii: ",") { scanner.index += 1 }
            }
            scanner.skipWhitespace()
            scanner.index += 1  // }
        case .array(let elements):
            scanner.index += 1  // [
            for position in elements.indices {
                path.append(.index(position))
                record(elements[position], &scanner, &path)
                path.removeLast()
                scanner.skipWhitespace()
                if scanner.index < scanner.bytes.count, scanner.bytes[scanner.index] == UInt8(ascii: ",") { scanner.index += 1 }
            }
            scanner.skipWhitespace()
            scanner.index += 1  // ]
        case .number(let number):
            let start = scanner.index
            guard (try? scanner.number()) != nil else { return }
            if !number.isFinite { texts[Self.key(path)] = Array(scanner.bytes[start..<scanner.index]) }
        case .string:
            _ = try? scanner.string()
        case .bool(let flag):
            scanner.index += flag ? 4 : 5
        case .null:
            scanner.index += 4
        }
    }
}

extension JSON {
    /// Whether a number beyond Double's range (read as infinity) is in the value.
    public var containsInfiniteNumber: Bool {
        switch self {
        case .number(let number): !number.isFinite
        case .array(let elements): elements.contains { $0.containsInfiniteNumber }
        case .object(let object): object.members.contains { $0.value.containsInfiniteNumber }
        case .null, .bool, .string: false
        }
    }
}
