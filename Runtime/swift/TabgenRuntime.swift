// tabgen:features usesCount usesUnique usesReference usesRelativeReference usesEquals usesNonEmpty
// The runtime of tabgen's generated Swift: JSON values, timestamps, violations and the
// rule runtime that `validate()` runs. It is the same for every schema but for the rule
// kinds it checks: the code of a kind no schema of the output uses is left out
// (`tabgen:begin usesNonEmpty` blocks).

public import Foundation

// MARK: - JSON values

/// Any JSON value: the type of members the schema leaves open (`{}`), and the form the
/// rules are checked on.
nonisolated public enum TabgenJSON: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([TabgenJSON])
    case object([String: TabgenJSON])

    /// Strings compare by Unicode scalars, as `tabgen validate` and the Kotlin, TypeScript
    /// and Ruby code compare them: "e\u{301}" is not "\u{E9}" to a rule (Swift's `==` on
    /// String is canonical equivalence).
    public static func == (lhs: TabgenJSON, rhs: TabgenJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && a.allSatisfy { key, value in b[key].map { $0 == value } ?? false }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(1); for scalar in value.unicodeScalars { hasher.combine(scalar.value) }
        case .array(let values): hasher.combine(values)
        case .object(let members): hasher.combine(members.count)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([TabgenJSON].self) {
            self = .array(value)
        } else if !TabgenJSONText.overflows.isEmpty, let negative = TabgenJSONText.overflows[Self.pointer(decoder.codingPath)] {
            // A number beyond Double's range (`1E400`), which JSONDecoder refuses: infinity, as tabgen reads it.
            self = .number(negative ? -.infinity : .infinity)
        } else {
            self = .object(try container.decode([String: TabgenJSON].self))
        }
    }

    /// A coding path as the JSON pointer (UTF-8) `TabgenJSONText.overflows` is keyed by.
    static func pointer(_ codingPath: [any CodingKey]) -> [UInt8] {
        Array(TabgenValidation.pointer(codingPath.map { key in key.intValue.map(String.init) ?? key.stringValue }).utf8)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 9.0e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

nonisolated extension TabgenJSON {
    /// An object with one more member (a union's discriminator).
    func tabgenAdding(tag: String, value: String) -> TabgenJSON {
        guard case .object(var object) = self else { return self }
        object[tag] = .string(value)
        return .object(object)
    }
}

// MARK: - Timestamps

/// A JSON Type Definition `timestamp`: RFC 3339 text, encoded back exactly as received,
/// with the instant it names. It does not depend on the decoder's date strategy.
nonisolated public struct TabgenTimestamp: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The instant.
    public let date: Date
    /// The RFC 3339 text.
    public let text: String

    /// A timestamp for `date`, as UTC text (`2024-02-29T12:00:00Z`, milliseconds when not whole).
    public init(_ date: Date) {
        self.date = date
        self.text = Self.format(date)
    }

    /// Nil when `text` is not an RFC 3339 date-time.
    public init?(rfc3339 text: String) {
        guard let date = Self.parse(text) else { return nil }
        self.date = date
        self.text = text
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = TabgenTimestamp(rfc3339: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an RFC 3339 timestamp: \(text)")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }

    /// Timestamps are equal when they name the same instant.
    public static func == (lhs: TabgenTimestamp, rhs: TabgenTimestamp) -> Bool { lhs.date == rhs.date }

    public func hash(into hasher: inout Hasher) { hasher.combine(date) }

    static func parse(_ text: String) -> Date? {
        // Read in place where the String stores its UTF-8 contiguously (a native String
        // does): copying it into an Array made the parse cost half as much again.
        if let date = text.utf8.withContiguousStorageIfAvailable(parse(utf8:)) { return date }
        return Array(text.utf8).withUnsafeBufferPointer(parse(utf8:))
    }

    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                guard bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2),
              expect("Tt"), let hour = digits(2), expect(":"), let minute = digits(2), expect(":"), let second = digits(2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if !expect("Zz") {
            guard index < bytes.count else { return nil }
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard expect("+-"), let offsetHour = digits(2), expect(":"), let offsetMinute = digits(2), offsetHour <= 23, offsetMinute <= 59 else { return nil }
            offset = sign * (offsetHour * 3600 + offsetMinute * 60)
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var milliseconds = Int((interval * 1000).rounded())
        let millisecondPart = ((milliseconds % 1000) + 1000) % 1000
        milliseconds -= millisecondPart
        let totalSeconds = milliseconds / 1000
        let days = Int((Double(totalSeconds) / 86_400).rounded(.down))
        let secondOfDay = totalSeconds - days * 86_400
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay % 3600 / 60, 2)):\(pad(secondOfDay % 60, 2))"
        if millisecondPart != 0 {
            var fraction = pad(millisecondPart, 3)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPart = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPart + 2) / 5 + 1
        let month = monthPart < 10 ? monthPart + 3 : monthPart - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

// MARK: - Violations

/// How much a violation matters, as `tabgen validate` says it.
nonisolated public enum TabgenSeverity: String, Hashable, Sendable {
    case warning
    case error
}

/// One thing `validate()` found wrong, with the code `tabgen validate` reports for it.
nonisolated public struct TabgenViolation: Hashable, Sendable, CustomStringConvertible {
    public var code: String
    public var severity: TabgenSeverity
    /// Where, as a JSON pointer into the encoded value (`/tabs/1/deprecated`).
    public var pointer: String
    public var message: String

    public init(code: String, severity: TabgenSeverity, pointer: String, message: String) {
        self.code = code
        self.severity = severity
        self.pointer = pointer
        self.message = message
    }

    public var description: String {
        "\(pointer.isEmpty ? "(root)" : pointer): \(severity.rawValue) \(code): \(message)"
    }
}

/// A generated value `validate()` can check: the schema checks decoding lets through
/// (`tabgenCollectViolations`), and the JSON the rules are evaluated on (`tabgenJSON`),
/// built from the typed value directly (no encoding to bytes and parsing back).
nonisolated protocol TabgenValidatable {
    func tabgenCollectViolations(at path: [String], into violations: inout [TabgenViolation])
    var tabgenJSON: TabgenJSON { get }
}

nonisolated extension TabgenValidatable {
    func tabgenCollectViolations(at path: [String], into violations: inout [TabgenViolation]) {}
}

nonisolated extension Bool: TabgenValidatable {
    var tabgenJSON: TabgenJSON { .bool(self) }
}

nonisolated extension String: TabgenValidatable {
    var tabgenJSON: TabgenJSON { .string(self) }
}

nonisolated extension Float: TabgenValidatable {
    /// The Double the encoded text reads back as (0.1, not 0.100000001490116), as the CLI sees it.
    var tabgenJSON: TabgenJSON { .number(Double(description) ?? Double(self)) }
}

nonisolated extension Double: TabgenValidatable {
    var tabgenJSON: TabgenJSON { .number(self) }
}

/// An integer stands for the JSON number of its value.
nonisolated extension TabgenValidatable where Self: BinaryInteger {
    var tabgenJSON: TabgenJSON { .number(Double(self)) }
}

nonisolated extension Int8: TabgenValidatable {}
nonisolated extension UInt8: TabgenValidatable {}
nonisolated extension Int16: TabgenValidatable {}
nonisolated extension UInt16: TabgenValidatable {}
nonisolated extension Int32: TabgenValidatable {}
nonisolated extension UInt32: TabgenValidatable {}

nonisolated extension TabgenJSON: TabgenValidatable {
    var tabgenJSON: TabgenJSON { self }
}

nonisolated extension TabgenTimestamp: TabgenValidatable {
    var tabgenJSON: TabgenJSON { .string(text) }
}

nonisolated extension Optional: TabgenValidatable where Wrapped: TabgenValidatable {
    func tabgenCollectViolations(at path: [String], into violations: inout [TabgenViolation]) {
        if let value = self { value.tabgenCollectViolations(at: path, into: &violations) }
    }

    var tabgenJSON: TabgenJSON { self?.tabgenJSON ?? .null }
}

nonisolated extension Array: TabgenValidatable where Element: TabgenValidatable {
    func tabgenCollectViolations(at path: [String], into violations: inout [TabgenViolation]) {
        for (index, element) in enumerated() {
            element.tabgenCollectViolations(at: path + [String(index)], into: &violations)
        }
    }

    var tabgenJSON: TabgenJSON { .array(map(\.tabgenJSON)) }
}

nonisolated extension Dictionary: TabgenValidatable where Key == String, Value: TabgenValidatable {
    func tabgenCollectViolations(at path: [String], into violations: inout [TabgenViolation]) {
        for key in keys.sorted() {
            self[key]?.tabgenCollectViolations(at: path + [key], into: &violations)
        }
    }

    var tabgenJSON: TabgenJSON { .object(mapValues(\.tabgenJSON)) }
}

/// Storage for a field that would make a struct contain itself.
nonisolated final class TabgenIndirect<Value: Hashable & Sendable>: Hashable, Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    static func == (lhs: TabgenIndirect, rhs: TabgenIndirect) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

nonisolated extension TabgenIndirect: TabgenValidatable where Value: TabgenValidatable {
    func tabgenCollectViolations(at path: [String], into violations: inout [TabgenViolation]) {
        value.tabgenCollectViolations(at: path, into: &violations)
    }

    var tabgenJSON: TabgenJSON { value.tabgenJSON }
}

/// A coding key for any member name (discriminator tags, empty objects).
nonisolated struct TabgenAnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) {
        stringValue = name
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        return nil
    }
}

