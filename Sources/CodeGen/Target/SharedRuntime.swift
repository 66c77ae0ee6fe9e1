import Schema

/// A target whose runtime several outputs of a project can share (tabgen.yml `runtime:`):
/// one file in the project's runtime folder that each app compiles into its own module
/// (Swift: the app target; Kotlin: the Gradle module's source set), instead of a copy in
/// every output. Targets whose runtime must sit where a loader finds it (Rails autoloads
/// its own `app/`, Stimulus imports beside the controller) do not conform: their outputs
/// keep their own.
public protocol RuntimeSharingTarget: LanguageTarget {
    /// The options of the target that writes the shared runtime, from the options of every
    /// output that uses it (the widest access, one package); throws when they cannot share one.
    func sharedRuntimeOptions(_ outputs: [[String: String]]) throws(CodeGenError) -> [String: String]
    /// An output's options with the shared runtime (made with `shared`) in place of its own.
    func usingSharedRuntime(_ options: [String: String], shared: [String: String]) -> [String: String]
    /// The parts of the runtime (`RuntimeSource` features) the files of `input` use.
    func runtimeFeatures(for input: TargetInput) throws -> Set<String>
    /// The runtime file with the parts `features` name, its path relative to the
    /// language's folder in the runtime folder.
    func sharedRuntimeFiles(for input: TargetInput, features: Set<String>) throws -> [FilePlan]
}

/// The job that writes a language's shared runtime: `base`'s names, `base`'s runtime file
/// only, with the union of the parts the outputs use.
public struct SharedRuntimeTarget: LanguageTarget {
    public var base: any RuntimeSharingTarget
    public var features: Set<String>

    public init(base: any RuntimeSharingTarget, features: Set<String>) {
        self.base = base
        self.features = features
    }

    public var language: String { base.language }
    public var templateFolder: String { base.templateFolder }
    public var contractLayout: ContractLayout { base.contractLayout }

    public func typeIdentifier(for parts: [String]) -> String { base.typeIdentifier(for: parts) }
    public func fieldIdentifier(for jsonName: String) -> String { base.fieldIdentifier(for: jsonName) }
    public func caseIdentifier(for value: String) -> String { base.caseIdentifier(for: value) }
    public var reservedTypeNames: Set<String> { base.reservedTypeNames }
    public var reservedMemberNames: Set<String> { base.reservedMemberNames }
    public var reservedCaseNames: Set<String> { base.reservedCaseNames }
    public var typeNamesAreCaseInsensitive: Bool { base.typeNamesAreCaseInsensitive }
    public func escapedIdentifier(_ identifier: String) -> String { base.escapedIdentifier(identifier) }
    public func typeExpression(_ type: TypeRef, names: NameTable) -> String { base.typeExpression(type, names: names) }
    public func stringLiteral(_ text: String) -> String { base.stringLiteral(text) }
    public func finish(path: String, _ text: String) -> String { base.finish(path: path, text) }

    public func files(for input: TargetInput) throws -> [FilePlan] {
        try base.sharedRuntimeFiles(for: input, features: features)
    }
}
