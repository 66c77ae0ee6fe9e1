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

        /// The entry of a target whose options (`TargetOptions`) state its language, options and flags.
        public init<Target: ConfigurableTarget>(_ target: Target.Type) {
            self.init(language: Target.Options.language, options: Target.Options.documentation, flags: Target.Options.flags) { values throws(CodeGenError) in
                Target(options: try Target.Options(values))
            }
        }
    }

    public static let entries: [Entry] = [Entry(SwiftTarget.self), Entry(KotlinTarget.self), Entry(TypeScriptTarget.self), Entry(RubyTarget.self)]

    /// The languages, in registration order.
    public static var languages: [String] { entries.map(\.language) }

    public static func entry(for language: String) -> Entry? {
        entries.first { $0.language == language }
    }

    /// Every language's flags, each with the language whose option it sets, in
    /// registration order (the order of the help).
    public static var flags: [(language: String, flag: TargetFlag)] {
        entries.flatMap { entry in entry.flags.map { (entry.language, $0) } }
    }

    /// The flag named `name` (without dashes) and the language whose option it sets.
    public static func flag(named name: String) -> (language: String, flag: TargetFlag)? {
        flags.first { $0.flag.name == name }
    }

    public static func target(language: String, options: [String: String] = [:]) throws(CodeGenError) -> any LanguageTarget {
        guard let entry = entry(for: language) else {
            throw CodeGenError("unknown language \(language) (known: \(languages.joined(separator: ", ")))")
        }
        return try entry.make(options)
    }
}
