import JSON

/// How much a finding matters. Warnings fail validation only under `--strict`.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// One thing wrong with a payload: malformed JSON, a schema violation or a broken rule.
public struct Finding: Sendable, Equatable {
    public var code: String
    public var severity: Severity
    /// Where in the payload.
    public var pointer: JSONPointer
    public var message: String
    /// For schema violations, the RFC 8927 schema path of the failed constraint.
    public var schemaPath: [String]?
    /// A byte offset in the payload, when it is known without a pointer (parse errors).
    public var offset: Int?
    /// Locate the key rather than the value (an unexpected property).
    public var locatesKey: Bool

    public init(code: String, severity: Severity, pointer: JSONPointer, message: String, schemaPath: [String]? = nil, offset: Int? = nil, locatesKey: Bool = false) {
        self.code = code
        self.severity = severity
        self.pointer = pointer
        self.message = message
        self.schemaPath = schemaPath
        self.offset = offset
        self.locatesKey = locatesKey
    }
}

/// The codes tabgen itself assigns; rule codes come from the schema.
public enum FindingCode {
    /// The payload is not well-formed JSON (syntax, UTF-8, duplicate key, nesting).
    public static let malformedJSON = "TG001"
    /// The payload is larger than the size limit.
    public static let tooLarge = "TG002"
    /// An HTML page or record holds no payload where one was expected.
    public static let missingPayload = "TG003"
    /// An HTML page has more than one element with the bridge's Stimulus controller:
    /// each sends a `configure` message, and the app keeps whichever comes last.
    public static let multiplePayloads = "TG004"
    /// A page redirected to another origin; tabgen does not follow (the headers it
    /// sends, such as a session cookie, belong to the first origin).
    public static let crossOriginRedirect = "TG005"
    /// A JSON Lines envelope (`--payload`) is not well-formed, has no member at the
    /// payload's pointer, or has a member that --payload or --carry names twice.
    public static let envelope = "TG006"
    /// A value has the wrong primitive type (`type`).
    public static let wrongType = "TG010"
    /// A string is not one of the `enum` values.
    public static let notInEnum = "TG011"
    /// A required property is missing (`properties`).
    public static let missingProperty = "TG012"
    /// A property the schema does not allow (`additionalProperties: false`).
    public static let unexpectedProperty = "TG013"
    /// An array or object was expected (`elements`, `properties`, `values`, `discriminator`).
    public static let wrongShape = "TG014"
    /// A discriminator tag is missing, not a string, or not in `mapping`.
    public static let badDiscriminator = "TG015"
    /// A relative reference (a `relativeReference` rule without authority) that resolves
    /// to a path starting with `//` (`/..//evil.com`): a warning beside the rule.
    public static let networkPathResolution = "TG020"
    /// An empty relative reference: valid (it is the base itself), but Swift's
    /// `URL(string: "", relativeTo:)` is nil and the iOS reference app stops there.
    public static let emptyPath = "TG021"
    /// Two values of a `unique` rule, or a `reference` and a key, that are canonically
    /// equivalent but not the same Unicode scalars: Swift's `String ==` takes them as
    /// equal, Kotlin, JavaScript and Ruby do not, so the iOS and Android apps disagree.
    public static let canonicalEquivalence = "TG022"
    /// Two keys of one object that are canonically equivalent but not the same Unicode
    /// scalars: `JSONDecoder` merges them into one member, Kotlin, JavaScript and Ruby
    /// keep both, so the iOS and Android apps see different data.
    public static let equivalentKeys = "TG024"
}

/// A payload's findings as a validator lists them (`PayloadValidator.maxFindings` may
/// cut the list), and how many of each severity it has in all: a verdict and a summary
/// are made from the counts, never from what is listed.
public struct FindingReport: Sendable, Equatable {
    public var findings: [Finding]
    /// Every error, listed or not.
    public var errors: Int
    /// Every warning, listed or not.
    public var warnings: Int

    public init(findings: [Finding] = [], errors: Int = 0, warnings: Int = 0) {
        self.findings = findings
        self.errors = errors
        self.warnings = warnings
    }

    /// Whether some findings are not listed.
    public var isCut: Bool { errors + warnings > findings.count }
}
