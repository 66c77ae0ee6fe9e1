import Foundation
import PackagePlugin

/// `swift package tabgen ARGUMENTS`: runs tabgen in the package's folder, for teams that
/// commit the generated files (`tabgen emit`, with tabgen.yml's outputs) and check them
/// in CI (`tabgen check`). Writing needs `--allow-writing-to-package-directory`.
@main
struct TabgenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "tabgen").url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("tabgen \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
            throw TabgenCommandFailure(status: process.terminationStatus)
        }
    }
}

struct TabgenCommandFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "tabgen exited with status \(status)" }
}
