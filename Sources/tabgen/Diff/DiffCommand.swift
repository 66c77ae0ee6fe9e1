import ArgumentParser
import Foundation
import Schema
import Evolution

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Find schema changes that break clients in the field or clients that meet an old server.",
        discussion: """
        An app version stays installed for months, so the server talks to every client \
        version it ever shipped, and a new client meets servers that have not deployed \
        yet. tabgen diff compares two versions of the schema structurally (through refs \
        and definitions, rules and the bridge contract) and classifies every change in \
        two directions:

          old clients: in the field, reading payloads from the new server
          new clients: reading payloads from an old server (deploy lag, rollbacks)

        Each direction is BREAKING, strict (breaks only clients that reject unknown enum \
        values or unknown properties; tabgen-generated clients keep and ignore them), \
        safe, or no effect (documentation):

          schema.json:56:9: breaking[D002] /definitions/TabData/properties/badge: property "badge" added as required — old clients: safe (TabData allows unknown properties, so old clients ignore it), new clients: BREAKING (an old server does not send it)

        OLD and NEW are paths (- reads standard input), git:REF:PATH, read with \
        `git show REF:PATH` in the current directory, or builtin: the schema built into \
        tabgen, which apps from before a project's own schema implement (the pull \
        request that adopts tabgen: tabgen diff builtin schema.json). When OLD is \
        git:REF:PATH and REF has no such file (that pull request, or one adding a \
        contract), diff stops with exit 2 and says so, unless --if-old-missing \
        builtin compares with the built-in schema or --if-old-missing pass reports \
        nothing. Codes D001... are documented in docs/reference/codes.md (tabgen \
        explain D001). A summary goes to standard error.

        Exit codes: 0 no change breaks clients that are not allowed to break (or no \
        old file with --if-old-missing pass); 1 a change does (strict changes count \
        unless --lenient-clients); 2 usage, I/O, git or schema error, or no old file.

        Examples:
          tabgen diff git:origin/main:schema.json schema.json
          tabgen diff --format github git:origin/main:schema.json schema.json
          tabgen diff --lenient-clients --allow new-clients old/schema.json schema.json
          tabgen diff builtin schema.json
          tabgen diff --if-old-missing builtin git:origin/main:schema.json
        """
    )

    @Argument(help: ArgumentHelp("The schema before the change: a path, - for standard input, git:REF:PATH, or builtin (the schema built into tabgen).", valueName: "OLD"), completion: .file(extensions: ["json"]))
    var oldSchema: String

    @Argument(help: ArgumentHelp("The schema after the change: a path, - for standard input, or git:REF:PATH (default: the schema of tabgen.yml).", valueName: "NEW"), completion: .file(extensions: ["json"]))
    var newSchema: String?

    @Option(help: "Output format: text (compiler style), json (one JSON object per change, per line) or github (GitHub Actions annotations).")
    var format: DiffFormat = .text

    @Option(name: .customLong("allow"), help: ArgumentHelp(
        "Accept breaking changes for old-clients (no old client is in use any more) or new-clients (the server deploys before any new client ships); repeatable.",
        valueName: "DIRECTION"))
    var allowed: [AllowedBreak] = []

    @Flag(help: "Every client keeps unknown enum values and ignores unknown properties, as tabgen-generated code does: changes that break only strict clients pass (also tabgen.yml breaking: clients: lenient).")
    var lenientClients = false

    @Option(help: ArgumentHelp("Project config file (default: tabgen.yml, tabgen.yaml or tabgen.json in the current directory or the nearest parent that has one): its breaking: policy adds to --allow and --lenient-clients.", valueName: "PATH"), completion: .file(extensions: ["yml", "yaml", "json"]))
    var config: String?

    @Flag(name: .shortAndLong, help: "Do not print the summary line.")
    var quiet = false

    @Option(help: ArgumentHelp("When OLD is git:REF:PATH and REF has no such file (the pull request that adds it): fail (exit 2, the default), builtin (compare with the schema built into tabgen) or pass (exit 0: no client implements it yet).", valueName: "MODE"))
    var ifOldMissing: OldMissing = .fail

    enum OldMissing: String, ExpressibleByArgument, CaseIterable {
        case fail, builtin, pass
    }

    func validate() throws {
        do throws(CLIError) {
            let sources = [try SchemaSource(argument: oldSchema)] + (try newSchema.map { text throws(CLIError) in try SchemaSource(argument: text) }.map { [$0] } ?? [])
            if sources.filter({ $0 == .file("-") }).count > 1 { throw CLIError("- (standard input) can be given only once") }
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        let old: (source: SchemaSource, document: SchemaDocument)
        let new: (source: SchemaSource, document: SchemaDocument)
        let project: ProjectConfig?
        do throws(CLIError) {
            let context = try ConfigContext.resolve(schema: nil, config: config)
            project = context.config
            let newArgument: String
            if let newSchema {
                newArgument = newSchema
                // NEW names the schema; the config still gives the breaking: policy: name it.
                if let path = context.config?.path, !quiet { printError("tabgen: \(newSchema) (NEW); config \(path)") }
            } else if context.contractSources.count > 1 {
                throw CLIError("give NEW: \(context.config?.path ?? "tabgen.yml") lists \(context.contractSources.count) contracts, and diff compares one contract's two versions (tabgen diff git:origin/main:contracts/menu.json contracts/menu.json)")
            } else if context.schemaPath != nil {
                newArgument = context.schemaName
                if !quiet { context.announce() }
            } else {
                throw CLIError("give NEW, or run where a tabgen.yml names the schema (schema:)")
            }
            var oldSource = try SchemaSource(argument: oldSchema)
            let newSource = try SchemaSource(argument: newArgument)
            let oldDocument: SchemaDocument
            do {
                oldDocument = try oldSource.load()
            } catch {
                guard case .git(let revision, let path) = oldSource, GitShow.lacksFile(revision: revision, path: path) else { throw error }
                let missing = "\(oldSource.displayName): \(revision) has no \(path)"
                switch ifOldMissing {
                case .fail:
                    throw CLIError("\(missing) (the pull request that adds it?); compare with the schema built into tabgen, which apps from before it implement: tabgen diff builtin \(newArgument), or --if-old-missing builtin (or pass) in CI")
                case .pass:
                    _ = try newSource.load()
                    if !quiet { printError("tabgen diff: \(missing), so no client implements it yet: nothing to compare (--if-old-missing pass)") }
                    return
                case .builtin:
                    if !quiet { printError("tabgen: \(missing); comparing with \(SchemaLoader.builtinName) (--if-old-missing builtin)") }
                    oldSource = .builtin
                    oldDocument = try oldSource.load()
                }
            }
            old = (oldSource, oldDocument)
            new = (newSource, try newSource.load())
        } catch {
            throw Exit.report(error)
        }
        let fromConfig = (project?.breakingAllow ?? []).compactMap { AllowedBreak(rawValue: $0)?.direction }
        if let project, !quiet, !project.breakingAllow.isEmpty || project.breakingLenientClients {
            printError("tabgen: breaking policy from \(project.path)")
        }
        let changes = SchemaDiffer(old: old.document, new: new.document).changes()
        let policy = DiffPolicy(allowed: Set(allowed.map(\.direction) + fromConfig), lenientClients: lenientClients || project?.breakingLenientClients == true)
        let report = DiffReport(old: old.source, new: new.source, newDocument: new.document, policy: policy)
        let output = OutputBuffer(descriptor: STDOUT_FILENO)
        for line in report.render(changes, as: format) {
            output.line(line)
        }
        output.flush()
        if !quiet { printError(report.summary(changes)) }
        if changes.contains(where: policy.fails) { throw Exit.invalid.exitCode }
    }
}
