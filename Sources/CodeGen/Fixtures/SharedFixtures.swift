import Schema

/// A project's shared fixtures (tabgen.yml `fixtures:`): each message root's fixtures JSON
/// written once per project into one folder, instead of one copy per output. Every
/// output's tests then read it there (TypeScript's `node:test` and Ruby's Minitest by a
/// path relative to the test file, Kotlin's JUnit by one relative to the module, Swift's
/// by one relative to its tests' folder) and hold only the fixtures their language's
/// decoding policy labels otherwise than the file.
///
/// File names are language-neutral (`MessageData.fixtures.json`), so every output finds
/// one file; a contract that lists events gets a folder of its own
/// (`menu/MenuData.fixtures.json`), so two contracts' roots never meet.
public struct SharedFixturesTarget: LanguageTarget {
    public init() {}

    /// Not a `--lang`: the shared folder is a job of its own, never in `TargetRegistry`.
    public var language: String { "fixtures" }
    /// No templates: the files are verbatim JSON.
    public var templateFolder: String { "fixtures" }

    /// Flat: `paths(for:)` gives a contract that lists events its own folder.
    public var contractLayout: ContractLayout {
        ContractLayout(componentFolders: false, namespace: { component, _ in component }) { options, _, _ in options }
    }

    public func typeIdentifier(for parts: [String]) -> String {
        Naming.camelCase(parts.flatMap(Naming.nonEmptyWords), upperFirst: true, initialisms: false)
    }
    public func fieldIdentifier(for jsonName: String) -> String { jsonName }
    public func caseIdentifier(for value: String) -> String { value }
    public var reservedTypeNames: Set<String> { [] }
    public var reservedMemberNames: Set<String> { [] }
    public var reservedCaseNames: Set<String> { [] }
    /// The names are file names on case-insensitive file systems too.
    public var typeNamesAreCaseInsensitive: Bool { true }
    public func escapedIdentifier(_ identifier: String) -> String { identifier }
    public func typeExpression(_ type: TypeRef, names: NameTable) -> String { "" }
    public func stringLiteral(_ text: String) -> String { JSONWriter.quoted(text) }

    public func files(for input: TargetInput) throws -> [FilePlan] {
        let paths = Self.paths(for: input)
        return input.perRoot.map { root in
            let place = paths[root.model.rootID] ?? Self.Place(path: "", rootName: "")
            return FilePlan(path: place.path, contents: .verbatim(root.fixtures.jsonText(header: root.header, rootName: place.rootName)))
        }
    }

    /// Where one root's fixtures lie below the shared folder, and the root's name in them.
    public struct Place: Sendable, Equatable {
        public var path: String
        public var rootName: String
    }

    /// The place of every message root of `input`'s model, by root. One name table per
    /// model, so a caller asks once, not once per root.
    public static func paths(for input: TargetInput) -> [DeclarationID: Place] {
        let names = SharedFixturesTarget().nameTable(for: input.model)
        let folder = input.model.listsEvents ? input.model.contract.map { Naming.snakeCase(Naming.nonEmptyWords($0.component)) + "/" } ?? "" : ""
        var places: [DeclarationID: Place] = [:]
        for root in input.model.messageRoots {
            let name = names.typeName(root.id)
            places[root.id] = Place(path: "\(folder)\(name).fixtures.json", rootName: name)
        }
        return places
    }

    /// The path a test file reads a root's fixtures by, from `upToOutput` (`../../`: the
    /// test file's folder up to the output directory) and the `sharedFixtures` option (the
    /// output directory to the shared folder).
    public static func path(of root: DeclarationID, in places: [DeclarationID: Place], upToOutput: String, sharedFixtures: String) -> String {
        upToOutput + sharedFixtures + "/" + (places[root]?.path ?? "")
    }

    /// `../` once per component of `folder` (relative, `/`-separated): from a test file in
    /// `folder` up to the output directory.
    public static func upToOutput(from folder: String) -> String {
        String(repeating: "../", count: folder.split(separator: "/").count)
    }

    /// What a client makes of a fixture under its decoding policy.
    public struct Label: Sendable {
        public var decodes: Bool
        public var typedCodes: [String]
        public var canonical: JSON?

        public init(decodes: Bool, typedCodes: [String], canonical: JSON?) {
            self.decodes = decodes
            self.typedCodes = typedCodes
            self.canonical = canonical
        }
    }

    /// The fixtures a client labels otherwise than the shared file, by position: where its
    /// label (`labels`, one per fixture) differs from the fixture's `decodes`, `typedCodes`
    /// or `canonical` (compared as canonical text). A test that reads the shared file
    /// carries only these.
    public static func relabeled(_ fixtures: [Fixture], labels: [Label]) -> [(index: Int, fixture: Fixture, label: Label)] {
        zip(fixtures, labels).enumerated().compactMap { index, pair in
            let (fixture, own) = pair
            guard own.decodes != fixture.decodes || own.typedCodes != fixture.typedCodes
                    || own.canonical.map({ JSONWriter.string($0, sortKeys: true) }) != fixture.canonicalText else { return nil }
            return (index, fixture, own)
        }
    }
}

extension SharedFixturesTarget {
    /// What the generated tests' string literals allow in the folder's path (tabgen.yml's
    /// `fixtures:` and the `sharedFixtures` option alike).
    public static let allowedCharacters = "ASCII letters, digits, '.', '-', '_' and '/'"

    /// Whether `path` (relative, `/`-separated) holds only `allowedCharacters`, with no
    /// empty or `.` component.
    public static func isPlainPath(_ path: String) -> Bool {
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        return !folder.isEmpty && !folder.hasPrefix("/")
            && folder.unicodeScalars.allSatisfy { Naming.isASCIIAlphanumeric($0) || "._-/".unicodeScalars.contains($0) }
            && folder.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." }
    }
}

extension TargetOption {
    /// The `sharedFixtures` option: the project's shared fixtures folder relative to the
    /// output directory (`../../fixtures`), as tabgen.yml's `fixtures:` sets it. Written
    /// into string literals of the generated tests, so it is held to plain path characters.
    static func sharedFixtures(_ value: String, language: String) throws(CodeGenError) -> String {
        guard SharedFixturesTarget.isPlainPath(value) else {
            throw CodeGenError("\(language) option sharedFixtures must be a relative folder of \(SharedFixturesTarget.allowedCharacters) (not '\(value)')")
        }
        return value.hasSuffix("/") ? String(value.dropLast()) : value
    }
}
