import Schema

/// Ruby (Rails): plain Ruby 3.1 value objects, the schema's checks, and a ViewComponent
/// that renders the Stimulus controller of the bridge contract.
///
/// Layout of an output directory (a Rails app's root):
/// - `app/models/<module>/<type>.rb`, one per declaration (Zeitwerk's names), plus
///   `contract.rb` (the schema and the rules) and `violation.rb`;
/// - `app/models/tabgen_runtime.rb` (unless `runtime: false`): the checks of `tabgen
///   validate` and the helpers of the value objects, from Runtime/ruby/, one for every
///   contract of a project;
/// - `app/components/<component>_component.rb` + `.html.erb` when the schema has a
///   bridge contract and an object root; with `view: helper` (apps without
///   view_component) `app/helpers/tabgen_<component>_helper.rb` instead, a plain Rails
///   helper rendering the same attributes with the same policy, and its test in
///   `test/helpers/`;
/// - `fixtures/<Root>.fixtures.json`, `test/models/<module>/<root>_test.rb` and
///   `test/components/<component>_component_test.rb` (unless `tests: false`); for a
///   contract that lists events, per event data type `fixtures/<module>/<Root>.fixtures.json`
///   and `test/models/<module>/<root>_test.rb`, and per web-to-native event with a value
///   `app/components/<module>/<event>_component.rb` + `.html.erb` and its test
///   (RubyEventComponents.swift).
public struct RubyTarget: LanguageTarget {
    public var options: RubyOptions

    public init(options: RubyOptions = RubyOptions()) {
        self.options = options
    }

    public var language: String { "ruby" }
    public var templateFolder: String { "ruby" }

    public func typeIdentifier(for parts: [String]) -> String { RubyNaming.typeIdentifier(parts) }
    public func fieldIdentifier(for jsonName: String) -> String { RubyNaming.memberIdentifier(jsonName) }
    public func caseIdentifier(for value: String) -> String { RubyNaming.caseIdentifier(value) }
    public var reservedTypeNames: Set<String> { RubyNaming.reservedTypeNames }
    public var reservedMemberNames: Set<String> { RubyNaming.reservedMemberNames }
    public var reservedCaseNames: Set<String> { RubyNaming.reservedCaseNames }
    public var typeNamesAreCaseInsensitive: Bool { true }
    public func escapedIdentifier(_ identifier: String) -> String { identifier }

    /// How a value of `type` is built from parsed JSON: `nil` (kept as it is), a
    /// generated class or module (`TabData`: its `from_h`), or `[:array, T]` / `[:map, T]`.
    public func typeExpression(_ type: TypeRef, names: NameTable) -> String {
        wrapExpression(type, names: names, model: nil)
    }

    func wrapExpression(_ type: TypeRef, names: NameTable, model: TypeModel?) -> String {
        let resolved = model?.resolved(type) ?? type
        switch resolved.nonNullable {
        case .primitive, .any: return "nil"
        case .array(let inner):
            let element = wrapExpression(inner, names: names, model: model)
            return element == "nil" ? "nil" : "[:array, \(element)]"
        case .map(let inner):
            let element = wrapExpression(inner, names: names, model: model)
            return element == "nil" ? "nil" : "[:map, \(element)]"
        case .named(let id):
            if let declaration = model?[id] {
                switch declaration.kind {
                case .enumeration, .alias: return "nil"
                case .structure, .union: break
                }
            }
            return names.typeName(id)
        case .nullable: return "nil"
        }
    }

    public func stringLiteral(_ text: String) -> String { RubyLiterals.string(text) }

    /// The templates are in RuboCop's default style; `.rb` files take the chosen one.
    public func finish(path: String, _ text: String) -> String {
        path.hasSuffix(".rb") ? options.style.apply(text) : text
    }

