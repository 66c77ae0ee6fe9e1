import Foundation
import PackagePlugin

/// Compiles the package's built-in resources into a Swift source file, so that
/// `tabgen` carries them in its binary instead of depending on a resource bundle next
/// to the build directory: `schema.json` (key `schema.json`), `docs/reference/codes.md`
/// (key `codes.md`), `contracts/path-configuration.json` (key `path-configuration.json`)
/// every file under
/// `Templates/` (keyed by its path inside it, e.g. `swift/struct.mustache`), and every
/// file under `Runtime/` (keyed `runtime/` and its path, e.g. `runtime/swift/TabgenRuntime.swift`).
///
/// It also passes the sources code generation depends on (`Sources/JSON`,
/// `Sources/Schema`, `Sources/CodeGen`, `Package.resolved`), which are hashed, not
/// embedded: the hash is `EmbeddedResources.generatorFingerprint`, part of the inputs
/// `.tabgen-manifest` records, so that a tabgen rebuilt from changed sources regenerates
/// even when its version string did not change.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var resources: [(key: String, url: URL)] = [
            ("schema.json", root.appending(path: "schema.json")),
            // For `tabgen explain`: a binary user has no README.
            ("codes.md", root.appending(path: "docs/reference/codes.md")),
            // The built-in path-configuration contract (`validate --path-config`, `paths`).
            ("path-configuration.json", root.appending(path: "contracts/path-configuration.json")),
        ]
        resources += Self.files(under: root.appending(path: "Templates"))
        resources += Self.files(under: root.appending(path: "Runtime")).map { ("runtime/" + $0.key, $0.url) }
        var fingerprinted: [(key: String, url: URL)] = []
        for folder in ["Sources/JSON", "Sources/Schema", "Sources/CodeGen", "Runtime"] {
            fingerprinted += Self.files(under: root.appending(path: folder)).map { ("\(folder)/\($0.key)", $0.url) }
        }
        let resolved = root.appending(path: "Package.resolved")
        if FileManager.default.fileExists(atPath: resolved.path) { fingerprinted.append(("Package.resolved", resolved)) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        var arguments = [output.path]
        for (key, url) in resources { arguments += [key, url.path] }
        for (key, url) in fingerprinted { arguments += ["fingerprint:" + key, url.path] }
        return [
            .buildCommand(
                displayName: "Embedding built-in resources into \(target.name)",
                executable: try context.tool(named: "embed-resources").url,
                arguments: arguments,
                inputFiles: resources.map(\.url) + fingerprinted.map(\.url),
                outputFiles: [output]
            )
        ]
    }

    /// Regular files below `directory` (hidden ones skipped), keyed by their relative
    /// path with `/` separators, sorted.
    static func files(under directory: URL) -> [(key: String, url: URL)] {
        let base = directory.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
        ) else { return [] }
        var found: [(key: String, url: URL)] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base + "/") else { continue }
            found.append((String(path.dropFirst(base.count + 1)), url))
        }
        return found.sorted { $0.key < $1.key }
    }
}
