/// A string written as a double-quoted literal one Unicode scalar at a time: the loop
/// every literal writer shares (Swift, Kotlin and Ruby source, YAML, conformance case
/// text). Each writer says which scalars have an escape of their own, which stand as
/// they are, and how any other is written; an own escape wins over standing as it is.
public struct ScalarEscaper: Sendable {
    /// Printable ASCII (U+0020 to U+007E), the characters every literal takes as they are.
    public static let printableASCII: @Sendable (Unicode.Scalar) -> Bool = { (" "..."~").contains($0) }

    let escapes: [Unicode.Scalar: String]
    let isPlain: @Sendable (Unicode.Scalar) -> Bool
    let other: @Sendable (Unicode.Scalar) -> String

    public init(escapes: [Unicode.Scalar: String], isPlain: @escaping @Sendable (Unicode.Scalar) -> Bool,
                other: @escaping @Sendable (Unicode.Scalar) -> String) {
        self.escapes = escapes
        self.isPlain = isPlain
        self.other = other
    }

    /// `text` between double quotes, escaped.
    public func quoted(_ text: String) -> String {
        var output = "\""
        append(text, to: &output)
        return output + "\""
    }

    /// `text` escaped, without quotes, at the end of `output`.
    public func append(_ text: String, to output: inout String) {
        for scalar in text.unicodeScalars {
            if let escape = escapes[scalar] {
                output += escape
            } else if isPlain(scalar) {
                output.unicodeScalars.append(scalar)
            } else {
                output += other(scalar)
            }
        }
    }

    /// `value` in hexadecimal, zero-padded to at least `digits` digits.
    public static func hex(_ value: UInt32, digits: Int, uppercase: Bool = true) -> String {
        let text = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// `scalar` as `\uXXXX` UTF-16 units (a surrogate pair above U+FFFF), as JSON, Kotlin
    /// and Java write it.
    public static func utf16Units(_ scalar: Unicode.Scalar, uppercase: Bool = true) -> String {
        String(scalar).utf16.map { "\\u" + hex(UInt32($0), digits: 4, uppercase: uppercase) }.joined()
    }

    /// `scalar` as `\u{X}`, as Swift and Ruby write it.
    public static func braced(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
}
