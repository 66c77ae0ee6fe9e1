/// The languages tabgen emits, with their options. A new target registers here and
/// nowhere else: `--lang`, `--lang all` and tabgen.yml find it through this list.
public enum TargetRegistry {
    public struct Entry: Sendable {
        /// The `--lang` value.
        public var language: String
        /// Option names and what they mean, for help and error messages.
        public var options: [(name: String, help: String)]
        /// Makes the target from string options (tabgen.yml, command line).
        public var make: @Sendable ([String: String]) throws(CodeGenError) -> any LanguageTarget

        public init(language: String, options: [(name: String, help: String)],
                    make: @escaping @Sendable ([String: String]) throws(CodeGenError) -> any LanguageTarget) {
            self.language = language
            self.options = options
            self.make = make
        }
    }

    public static let entries: [Entry] = [
        Entry(language: "swift", options: SwiftOptions.documentation) { values throws(CodeGenError) in
            SwiftTarget(options: try SwiftOptions(values))
        },
        Entry(language: "kotlin", options: KotlinOptions.documentation) { values throws(CodeGenError) in KotlinTarget(options: try KotlinOptions(values)) },
        Entry(language: "typescript", options: TypeScriptOptions.documentation) { values throws(CodeGenError) in TypeScriptTarget(options: try TypeScriptOptions(values)) },
        Entry(language: "ruby", options: RubyOptions.documentation) { values throws(CodeGenError) in RubyTarget(options: try RubyOptions(values)) },
    ]

    /// The languages, in registration order.
    public static var languages: [String] { entries.map(\.language) }

    public static func entry(for language: String) -> Entry? {
        entries.first { $0.language == language }
    }

    public static func target(language: String, options: [String: String] = [:]) throws(CodeGenError) -> any LanguageTarget {
        guard let entry = entry(for: language) else {
            throw CodeGenError("unknown language \(language) (known: \(languages.joined(separator: ", ")))")
        }
        return try entry.make(options)
    }
}