// MARK: - Strict JSON text

/// A violation is what `decode(json:)` throws when the text itself is refused (`TG001`, or
/// `TG024` at a key canonically equivalent to an earlier key of its object).
nonisolated extension TabgenViolation: Error {}

/// Reads a message's JSON text as `tabgen validate` reads it before `JSONDecoder` sees it.
///
/// `JSONDecoder` takes texts tabgen refuses (a key written twice, of which it keeps the
/// last; a byte-order mark; lone surrogate escapes) and refuses numbers JSON allows (`0e5`,
/// and `1e-400`, which underflows to 0). One linear pass over the bytes refuses the first
/// with `TG001` and tabgen's own message, and hands `JSONDecoder` the second rewritten as
/// `0` (or `-0`): only such tokens are rewritten, every other byte goes through as it is.
nonisolated public enum TabgenJSONText {
    /// Arrays and objects nest at most this deep, as in `tabgen validate`.
    public static let maxDepth = 512

    /// Decodes `type` from `data` after the text check: throws a `TabgenViolation` (`TG001`,
    /// at the root) for a text `tabgen validate` refuses, else what `decoder` throws.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, decoder: JSONDecoder = JSONDecoder()) throws -> Value {
        let (text, overflows) = try scan(data)
        guard overflows.isEmpty else { return try $overflows.withValue(overflows) { try decoder.decode(type, from: text ?? data) } }
        return try decoder.decode(type, from: text ?? data)
    }

    /// The numbers beyond Double's range (`1E400`) of the text being decoded, by the JSON
    /// pointer (UTF-8) of each, with its sign (true: negative). `JSONDecoder` refuses them;
    /// the empty form (`TabgenJSON`) takes them as infinity, as `tabgen validate` does.
    @TaskLocal static var overflows: [[UInt8]: Bool] = [:]

    /// Throws the `TG001` violation `tabgen validate` reports for `data`, if any; returns
    /// the text to give `JSONDecoder` when it differs from `data` (numbers rewritten), else nil.
    public static func check(_ data: Data) throws -> Data? {
        try scan(data).text
    }

    /// `check(_:)`, and the pointers of the numbers beyond Double's range (a second pass
    /// finds them, only for a text that has some).
    static func scan(_ data: Data) throws -> (text: Data?, overflows: [[UInt8]: Bool]) {
        let (rewrites, overflows): ([(range: Range<Int>, negative: Bool)], [[UInt8]: Bool]) = try data.withUnsafeBytes { raw in
            var scanner = TabgenTextScanner(bytes: raw.bindMemory(to: UInt8.self))
            try scanner.document()
            guard scanner.overflows > 0 || scanner.equivalentKeys > 0 else { return (scanner.rewrites, [:]) }
            var located = TabgenTextScanner(bytes: raw.bindMemory(to: UInt8.self))
            located.path = []
            try located.document()
            // Two keys of one object canonically equivalent (TG024): JSONDecoder would keep
            // one member of the two, so the text is refused, at the first such key.
            if let equivalence = located.firstEquivalence { throw equivalence }
            return (scanner.rewrites, located.overflowPointers)
        }
        guard !rewrites.isEmpty else { return (nil, overflows) }
        var output = Data(capacity: data.count)
        var start = data.startIndex
        for rewrite in rewrites {
            output.append(data[start..<(data.startIndex + rewrite.range.lowerBound)])
            output.append(contentsOf: rewrite.negative ? [UInt8(ascii: "-"), UInt8(ascii: "0")] : [UInt8(ascii: "0")])
            start = data.startIndex + rewrite.range.upperBound
        }
        output.append(data[start...])
        return (output, overflows)
    }
}

