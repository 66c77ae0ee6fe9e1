import Foundation

/// Where templates come from, by path relative to the templates root
/// (`swift/struct.mustache`).
///
/// CodeGen does not embed templates itself: the `tabgen` executable passes the ones
/// its build plugin compiled into the binary, `--templates DIR` layers a directory over
/// them, and tests read the source tree's `Templates/`. Keeping the library free of the
/// build plugin means one copy of the templates in the binary and any source in tests.
public protocol TemplateSource: Sendable {
    /// Paths of the templates under `folder` (`swift/...`), sorted.
    func templatePaths(in folder: String) -> [String]
    /// The text of the template at `path`, or nil.
    func template(at path: String) -> String?
}

/// Templates given as a dictionary of path to text (the embedded ones, tests).
public struct InMemoryTemplateSource: TemplateSource {
    public var templates: [String: String]

    public init(_ templates: [String: String]) {
        self.templates = templates
    }

    public func templatePaths(in folder: String) -> [String] {
        templates.keys.filter { $0.hasPrefix(folder + "/") && $0.hasSuffix(".mustache") }.sorted()
    }

    public func template(at path: String) -> String? { templates[path] }
}

extension TemplateSource {
    /// The runtime source at `path` inside `Runtime/` (`typescript/runtime.ts`), read
    /// with `comment` as the language's line comment.
    public func runtime(_ path: String, comment: String) throws(CodeGenError) -> RuntimeSource {
        let key = RuntimeSource.keyPrefix + path
        guard let text = template(at: key) else { throw CodeGenError("no runtime source \(key)") }
        return try RuntimeSource(text, path: key, comment: comment)
    }
}

/// Templates read from a directory laid out like `Templates/` (`DIR/swift/*.mustache`),
/// and runtimes (`runtime/...`) from `runtimeDirectory`, laid out like `Runtime/`, when
/// given (tests read the source tree's; `--templates DIR` has none, so runtimes stay
/// built in).
public struct DirectoryTemplateSource: TemplateSource {
    public var directory: URL
    public var runtimeDirectory: URL?

    public init(directory: URL, runtimeDirectory: URL? = nil) {
        self.directory = directory
        self.runtimeDirectory = runtimeDirectory
    }

    public func templatePaths(in folder: String) -> [String] {
        let base = directory.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var paths: [String] = []
        let prefix = base.standardizedFileURL.path + "/"
        for case let url as URL in enumerator where url.pathExtension == "mustache" {
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(prefix) else { continue }
            paths.append(folder + "/" + full.dropFirst(prefix.count))
        }
        return paths.sorted()
    }

    public func template(at path: String) -> String? {
        var file = directory.appendingPathComponent(path)
        if path.hasPrefix(RuntimeSource.keyPrefix) {
            guard let runtimeDirectory else { return nil }
            file = runtimeDirectory.appendingPathComponent(String(path.dropFirst(RuntimeSource.keyPrefix.count)))
        }
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A team's templates over the built-in ones: a template in `overrides` replaces the
/// built-in one of the same path; the others stay built in.
public struct LayeredTemplateSource: TemplateSource {
    public var overrides: any TemplateSource
    public var base: any TemplateSource

    public init(overrides: any TemplateSource, base: any TemplateSource) {
        self.overrides = overrides
        self.base = base
    }

    public func templatePaths(in folder: String) -> [String] {
        Array(Set(overrides.templatePaths(in: folder) + base.templatePaths(in: folder))).sorted()
    }

    public func template(at path: String) -> String? {
        overrides.template(at: path) ?? base.template(at: path)
    }
}
