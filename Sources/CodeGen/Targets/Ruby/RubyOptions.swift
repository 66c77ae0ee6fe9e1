import Schema

/// The Ruby target's options (tabgen.yml `options:`, `--option ruby.NAME=VALUE`).
public struct RubyOptions: TargetOptions, Equatable {
    public static let language = "ruby"

    /// The module that holds the value objects; empty: the contract's component
    /// (`navigation` -> `Navigation`), else `Tabgen`.
    public var module: String = ""
    /// Emit fixtures and the Minitest files.
    public var tests = true
    /// The project's shared fixtures folder, relative to the output (tabgen.yml `fixtures:`);
    /// nil: the output writes its own `fixtures/`.
    public var sharedFixtures: String?
    /// `decoding: strict`: `from_h` raises on a null optional member, a missing nullable
    /// member and an unknown enum value; `tolerant` (the default) reads them and keeps
    /// what it saw, so that `validate` reports them as `tabgen validate` does.
    public var strictDecoding = false
    /// Emit `app/models/tabgen_runtime.rb`, which every contract of a Rails app shares;
    /// emit turns it off for the second and later contracts of tabgen.yml `contracts:`.
    public var runtime = true
    /// The RuboCop style the generated Ruby is clean under (`rubocop -a` changes nothing):
    /// rubocop-rails-omakase (Rails' default since 7.2) or RuboCop's own defaults.
    public var style: RubyStyle = .omakase
    /// How a page renders the message: a ViewComponent (`app/components/`, needs the
    /// view_component gem) or a plain Rails helper (`app/helpers/`, needs nothing more).
    public var view: View = .component

    public enum View: String, Sendable, CaseIterable {
        case component, helper
    }

    public init() {}

    public static let specs: [TargetOptionSpec<Self>] = [
        TargetOptionSpec("module", help: "the Ruby module of the value objects (default: the bridge component's name, e.g. Navigation)", apply: setModule),
        TargetOptionSpec("namespace", help: "the same as module: every language's option for the contract's namespace", apply: setModule),
        TargetOptionSpec("tests", help: "true (default) or false: emit fixtures/ and the Minitest files") { options, value throws(CodeGenError) in
            guard let flag = Bool(value) else { throw CodeGenError("ruby option tests: expected true or false, found \(value)") }
            options.tests = flag
        },
        .sharedFixtures(\.sharedFixtures),
        .flag("runtime", \.runtime, help: "emit app/models/tabgen_runtime.rb (default true; false for a second output into the same Rails app)"),
        TargetOptionSpec("decoding", help: "tolerant (default) or strict: whether from_h raises on a null optional member, a missing nullable member or an unknown enum value (validate reports them either way)") { options, value throws(CodeGenError) in
            options.strictDecoding = try TargetOption.decoding(value, language: language) == .strict
        },
        TargetOptionSpec("style", help: "omakase (default: rubocop-rails-omakase, double quotes, [ 1, 2 ]) or rubocop (RuboCop's defaults, single quotes, [1, 2])") { options, value throws(CodeGenError) in
            guard let chosen = RubyStyle(rawValue: value.lowercased()) else {
                throw CodeGenError("ruby option style: expected omakase or rubocop, found \(value)")
            }
            options.style = chosen
        },
        TargetOptionSpec("view", help: "component (default: a ViewComponent in app/components, needs the view_component gem) or helper (a plain Rails helper in app/helpers, tabgen_<component>_tag and tabgen_<component>_attributes)") { options, value throws(CodeGenError) in
            guard let chosen = View(rawValue: value.lowercased()) else {
                throw CodeGenError("ruby option view: expected component or helper, found \(value)")
            }
            options.view = chosen
        },
    ]

    /// `module`, or `namespace`: a Ruby constant name that is not Ruby's, its library's or Rails'.
    @Sendable static func setModule(_ options: inout Self, _ value: String) throws(CodeGenError) {
        guard value.isEmpty || (value.unicodeScalars.first.map { ("A"..."Z").contains($0) } == true
            && value.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }) else {
            throw CodeGenError("ruby option module: \(value) is not a Ruby constant name")
        }
        guard !RubyNaming.topLevelConstants.contains(value) else {
            throw CodeGenError("ruby option module: \(value) is a constant of Ruby, its standard library or Rails; the generated module would reopen or clash with it (choose another name, e.g. \(value)Bridge)")
        }
        options.module = value
    }
}
