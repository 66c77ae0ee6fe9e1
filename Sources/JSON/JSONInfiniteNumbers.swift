extension JSONLocator {
    /// The text of the number at `path` in `bytes` when it is beyond Double's range
    /// (`1E400`, `-1E400`, an integer of 400 digits), nil otherwise. The reader reads such
    /// a number as an infinity, which has no digits (`JSONWriter.write` gives `null`), so a
    /// message that shows one takes its text from here, as written. Found when a message
    /// shows such a number, never while validating: the value carries no text, which would
    /// cost every payload. `bytes` must be JSON the reader accepted.
    public static func infiniteNumberText(at path: [PathToken], in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var scanner = Scanner(buffer: bytes, maxDepth: Int.max)
        scanner.index = offset(of: path, in: bytes)
        let start = scanner.index
        guard start < bytes.count, let number = try? scanner.number(), !number.isFinite else { return nil }
        return Array(bytes[start..<scanner.index])
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
