/// The `decoding` option every language takes (docs/decoding.md): how generated code
/// reads what deviates from the schema but a hand-written client acts on.
public enum DecodingPolicy: String, Sendable, CaseIterable {
    /// Decode `null` optional members, missing nullable or array members, unknown members and
    /// enum values, and report each from `validate()` as `tabgen validate` does.
    case tolerant
    /// Refuse those deviations, as the server side does (unknown members stay accepted
    /// where the schema admits them).
    case strict
}

extension TargetOption {
    /// `tolerant` or `strict`, in any letter case.
    static func decoding(_ value: String, language: String) throws(CodeGenError) -> DecodingPolicy {
        guard let policy = DecodingPolicy(rawValue: value.lowercased()) else {
            throw CodeGenError("\(language) option decoding must be tolerant or strict, not \(value)")
        }
        return policy
    }
}
