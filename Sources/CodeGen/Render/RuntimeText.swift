/// A runtime under `Runtime/` as a value of a template context: the generator reads it
/// through its `TemplateSource`, keeps the parts `features` select, lets the target
/// `adjust` the text, and puts the result where the value was (`{{{runtime}}}`).
///
/// Targets plan files without reading templates; the generator, which holds the
/// `TemplateSource`, reads the runtime when it renders the file.
public struct RuntimeText: Sendable {
    /// The path inside `Runtime/` (`swift/TabgenRuntime.swift`).
    public var path: String
    /// The language's line comment (`//`, `#`).
    public var comment: String
    public var features: Set<String>
    /// What the target changes in the selected text (Swift's access level).
    public var adjust: @Sendable (String) -> String

    public init(path: String, comment: String, features: Set<String> = [], adjust: @escaping @Sendable (String) -> String = { $0 }) {
        self.path = path
        self.comment = comment
        self.features = features
        self.adjust = adjust
    }

    /// The text for a file, from `templates`, and this value with `features` the parts
    /// the text keeps (what they need added: `RuntimeSource.kept`).
    func resolved(from templates: any TemplateSource) throws(CodeGenError) -> (text: String, kept: RuntimeText) {
        let source = try templates.runtime(path, comment: comment)
        var kept = self
        kept.features = try source.kept(features)
        return (adjust(source.text(keeping: kept.features)), kept)
    }

    /// `context` with each top-level `RuntimeText` value replaced by its text, and the
    /// runtime the file holds (a file holds at most one).
    static func resolving(_ context: [String: Any], from templates: any TemplateSource) throws(CodeGenError) -> (context: [String: Any], runtime: RuntimeText?) {
        var resolved = context
        var held: RuntimeText?
        for (key, value) in context {
            guard let runtime = value as? RuntimeText else { continue }
            let (text, kept) = try runtime.resolved(from: templates)
            resolved[key] = text
            held = kept
        }
        return (resolved, held)
    }
}

extension RuntimeText {
    /// The file listing the runtimes of an output with the parts each keeps: the committed
    /// reference output (Tests/<Lang>/reference) holds it in place of the runtime files,
    /// whose source is `Runtime/`, so a change of what is kept still shows in review.
    public static let listingName = "tabgen-runtime.parts"

    /// The listing of the runtimes among `files`, or nil when none holds one: per runtime,
    /// a line "PATH: Runtime/SOURCE", then each part kept on its own indented line.
    public static func listing(of files: [GeneratedFile]) -> GeneratedFile? {
        let runtimes = files.compactMap { file in file.runtime.map { (path: file.path, runtime: $0) } }
        guard !runtimes.isEmpty else { return nil }
        var lines = ["# The runtime files tabgen emit writes here, not committed (their source is Runtime/),",
                     "# each with the source it is made from and the parts of it kept (scripts/update-reference)."]
        for (path, runtime) in runtimes.sorted(by: { $0.path < $1.path }) {
            lines.append("\(path): Runtime/\(runtime.path)")
            lines += runtime.features.sorted().map { "  \($0)" }
        }
        return GeneratedFile(path: listingName, contents: lines.joined(separator: "\n") + "\n")
    }

    /// `files` as the committed reference output holds them: the runtime files left out,
    /// their listing in their place.
    public static func listingRuntimes(_ files: [GeneratedFile]) -> [GeneratedFile] {
        (files.filter { $0.runtime == nil } + [listing(of: files)].compactMap { $0 }).sorted { $0.path < $1.path }
    }
}
