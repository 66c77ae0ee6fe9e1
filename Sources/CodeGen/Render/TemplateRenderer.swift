import Foundation
import Mustache

/// Renders a target's templates with swift-mustache.
///
/// Every template of the target's folder is registered under its path inside the
/// folder without the extension (`swift/struct.mustache` is `struct`, usable as the
/// partial `{{> struct}}`). Generated code is not HTML: every template is rendered
/// with the TEXT content type, so `{{name}}` inserts text verbatim. Escaping is the
/// target's job (it hands templates literals and comments ready to paste).
public struct TemplateRenderer {
    /// Parsing costs far more than rendering (swift-mustache measures string distances
    /// as it reads), so a template is parsed when it is first rendered, with the
    /// partials it names; a run parses only the templates its files use.
    private final class Library {
        var library = MustacheLibrary()
        var texts: [String: (path: String, text: String)] = [:]
        var parsed: Set<String> = []
        /// Templates whose partials are known to include none of them again.
        var acyclic: Set<String> = []
    }

    private let storage = Library()
    /// Parse with `TagDelimiters` (tests compare with parsing as written).
    var rewritesDelimiters = true

    public init(source: any TemplateSource, folder: String) throws(CodeGenError) {
        let paths = source.templatePaths(in: folder)
        guard !paths.isEmpty else {
            throw CodeGenError("no templates for \(folder) (expected \(folder)/*.mustache)")
        }
        for path in paths {
            guard let text = source.template(at: path) else { continue }
            let name = String(path.dropFirst(folder.count + 1).dropLast(".mustache".count))
            storage.texts[name] = (path, text)
        }
    }

    /// Parses and registers `name` and the partials it names, unless done already.
    private func prepare(_ name: String) throws(CodeGenError) {
        if !storage.acyclic.contains(name) { try checkPartialCycles(from: name) }
        var pending = [name]
        while let next = pending.popLast() {
            guard !storage.parsed.contains(next), let (path, text) = storage.texts[next] else { continue }
            storage.parsed.insert(next)
            do {
                storage.library.register(try Self.parse(text, rewritingDelimiters: rewritesDelimiters), named: next)
            } catch {
                throw CodeGenError("template \(path) does not parse: \(error)")
            }
            guard let partials = Self.partialNames(in: text) else {
                // Delimiters changed mid-template: partials cannot be told apart, so all are registered.
                pending += storage.texts.keys
                continue
            }
            pending += partials
        }
    }

    /// Refuses a template that includes itself through its partials (`x {{> struct}}` in
    /// struct.mustache): swift-mustache would recurse until the stack overflows. Names
    /// the cycle (`struct -> union -> struct`). Walked without recursion: a team's folder
    /// can chain any number of templates.
    static let maxPartialDepth = 64

    private func checkPartialCycles(from root: String) throws(CodeGenError) {
        // Depth-first, with the path from `root` on a stack: a partial already on the path closes a cycle.
        var path: [(name: String, partials: [String], next: Int)] = []
        var onPath: Set<String> = []
        var done = storage.acyclic
        func enter(_ name: String) {
            let text = storage.texts[name]?.text ?? ""
            let partials = Self.partialNames(in: text) ?? Self.possiblePartialNames(in: text)
            path.append((name, partials.filter { storage.texts[$0] != nil }, 0))
            onPath.insert(name)
        }
        enter(root)
        while let top = path.last {
            guard top.next < top.partials.count else {
                path.removeLast()
                onPath.remove(top.name)
                done.insert(top.name)
                continue
            }
            path[path.count - 1].next += 1
            let partial = top.partials[top.next]
            if onPath.contains(partial) {
                let cycle = path.drop { $0.name != partial }.map(\.name) + [partial]
                let file = storage.texts[partial]?.path ?? partial
                throw CodeGenError("template \(file) includes itself through its partials: \(cycle.joined(separator: " -> "))")
            }
            guard !done.contains(partial) else { continue }
            // Rendering recurses once per partial level too: a long chain would also overflow.
            guard path.count <= Self.maxPartialDepth else {
                throw CodeGenError("template \(storage.texts[root]?.path ?? root) nests partials more than \(Self.maxPartialDepth) deep (the limit): \(path.map(\.name).joined(separator: " -> ")) -> \(partial)")
            }
            enter(partial)
        }
        storage.acyclic = done
    }