/// tabgen's JSON reader (RFC 8259, strict) as a check that builds no values: the same
/// refusals, found in the same order, with the same messages.
nonisolated struct TabgenTextScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    /// Number tokens `JSONDecoder` refuses whose value is zero.
    var rewrites: [(range: Range<Int>, negative: Bool)] = []
    /// How many number tokens are beyond Double's range.
    var overflows = 0
    /// The path to the value being read, when the pass locates overflows (nil: it does not).
    var path: [String]?
    /// With `path`, each overflow's JSON pointer (UTF-8) and sign (true: negative).
    var overflowPointers: [[UInt8]: Bool] = [:]
    /// How many keys are canonically equivalent to an earlier key of their object but not
    /// the same scalars (TG024).
    var equivalentKeys = 0
    /// With `path`, the TG024 finding of the first of them.
    var firstEquivalence: TabgenViolation?
    /// The keys of the objects being read, innermost object's last (each object drops its
    /// own when it ends, so the storage is reused): allocating an array per key was most
    /// of the check's time.
    var keys: [Key] = []
    /// The UTF-8, unescaped, of the keys in `keys` that have an escape.
    var unescapedKeys: [UInt8] = []

    /// An object key's UTF-8 after unescaping: a span of `bytes`, or of `unescapedKeys`
    /// when the key has an escape.
    struct Key {
        var start: Int
        var count: Int
        var escaped: Bool
        var ascii: Bool
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        keys.reserveCapacity(16)
    }

    func withBytes<Result>(of key: Key, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard key.escaped else { return body(UnsafeBufferPointer(rebasing: bytes[key.start..<(key.start + key.count)])) }
        return unescapedKeys.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[key.start..<(key.start + key.count)])) }
    }

    /// Equal bytes are equal Unicode scalars.
    func same(_ key: Key, _ other: Key) -> Bool {
        key.count == other.count && withBytes(of: key) { bytes in withBytes(of: other) { bytes.elementsEqual($0) } }
    }

    func decoded(_ key: Key) -> String {
        withBytes(of: key) { String(decoding: $0, as: UTF8.self) }
    }

    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")

    func refusal(_ reason: String) -> TabgenViolation {
        TabgenViolation(code: "TG001", severity: .error, pointer: "", message: "not well-formed JSON: " + reason)
    }

    mutating func document() throws {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw refusal("byte-order mark (U+FEFF) at the start; JSON text must not begin with one (RFC 8259 section 8.1)")
        }
        try value()
        skipWhitespace()
        if index < bytes.count { throw refusal("unexpected characters after the JSON value") }
    }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    func unexpected(at offset: Int) -> TabgenViolation {
        guard offset < bytes.count else { return refusal("unexpected end of input") }
        let byte = bytes[offset]
        if byte >= 0x80 {
            if invalidUTF8(from: offset, to: min(bytes.count, offset + 4)) == offset { return refusal("invalid UTF-8 byte sequence") }
            var decoder = UTF8()
            var iterator = bytes[offset..<min(bytes.count, offset + 4)].makeIterator()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return refusal("invalid UTF-8 byte sequence") }
            return refusal("unexpected character U+\(Self.hex(scalar.value))")
        }
        if byte < 0x20 || byte == 0x7F { return refusal("unexpected character U+\(Self.hex(UInt32(byte)))") }
        return refusal("unexpected character '\(Character(Unicode.Scalar(byte)))'")
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    mutating func value() throws {
        skipWhitespace()
        guard index < bytes.count else { throw refusal("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case Self.quote: try string(collecting: false)
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw unexpected(at: index)
        }
    }

    mutating func literal(_ word: StaticString) throws {
        let start = word.utf8Start
        for offset in 0..<word.utf8CodeUnitCount {
            guard index + offset < bytes.count, bytes[index + offset] == start[offset] else { throw unexpected(at: index + offset) }
        }
        index += word.utf8CodeUnitCount
    }

    mutating func enter() throws {
        depth += 1
        if depth > TabgenJSONText.maxDepth { throw refusal("nesting deeper than \(TabgenJSONText.maxDepth) arrays and objects") }
    }

    /// Enters the array or object that opens at `index`; true when it is empty (`closer`,
    /// read, ends it at once).
    mutating func opens(closedBy closer: UInt8) throws -> Bool {
        try enter()
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == closer else { return false }
        index += 1
        depth -= 1
        return true
    }

    /// After a member or an element: false past the comma before the next, true past the
    /// `closer` that ends the array or object.
    mutating func ends(closedBy closer: UInt8) throws -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw refusal("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return false
        case closer:
            index += 1
            depth -= 1
            return true
        default: throw unexpected(at: index)
        }
    }

    mutating func object() throws {
        if try opens(closedBy: UInt8(ascii: "}")) { return }
        // This object's keys are keys[firstKey...]. A set takes over from the list past 16
        // keys, so a huge object stays linear.
        let firstKey = keys.count
        let firstUnescaped = unescapedKeys.count
        defer {
            keys.removeSubrange(firstKey...)
            // Not on an empty array: that would allocate a buffer.
            if unescapedKeys.count > firstUnescaped { unescapedKeys.removeSubrange(firstUnescaped...) }
        }
        var seen: Set<[UInt8]>?
        // From the first non-ASCII key on: the first key of each canonical-equivalence
        // class (Swift's String hashing and == are canonical equivalence).
        var equivalents: [String: String]?
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw refusal("unexpected end of input") }
            guard bytes[index] == Self.quote else { throw refusal("expected a string object key") }
            let key = try string(collecting: true)
            if seen == nil {
                for earlier in keys[firstKey...] where same(earlier, key) { throw duplicate(key) }
                if keys.count - firstKey == 16 { seen = Set((keys[firstKey...] + [key]).map { withBytes(of: $0) { Array($0) } }) }
            } else if seen?.insert(withBytes(of: key) { Array($0) }).inserted == false {
                throw duplicate(key)
            }
            keys.append(key)
            if equivalents != nil || !key.ascii {
                if equivalents == nil {
                    var firsts: [String: String] = [:]
                    for earlier in keys[firstKey..<(keys.count - 1)] {
                        let name = decoded(earlier)
                        if firsts[name] == nil { firsts[name] = name }
                    }
                    equivalents = firsts
                }
                let name = decoded(key)
                if let first = equivalents?[name] {
                    equivalentKeys += 1
                    if let path, firstEquivalence == nil { firstEquivalence = Self.equivalence(name, first, at: path) }
                } else {
                    equivalents?[name] = name
                }
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw unexpected(at: index) }
            index += 1
            if path != nil {
                let component = decoded(key)  // read before `path` is modified
                path?.append(component)
            }
            try value()
            path?.removeLast()
            if try ends(closedBy: UInt8(ascii: "}")) { return }
        }
    }

    /// TG024, as `tabgen validate` words it.
    static func equivalence(_ key: String, _ first: String, at path: [String]) -> TabgenViolation {
        func shown(_ text: String) -> String {
            let quoted = TabgenValidation.quoted(text)
            return quoted.unicodeScalars.count > 120 ? String(String.UnicodeScalarView(quoted.unicodeScalars.prefix(117))) + "..." : quoted
        }
        return TabgenViolation(code: "TG024", severity: .error, pointer: TabgenValidation.pointer(path + [key]),
                               message: "key \(shown(key)) is canonically equivalent to the key \(shown(first)) of the same object but has other Unicode scalars: "
                                   + "Swift's JSONDecoder merges them into one member, Kotlin, JavaScript and Ruby keep both; send keys in Unicode normalization form C (NFC)")
    }

    func duplicate(_ key: Key) -> TabgenViolation {
        let name = TabgenValidation.quoted(decoded(key))
        return refusal("duplicate object key \(name); JSON readers disagree on which one wins, so tabgen rejects it")
    }

    mutating func array() throws {
        if try opens(closedBy: UInt8(ascii: "]")) { return }
        var position = 0
        while true {
            path?.append(String(position))
            try value()
            path?.removeLast()
            position += 1
            if try ends(closedBy: UInt8(ascii: "]")) { return }
        }
    }

    /// Checks a string; with `collecting`, returns it as a key (its unescaped UTF-8 kept
    /// while its object is read).
    @discardableResult
    mutating func string(collecting: Bool) throws -> Key {
        index += 1
        let start = index
        var ascii = true
        // Eight bytes at a time up to the first that is a quote, a backslash or a control
        // character: most of a message's bytes are in strings.
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let stops = Self.stops(in: word)
            if stops == 0 {
                if word & highBits != 0 { ascii = false }
                index += 8
                continue
            }
            let plain = stops.trailingZeroBitCount / 8
            if word & highBits & ((1 << (8 * plain)) &- 1) != 0 { ascii = false }
            index += plain
            break
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.quote {
                if !ascii, invalidUTF8(from: start, to: index) != nil { throw refusal("invalid UTF-8 byte sequence") }
                index += 1
                return Key(start: start, count: index - 1 - start, escaped: false, ascii: ascii)
            }
            if byte == Self.backslash { return try escapedString(start: start, collecting: collecting) }
            if byte < 0x20 { throw refusal("unescaped control character in string") }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw refusal("unexpected end of input")
    }

    /// The high bit of each byte of `word` (little-endian) that is a quote, a backslash or
    /// below 0x20: exact up to the first such byte (a borrow may mark later bytes wrongly).
    static func stops(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func below(_ bound: UInt64, _ bytes: UInt64) -> UInt64 { (bytes &- ones &* bound) & ~bytes & highBits }
        return below(0x20, word) | below(1, word ^ (ones &* UInt64(quote))) | below(1, word ^ (ones &* UInt64(backslash)))
    }

    mutating func escapedString(start: Int, collecting: Bool) throws -> Key {
        let unescapedStart = unescapedKeys.count
        var chunkStart = start
        func flush(_ scanner: inout TabgenTextScanner, upTo end: Int) throws {
            if scanner.invalidUTF8(from: chunkStart, to: end) != nil { throw scanner.refusal("invalid UTF-8 byte sequence") }
            if collecting { scanner.unescapedKeys.append(contentsOf: scanner.bytes[chunkStart..<end]) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.quote {
                try flush(&self, upTo: index)
                index += 1
                let unescaped = unescapedKeys[unescapedStart...]
                return Key(start: unescapedStart, count: unescaped.count, escaped: true, ascii: !unescaped.contains { $0 >= 0x80 })
            }
            if byte < 0x20 { throw refusal("unescaped control character in string") }
            guard byte == Self.backslash else {
                index += 1
                continue
            }
            try flush(&self, upTo: index)
            guard index + 1 < bytes.count else { throw refusal("unexpected end of input") }
            let escaped: UInt8
            switch bytes[index + 1] {
            case Self.quote, Self.backslash, UInt8(ascii: "/"): escaped = bytes[index + 1]
            case UInt8(ascii: "b"): escaped = 0x08
            case UInt8(ascii: "f"): escaped = 0x0C
            case UInt8(ascii: "n"): escaped = 0x0A
            case UInt8(ascii: "r"): escaped = 0x0D
            case UInt8(ascii: "t"): escaped = 0x09
            case UInt8(ascii: "u"):
                index += 2
                let unit = try hex4()
                var scalarValue = UInt32(unit)
                let lone = refusal("lone surrogate \\u\(Self.hex(UInt32(unit))) in string: it is not a Unicode scalar value")
                if (0xD800...0xDBFF).contains(unit) {
                    guard index + 1 < bytes.count, bytes[index] == Self.backslash, bytes[index + 1] == UInt8(ascii: "u") else { throw lone }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw lone }
                    scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw lone
                }
                if collecting, let scalar = Unicode.Scalar(scalarValue) { UTF8.encode(scalar) { unescapedKeys.append($0) } }
                chunkStart = index
                continue
            default: throw refusal("invalid escape sequence in string")
            }
            if collecting { unescapedKeys.append(escaped) }
            index += 2
            chunkStart = index
        }
        throw refusal("unexpected end of input")
    }

    mutating func hex4() throws -> UInt16 {
        guard index + 4 <= bytes.count else { throw refusal("unexpected end of input") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw refusal("invalid escape sequence in string")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// The offset of the first invalid UTF-8 sequence in `start..<end` (overlong forms,
    /// encoded surrogates, values above U+10FFFF), or nil.
    func invalidUTF8(from start: Int, to end: Int) -> Int? {
        var i = start
        while i < end {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
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
            guard i + length <= end, bytes[i + 1] >= lower, bytes[i + 1] <= upper else { return i }
            for k in 2..<max(2, length) where bytes[i + k] & 0xC0 != 0x80 {
                return i
            }
            i += length
        }
        return nil
    }

    /// Checks a number token; notes it for rewriting when its value is zero but
    /// `JSONDecoder` would refuse it (`0e5`, `1e-400`), and counts it when it is beyond
    /// Double's range (`1E400`).
    mutating func number() throws {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count else { throw refusal("invalid number") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var zero = true  // every digit before the exponent is 0
        var leadingZeros = 0  // zeros after the point before the first other digit, when the integer part is 0
        var integerDigits = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            let digitsStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            if index == digitsStart { throw refusal("invalid number") }
            integerDigits = index - digitsStart
            zero = false
        }
        var exponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) {
                if bytes[index] != UInt8(ascii: "0") { zero = false } else if zero { leadingZeros += 1 }
                index += 1
            }
            if index == fractionStart { throw refusal("invalid number") }
        }
        var negativeExponent = 0
        var positiveExponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            exponent = true
            index += 1
            var minus = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                minus = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            while index < bytes.count, isDigit(bytes[index]) {
                if minus, negativeExponent < 100_000 { negativeExponent = negativeExponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                if !minus, positiveExponent < 100_000 { positiveExponent = positiveExponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            if index == exponentStart { throw refusal("invalid number") }
        }
        if zero {
            if exponent { rewrites.append((start..<index, negative)) }
        } else if leadingZeros + negativeExponent >= 300 {
            // Small enough that it may underflow: only then is the value computed.
            if Double(String(decoding: bytes[start..<index], as: UTF8.self)) == 0 { rewrites.append((start..<index, negative)) }
        } else if integerDigits + positiveExponent >= 300, Double(String(decoding: bytes[start..<index], as: UTF8.self))?.isInfinite == true {
            // Large enough that it may overflow: only then is the value computed.
            overflows += 1
            if let path { overflowPointers[Array(TabgenValidation.pointer(path).utf8)] = negative }
        }
    }
}

// MARK: - Decoding failures

/// The schema of a message (its RFC 8927 forms and definitions, as compact JSON text) and
/// the decoding policy, to explain a decoding failure as `tabgen validate` reports it.
///
/// `JSONDecoder`'s error names no code, and its coding path follows the order of
/// `init(from:)`, not the order in which `tabgen validate` reports. Only when decoding
/// fails are the schema and the text parsed and walked: a valid message costs nothing more.
/// The schema is parsed once: each root keeps its `TabgenSchema` in a `static let` that
/// only a failure reads (`decode(_:from:definition:schema:)` takes it as an autoclosure).
nonisolated public struct TabgenSchema: Sendable {
    public let json: String
    public let strict: Bool
    /// `json` parsed (nil if it is not JSON), when the schema is made.
    let tree: TabgenTree?

    public init(json: String, strict: Bool) {
        self.json = json
        self.strict = strict
        tree = TabgenTree.parse(Data(json.utf8))
    }

    /// Decodes `type`, the data of `definition` (nil: the root), as
    /// `TabgenJSONText.decode` does; a well-formed text `JSONDecoder` cannot decode throws
    /// `DecodingError.dataCorrupted` at the first finding `tabgen validate` reports that
    /// decoding does not let through: its exact coding path, and the finding (a
    /// `TabgenViolation`, code and pointer) as the underlying error. `schema` is evaluated
    /// only then, so a valid message never makes (or parses) it.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from data: Data, definition: String? = nil, schema: @autoclosure () -> TabgenSchema
    ) throws -> Value {
        do {
            return try TabgenJSONText.decode(type, from: data)
        } catch let error as DecodingError {
            guard let first = schema().errors(in: data, definition: definition).first else { throw error }
            let path = first.pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { token in
                // As in `TabgenSchemaWalk.child`: `replacingOccurrences` only where there is an escape.
                TabgenPathKey(token.utf8.contains(UInt8(ascii: "~"))
                    ? String(token).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") : String(token))
            }
            let place = first.pointer.isEmpty ? "(root)" : first.pointer
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "\(first.code) at \(place): \(first.message)", underlyingError: first))
        }
    }

    /// The findings of RFC 8927 validation of `data` (the data of `definition`) that
    /// decoding does not let through, in the order `tabgen validate` reports them. Let
    /// through: unknown members and, unless `strict`, unknown enum strings, the `null` of
    /// an optional member and a missing nullable or array member (docs/decoding.md). Empty for a
    /// text that does not parse.
    public func errors(in data: Data, definition: String? = nil) -> [TabgenViolation] {
        guard let schema = tree, let value = TabgenTree.parse(data) else { return [] }
        var walk = TabgenSchemaWalk(definitions: schema["definitions"], strict: strict)
        if let definition {
            guard let form = schema["definitions"]?[definition] else { return [] }
            walk.check(value, form, "", tolerated: false)
        } else {
            walk.check(value, schema, "", tolerated: false)
        }
        // `tabgen validate` reports by position in the text: a value's own findings (a
        // missing member: the object's) before those inside it, as values come in the text.
        return walk.found.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map(\.element.violation)
    }
}

