import Mustache

/// Renders a target's templates with swift-mustache.
///
/// Every template of the target's folder is registered under its path inside the
/// folder without the extension (`swift/struct.mustache` is `struct`, usable as the
/// partial `{{> struct}}`). Generated code is not HTML: every template is rendered
/// with the TEXT content type, so `{{name}}` inserts text verbatim. Escaping is the
/// target's job (it hands templates literals and comments ready to paste).
public struct TemplateRenderer {
    let library: MustacheLibrary

    public init(source: any TemplateSource, folder: String) throws(CodeGenError) {
        var library = MustacheLibrary()
        let paths = source.templatePaths(in: folder)
        guard !paths.isEmpty else {
            throw CodeGenError("no templates for \(folder) (expected \(folder)/*.mustache)")
        }
        for path in paths {
            guard let text = source.template(at: path) else { continue }
            let name = String(path.dropFirst(folder.count + 1).dropLast(".mustache".count))
            do {
                // The pragma applies to the template it starts; partials start their own.
                library.register(try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}\n" + text), named: name)
            } catch {
                throw CodeGenError("template \(path) does not parse: \(error)")
            }
        }
        self.library = library
    }

    /// Renders `template` with `context`; `NestedTemplate` values in the context (at the
    /// top level or in arrays of dictionaries) are rendered first and replaced by their
    /// lines, indented.
    public func render(_ template: String, _ context: [String: Any]) throws(CodeGenError) -> String {
        guard let output = library.render(try resolve(context), withTemplate: template) else {
            throw CodeGenError("missing template \(template).mustache")
        }
        return output
    }

    func resolve(_ context: [String: Any]) throws(CodeGenError) -> [String: Any] {
        var resolved = context
        for (key, value) in context {
            if let nested = value as? NestedTemplate {
                resolved[key] = try lines(nested)
            } else if let nestedList = value as? [NestedTemplate] {
                var all: [String] = []
                for nested in nestedList { all += try lines(nested) }
                resolved[key] = all
            } else if let list = value as? [[String: Any]] {
                var items: [[String: Any]] = []
                for item in list { items.append(try resolve(item)) }
                resolved[key] = items
            }
        }
        return resolved
    }

    func lines(_ nested: NestedTemplate) throws(CodeGenError) -> [String] {
        let text = try render(nested.template, nested.context)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines.map { $0.isEmpty ? "" : nested.indent + $0 }
    }
}

/// A template rendered into a context value of another: its output becomes that value's
/// lines, each non-empty one prefixed with `indent`. Targets use it to nest code (a
/// declaration inside `extension Namespace {}`) with correct indentation, which Mustache
/// partials do not give on every line.
public struct NestedTemplate {
    public var template: String
    public var context: [String: Any]
    public var indent: String

    public init(template: String, context: [String: Any], indent: String = "") {
        self.template = template
        self.context = context
        self.indent = indent
    }
}