    /// For a template that changes delimiters midway (`partialNames` gives up): every
    /// name after a `>` or `<`, which covers its partial tags whatever the delimiters.
    static func possiblePartialNames(in text: String) -> [String] {
        var names: [String] = []
        var bytes = text.utf8[...]
        while let marker = bytes.firstIndex(where: { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "<") }) {
            bytes = bytes[bytes.index(after: marker)...].drop { $0 == UInt8(ascii: " ") }
            let name = bytes.prefix { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "/"): true
                default: false
                }
            }
            if !name.isEmpty { names.append(String(decoding: name, as: UTF8.self)) }
        }
        return names
    }

    /// The template of `text`, as TEXT (the pragma applies to the template it starts;
    /// partials start their own). With `rewritingDelimiters`, parsed with the delimiters
    /// `TagDelimiters` writes, unless it declines; an error is always reported as the
    /// template is written, with its line and column.
    static func parse(_ text: String, rewritingDelimiters: Bool) throws -> MustacheTemplate {
        if rewritingDelimiters, let rewritten = TagDelimiters.rewrite(text),
           let template = try? MustacheTemplate(string: TagDelimiters.pragma + rewritten) {
            return template
        }
        return try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}\n" + text)
    }

    /// The names of `{{> name}}` and `{{< name}}` tags (or with the delimiters a leading
    /// `{{=<% %>=}}` sets); nil when a template changes delimiters anywhere else. Reads
    /// UTF-8 bytes: String searching here cost more than the parsing it saves.
    static func partialNames(in text: String) -> [String]? {
        let bytes = Array(text.utf8)
        var open = Array("{{".utf8)
        var close = Array("}}".utf8)
        var index = 0
        func matches(_ pattern: [UInt8], at position: Int) -> Bool {
            position + pattern.count <= bytes.count && bytes[position..<position + pattern.count].elementsEqual(pattern)
        }
        func find(_ pattern: [UInt8], from position: Int) -> Int? {
            var current = position
            while current + pattern.count <= bytes.count {
                if bytes[current] == pattern[0], matches(pattern, at: current) { return current }
                current += 1
            }
            return nil
        }
        if matches(Array("{{=".utf8), at: 0), let end = find(Array("=}}".utf8), from: 3) {
            let delimiters = bytes[3..<end].split(separator: UInt8(ascii: " "))
            guard delimiters.count == 2 else { return nil }
            open = Array(delimiters[0])
            close = Array(delimiters[1])
            index = end + 3
        }
        var names: [String] = []
        while let start = find(open, from: index) {
            var position = start + open.count
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
            index = position
            guard position < bytes.count else { break }
            switch bytes[position] {
            case UInt8(ascii: "="):
                return nil
            case UInt8(ascii: ">"), UInt8(ascii: "<"):
                guard let end = find(close, from: position + 1) else { return names }
                let name = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
                names.append(name.trimmingCharacters(in: .whitespaces))
                index = end + close.count
            default:
                continue
            }
        }
        return names
    }

    /// Renders `template` with `context`; `NestedTemplate` values in the context (at the
    /// top level or in arrays of dictionaries) are rendered first and replaced by their
    /// lines, indented.
    public func render(_ template: String, _ context: [String: Any]) throws(CodeGenError) -> String {
        let resolved = try resolve(context)
        try prepare(template)
        guard let output = storage.library.render(resolved, withTemplate: template) else {
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