/// A coding path key for a JSON pointer token.
nonisolated struct TabgenPathKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ token: String) {
        stringValue = token
        intValue = Int(token)
    }

    init(stringValue: String) {
        self.init(stringValue)
    }

    init(intValue: Int) {
        self.init(String(intValue))
    }
}

/// A parsed JSON value that keeps members in document order, as `tabgen validate` walks them.
nonisolated indirect enum TabgenTree: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([TabgenTree])
    case object([(key: String, value: TabgenTree)])

    subscript(key: String) -> TabgenTree? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }?.value
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a text the strict text check accepted; nil for anything else.
    static func parse(_ data: Data) -> TabgenTree? {
        data.withUnsafeBytes { raw in
            var parser = TabgenTreeParser(bytes: raw.bindMemory(to: UInt8.self))
            guard let value = parser.value(depth: 0) else { return nil }
            parser.skipSpace()
            return parser.index == parser.bytes.count ? value : nil
        }
    }

    /// Compact JSON text as `tabgen validate` writes it in messages, cut at 120 Unicode scalars.
    var shown: String {
        var text = ""
        write(to: &text)
        return TabgenValidation.cut(text)
    }

    func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += TabgenValidation.number(number)
        case .string(let string): text += TabgenValidation.quoted(string)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                text += TabgenValidation.quoted(member.key) + ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }
}

/// Reads JSON text into a `TabgenTree`; nil on anything it does not expect.
nonisolated struct TabgenTreeParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A byte-order mark is refused by the text check before a failure is explained.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    static let numberBytes = Set("0123456789+-.eE".utf8)

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func literal(_ word: String, _ value: TabgenTree) -> TabgenTree? {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else { return nil }
        index += expected.count
        return value
    }

    mutating func value(depth: Int) -> TabgenTree? {
        skipSpace()
        guard index < bytes.count, depth <= TabgenJSONText.maxDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "\""): return string().map(TabgenTree.string)
        case UInt8(ascii: "["):
            index += 1
            var elements: [TabgenTree] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                skipSpace()
                guard index < bytes.count else { return nil }
                index += 1
                if bytes[index - 1] == UInt8(ascii: "]") { return .array(elements) }
                guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
            }
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, value: TabgenTree)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let member = value(depth: depth + 1) else { return nil }
                members.append((key, member))
                skipSpace()
                guard index < bytes.count else { return nil }
                index += 1
                if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
            }
        default:
            let start = index
            while index < bytes.count, Self.numberBytes.contains(bytes[index]) { index += 1 }
            guard index > start, let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
            return .number(number)
        }
    }

    /// A string literal at `index` (its opening quote), unescaped.
    mutating func string() -> String? {
        index += 1
        var output: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: output, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    guard var unit = hex() else { return nil }
                    if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        guard let low = hex(), (0xDC00..<0xE000).contains(low) else { return nil }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(unit) else { return nil }
                    output.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: output.append(escape)
                }
            default:
                output.append(byte)
            }
        }
        return nil
    }

    mutating func hex() -> UInt32? {
        guard index + 4 <= bytes.count, let unit = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else { return nil }
        index += 4
        return unit
    }
}

