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

/// TG024, an error on any payload: two keys of one object that are canonically
/// equivalent but not the same scalars. `JSONDecoder` keys its objects by Swift `String`,
/// whose `==` is canonical equivalence, so the iOS client keeps one member of the two (a
/// member is lost, or an unknown key's value is read as a known member) where Kotlin,
/// JavaScript and Ruby keep both: the apps would see different data.
enum EquivalentKeys {
    /// The end of the message (the generated runtimes hold the same text).
    static let consequence = " but has other Unicode scalars: Swift's JSONDecoder merges them into one member, Kotlin, JavaScript and Ruby keep both; send keys in Unicode normalization form C (NFC)"

    static func message(_ key: String, first: String) -> String {
        "key \(RuleEngine.show(.string(key))) is canonically equivalent to the key \(RuleEngine.show(.string(first))) of the same object" + consequence
    }

    /// The TG024 findings of a payload, each at the later key, in the order of the text.
    static func findings(in payload: JSON) -> [Finding] {
        var findings: [Finding] = []
        var path: [PathToken] = []
        collect(payload, path: &path, into: &findings)
        return findings
    }

    private static func collect(_ value: JSON, path: inout [PathToken], into findings: inout [Finding]) {
        switch value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                switch element {
                case .array, .object:
                    path.append(.index(index))
                    collect(element, path: &path, into: &findings)
                    path.removeLast()
                default: break
                }
            }
        case .object(let object):
            // Only an object with a non-ASCII key can hold two equivalent keys ("K" and
            // U+212A KELVIN SIGN: one of them is not ASCII); the reader refused equal ones.
            // Swift's String hashing and == are canonical equivalence: the first key of each class.
            var firsts: [String: String]?
            if object.members.count > 1, object.members.contains(where: { !$0.key.utf8.allSatisfy { $0 < 0x80 } }) { firsts = [:] }
            for member in object.members {
                if firsts != nil {
                    if let first = firsts?[member.key] {
                        findings.append(Finding(code: FindingCode.equivalentKeys, severity: .error,
                                                pointer: JSONPointer(path + [.key(member.key)]), message: message(member.key, first: first)))
                    } else {
                        firsts?[member.key] = member.key
                    }
                }
                switch member.value {
                case .array, .object:
                    path.append(.key(member.key))
                    collect(member.value, path: &path, into: &findings)
                    path.removeLast()
                default: break
                }
            }
        default: break
        }
    }
}
