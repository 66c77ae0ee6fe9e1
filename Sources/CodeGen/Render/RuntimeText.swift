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

    /// The text for a file, from `templates`.
    func text(from templates: any TemplateSource) throws(CodeGenError) -> String {
        adjust(try templates.runtime(path, comment: comment).selecting(features))
    }

    /// `context` with each top-level `RuntimeText` value replaced by its text.
    static func resolving(_ context: [String: Any], from templates: any TemplateSource) throws(CodeGenError) -> [String: Any] {
        var resolved = context
        for (key, value) in context {
            if let runtime = value as? RuntimeText { resolved[key] = try runtime.text(from: templates) }
        }
        return resolved
    }
}
