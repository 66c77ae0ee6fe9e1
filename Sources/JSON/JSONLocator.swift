/// Finds where a value sits in JSON text, for messages that cite line and column.
///
/// Positions are recovered only when something is reported, by walking the text again
/// along a pointer, so the fast validation path records none.
public enum JSONLocator {
    /// Byte offset of the value at `path` in `bytes` (which must be JSON the reader
    /// accepted), or of the deepest value on the way when the path leaves the document.
    /// With `preferKey`, a path ending in an object key locates the key instead.
    public static func offset(of path: [PathToken], in bytes: UnsafeBufferPointer<UInt8>, preferKey: Bool = false) -> Int {
        var scanner = Scanner(buffer: bytes, maxDepth: Int.max)
        let stack = JSONSkipper.Stack()
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { scanner.index = 3 }
        scanner.skipWhitespace()
        var found = scanner.index
        for (position, token) in path.enumerated() {
            guard scanner.index < bytes.count else { return found }
            let isLast = position == path.count - 1
            switch (bytes[scanner.index], token) {
            case (UInt8(ascii: "{"), .key(let wanted)):
                guard let (keyOffset, valueOffset) = seekMember(wanted, &scanner, stack) else { return found }
                found = isLast && preferKey ? keyOffset : valueOffset
            case (UInt8(ascii: "["), .index(let wanted)):
                guard let valueOffset = seekElement(wanted, &scanner, stack) else { return found }
                found = valueOffset
            case (UInt8(ascii: "["), .key(let text)):
                guard let wanted = Int(text), let valueOffset = seekElement(wanted, &scanner, stack) else { return found }
                found = valueOffset
            default:
                return found
            }
        }
        return found
    }

    public static func offset(of path: [PathToken], in bytes: [UInt8], preferKey: Bool = false) -> Int {
        bytes.withUnsafeBufferPointer { offset(of: path, in: $0, preferKey: preferKey) }
    }

    private static func seekMember(_ wanted: String, _ scanner: inout Scanner, _ stack: JSONSkipper.Stack) -> (Int, Int)? {
        scanner.index += 1
        while true {
            scanner.skipWhitespace()
            guard scanner.index < scanner.bytes.count, scanner.bytes[scanner.index] == UInt8(ascii: "\"") else { return nil }
            let keyOffset = scanner.index
            guard let key = try? scanner.string() else { return nil }
            scanner.skipWhitespace()
            guard scanner.index < scanner.bytes.count, scanner.bytes[scanner.index] == UInt8(ascii: ":") else { return nil }
            scanner.index += 1
            scanner.skipWhitespace()
            if key.scalarEquals(wanted) { return (keyOffset, scanner.index) }
            guard skip(&scanner, stack) else { return nil }
            scanner.skipWhitespace()
            guard scanner.index < scanner.bytes.count, scanner.bytes[scanner.index] == UInt8(ascii: ",") else { return nil }
            scanner.index += 1
        }
    }

    /// Past the value at the scanner's index, for its structure only.
    private static func skip(_ scanner: inout Scanner, _ stack: JSONSkipper.Stack) -> Bool {
        var skipper = JSONSkipper(bytes: scanner.bytes, index: scanner.index)
        guard (try? skipper.skipValue(stack: stack, limit: .max)) != nil else { return false }
        scanner.index = skipper.index
        return true
    }

    private static func seekElement(_ wanted: Int, _ scanner: inout Scanner, _ stack: JSONSkipper.Stack) -> Int? {
        scanner.index += 1
        var position = 0
        while true {
            scanner.skipWhitespace()
            guard scanner.index < scanner.bytes.count, scanner.bytes[scanner.index] != UInt8(ascii: "]") else { return nil }
            if position == wanted { return scanner.index }
            guard skip(&scanner, stack) else { return nil }
            scanner.skipWhitespace()
            guard scanner.index < scanner.bytes.count, scanner.bytes[scanner.index] == UInt8(ascii: ",") else { return nil }
            scanner.index += 1
            position += 1
        }
    }
}

/// Line and column of a byte offset: 1-based; the column counts Unicode scalars, as
/// editors do, not bytes.
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        self.init(line: 1, column: 1)
        advance(over: bytes, from: 0, to: min(max(offset, 0), bytes.count))
    }

    public init(offset: Int, in bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { SourcePosition(offset: offset, in: $0) }
    }

    public var description: String { "\(line):\(column)" }
}
