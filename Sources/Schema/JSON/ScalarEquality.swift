/// String equality by Unicode scalars, the way Kotlin, JavaScript and Ruby compare strings.
///
/// Swift's `String ==` is canonical equivalence: "é" equals "e\u{301}" and "K" equals
/// U+212A KELVIN SIGN. Every other validator of a payload (the generated Kotlin,
/// TypeScript and Ruby, and the native apps' own JSON readers) tells them apart, so the
/// Schema library compares keys, enum values, ids and references scalar by scalar
/// (which for valid Unicode text is byte by byte in UTF-8) to give the same verdict.
extension String {
    /// Whether the two strings have the same Unicode scalars.
    @inlinable
    public func scalarEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
    }

    /// Hashes the scalars, agreeing with `scalarEquals`.
    @inlinable
    public func hashScalars(into hasher: inout Hasher) {
        hasher.combine(utf8.count)
        for byte in utf8 { hasher.combine(byte) }
    }
}

/// A string as a dictionary key or set member compared by Unicode scalars.
public struct ScalarKey: Hashable, Sendable {
    public let string: String

    public init(_ string: String) {
        self.string = string
    }

    public static func == (lhs: ScalarKey, rhs: ScalarKey) -> Bool {
        lhs.string.scalarEquals(rhs.string)
    }

    public func hash(into hasher: inout Hasher) {
        string.hashScalars(into: &hasher)
    }
}