/// RFC 8927 validation as `tabgen validate` walks it (members in document order, missing
/// members after them), keeping the findings decoding does not let through.
nonisolated struct TabgenSchemaWalk {
    let definitions: TabgenTree?
    let strict: Bool
    /// The findings, each with the position of its value in the text (in visiting order).
    var found: [(position: Int, violation: TabgenViolation)] = []
    var visited = 0

    init(definitions: TabgenTree?, strict: Bool) {
        self.definitions = definitions
        self.strict = strict
    }

    // `tolerated`: the value is the null of an optional member, which decoding reads as absent.
    mutating func check(_ value: TabgenTree, _ form: TabgenTree, _ pointer: String, tolerated: Bool) {
        let position = visited
        visited += 1
        func fail(_ code: String, _ at: String, _ message: String, letThrough: Bool) {
            if !letThrough { found.append((position, TabgenViolation(code: code, severity: .error, pointer: at, message: message))) }
        }
        if case .bool(true)? = form["nullable"], case .null = value { return }
        if let ref = form["ref"]?.string {
            if let target = definitions?[ref] { check(value, target, pointer, tolerated: tolerated) }
            return
        }
        if let type = form["type"]?.string {
            if !Self.has(value, type: type) {
                fail("TG010", pointer, "expected \(Self.describe(type: type, value)), found \(Self.kindAndValue(value))", letThrough: tolerated)
            }
            return
        }
        if case .array(let listed)? = form["enum"] {
            let names = listed.compactMap(\.string)
            let string = value.string
            if string.map({ text in !names.contains { $0.unicodeScalars.elementsEqual(text.unicodeScalars) } }) ?? true {
                // An enum string this version does not know is a newer server's: kept unless strict.
                fail("TG011", pointer, "\(value.shown) is not one of \(Self.allowed(names))",
                     letThrough: tolerated || (string != nil && !strict))
            }
            return
        }
        if let elements = form["elements"] {
            guard case .array(let items) = value else {
                return fail("TG014", pointer, "expected an array, found \(Self.kindAndValue(value))", letThrough: tolerated)
            }
            for (index, item) in items.enumerated() { check(item, elements, "\(pointer)/\(index)", tolerated: false) }
            return
        }
        if let values = form["values"] {
            guard case .object(let members) = value else {
                return fail("TG014", pointer, "expected an object, found \(Self.kindAndValue(value))", letThrough: tolerated)
            }
            for member in members { check(member.value, values, Self.child(pointer, member.key), tolerated: false) }
            return
        }
        if let name = form["discriminator"]?.string {
            guard case .object = value else {
                return fail("TG014", pointer, "expected an object, found \(Self.kindAndValue(value))", letThrough: tolerated)
            }
            guard let tag = value[name] else {
                return fail("TG015", pointer, "missing discriminator property \(TabgenValidation.quoted(name))", letThrough: false)
            }
            let at = Self.child(pointer, name)
            guard let tagText = tag.string else {
                return fail("TG015", at, "discriminator \(TabgenValidation.quoted(name)) must be a string, found \(Self.kindAndValue(tag))", letThrough: false)
            }
            var keys: [String] = []
            if case .object(let mapping)? = form["mapping"] { keys = mapping.map(\.key) }
            guard let variant = form["mapping"]?[tagText] else {
                return fail("TG015", at, "\(tag.shown) is not one of the \(TabgenValidation.quoted(name)) values \(Self.allowed(keys))",
                            letThrough: false)
            }
            // The tag is not among the variant's properties: like any unknown member, let through.
            return check(value, variant, pointer, tolerated: false)
        }
        let required = form["properties"]
        let optional = form["optionalProperties"]
        guard required != nil || optional != nil else { return }
        guard case .object(let members) = value else {
            return fail("TG014", pointer, "expected an object, found \(Self.kindAndValue(value))", letThrough: tolerated)
        }
        for member in members {
            if let memberForm = required?[member.key] {
                check(member.value, memberForm, Self.child(pointer, member.key), tolerated: false)
            } else if let memberForm = optional?[member.key] {
                var isNull = false
                if case .null = member.value { isNull = true }
                check(member.value, memberForm, Self.child(pointer, member.key), tolerated: !strict && isNull && !resolves(memberForm, Self.isNullable))
            }
            // An unknown member (TG013) is a newer server's: decoding ignores it.
        }
        if case .object(let listed)? = required {
            for property in listed where value[property.key] == nil {
                // Decoding reads a missing nullable member as nil, a missing array as empty.
                fail("TG012", pointer, "missing required property \(TabgenValidation.quoted(property.key))",
                     letThrough: !strict && resolves(property.value) { Self.isNullable($0) || $0["elements"] != nil })
            }
        }
    }

    /// Whether `form`, or a definition it refers to, passes `test`.
    func resolves(_ form: TabgenTree, _ test: (TabgenTree) -> Bool) -> Bool {
        if test(form) { return true }
        guard let ref = form["ref"]?.string, let target = definitions?[ref] else { return false }
        return resolves(target, test)
    }

    static func isNullable(_ form: TabgenTree) -> Bool {
        if case .bool(true)? = form["nullable"] { true } else { false }
    }

    static func child(_ pointer: String, _ key: String) -> String {
        // Most keys need no escape; `replacingOccurrences` goes through NSString and was half
        // of a refused message's cost when called for every member.
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return pointer + "/" + key }
        return pointer + "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    static let integerRanges: [String: ClosedRange<Double>] = [
        "int8": -128...127, "uint8": 0...255, "int16": -32768...32767, "uint16": 0...65535,
        "int32": -2147483648...2147483647, "uint32": 0...4294967295,
    ]

    static func has(_ value: TabgenTree, type: String) -> Bool {
        switch (type, value) {
        case ("boolean", .bool): return true
        case ("string", .string): return true
        case ("timestamp", .string(let text)): return TabgenTimestamp(rfc3339: text) != nil
        case (_, .number(let number)):
            if let range = integerRanges[type] { return number.isFinite && number == number.rounded() && range.contains(number) }
            if type == "float32" { return Float(number).isFinite }
            return type == "float64" && number.isFinite
        default: return false
        }
    }

    static func describe(type: String, _ value: TabgenTree) -> String {
        if case .number = value, type == "float32" || type == "float64" {
            return "a number within the range of \(type) (±\(type == "float32" ? "3.4028235e+38" : "1.7976931348623157e+308"))"
        }
        switch type {
        case "boolean": return "a boolean"
        case "string": return "a string"
        case "timestamp": return "an RFC 3339 timestamp string"
        default:
            guard let range = integerRanges[type] else { return "a number" }
            return "\(type) (an integer from \(Int64(range.lowerBound)) to \(Int64(range.upperBound)))"
        }
    }

    /// The allowed values a message lists, as `tabgen validate` lists them: the first 20, then how many more.
    static func allowed(_ names: [String]) -> String {
        let listed = names.prefix(20).map(TabgenValidation.quoted).joined(separator: ", ")
        return names.count > 20 ? "\(listed) and \(names.count - 20) more" : listed
    }

    static func kindAndValue(_ value: TabgenTree) -> String {
        switch value {
        case .null: return "null"
        case .number(let number) where !number.isFinite: return "a number beyond the range of float64"
        case .number: return "number \(value.shown)"
        case .bool: return "boolean \(value.shown)"
        case .string: return "string \(value.shown)"
        case .array: return "array \(value.shown)"
        case .object: return "object \(value.shown)"
        }
    }
}

// MARK: - Tolerant decoding

