/// Word splitting and casing shared by every target. Targets decide the casing of each
/// kind of name; these helpers only take raw schema names apart and put words together.
public enum Naming {
    /// Words commonly written as initialisms. A target that uppercases initialisms
    /// (Swift: `tabID`, `httpURL`) consults this; others ignore it.
    public static let initialisms: Set<String> = [
        "acl", "api", "ascii", "cpu", "css", "dns", "eof", "guid", "html", "http", "https", "id", "ip",
        "json", "lhs", "qps", "ram", "rhs", "rpc", "sla", "smtp", "sql", "ssh", "tcp", "tls", "ttl",
        "udp", "ui", "uid", "uri", "url", "utf8", "uuid", "vm", "xml", "xmpp", "xsrf", "xss",
    ]

    /// Splits a raw name into ASCII words: every character that is not an ASCII letter
    /// or digit separates words, and so do camel-case humps (`tabData`, `HTTPServer`).
    /// Digits stay with the word they follow (`utf8`, `foo0bar`). Non-ASCII letters are
    /// separators: identifiers stay ASCII in every target.
    public static func words(_ raw: String) -> [String] {
        var words: [String] = []
        var current: [Unicode.Scalar] = []
        let scalars = Array(raw.unicodeScalars)
        func flush() {
            if !current.isEmpty { words.append(String(String.UnicodeScalarView(current))) }
            current = []
        }
        for (index, scalar) in scalars.enumerated() {
            guard isASCIIAlphanumeric(scalar) else {
                flush()
                continue
            }
            if isUpper(scalar), let previous = current.last {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                // fooBar -> foo|Bar; HTTPServer -> HTTP|Server; foo0Bar -> foo0|Bar
                if isLower(previous) || isDigit(previous) || (isUpper(previous) && next.map(isLower) == true) {
                    flush()
                }
            }
            current.append(scalar)
        }
        flush()
        return words
    }

    /// `["tab", "data"]` -> `TabData` (`upperFirst`) or `tabData`. With `initialisms`,
    /// known initialisms after the first word are uppercased (`tabID`), and a first word
    /// that is one is all uppercase in upper camel case (`IDToken`) and all lowercase
    /// otherwise (`idToken`).
    public static func camelCase(_ words: [String], upperFirst: Bool, initialisms: Bool) -> String {
        var output = ""
        for (index, word) in words.enumerated() {
            let lower = word.lowercased()
            if index == 0 && !upperFirst {
                output += lower
            } else if initialisms && Self.initialisms.contains(lower) {
                output += lower.uppercased()
            } else {
                output += lower.prefix(1).uppercased() + lower.dropFirst()
            }
        }
        return output
    }

    /// `["tab", "data"]` -> `tab_data` (or `TAB_DATA`).
    public static func snakeCase(_ words: [String], upper: Bool = false) -> String {
        words.map { upper ? $0.uppercased() : $0.lowercased() }.joined(separator: "_")
    }

    /// A stand-in for a name with no ASCII letters or digits: `empty` for the empty
    /// name, else the scalars in hex (`名前` -> `u540D_u524D`), so distinct names stay distinct.
    public static func fallbackWords(for raw: String) -> [String] {
        if raw.isEmpty { return ["empty"] }
        let hex = raw.unicodeScalars.map { "u" + String($0.value, radix: 16, uppercase: true) }
        return [hex.joined(separator: "_")]
    }

    /// Words for a raw name, never empty.
    public static func nonEmptyWords(_ raw: String) -> [String] {
        let split = words(raw)
        return split.isEmpty ? fallbackWords(for: raw) : split
    }

    static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        isUpper(scalar) || isLower(scalar) || isDigit(scalar)
    }

    static func isUpper(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
    static func isLower(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// Whether an identifier starts with a digit (needs a prefix in most languages).
    public static func startsWithDigit(_ identifier: String) -> Bool {
        identifier.unicodeScalars.first.map(isDigit) ?? false
    }

    /// The identifier with `_` before a leading digit, which no identifier may start with.
    static func prefixDigit(_ identifier: String) -> String {
        startsWithDigit(identifier) ? "_" + identifier : identifier
    }

    /// The identifier as written in source where a keyword is quoted in backticks (Swift, Kotlin).
    static func backticked(_ identifier: String, keywords: Set<String>) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }
}
