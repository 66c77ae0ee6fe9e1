import Foundation
import PackagePlugin

/// Generates the Swift types of the `configure` message at build time, for a target
/// whose folder holds a `tabgen.yml` (its `schema:` and the options of its
/// `lang: swift` output) and/or a `schema.json` (without either file the target is
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
        let config = ["tabgen.yml", "tabgen.yaml"].map { folder.appending(path: $0) }.first { files.fileExists(atPath: $0.path) }
        let localSchema = folder.appending(path: "schema.json")
        var inputs = [config, files.fileExists(atPath: localSchema.path) ? localSchema : nil].compactMap { $0 }
        guard !inputs.isEmpty else {
            throw TabgenPluginError("target \(target.name) has no tabgen.yml or schema.json in \(folder.path); TabgenPlugin generates from them")
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
