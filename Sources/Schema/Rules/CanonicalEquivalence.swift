import JSON

/// TG022, the warning beside `unique` and `reference` rules: two strings that are
/// canonically equivalent ("\u{E9}" and "e\u{301}", "K" and U+212A KELVIN SIGN) but not
/// the same scalars. The rules compare by scalars (ScalarEquality.swift), as Kotlin,
/// JavaScript and Ruby do; an iOS client compares with Swift's `String ==`, which is
/// canonical equivalence, so the two apps would disagree on such a pair.
///
/// Swift's own `String` hashing and `==` group the strings here, so no normalization
/// table is needed; every generated validator words the warning the same way.
enum CanonicalEquivalence {
    /// The end of both messages (the generated runtimes hold the same text).
    static let consequence = " but has other Unicode scalars: Swift's String == takes them as equal, Kotlin, JavaScript and Ruby as different; send both in Unicode normalization form C (NFC)"

    /// A value of a `unique` rule equivalent to an earlier one at `first`.
    static func uniqueMessage(_ value: JSON, first: JSON, at pointer: JSONPointer) -> String {
        "\(RuleEngine.show(value)) is canonically equivalent to \(RuleEngine.show(first)) at \(pointer)" + consequence
    }

    /// A referring value that names no key by scalars but is equivalent to `key`.
    static func referenceMessage(_ value: JSON, key: JSON, wanted: String) -> String {
        "\(RuleEngine.show(value)) is canonically equivalent to \(RuleEngine.show(key)), a value of \(wanted)," + consequence
    }

    static func finding(at path: [PathToken], message: String) -> Finding {
        Finding(code: FindingCode.canonicalEquivalence, severity: .warning, pointer: JSONPointer(path), message: message)
    }
}
