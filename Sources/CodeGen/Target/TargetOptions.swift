/// A target's options as a table of facts: its language, each option (name, meaning, how a
/// value given as text sets it) and the command-line flags that set some of them. Shared
/// code reads values (tabgen.yml `options:`, `--option`) through the table, so a target
/// states only what is its own.
public protocol TargetOptions: Sendable {
    /// The `--lang` value and the key in tabgen.yml (`swift`).
    static var language: String { get }
    /// Every option, in the order of the help and of error messages.
    static var specs: [TargetOptionSpec<Self>] { get }
    /// The command-line flags that set options of this language; none by default.
    static var flags: [TargetFlag] { get }
    /// Every option at its default.
    init()
}

extension TargetOptions {
    public static var flags: [TargetFlag] { [] }

    /// The option names tabgen.yml accepts, with what they mean.
    public static var documentation: [(name: String, help: String)] {
        specs.map { ($0.name, $0.help) }
    }

    /// Reads options given as strings (from tabgen.yml or the command line), in name order,
    /// so that of several bad values the same one is reported every time.
    public init(_ values: [String: String]) throws(CodeGenError) {
        self.init()
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let spec = Self.specs.first(where: { $0.name == name || $0.aliases.contains(name) }) else {
                throw CodeGenError("unknown \(Self.language) option \(name) (known: \(Self.specs.map(\.name).joined(separator: ", ")))")
            }
            try spec.apply(&self, value)
        }
    }
}

/// One option of a target: its name, what it means, and how a value sets it.
public struct TargetOptionSpec<Options: TargetOptions>: Sendable {
    public var name: String
    /// Other names that set it too, left out of the help (`flavour`).
    public var aliases: [String]
    public var help: String
    let apply: @Sendable (inout Options, String) throws(CodeGenError) -> Void

    init(_ name: String, aliases: [String] = [], help: String, apply: @escaping @Sendable (inout Options, String) throws(CodeGenError) -> Void) {
        self.name = name
        self.aliases = aliases
        self.help = help
        self.apply = apply
    }

    /// An option whose value `parse` reads (nil: a value it refuses, reported as
    /// `<language> option <name> must be <expected>, not <value>`).
    static func value<Value>(_ name: String, aliases: [String] = [], _ property: WritableKeyPath<Options, Value> & Sendable, help: String,
                             expected: String, _ parse: @escaping @Sendable (String) -> Value?) -> Self {
        Self(name, aliases: aliases, help: help) { options, value throws(CodeGenError) in
            guard let parsed = parse(value) else {
                throw CodeGenError("\(Options.language) option \(name) must be \(expected), not \(value)")
            }
            options[keyPath: property] = parsed
        }
    }

    /// A yes/no option (`TargetOption.flag`).
    static func flag(_ name: String, _ property: WritableKeyPath<Options, Bool> & Sendable, help: String) -> Self {
        Self(name, help: help) { options, value throws(CodeGenError) in
            options[keyPath: property] = try TargetOption.flag(value, language: Options.language, name: name)
        }
    }

    /// `decoding`, every language's option (docs/decoding.md).
    static func decoding(_ property: WritableKeyPath<Options, DecodingPolicy> & Sendable, help: String) -> Self {
        Self("decoding", help: help) { options, value throws(CodeGenError) in
            options[keyPath: property] = try TargetOption.decoding(value, language: Options.language)
        }
    }

    /// `sharedFixtures`, which tabgen.yml's `fixtures:` sets for every output.
    static func sharedFixtures(_ property: WritableKeyPath<Options, String?> & Sendable) -> Self {
        Self("sharedFixtures", help: "the project's shared fixtures folder relative to the output directory, set by tabgen.yml's fixtures: (default: none, the output writes its own fixtures/)") { options, value throws(CodeGenError) in
            options[keyPath: property] = try TargetOption.sharedFixtures(value, language: Options.language)
        }
    }

    /// `runtime`: true, false, or `all` (every part of the runtime, for one other outputs share).
    static func runtime(_ runtime: WritableKeyPath<Options, Bool> & Sendable, all: WritableKeyPath<Options, Bool> & Sendable, help: String) -> Self {
        Self("runtime", help: help) { options, value throws(CodeGenError) in
            if value.lowercased() == "all" {
                options[keyPath: runtime] = true
                options[keyPath: all] = true
            } else {
                options[keyPath: runtime] = try TargetOption.flag(value, language: Options.language, name: "runtime")
                options[keyPath: all] = false
            }
        }
    }
}

/// A target made from its options, which name its language: the registry makes it from
/// string options (`TargetRegistry.Entry.init(_:)`), and its templates are in the folder of
/// its language.
public protocol ConfigurableTarget: LanguageTarget {
    associatedtype Options: TargetOptions
    var options: Options { get }
    init(options: Options)
}

extension ConfigurableTarget {
    public var language: String { Options.language }
    public var templateFolder: String { Options.language }
}
