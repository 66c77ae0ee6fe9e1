import Schema

/// One side of `tabgen diff`: a schema file, a file at a git revision (`git:REF:PATH`,
/// read with `git show REF:PATH`), or the schema built into tabgen (`builtin`).
enum SchemaSource: Equatable {
    case file(String)
    case git(revision: String, path: String)
    /// The navigation schema of this tabgen: what the apps that predate a project's own
    /// schema implement (the hand-written reference clients), for the adoption pull request.
    case builtin

    static let gitPrefix = "git:"
    static let builtinArgument = "builtin"
    /// The size limit of SchemaLoader.
    static let limit = 64 << 20

    init(argument: String) throws(CLIError) {
        if argument == Self.builtinArgument {
            self = .builtin
            return
        }
        guard argument.hasPrefix(Self.gitPrefix) else {
            self = .file(argument)
            return
        }
        let rest = argument.dropFirst(Self.gitPrefix.count)
        // A revision cannot contain ":" (git forbids it in ref names), so the first
        // one ends it and the path may hold more.
        guard let colon = rest.firstIndex(of: ":"), colon != rest.startIndex, rest.index(after: colon) != rest.endIndex else {
            throw CLIError("\(argument): expected git:REF:PATH, e.g. git:origin/main:schema.json (write ./\(argument) for a file of that name)")
        }
        let revision = String(rest[..<colon])
        // `git show --output=...` would write a file: never let a revision be an option.
        guard !revision.hasPrefix("-") else {
            throw CLIError("\(argument): a git revision cannot start with \"-\"")
        }
        self = .git(revision: revision, path: String(rest[rest.index(after: colon)...]))
    }

    /// The name in messages: the path, `<stdin>`, or `git:REF:PATH`.
    var displayName: String {
        switch self {
        case .file(let path): path == "-" ? "<stdin>" : path
        case .git(let revision, let path): "\(Self.gitPrefix)\(revision):\(path)"
        case .builtin: SchemaLoader.builtinName
        }
    }

    /// The repository path for GitHub annotations.
    var annotationPath: String {
        switch self {
        case .file(let path), .git(_, let path):
            path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        case .builtin: "schema.json"
        }
    }

    func load() throws(CLIError) -> SchemaDocument {
        let bytes: [UInt8]
        switch self {
        case .file(let path): bytes = try FileInput.readAll(path: path, limit: Self.limit)
        case .git(let revision, let path): bytes = try GitShow.read(revision: revision, path: path, limit: Self.limit)
        case .builtin: return try SchemaLoader.load(path: nil)
        }
        do {
            return try SchemaReader(fileName: displayName).read(bytes)
        } catch {
            throw CLIError(error.description, prefixed: false)
        }
    }
}
