/// The languages tabgen emits, with their options. A new target registers here and
/// nowhere else: `--lang`, `--lang all` and tabgen.yml find it through this list.
public enum TargetRegistry {
    public struct Entry: Sendable {
        /// The `--lang` value.
        public var language: String
        /// Option names and what they mean, for help and error messages.
        public var options: [(name: String, help: String)]
        /// The command-line flags that set options of this language.
        public var flags: [TargetFlag]
        /// Makes the target from string options (tabgen.yml, command line).
        public var make: @Sendable ([String: String]) throws(CodeGenError) -> any LanguageTarget

        public init(language: String, options: [(name: String, help: String)], flags: [TargetFlag] = [],
                    make: @escaping @Sendable ([String: String]) throws(CodeGenError) -> any LanguageTarget) {
            self.language = language
            self.options = options
            self.flags = flags
            self.make = make
        }
    }

    public static let entries: [Entry] = [
        Entry(language: "swift", options: SwiftOptions.documentation, flags: SwiftOptions.flags) { values throws(CodeGenError) in
            SwiftTarget(options: try SwiftOptions(values))
        },
        Entry(language: "kotlin", options: KotlinOptions.documentation, flags: KotlinOptions.flags) { values throws(CodeGenError) in KotlinTarget(options: try KotlinOptions(values)) },
        Entry(language: "typescript", options: TypeScriptOptions.documentation, flags: TypeScriptOptions.flags) { values throws(CodeGenError) in TypeScriptTarget(options: try TypeScriptOptions(values)) },
        Entry(language: "ruby", options: RubyOptions.documentation) { values throws(CodeGenError) in RubyTarget(options: try RubyOptions(values)) },
    ]

    /// The languages, in registration order.
    public static var languages: [String] { entries.map(\.language) }

    public static func entry(for language: String) -> Entry? {
        entries.first { $0.language == language }
    }

    /// The flag named `name` (without dashes) and the language whose option it sets.
    public static func flag(named name: String) -> (language: String, flag: TargetFlag)? {
        for entry in entries {
            if let flag = entry.flags.first(where: { $0.name == name }) { return (entry.language, flag) }
        }
        return nil
    }

    public static func target(language: String, options: [String: String] = [:]) throws(CodeGenError) -> any LanguageTarget {
        guard let entry = entry(for: language) else {
            throw CodeGenError("unknown language \(language) (known: \(languages.joined(separator: ", ")))")
        }
        return try entry.make(options)
    }
}
