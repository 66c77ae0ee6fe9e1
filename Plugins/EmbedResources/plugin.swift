import Foundation
import PackagePlugin

/// Compiles the package's built-in resources (today: `schema.json`) into a Swift
/// source file, so that `tabgen` carries them in its binary instead of depending on
/// a resource bundle next to the build directory.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let inputs = [root.appending(path: "schema.json")]
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [
            .buildCommand(
                displayName: "Embedding built-in resources into \(target.name)",
                executable: try context.tool(named: "embed-resources").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
