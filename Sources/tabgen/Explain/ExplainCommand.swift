import ArgumentParser
import Foundation
import Schema

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Print the documentation of a code (TG104, P009, D052...) with an example.",
        discussion: """
        The codes of validate (TG0xx for the schema's types, TG1xx for its rules), plan \
        (Pxxx), diff (Dxxx), path configurations (PCxxx: validate --path-config and \
        tabgen paths) and the example contracts (MNxxx) are documented in \
        docs/reference/codes.md, which is compiled into tabgen. A rule code of your own schema (from --schema or \
        tabgen.yml) is explained from the rule itself.

        Exit codes: 0 explained; 2 unknown code.

        Examples:
          tabgen explain TG104
          tabgen explain d052
        """
    )

    @Argument(help: ArgumentHelp("The code, in any letter case.", valueName: "CODE"))
    var code: String

    @Option(help: ArgumentHelp("Schema whose rules to look in (default: the schema of tabgen.yml, else the built-in one).", valueName: "PATH"), completion: .file(extensions: ["json"]))
    var schema: String?

    @Option(help: ArgumentHelp("Project config file (default: tabgen.yml in the current directory or a parent).", valueName: "PATH"), completion: .file())
    var config: String?

    func run() throws {
        let wanted = code.uppercased()
        var text = CodeDocumentation.section(for: wanted) ?? ""
        // A rule of the project's own schema (any code): its own words, after the built-in text if any.
        let context = try? ConfigContext.resolve(schema: schema, config: config)
        // Says which tabgen.yml (or --schema) it read, as every command that reads one does.
        if let context, context.config != nil || schema != nil { context.announce() }
        if let document = try? context?.loadSchema(),
           text.isEmpty || document.sourceName != SchemaLoader.builtinName,
           let rule = document.extensions.rules.first(where: { $0.code.uppercased() == wanted }) {
            var lines = ["### \(rule.code) in \(document.sourceName)", "", "Severity: \(rule.severity.rawValue); kind: \(rule.kind.name) on \(rule.kind.path)."]
            if let description = rule.description { lines += ["", description] }
            lines += ["", "Message: \(rule.message)"]
            text += (text.isEmpty ? "" : "\n") + lines.joined(separator: "\n") + "\n"
        }
        guard !text.isEmpty else {
            let near = Suggestion.closest(to: wanted, among: CodeDocumentation.codes)
            throw Exit.report(CLIError("unknown code \(code)" + (near.map { "; did you mean \($0)?" } ?? "") + " (tabgen explain knows \(CodeDocumentation.codes.count) codes: \(CodeDocumentation.families.joined(separator: ", ")); docs/reference/codes.md)"))
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
