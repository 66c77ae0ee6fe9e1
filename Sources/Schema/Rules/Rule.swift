import JSON

/// A cross-field rule from `metadata.tabgen.rules`: what RFC 8927 cannot say.
///
/// Rules are data. Each has a stable code, a severity, a message template and one
/// kind from a small vocabulary, addressed by path patterns (JSON pointers in which a
/// `*` token matches every array element or object member).
///
/// A class, immutable, so the engine's per-payload loop shares rules instead of copying them.
public final class Rule: Sendable {
    public let code: String
    public let severity: Severity
    /// The message, with placeholders `{value}`, `{reason}`, `{count}`, `{pointer}`.
    public let message: String
    public let description: String?
    /// What the rule checks: one of `RuleKinds.all`, with its parameters.
    package let kind: any RuleKind
    /// The rule applies only when all of these hold at the payload's root.
    public let when: [Condition]
    /// Where the rule is in the schema document.
    public let schemaPointer: JSONPointer
    /// In a contract that lists events: the event whose data the rule checks (its paths
    /// start at that data). nil: the rule checks the schema's root.
    public let event: String?
    /// `"crashesClients": true`: a payload that breaks this rule crashes the reference
    /// native clients, so the generated bases refuse it even when they tolerate the other
    /// rules' errors (docs/decoding.md).
    public let crashesClients: Bool

    /// The message of a rule of `kind` (its name in the schema) that names none. The
    /// generators that copy rules from the schema's text fill it in from here too.
    package static func defaultMessage(kind: String) -> String {
        RuleKinds.named(kind)?.defaultMessage ?? "{reason}"
    }

    package init(code: String, severity: Severity, message: String, description: String? = nil, kind: any RuleKind, when: [Condition] = [], schemaPointer: JSONPointer = .root, event: String? = nil, crashesClients: Bool = false) {
        self.code = code
        self.severity = severity
        self.message = message
        self.description = description
        self.kind = kind
        self.when = when
        self.schemaPointer = schemaPointer
        self.event = event
        self.crashesClients = crashesClients
    }
}

/// A test on the value at a pointer (relative to the root, or to a reference target).
public struct Condition: Sendable {
    public var path: PathPattern
    public var test: Test

    public init(path: PathPattern, test: Test) {
        self.path = path
        self.test = test
    }

    public enum Test: Sendable {
        /// The value is present (and, with `true`, not null) or absent/null.
        case present(Bool)
        /// The array or object at the path has `min...max` entries.
        case count(min: Int?, max: Int?)
        /// The value equals this JSON.
        case equals(JSON)
    }
}

/// A JSON pointer in which a `*` token matches every element or member.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    public enum Token: Sendable, Hashable {
        case name(String)
        case wildcard
    }

    public var tokens: [Token]

    public init(_ tokens: [Token]) {
        self.tokens = tokens
    }

    /// Parses pointer text; `*` alone is a wildcard. Nil when the text is not a pointer.
    public init?(_ text: String) {
        guard let raw = JSONPointer.parseTokens(text) else { return nil }
        tokens = raw.map { $0 == "*" ? .wildcard : .name($0) }
    }

    public var description: String {
        tokens.map { token in
            switch token {
            case .name(let name): "/" + JSONPointer.escape(name)
            case .wildcard: "/*"
            }
        }.joined()
    }

    public var hasWildcard: Bool { tokens.contains(.wildcard) }

    /// The concrete path of a pattern without wildcards; nil for one with.
    package var concretePath: [PathToken]? {
        var path: [PathToken] = []
        for token in tokens {
            guard case .name(let name) = token else { return nil }
            path.append(.key(name))
        }
        return path
    }
}
