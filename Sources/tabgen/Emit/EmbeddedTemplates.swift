import CodeGen
import Foundation

/// The templates compiled into the binary by the EmbedResources plugin (every file of
/// `Templates/`, and the runtimes of `Runtime/` under `runtime/`), for CodeGen, which
/// does not embed anything itself.
enum EmbeddedTemplates {
    static let source: InMemoryTemplateSource = {
        var templates: [String: String] = [:]
        for name in BuiltIn.names where name.hasSuffix(".mustache") || name.hasPrefix(RuntimeSource.keyPrefix) {
            if let data = BuiltIn.data(named: name) {
                templates[name] = String(decoding: data, as: UTF8.self)
            }
        }
        return InMemoryTemplateSource(templates)
    }()

    /// The built-in templates, under the templates of `directory` when given.
    static func source(overriddenBy directory: String?) throws(CLIError) -> any TemplateSource {
        guard let directory else { return source }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError("--templates \(directory): no such directory")
        }
        return LayeredTemplateSource(overrides: DirectoryTemplateSource(directory: URL(fileURLWithPath: directory)), base: source)
    }
}
