import Schema

/// One output language. jtd-codegen style: every language implements this one
/// abstraction, and everything before it (the model, names, fixtures) and after it
/// (rendering, writing, checking) is shared.
///
/// A target holds the *decisions*: identifier casing, keywords, collisions, type
/// spellings, literal and comment escaping, and which files to write from which
/// template with which context. Templates (`Templates/<language>/*.mustache`) hold the
/// *shape* of the code and never decide anything.
public protocol LanguageTarget: Sendable {
    /// The `--lang` value and the key in tabgen.yml (`swift`).
    var language: String { get }
    /// The folder of this target's templates in a `TemplateSource` (`swift`).
    var templateFolder: String { get }

    // MARK: Naming

    /// The identifier for a declaration, from its raw name parts (before collisions).
    func typeIdentifier(for parts: [String]) -> String
    /// The identifier for a struct field, from its JSON name (before collisions).
    func fieldIdentifier(for jsonName: String) -> String
    /// The identifier for an enum case, from its value on the wire (before collisions).
    func caseIdentifier(for value: String) -> String
    /// Type names the generated code must not declare (the language's own types, the
    /// runtime's types).
    var reservedTypeNames: Set<String> { get }
    /// Member names a struct must not use for a field (its own methods).
    var reservedMemberNames: Set<String> { get }
    /// Case names an enum or union must not use (its own members, the unknown case).
    var reservedCaseNames: Set<String> { get }
    /// Whether type names must differ in more than letter case (they name files).
    var typeNamesAreCaseInsensitive: Bool { get }
    /// The identifier as it must be written in source (keywords quoted or escaped).
    func escapedIdentifier(_ identifier: String) -> String

    // MARK: Type mapping and literals

    /// How the language spells a type (`[String: Int8]?`).
    func typeExpression(_ type: TypeRef, names: NameTable) -> String
    /// A string literal whose value is exactly `text`, inert whatever it contains.
    func stringLiteral(_ text: String) -> String

    // MARK: Layout

    /// The files to write, each from a template and a context (or verbatim).
    func files(for input: TargetInput) throws -> [FilePlan]
    /// A rendered template's final text (a house style applied); by default, unchanged.
    func finish(path: String, _ text: String) -> String
    /// How an output of several contracts is laid out (tabgen.yml `contracts:`).
    var contractLayout: ContractLayout { get }
    /// The folders this target writes below its output directory when that directory is
    /// an app's root other outputs may live in (Ruby: `app/models`, ..., and a file it
    /// writes outside them, `test/tabgen_test_support.rb`); nil (the default): the output
    /// needs the whole directory.
    var sharedRootFolders: [String]? { get }
    /// Where an app may hold a hand-written file declaring what generated file `path`
    /// declares (`tabgen init` refuses to generate beside it), for an output directory
    /// whose path is `outputFolders`; nil (the default): nowhere this target knows.
    func handWrittenCounterpart(of path: String, outputFolders: [String]) -> HandWrittenCounterpart?
    /// The hand-written sources that compile together with generated file `path`, for an
    /// output directory whose path is `outputFolders` (where `tabgen init` looks for a type
    /// declared twice); nil (the default): none this target knows, or `path` declares no types.
    func compiledSources(with path: String, outputFolders: [String]) -> CompiledSources?
}

extension LanguageTarget {
    public func finish(path: String, _ text: String) -> String { text }
    public var sharedRootFolders: [String]? { nil }
    public func handWrittenCounterpart(of path: String, outputFolders: [String]) -> HandWrittenCounterpart? { nil }
    public func compiledSources(with path: String, outputFolders: [String]) -> CompiledSources? { nil }
}

/// A folder of sources that compile into one module with generated files.
public struct CompiledSources: Sendable, Equatable {
    /// Relative to the output directory ("": the output itself; `..` climbs above it).
    public var root: String
    /// The file extensions of those sources (`kt`, `java`).
    public var extensions: Set<String>
    /// Whether a declaration is told apart by its file's package (Kotlin), not by its module alone.
    public var packages: Bool
}

/// A path relative to the folder `levelsUp` levels above an output directory (0: the
/// directory itself), counted without `..`, so that it resolves while the output's own
/// folders do not exist yet.
public struct HandWrittenCounterpart: Sendable, Equatable {
    public var levelsUp: Int
    public var path: String

    public init(levelsUp: Int, path: String) {
        self.levelsUp = levelsUp
        self.path = path
    }
}

/// A target whose defaults depend on the schema (its namespace): `Generator` asks for
/// the target a model is generated with.
public protocol SchemaDependentTarget: LanguageTarget {
    /// This target with the defaults `model` implies filled in (explicit options kept).
    func resolved(for model: TypeModel) -> Self
}

extension LanguageTarget {
    /// The target `model` is generated with: its defaults filled in, if it has any.
    public func generationTarget(for model: TypeModel) -> any LanguageTarget {
        if let dependent = self as? any SchemaDependentTarget { return dependent.resolved(for: model) as any LanguageTarget }
        return self
    }
}

