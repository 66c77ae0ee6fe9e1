import ArgumentParser
import Foundation

/// What tabgen reads as the project config from here: for integrations (the gem's
/// install generator) that must find the same file as every command, and so ask tabgen
/// rather than search again.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the tabgen.yml every command uses from here, or its outputs.",
        discussion: """
        tabgen reads tabgen.yml (or tabgen.yaml, tabgen.json) in the current directory \
        or the nearest parent that has one, up to the git repository's root (or \
        --config FILE). --path prints that file's path as found (../tabgen.yml from a \
        folder below it); --outputs reads the file and prints one line per output, its \
        language and its folder as written there (relative to the file), separated by \
        a tab.

        Exit codes: 0 printed; 1 no config file here or in a parent; 2 usage error or \
        a config file that cannot be read.

        Examples:
          tabgen config --path
          tabgen config --outputs
        """
    )

    @Flag(help: "Print the config file's path.")
    var path = false

    @Flag(help: "Print each output as LANG<tab>OUT.")
    var outputs = false

    @Option(help: ArgumentHelp("Project config file (default: tabgen.yml in the current directory or a parent).", valueName: "PATH"), completion: .file())
    var config: String?

    func validate() throws {
        guard path != outputs else { throw ValidationError("give one of --path and --outputs") }
    }

    func run() throws {
        guard let found = config ?? ProjectConfig.find(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) else {
            printError("tabgen: no \(ProjectConfig.fileNames.joined(separator: ", ")) in this folder or a parent (up to the git repository's root)")
            throw Exit.invalid.exitCode
        }
        if path {
            FileHandle.standardOutput.write(Data("\(found)\n".utf8))
            return
        }
        do {
            let project = try ProjectConfig.load(path: found)
            let lines = project.outputs.map { "\($0.language)\t\($0.out)\n" }
            FileHandle.standardOutput.write(Data(lines.joined().utf8))
        } catch {
            throw Exit.report(error)
        }
    }
}
