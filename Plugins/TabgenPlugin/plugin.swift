import Foundation
import PackagePlugin

/// Generates the Swift types of the `configure` message at build time, for a target
/// whose folder, or a parent folder up to the repository's root, holds a `tabgen.yml`
/// (its `schema:` and the options of its `lang: swift` output), and/or whose folder holds
/// a `schema.json` (without either file the target is
/// refused: the plugin would have nothing of the app's to generate from). The types go
/// into one file in the plugin's work directory, never into the source tree; `Tests/`
/// and `fixtures/` are not generated (use the command plugin or `tabgen emit` for them).
@main
struct TabgenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else {
            throw TabgenPluginError("target \(target.name) is not a Swift target; TabgenPlugin generates Swift")
        }
        let folder = target.directoryURL
        let files = FileManager.default
        let config = Self.findConfig(from: folder)
        let localSchema = folder.appending(path: "schema.json")
        var inputs = [config, files.fileExists(atPath: localSchema.path) ? localSchema : nil].compactMap { $0 }
        guard !inputs.isEmpty else {
            throw TabgenPluginError("target \(target.name) has no tabgen.yml in \(folder.path) or a parent folder, and no schema.json there; TabgenPlugin generates from them")
        }
        // A schema the config names elsewhere is an input too, so editing it regenerates.
        if let config, let named = Self.schemaPath(in: config) {
            inputs.append(URL(filePath: named, relativeTo: config.deletingLastPathComponent()).standardizedFileURL)
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+Tabgen.swift")
        var arguments = ["--tabgen", try context.tool(named: "tabgen").url.path, "--output", output.path]
        if let config { arguments += ["--config", config.path] } else { arguments += ["--schema", localSchema.path] }
        return [
            .buildCommand(
                displayName: "Generating \(target.name)'s tab bar types with tabgen",
                executable: try context.tool(named: "tabgen-plugin-runner").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }

    /// The tabgen.yml of the target's folder or of its nearest parent that has one, up to
    /// the git repository's root, as the tabgen command finds it: in a monorepo it sits at
    /// the root, beside the iOS, Android and Rails folders.
    static func findConfig(from folder: URL) -> URL? {
        var current = folder.standardizedFileURL
        while true {
            if let found = ["tabgen.yml", "tabgen.yaml", "tabgen.json"].map({ current.appending(path: $0) }).first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
                return found
            }
            let parent = current.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: current.appending(path: ".git").path) || parent.path == current.path { return nil }
            current = parent
        }
    }

    /// The `schema:` of a tabgen.yml, read line by line: only to tell the build system
    /// what to watch (tabgen itself reads the file properly).
    static func schemaPath(in config: URL) -> String? {
        guard let text = try? String(contentsOf: config, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("schema:") {
            let value = line.dropFirst("schema:".count).split(separator: "#").first?
                .trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) ?? ""
            return value.isEmpty ? nil : value
        }
        return nil
    }
}

struct TabgenPluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