/// Everything a target lays out files from.
public struct TargetInput: Sendable {
    public var model: TypeModel
    public var names: NameTable
    public var fixtures: FixtureSet
    public var header: GenerationHeader

    /// The fixtures of each message root of a contract that lists events, by root.
    public var rootFixtures: [DeclarationID: FixtureSet] = [:]

    /// The schemas of the output's other contracts (tabgen.yml `contracts:`), whose code
    /// uses the runtime this input's files carry: a runtime with parts left out keeps
    /// every part one of them uses too.
    public var sharingRuntime: [SchemaDocument] = []

    /// Whether this is the first of the output's contracts: a target that writes one test
    /// over every contract's fixtures writes it with this contract's files.
    public var firstOfContracts = false

    /// The runtime features (`RuleKind.runtimeFeature`) of the rule kinds the runtime
    /// checks: this schema's and those of the contracts sharing its runtime.
    public var runtimeRuleFeatures: Set<String> {
        Set(([model.document] + sharingRuntime).flatMap { $0.extensions.rules.map { type(of: $0.kind).runtimeFeature } })
    }

    public init(model: TypeModel, names: NameTable, fixtures: FixtureSet, header: GenerationHeader) {
        self.model = model
        self.names = names
        self.fixtures = fixtures
        self.header = header
    }

    static func extraKey(_ role: String, _ id: DeclarationID) -> String { "\(role) \(id.pointer)" }

    /// The input seen from each message root, for the files made per root (fixtures,
    /// tests): `model.root`, `model.rootID`, `model.rules`, `fixtures` and the `fixtures`/`tests` extra
    /// names are that root's. A one-event schema has one: the input itself.
    public var perRoot: [TargetInput] {
        guard model.listsEvents else { return [self] }
        return model.messageRoots.map { root in
            var input = self
            input.model.root = root.type
            input.model.rootID = root.id
            // The root's rules are its events' (fixture tests validate with them).
            input.model.rules = root.rules
            // Fixture decoding and canonical forms are computed against the root's schema.
            if let definition = root.definition, let rooted = model.document.rooted(at: definition) {
                input.model.document = rooted
            }
            input.fixtures = rootFixtures[root.id] ?? FixtureSet(schemaName: fixtures.schemaName, fixtures: [])
            for role in ["fixtures", "tests"] {
                input.names.extras[role] = names.extras[Self.extraKey(role, root.id)]
            }
            return input
        }
    }
}

/// One file a target wants written: a path relative to the output directory, and
/// either a template with its context or verbatim contents (fixture JSON).
public struct FilePlan {
    public enum Contents {
        case template(name: String, context: [String: Any])
        case verbatim(String)
    }

    public var path: String
    public var contents: Contents

    public init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }
}

extension LanguageTarget {
    /// Resolves every name of the model: types in declaration order (case-insensitively
    /// when `typeNamesAreCaseInsensitive`), then fields per struct, cases per enum and
    /// variants per union, each in schema order.
    public func nameTable(for model: TypeModel) -> NameTable {
        var table = NameTable()
        var typeScope = NameResolver(reserved: reservedTypeNames, caseInsensitive: typeNamesAreCaseInsensitive)
        for declaration in model.declarations {
            table.types[declaration.id] = typeScope.claim(typeIdentifier(for: declaration.nameParts))
        }
        for declaration in model.declarations {
            switch declaration.kind {
            case .structure(let structure):
                var scope = NameResolver(reserved: reservedMemberNames)
                table.fields[declaration.id] = structure.fields.map { scope.claim(fieldIdentifier(for: $0.jsonName)) }
            case .enumeration(let enumeration):
                var scope = NameResolver(reserved: reservedCaseNames)
                table.cases[declaration.id] = enumeration.cases.map { scope.claim(caseIdentifier(for: $0.value)) }
            case .union(let union):
                var scope = NameResolver(reserved: reservedCaseNames)
                table.cases[declaration.id] = union.variants.map { scope.claim(caseIdentifier(for: $0.tagValue)) }
            case .alias:
                continue
            }
        }
        if model.listsEvents {
            // One fixtures type and one test suite per message root, in root order.
            for root in model.messageRoots {
                let rootName = table.typeName(root.id)
                table.extras[TargetInput.extraKey("fixtures", root.id)] = typeScope.claim(rootName + "Fixtures")
                table.extras[TargetInput.extraKey("tests", root.id)] = typeScope.claim(rootName + "RoundTripTests")
            }
            return table
        }
        let rootName = table.typeName(model.rootID)
        table.extras["fixtures"] = typeScope.claim(rootName + "Fixtures")
        table.extras["tests"] = typeScope.claim(rootName + "RoundTripTests")
        if !model.rules.isEmpty, case .alias? = model.rootDeclaration?.kind {
            table.extras["rules"] = typeScope.claim(rootName + "Rules")
        }
        return table
    }
}