/// What tolerant decoding let through in one object: members sent as `null` though
/// the schema makes them optional-but-not-nullable, and required nullable or array
/// members that were missing. The typed value cannot show null-versus-absent, so the decoder records
/// it here and `validate()` reports it with the codes `tabgen validate` gives the payload.
///
/// Notes describe how a value arrived, not the value: they never make two values
/// unequal, and a note is ignored once its member holds a value again.
nonisolated struct TabgenDecodingNotes: Hashable, Sendable {
    /// JSON names of optional members that were `null`.
    var nullMembers: [String] = []
    /// JSON names of required nullable or array members that were missing.
    var missingMembers: [String] = []

    init() {}

    var isEmpty: Bool { nullMembers.isEmpty && missingMembers.isEmpty }

    static func == (lhs: TabgenDecodingNotes, rhs: TabgenDecodingNotes) -> Bool { true }

    func hash(into hasher: inout Hasher) {}
}

nonisolated extension KeyedDecodingContainer {
    /// An optional, non-nullable member: absent or `null` decode as nil; `null` is noted.
    func tabgenDecodeOptional<Value: Decodable>(_ type: Value.Type, forKey key: Key, notes: inout TabgenDecodingNotes) throws -> Value? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) {
            notes.nullMembers.append(key.stringValue)
            return nil
        }
        return try decode(type, forKey: key)
    }

    /// A required, nullable member: a missing one decodes as nil and is noted.
    func tabgenDecodeNullable<Value: Decodable>(_ type: Value.Type, forKey key: Key, notes: inout TabgenDecodingNotes) throws -> Value? {
        guard contains(key) else {
            notes.missingMembers.append(key.stringValue)
            return nil
        }
        return try decodeIfPresent(type, forKey: key)
    }

    /// A required array member: a missing one decodes as empty and is noted (the reference
    /// Android client reads a message without `tabs` as bootstrap); a present one as `decode`.
    func tabgenDecodeArray<Value: RangeReplaceableCollection>(forKey key: Key, notes: inout TabgenDecodingNotes,
                                                              _ decode: () throws -> Value) throws -> Value {
        guard contains(key) else {
            notes.missingMembers.append(key.stringValue)
            return Value()
        }
        return try decode()
    }
}

/// A float32 read as `tabgen validate` reads it: the number's Double, rounded to Float.
/// `JSONDecoder` reads a Float from the digits directly and refuses one that underflows,
/// so it would refuse `1e-46` (0 to tabgen) and take `3.4028235677973366e38`, whose
/// Double rounds to infinity as a Float (TG010 to tabgen).
nonisolated struct TabgenFloat32: Decodable, Sendable {
    let value: Float

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let number = try container.decode(Double.self)
        value = Float(number)
        guard value.isFinite else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(number) is beyond the range of float32")
        }
    }
}

/// A type made of float32 in arrays, maps and optionals: decoded through the same type
/// with `TabgenFloat32` in place of each Float.
nonisolated protocol TabgenFloat32Decoding: Decodable {
    associatedtype TabgenMirror: Decodable
    init(tabgenMirror: TabgenMirror)
}

nonisolated extension Float: TabgenFloat32Decoding {
    init(tabgenMirror: TabgenFloat32) { self = tabgenMirror.value }
}

nonisolated extension Array: TabgenFloat32Decoding where Element: TabgenFloat32Decoding {
    init(tabgenMirror: [Element.TabgenMirror]) { self = tabgenMirror.map(Element.init(tabgenMirror:)) }
}

nonisolated extension Dictionary: TabgenFloat32Decoding where Key == String, Value: TabgenFloat32Decoding {
    init(tabgenMirror: [String: Value.TabgenMirror]) { self = tabgenMirror.mapValues(Value.init(tabgenMirror:)) }
}

nonisolated extension Optional: TabgenFloat32Decoding where Wrapped: TabgenFloat32Decoding {
    init(tabgenMirror: Wrapped.TabgenMirror?) { self = tabgenMirror.map(Wrapped.init(tabgenMirror:)) }
}

nonisolated extension KeyedDecodingContainer {
    /// `decode(_:forKey:)` for a type holding float32.
    func tabgenDecodeFloat32<Value: TabgenFloat32Decoding>(_ type: Value.Type, forKey key: Key) throws -> Value {
        Value(tabgenMirror: try decode(Value.TabgenMirror.self, forKey: key))
    }

    /// `tabgenDecodeOptional` for a type holding float32 (chosen over the general one).
    func tabgenDecodeOptional<Value: TabgenFloat32Decoding>(_ type: Value.Type, forKey key: Key, notes: inout TabgenDecodingNotes) throws -> Value? {
        try tabgenDecodeOptional(Value.TabgenMirror.self, forKey: key, notes: &notes).map(Value.init(tabgenMirror:))
    }

    /// `tabgenDecodeNullable` for a type holding float32 (chosen over the general one).
    func tabgenDecodeNullable<Value: TabgenFloat32Decoding>(_ type: Value.Type, forKey key: Key, notes: inout TabgenDecodingNotes) throws -> Value? {
        try tabgenDecodeNullable(Value.TabgenMirror.self, forKey: key, notes: &notes).map(Value.init(tabgenMirror:))
    }
}

nonisolated enum TabgenValidation {
    /// The violations of a value: the schema checks decoding lets through, then the
    /// rules, evaluated on the JSON the value stands for (built from the typed value).
    static func validate<Value: TabgenValidatable>(_ value: Value, rules: [TabgenRule]) -> [TabgenViolation] {
        var violations: [TabgenViolation] = []
        value.tabgenCollectViolations(at: [], into: &violations)
        guard !rules.isEmpty else { return violations }
        violations += TabgenRuleEngine.evaluate(rules, on: value.tabgenJSON)
        return violations
    }

    /// A value's text cut for a message at 120 Unicode scalars, as tabgen validate and the
    /// other languages cut it.
    static func cut(_ text: String) -> String {
        text.unicodeScalars.count > 120 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(117))) + "..." : text
    }

    /// A number in a message: integral values below 1e15 without a fraction, as tabgen
    /// validate writes them; what JSON cannot hold as null.
    static func number(_ number: Double) -> String {
        if !number.isFinite { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    /// An RFC 6901 pointer for path tokens.
    static func pointer(_ path: [String]) -> String {
        path.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    /// A JSON string literal, for messages, escaped as `tabgen validate` escapes it.
    static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{8}": output += "\\b"
            case "\u{C}": output += "\\f"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let digits = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// An enum value this version does not know: a warning on the client (a newer
    /// server may send it; an app that filters errors must not reject it), where
    /// `tabgen validate` on the server says error.
    static func unknownValue(_ value: String, at path: [String], expected: String) -> TabgenViolation {
        // Cut as tabgen validate shows values: 117 Unicode scalars and "..." past 120.
        let text = quoted(value)
        let shown = text.unicodeScalars.count > 120 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(117))) + "..." : text
        return TabgenViolation(code: "TG011", severity: .warning, pointer: pointer(path), message: "\(shown) is not one of \(expected)")
    }

    /// The violations for what tolerant decoding noted, for members that still hold what
    /// it read (nil, or an empty array). `nullFindings` holds, per member that can be
    /// noted as null, the code and message `tabgen validate` gives `null` there.
    static func noted(_ notes: TabgenDecodingNotes, at path: [String], stillTolerated: (String) -> Bool,
                      nullFindings: [String: (code: String, message: String)], into violations: inout [TabgenViolation]) {
        for name in notes.missingMembers where stillTolerated(name) {
            violations.append(TabgenViolation(code: "TG012", severity: .error, pointer: pointer(path), message: "missing required property \(quoted(name))"))
        }
        for name in notes.nullMembers where stillTolerated(name) {
            guard let finding = nullFindings[name] else { continue }
            violations.append(TabgenViolation(code: finding.code, severity: .error, pointer: pointer(path + [name]), message: finding.message))
        }
    }
}

// MARK: - Rules

/// One rule of the schema's `metadata.tabgen.rules`, as data.
nonisolated struct TabgenRule: Sendable {
    enum Token: Sendable, Hashable {
        case name(String)
        case wildcard
    }

    enum Kind: Sendable {
        case count(path: [Token], min: Int?, max: Int?, forbidden: [Int], distinct: [Token]?, where: [TabgenCondition])
        case unique(path: [Token])
        case reference(path: [Token], targets: [Token], key: [Token], targetWhere: [TabgenCondition], required: Bool)
        case relativeReference(path: [Token], allowAuthority: Bool)
        case equals(path: [Token], value: TabgenJSON)
// tabgen:begin usesNonEmpty
        case nonEmpty(path: [Token])
// tabgen:end usesNonEmpty
    }

    var code: String
    var severity: TabgenSeverity
    var message: String
    var kind: Kind
    var when: [TabgenCondition]
}

