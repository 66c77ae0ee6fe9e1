import ArgumentParser
import Foundation

@main
struct Tabgen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tabgen",
        abstract: "Own the server-driven tab bar contract between a Rails app and its Hotwire Native clients.",
        discussion: """
        One schema (schema.json, a JSON Type Definition with tabgen rules in its metadata) \
        describes the `configure` message of the `navigation` bridge component. tabgen \
        checks what the server sends against it.

        Exit codes: 0 success, 1 invalid input found (findings printed), 2 usage, I/O or schema error.
        """,
        version: "0.1.0",
        subcommands: [ValidateCommand.self, PlanCommand.self, DiffCommand.self, EmitCommand.self, CheckCommand.self, ExplainCommand.self, InitCommand.self, ConfigCommand.self, PathsCommand.self, ReportCommand.self, ConformanceCommand.self]
    )

    static var subcommandNames: [String] {
        configuration.subcommands.filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// Runs the command, mapping argument errors to exit code 2 as documented (the
    /// argument parser's own default is 64).
    static func main() {
        // A mistyped subcommand: say which one was meant (the parser only says "unexpected").
        let arguments = CommandLine.arguments.dropFirst()
        if let first = arguments.first, !first.hasPrefix("-"), !subcommandNames.contains(first), first != ConformanceCommand.configuration.commandName {
            let hint = Suggestion.closest(to: first, among: subcommandNames).map { "; did you mean '\($0)'?" } ?? ""
            FileHandle.standardError.write(Data("Error: unknown subcommand '\(first)'\(hint) (subcommands: \(subcommandNames.dropLast().joined(separator: ", ")))\nSee 'tabgen --help'.\n".utf8))
            Foundation.exit(Exit.failure.rawValue)
        }
        do {
            // `validate FILE...`, the start-up that counts (issue 13), skips the parser
            // when it is sure to read the same options (ValidateOptions(commonArguments:)).
            if let options = ValidateOptions(commonArguments: Array(arguments)) {
                return try options.run()
            }
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            // What the branch below does for an ExitCode (it prints nothing), without
            // building the root command's usage text twice to find that out.
            let known = [ExitCode.success, ExitCode(Exit.invalid.rawValue), ExitCode(Exit.failure.rawValue)].contains(code)
            Foundation.exit(known ? code.rawValue : Exit.failure.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success || code == ExitCode(Exit.invalid.rawValue) || code == ExitCode(Exit.failure.rawValue) {
                exit(withError: error)
            }
            let message = fullMessage(for: error)
            if !message.isEmpty {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            Foundation.exit(Exit.failure.rawValue)
        }
    }
}
