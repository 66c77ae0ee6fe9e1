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
        let count = utf8.count
        guard count == other.utf8.count else { return false }
        // On contiguous UTF-8 (native and small strings) a plain loop: the generic
        // `elementsEqual` walks both views with iterators, several times slower.
        let contiguous = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                var index = 0
                while index < count {
                    if mine[index] != theirs[index] { return false }
                    index += 1
                }
                return true
            }
        }
        if let contiguous, let equal = contiguous { return equal }
        return utf8.elementsEqual(other.utf8)
    }

    /// Hashes the scalars, agreeing with `scalarEquals`.
    @inlinable
    public func hashScalars(into hasher: inout Hasher) {
        hasher.combine(utf8.count)
        // The same bytes either way; in one call when they are contiguous.
        let done: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if done == nil {
            for byte in utf8 { hasher.combine(byte) }
        }
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