nonisolated struct TabgenCondition: Sendable {
    enum Test: Sendable {
        case present(Bool)
        case count(min: Int?, max: Int?)
        case equals(TabgenJSON)
    }

    var path: [TabgenRule.Token]
    var test: Test
}

/// Evaluates rules on a JSON value the way `tabgen validate` does: same verdicts, codes,
/// pointers and messages (object members are visited in key order).
nonisolated enum TabgenRuleEngine {
    static func evaluate(_ rules: [TabgenRule], on root: TabgenJSON) -> [TabgenViolation] {
        var violations: [TabgenViolation] = []
        for rule in rules where rule.when.allSatisfy({ holds($0, on: root) }) {
            evaluate(rule, root, into: &violations)
        }
        return violations
    }

    static func evaluate(_ rule: TabgenRule, _ root: TabgenJSON, into violations: inout [TabgenViolation]) {
        func report(_ path: [String], _ value: TabgenJSON?, _ reason: String, count: Int? = nil) {
            let pointer = TabgenValidation.pointer(path)
            violations.append(TabgenViolation(code: rule.code, severity: rule.severity, pointer: pointer,
                                              message: format(rule.message, value: value, reason: reason, count: count, pointer: pointer)))
        }
        switch rule.kind {
        case .count(let path, let min, let max, let forbidden, let distinct, let filter):
            for match in matches(path, in: root) {
                var entries: [TabgenJSON]
                switch match.value {
                case .array(let elements): entries = elements
                case .object(let object): entries = object.keys.sorted().compactMap { object[$0] }
                default: continue
                }
                if !filter.isEmpty {
                    entries = entries.filter { entry in filter.allSatisfy { holds($0, on: entry) } }
                }
                var count = entries.count
                var noun = count == 1 ? "1 entry" : "\(count) entries"
                if !filter.isEmpty { noun += " where " + filter.map(describe).joined(separator: " and ") }
                if let distinct {
                    var seen: Set<TabgenJSON> = []
                    var unkeyed = 0
                    for entry in entries {
                        guard let key = matches(distinct, in: entry).first?.value else {
                            unkeyed += 1
                            continue
                        }
                        seen.insert(key)
                    }
                    count = seen.count + unkeyed
                    if count != entries.count { noun += " but \(count) distinct \(describe(distinct))" }
                }
                if forbidden.contains(count) {
                    report(match.path, match.value, "it has \(noun)", count: count)
                } else if let min, count < min {
                    report(match.path, match.value, "it has \(noun), fewer than \(min)", count: count)
                } else if let max, count > max {
                    report(match.path, match.value, "it has \(noun), more than \(max)", count: count)
                }
            }
        case .unique(let path):
            var seen: [TabgenJSON: [String]] = [:]
            // The first string of each canonical-equivalence class: Swift's own String
            // hashing and == are canonical equivalence (TG022).
            var equivalents: [String: (path: [String], value: TabgenJSON)] = [:]
            for match in matches(path, in: root) {
                if match.value == .null { continue }  // null is no value: two are no duplicate
                if let first = seen[match.value] {
                    report(match.path, match.value, "\(show(match.value)) is also at \(TabgenValidation.pointer(first))")
                    continue
                }
                seen[match.value] = match.path
                guard case .string(let text) = match.value else { continue }
                if let equivalent = equivalents[text] {
                    violations.append(equivalence(match.path, match.value, equivalent.value, " at \(TabgenValidation.pointer(equivalent.path))"))
                } else {
                    equivalents[text] = match
                }
            }
        case .reference(let path, let targets, let key, let targetWhere, let required):
            var keys: Set<TabgenJSON> = []
            var unfilteredKeys: Set<TabgenJSON> = []
            // The first qualifying key of each canonical-equivalence class (TG022).
            var equivalents: [String: TabgenJSON] = [:]
            var targetCount = 0
            for target in matches(targets, in: root) {
                let qualifies = targetWhere.allSatisfy { holds($0, on: target.value) }
                if qualifies { targetCount += 1 }
                for keyMatch in matches(key, in: target.value) {
                    if qualifies { keys.insert(keyMatch.value) }
                    if qualifies, case .string(let text) = keyMatch.value, equivalents[text] == nil { equivalents[text] = keyMatch.value }
                    if !targetWhere.isEmpty { unfilteredKeys.insert(keyMatch.value) }
                }
            }
            let conditions = targetWhere.map(describe).joined(separator: " and ")
            let wanted = describe(targets) + describe(key) + (targetWhere.isEmpty ? "" : " where " + conditions)
            var sawValue = false
            for match in matches(path, in: root) {
                sawValue = true
                if case .null = match.value {
                    if required, targetCount > 0 { report(match.path, match.value, "it is null, but it must name one of \(wanted)") }
                    continue
                }
                guard !keys.contains(match.value) else { continue }
                if unfilteredKeys.contains(match.value) {
                    report(match.path, match.value, "\(show(match.value)) names an entry of \(describe(targets)) that does not satisfy \(conditions)")
                } else {
                    report(match.path, match.value, "\(show(match.value)) matches no \(wanted)")
                }
                if case .string(let text) = match.value, let equivalent = equivalents[text] {
                    violations.append(equivalence(match.path, match.value, equivalent, ", a value of \(wanted),"))
                }
            }
            let concrete = path.compactMap { token -> String? in if case .name(let name) = token { name } else { nil } }
            if required, !sawValue, concrete.count == path.count, targetCount > 0 {
                report(concrete, nil, "it is absent, but it must name one of \(wanted)")
            }
        case .relativeReference(let path, let allowAuthority):
            for match in matches(path, in: root) {
                guard case .string(let text) = match.value else { continue }
                if let problem = TabgenRelativeReference.problem(in: text, allowAuthority: allowAuthority) {
                    report(match.path, match.value, problem)
                } else if let warning = TabgenRelativeReference.warning(for: text, allowAuthority: allowAuthority) {
                    violations.append(TabgenViolation(code: warning.code, severity: .warning, pointer: TabgenValidation.pointer(match.path), message: warning.message))
                }
            }
        case .equals(let path, let expected):
            for match in matches(path, in: root) where match.value != expected {
                report(match.path, match.value, "it is \(show(match.value)), expected \(show(expected))")
            }
// tabgen:begin usesNonEmpty
        case .nonEmpty(let path):
            // Blank: empty, or only Unicode White_Space (a label shows as nothing).
            for match in matches(path, in: root) {
                guard case .string(let text) = match.value else { continue }
                if text.isEmpty {
                    report(match.path, match.value, "it is empty")
                } else if text.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
                    report(match.path, match.value, "it has only white space")
                }
            }
// tabgen:end usesNonEmpty
        }
    }

    /// TG022: `value` is canonically equivalent to `other` but not the same scalars. Swift's
    /// `String ==` (this client) takes them as equal; Kotlin, JavaScript and Ruby do not.
    static func equivalence(_ path: [String], _ value: TabgenJSON, _ other: TabgenJSON, _ place: String) -> TabgenViolation {
        TabgenViolation(code: "TG022", severity: .warning, pointer: TabgenValidation.pointer(path),
                        message: "\(show(value)) is canonically equivalent to \(show(other))\(place) but has other Unicode scalars: "
                            + "Swift's String == takes them as equal, Kotlin, JavaScript and Ruby as different; send both in Unicode normalization form C (NFC)")
    }

    /// The array index a pointer token names (RFC 6901): `0`, or digits without a leading
    /// zero; nil for `01`, `+1`, `-0` (which `Int(_:)` would take), as `tabgen validate`.
    static func arrayIndex(_ token: String) -> Int? {
        let digits = token.utf8
        guard let first = digits.first, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        return Int(token)
    }

    /// Every path and value a pattern matches (object members in key order).
    static func matches(_ pattern: [TabgenRule.Token], in root: TabgenJSON) -> [(path: [String], value: TabgenJSON)] {
        var results: [(path: [String], value: TabgenJSON)] = []
        var path: [String] = []
        func walk(_ tokens: ArraySlice<TabgenRule.Token>, _ value: TabgenJSON) {
            guard let token = tokens.first else {
                results.append((path, value))
                return
            }
            let rest = tokens.dropFirst()
            switch (token, value) {
            case (.wildcard, .array(let elements)):
                for (index, element) in elements.enumerated() {
                    path.append(String(index))
                    walk(rest, element)
                    path.removeLast()
                }
            case (.wildcard, .object(let object)):
                for key in object.keys.sorted() {
                    guard let member = object[key] else { continue }
                    path.append(key)
                    walk(rest, member)
                    path.removeLast()
                }
            case (.name(let name), .object(let object)):
                guard let member = object[name] else { return }
                path.append(name)
                walk(rest, member)
                path.removeLast()
            case (.name(let name), .array(let elements)):
                guard let index = arrayIndex(name), elements.indices.contains(index) else { return }
                path.append(name)
                walk(rest, elements[index])
                path.removeLast()
            default:
                return
            }
        }
        walk(pattern[...], root)
        return results
    }

    static func holds(_ condition: TabgenCondition, on base: TabgenJSON) -> Bool {
        let value = matches(condition.path, in: base).first?.value
        switch condition.test {
        case .present(let wanted):
            let present: Bool
            if let value, value != .null { present = true } else { present = false }
            return present == wanted
        case .count(let min, let max):
            let count: Int
            switch value {
            case .array(let elements)?: count = elements.count
            case .object(let object)?: count = object.count
            default: return false
            }
            return count >= (min ?? 0) && count <= (max ?? Int.max)
        case .equals(let expected):
            return value == expected
        }
    }

    /// A pattern as pointer text (`/tabs/*/id`).
    static func describe(_ pattern: [TabgenRule.Token]) -> String {
        pattern.map { token in
            switch token {
            case .wildcard: "/*"
            case .name(let name): "/" + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            }
        }.joined()
    }

    static func describe(_ condition: TabgenCondition) -> String {
        let path = describe(condition.path)
        switch condition.test {
        case .present(true): return "\(path) is present"
        case .present(false): return "\(path) is absent or null"
        case .count(let min, let max): return "\(path) has \(min ?? 0)...\(max.map(String.init) ?? "") entries"
        case .equals(let value): return "\(path) is \(show(value))"
        }
    }

    /// Fills `{value}`, `{reason}`, `{count}` and `{pointer}` in one pass, so text a
    /// payload supplies is never read as a placeholder.
    static func format(_ template: String, value: TabgenJSON?, reason: String, count: Int?, pointer: String) -> String {
        var output = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            switch rest[rest.index(after: open)..<close] {
            case "value": output += value.map(show) ?? "(absent)"
            case "reason": output += reason
            case "count": output += count.map(String.init) ?? ""
            case "pointer": output += pointer
            default: output += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }

    /// A value for a message: compact JSON (keys sorted), cut at 120 characters.
    static func show(_ value: TabgenJSON) -> String {
        var text = ""
        write(value, to: &text)
        return TabgenValidation.cut(text)
    }

    static func write(_ value: TabgenJSON, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += TabgenValidation.number(number)
        case .string(let string): text += TabgenValidation.quoted(string)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                write(element, to: &text)
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                text += TabgenValidation.quoted(key) + ":"
                if let member = object[key] { write(member, to: &text) }
            }
            text += "}"
        }
    }
}

