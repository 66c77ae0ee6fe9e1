/// The runtime every Swift output shares (`TabgenRuntime.swift`), copied from
/// `Runtime/swift/TabgenRuntime.swift` with the code of the rule kinds no schema of the
/// output uses left out.
///
/// The source is written `public`, so it compiles on its own as a library; an internal
/// output drops the `public` that opens a declaration (`public`, `nonisolated public`,
/// `public import`). The runtime has no other `public` word.
enum SwiftRuntime {
    static let path = "swift/TabgenRuntime.swift"

    /// The runtime with the rule kinds' code `features` keeps (`TargetInput.runtimeRuleFeatures`).
    static func text(_ accessLevel: SwiftOptions.AccessLevel, features: Set<String>) -> RuntimeText {
        guard accessLevel == .internal else { return RuntimeText(path: path, comment: "//", features: features) }
        return RuntimeText(path: path, comment: "//", features: features, adjust: internalized)
    }

    /// `text` with every declaration's leading `public ` removed.
    @Sendable static func internalized(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }
            var rest = line[indent.endIndex...]
            var isolation: Substring = ""
            if rest.hasPrefix("nonisolated ") {
                isolation = rest.prefix("nonisolated ".count)
                rest = rest.dropFirst(isolation.count)
            }
            guard rest.hasPrefix("public ") else {
                lines.append(String(line))
                continue
            }
            lines.append(String(indent) + String(isolation) + String(rest.dropFirst("public ".count)))
        }
        return lines.joined(separator: "\n")
    }
}