    public func files(for input: TargetInput) throws -> [FilePlan] {
        let contexts = RubyContexts(target: self, input: input)
        let models = "app/models/\(contexts.moduleFile)"
        var plans: [FilePlan] = []
        for declaration in input.model.declarations {
            let name = input.names.typeName(declaration.id)
            plans.append(FilePlan(path: "\(models)/\(RubyNaming.fileName(name)).rb",
                                  contents: .template(name: "model", context: contexts.declaration(declaration))))
        }
        if options.runtime {
            plans.append(FilePlan(path: "app/models/\(RubyContexts.runtimeFile).rb", contents: .template(name: "runtime", context: contexts.runtime())))
        }
        plans.append(FilePlan(path: "\(models)/contract.rb", contents: .template(name: "contract", context: contexts.contract())))
        plans.append(FilePlan(path: "\(models)/violation.rb", contents: .template(name: "violation", context: contexts.file())))
        if options.view == .helper, let helper = try contexts.component() {
            // Zeitwerk's names: app/helpers/tabgen_navigation_helper.rb holds TabgenNavigationHelper.
            let file = helper["helperFile"] as? String ?? "helper"
            plans.append(FilePlan(path: "app/helpers/\(file).rb", contents: .template(name: "helper", context: helper)))
            if options.tests {
                plans.append(FilePlan(path: "test/helpers/\(file)_test.rb", contents: .template(name: "helper-test", context: helper)))
            }
        } else if let component = try contexts.component() {
            let file = "app/components/\(component["componentFile"] as? String ?? "component")"
            plans.append(FilePlan(path: "\(file).rb", contents: .template(name: "component", context: component)))
            plans.append(FilePlan(path: "\(file).html.erb", contents: .template(name: "component-erb", context: component)))
            if options.tests {
                plans.append(FilePlan(path: "test/components/\(component["componentFile"] as? String ?? "component")_test.rb",
                                      contents: .template(name: "component-test", context: component)))
            }
        }
        if options.view == .helper, input.model.listsEvents {
            throw CodeGenError("ruby option view: helper renders the one message of a bridge component; \(input.model.contract?.component ?? "this contract") lists events, whose data the Ruby target renders with a ViewComponent per event (view: component)")
        }
        for component in try contexts.eventComponents() {
            let file = component["componentFile"] as? String ?? "component"
            plans.append(FilePlan(path: "app/components/\(file).rb", contents: .template(name: "event-component", context: component)))
            plans.append(FilePlan(path: "app/components/\(file).html.erb", contents: .template(name: "event-component-erb", context: component)))
            if options.tests {
                plans.append(FilePlan(path: "test/components/\(file)_test.rb", contents: .template(name: "event-component-test", context: component)))
            }
        }
        for input in input.perRoot where options.tests {
            let contexts = RubyContexts(target: self, input: input)
            let rootName = input.names.typeName(input.model.rootID)
            // Several contracts share a Rails app: theirs go in a folder per module.
            let fixturesFile = input.model.listsEvents ? "fixtures/\(contexts.moduleFile)/\(rootName).fixtures.json" : "fixtures/\(rootName).fixtures.json"
            if options.sharedFixtures == nil {
                plans.append(FilePlan(path: fixturesFile,
                                      contents: .verbatim(input.fixtures.jsonText(header: input.header, rootName: rootName))))
            }
            plans.append(FilePlan(path: "test/models/\(contexts.moduleFile)/\(RubyNaming.fileName(rootName))_test.rb",
                                  contents: .template(name: "test", context: contexts.tests(fixturesFile: fixturesFile))))
        }
        return plans
    }
}

/// The Ruby target's options (tabgen.yml `options:`, `--option ruby.NAME=VALUE`).
public struct RubyOptions: Sendable, Equatable {
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

    public static let documentation: [(name: String, help: String)] = [
        ("module", "the Ruby module of the value objects (default: the bridge component's name, e.g. Navigation)"),
        ("namespace", "the same as module: every language's option for the contract's namespace"),
        ("tests", "true (default) or false: emit fixtures/ and the Minitest files"),
        ("sharedFixtures", "the project's shared fixtures folder relative to the output directory, set by tabgen.yml's fixtures: (default: none, the output writes its own fixtures/)"),
        ("runtime", "emit app/models/tabgen_runtime.rb (default true; false for a second output into the same Rails app)"),
        ("decoding", "tolerant (default) or strict: whether from_h raises on a null optional member, a missing nullable member or an unknown enum value (validate reports them either way)"),
        ("style", "omakase (default: rubocop-rails-omakase, double quotes, [ 1, 2 ]) or rubocop (RuboCop's defaults, single quotes, [1, 2])"),
        ("view", "component (default: a ViewComponent in app/components, needs the view_component gem) or helper (a plain Rails helper in app/helpers, tabgen_<component>_tag and tabgen_<component>_attributes)"),
    ]

    public init(_ values: [String: String]) throws(CodeGenError) {
        for (name, value) in values {
            switch name {
            case "module", "namespace":
                guard value.isEmpty || (value.unicodeScalars.first.map { ("A"..."Z").contains($0) } == true
                    && value.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }) else {
                    throw CodeGenError("ruby option module: \(value) is not a Ruby constant name")
                }
                guard !RubyNaming.topLevelConstants.contains(value) else {
                    throw CodeGenError("ruby option module: \(value) is a constant of Ruby, its standard library or Rails; the generated module would reopen or clash with it (choose another name, e.g. \(value)Bridge)")
                }
                module = value
            case "tests":
                guard let flag = Bool(value) else { throw CodeGenError("ruby option tests: expected true or false, found \(value)") }
                tests = flag
            case "sharedFixtures":
                sharedFixtures = try TargetOption.sharedFixtures(value, language: "ruby")
            case "runtime":
                runtime = try TargetOption.flag(value, language: "ruby", name: name)
            case "style":
                guard let chosen = RubyStyle(rawValue: value.lowercased()) else {
                    throw CodeGenError("ruby option style: expected omakase or rubocop, found \(value)")
                }
                style = chosen
            case "view":
                guard let chosen = View(rawValue: value.lowercased()) else {
                    throw CodeGenError("ruby option view: expected component or helper, found \(value)")
                }
                view = chosen
            case "decoding":
                strictDecoding = try TargetOption.decoding(value, language: "ruby") == .strict
            default:
                throw CodeGenError("unknown ruby option \(name) (known: \(Self.documentation.map(\.name).joined(separator: ", ")))")
            }
        }
    }
}