/// RFC 3986 section 4.2 relative references, as `tabgen validate` checks them (same messages).
nonisolated enum TabgenRelativeReference {
    static func problem(in text: String, allowAuthority: Bool) -> String? {
        let scalars = Array(text.unicodeScalars)
        let pathEnd = scalars.firstIndex { $0 == "?" || $0 == "#" } ?? scalars.count
        let hierarchical = scalars[..<pathEnd]
        let firstSegment = hierarchical.prefix { $0 != "/" }
        if let colon = firstSegment.firstIndex(of: ":") {
            let candidate = firstSegment[..<colon]
            if let first = candidate.first, isAlpha(first),
               candidate.allSatisfy({ isAlpha($0) || isDigit($0) || $0 == "+" || $0 == "-" || $0 == "." }) {
                return "it has scheme \(TabgenValidation.quoted(String(String.UnicodeScalarView(candidate))))"
            }
        }
        let hasAuthority = hierarchical.starts(with: ["/", "/"])
        let authorityEnd = hasAuthority ? (hierarchical.dropFirst(2).firstIndex(of: "/") ?? pathEnd) : 0
        for (offset, scalar) in scalars.enumerated() {
            let allowed = offset < authorityEnd ? isURICharacter(scalar) || scalar == "[" || scalar == "]" : isURICharacter(scalar)
            if !allowed { return "it contains \(describe(scalar)) at character \(offset + 1), which must be percent-encoded" }
        }
        var index = 0
        while index < scalars.count {
            if scalars[index] == "%" {
                guard index + 2 < scalars.count, isHex(scalars[index + 1]), isHex(scalars[index + 2]) else {
                    return "it has a malformed percent-encoding at character \(index + 1)"
                }
                index += 3
            } else {
                index += 1
            }
        }
        if hasAuthority, !allowAuthority {
            let authority = String(String.UnicodeScalarView(scalars[2..<authorityEnd]))
            return "it has authority \(TabgenValidation.quoted(authority)): a network-path reference leaves the app's origin"
        }
        if !hasAuthority, firstSegment.contains(":") { return "its first path segment contains \":\", which reads as a scheme; write \"./\" before it" }
        if let hash = scalars.firstIndex(of: "#"), scalars[(hash + 1)...].contains("#") { return "it contains a second \"#\", which must be percent-encoded" }
        return nil
    }

    /// TG021 and TG020, the warnings `tabgen validate` gives a relative reference without a
    /// problem: an empty one (URL(string: "", relativeTo:) is nil) and one whose path
    /// resolves to `//host`.
    static func warning(for text: String, allowAuthority: Bool) -> (code: String, message: String)? {
        if text.isEmpty {
            return ("TG021", "\"\" is a relative reference to the start URL itself, but Swift's URL(string: \"\", relativeTo:) returns nil and the iOS reference app stops with fatalError; write \"/\" or \"./\"")
        }
        guard !allowAuthority, let resolved = networkPathResolution(of: text) else { return nil }
        let host = resolved.dropFirst(2).prefix { $0 != "/" }
        let message = "\(TabgenValidation.quoted(text)) resolves to the path \(TabgenValidation.quoted(resolved)), which reads as the host \(TabgenValidation.quoted(String(host))) wherever it is resolved again; remove the empty segment"
        return ("TG020", message)
    }

    /// The path `text` resolves to against a base path of `/` (RFC 3986 section 5.2, with
    /// `%2e` counted as a dot, as browsers do) when it starts with `//`; nil otherwise.
    static func networkPathResolution(of text: String) -> String? {
        let end = text.firstIndex { $0 == "?" || $0 == "#" } ?? text.endIndex
        let path = String(text[..<end])
        guard path.contains("//") else { return nil }
        let merged = path.hasPrefix("/") ? path : "/" + path
        var output: [Substring] = []
        let segments = merged.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let dots = segment.replacingOccurrences(of: "%2e", with: ".").replacingOccurrences(of: "%2E", with: ".")
            let last = index == segments.count - 1
            if dots == "." {
                if last { output.append("") }
            } else if dots == ".." {
                if !output.isEmpty { output.removeLast() }
                if last { output.append("") }
            } else {
                output.append(segment)
            }
        }
        let resolved = "/" + output.joined(separator: "/")
        return resolved.hasPrefix("//") ? resolved : nil
    }

    static func isAlpha(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    static func isHex(_ scalar: Unicode.Scalar) -> Bool { isDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar) }

    static func isURICharacter(_ scalar: Unicode.Scalar) -> Bool {
        isAlpha(scalar) || isDigit(scalar) || "-._~:/?#@!$&'()*+,;=%".unicodeScalars.contains(scalar)
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        switch scalar {
        case " ": return "a space"
        case "\\": return "a backslash (browsers read it as \"/\")"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: return "control character \(code)"
        default: return "\(TabgenValidation.quoted(String(scalar))) (\(code))"
        }
    }
}
