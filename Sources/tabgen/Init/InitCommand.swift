import ArgumentParser
import Foundation

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented tabgen.yml for the project layout found here, and a schema.json to start from.",
        discussion: """
        Looks below the current directory for an Xcode project (*.xcodeproj), an \
        Android module (app/src/main/java or app/src/main/kotlin) and a Rails app \
        (app/javascript), and writes tabgen.yml with one output for each, commented. \
        Without --schema-from-built-in it also writes schema.json, a copy of the \
        built-in schema, when there is none, so the project owns its contract. Existing \
        files are never overwritten.

        Exit codes: 0 written; 2 tabgen.yml exists already, or a write failed.

        Examples:
          cd my-monorepo && tabgen init
          tabgen emit && tabgen check
        """
    )

    @Flag(help: "Use the schema built into tabgen instead of writing schema.json.")
    var schemaFromBuiltIn = false

    func run() throws {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let config = here.appendingPathComponent("tabgen.yml")
        guard !FileManager.default.fileExists(atPath: config.path) else {
            printError(CLIError("tabgen.yml exists already; edit it, or remove it and run tabgen init again").description)
            throw Exit.failure.exitCode
        }
        let layout = ProjectLayout.scan(here)
        let writeSchema = !schemaFromBuiltIn && !FileManager.default.fileExists(atPath: here.appendingPathComponent("schema.json").path)
        let text = layout.config(schema: schemaFromBuiltIn ? nil : "schema.json")
        do {
            if writeSchema {
                guard let schema = EmbeddedResources.data(named: "schema.json") else { throw CLIError("the built-in schema is missing from this build") }
                try schema.write(to: here.appendingPathComponent("schema.json"), options: .withoutOverwriting)
                FileHandle.standardError.write(Data("tabgen: wrote schema.json (the built-in navigation contract; edit it, tabgen diff guards the changes)\n".utf8))
            }
            try Data(text.utf8).write(to: config, options: .withoutOverwriting)
        } catch let error as CLIError {
            printError(error.description)
            throw Exit.failure.exitCode
        } catch {
            printError(CLIError("cannot write: \(error.localizedDescription)").description)
            throw Exit.failure.exitCode
        }
        let found = layout.summary
        FileHandle.standardError.write(Data("tabgen: wrote tabgen.yml (\(found)); next: tabgen emit, then tabgen check in CI\n".utf8))
    }
}
