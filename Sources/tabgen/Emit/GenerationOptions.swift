import ArgumentParser
import CodeGen
import Foundation
import Schema

/// The options `emit` and `check` share: what to generate and where.
struct GenerationOptions: ParsableArguments {
    @Option(name: .customLong("lang"), help: ArgumentHelp("Language to generate: \(EmitJob.languageList), or all. Without it, the outputs of tabgen.yml.", valueName: "LANG"),
            completion: .list(TargetRegistry.languages + ["all"]))
    var language: String?

    @Option(help: ArgumentHelp("Schema to generate from (default: the schema or contracts of tabgen.yml, else the schema.json built into tabgen).", valueName: "PATH"), completion: .file(extensions: ["json"]))
    var schema: String?

    @Option(help: ArgumentHelp("Output directory (default: generated/LANG; with --lang all, DIR/LANG for each language).", valueName: "DIR"), completion: .directory)
    var out: String?

    @Option(help: ArgumentHelp("Directory of templates laid out like Templates/ (LANG/NAME.mustache) that replace built-in ones of the same name.", valueName: "DIR"), completion: .directory)
    var templates: String?

    @Option(help: ArgumentHelp("Project config file (default: tabgen.yml, tabgen.yaml or tabgen.json in the current directory or the nearest parent that has one). Without --lang, its outputs; with --lang, its schema, contracts and templates.", valueName: "PATH"),
            completion: .file(extensions: ["yml", "yaml", "json"]))
    var config: String?

    /// The language options that have a flag of their own, as their targets declare them.
    @OptionGroup var targetFlags: TargetFlagArguments

    @Option(name: .customLong("option"), help: ArgumentHelp("A language option as LANG.NAME=VALUE, e.g. swift.namespace=TabBar (repeatable).", valueName: "LANG.NAME=VALUE"))
    var rawOptions: [String] = []

    /// Each flag's value as given, by flag name (without dashes), in the order of the help.
    var flagValues: [(name: String, value: String?)] { targetFlags.values }

    /// The jobs these options ask for, with the templates to render them with.
    func jobs(version: String) throws(CLIError) -> (jobs: [EmitJob], templates: any TemplateSource) {
        if let language {
            // Inside a project, --lang generates from the project's schema or contracts and
            // with its templates, as every other command does: the built-in schema would
            // drop the project's fields (issue 24).
            let context = try ConfigContext.resolve(schema: schema, config: config)
            let templatesDirectory = templates ?? context.config.flatMap { project in project.templates.map { project.resolve($0).path } }
            return (try commandLineJobs(language: language, version: version, context: context), try EmbeddedTemplates.source(overriddenBy: templatesDirectory))
        }
        let configPath: String
        if let config {
            configPath = config
        } else if let found = ProjectConfig.find(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
            configPath = found
        } else {
            throw CLIError("no --lang and no \(ProjectConfig.fileNames.joined(separator: ", ")) in the current directory or a parent; try: tabgen emit --lang swift --out Generated")
        }
        if schema != nil || out != nil || flagValues.contains(where: { $0.value != nil }) || !rawOptions.isEmpty {
            throw CLIError("--schema, --out and language options go with --lang; with a config file, set them in \(configPath)")
        }
        let project = try ProjectConfig.load(path: configPath)
        if project.outputs.isEmpty {
            throw CLIError("\(configPath): outputs must list at least one output (lang: and out:) for emit and check")
        }
        // As typed, for messages; the header names files without their directories.
        var rerun = "tabgen emit"
        if config != nil { rerun += " --config \(configPath)" }
        if let templates { rerun += " --templates \(templates)" }
        var command = "tabgen emit"
        let configName = URL(fileURLWithPath: configPath).lastPathComponent
        if !ProjectConfig.fileNames.contains(configName) { command += " --config \(configName)" }
        if let templates { command += " --templates \(GenerationHeader.fileName(templates))" }
        let templatesDirectory = templates ?? project.templates.map { project.resolve($0).path }
        // With `fixtures:`, every output's tests read the project's one copy of the fixtures.
        var outputs = project.outputs
        for index in outputs.indices where outputs[index].options["sharedFixtures"] == nil {
            outputs[index].options["sharedFixtures"] = project.sharedFixtures(from: outputs[index])
        }
        // With `runtime:`, the outputs of a language that can share its runtime use one copy.
        let runtimes = try Self.sharedRuntimes(of: project, outputs: &outputs, configPath: configPath)
        var jobs: [EmitJob] = []
        if project.contracts != nil {
            let contracts = try Self.contracts(of: project, configPath: configPath)
            let names = contracts.map(\.file).joined(separator: ", ")
            let header = GenerationHeader(version: version, schema: contracts.map { GenerationHeader.fileName($0.file) }.joined(separator: ", "), command: command)
            for output in outputs {
                let parts = try ContractPart.parts(for: output, contracts: contracts, version: version, command: command, configPath: configPath)
                guard let first = parts.first else { continue }
                jobs.append(EmitJob(target: first.target, options: output.options, schemaPath: first.schemaPath, schemaDisplay: first.schemaDisplay,
                                    schemaLabel: "\(names) (contracts: of \(configPath))",
                                    directory: project.resolve(output.out), directoryDisplay: output.out,
                                    header: header, rerunCommand: rerun, parts: parts))
            }
            if let fixtures = project.fixtures, var shared = jobs.first {
                // Every contract's fixtures in one folder: a contract that lists events in a
                // folder of its own (`SharedFixturesTarget`), the others' root names apart.
                shared.target = SharedFixturesTarget()
                shared.options = [:]
                shared.directory = project.resolve(fixtures)
                shared.directoryDisplay = fixtures
                shared.parts = shared.parts.map { part in
                    var part = part
                    part.target = SharedFixturesTarget()
                    part.folder = nil
                    part.swiftFilePrefix = nil
                    return part
                }
                jobs.append(shared)
            }
            jobs += Self.runtimeJobs(runtimes, users: jobs, project: project)
            return (jobs, try EmbeddedTemplates.source(overriddenBy: templatesDirectory))
        }
        for output in outputs {
            let target: any LanguageTarget
            do {
                target = try TargetRegistry.target(language: output.language, options: output.options)
            } catch {
                throw CLIError("\(configPath): \(error.message)")
            }
            // Relative to the config file, as written there, in messages; by file name in the
            // header, as with --schema, so a file is the same however the path was spelled.
            let schemaDisplay = project.schema ?? SchemaLoader.builtinName
            let header = GenerationHeader(version: version, schema: project.schema.map(GenerationHeader.fileName) ?? SchemaLoader.builtinName, command: command)
            jobs.append(EmitJob(target: target, options: output.options, schemaPath: project.schema.map { project.resolve($0).path }, schemaDisplay: schemaDisplay,
                                schemaLabel: project.schema.map { "\($0) (from \(configPath))" } ?? "\(SchemaLoader.builtinName); \(configPath) names no schema",
                                directory: project.resolve(output.out), directoryDisplay: output.out, header: header, rerunCommand: rerun))
        }
        if let fixtures = project.fixtures, var shared = jobs.first {
            // The outputs' schema, header and command; the shared folder instead of an output.
            shared.target = SharedFixturesTarget()
            shared.options = [:]
            shared.directory = project.resolve(fixtures)
            shared.directoryDisplay = fixtures
            jobs.append(shared)
        }
        jobs += Self.runtimeJobs(runtimes, users: jobs, project: project)
        return (jobs, try EmbeddedTemplates.source(overriddenBy: templatesDirectory))
    }

    /// The runtime one language's outputs share: its target (made with the shared options) and those options.
    struct SharedRuntime {
        var target: any RuntimeSharingTarget
        var options: [String: String]
    }

    /// For tabgen.yml `runtime:`, each language whose target can share its runtime
    /// (`RuntimeSharingTarget`) and has outputs: the shared runtime, and `outputs` changed to use it.
    static func sharedRuntimes(of project: ProjectConfig, outputs: inout [ProjectConfig.Output], configPath: String) throws(CLIError) -> [SharedRuntime] {
        guard project.runtime != nil else { return [] }
        var runtimes: [SharedRuntime] = []
        for language in TargetRegistry.languages {
            let indices = outputs.indices.filter { outputs[$0].language == language }
            guard !indices.isEmpty, let sharing = (try? TargetRegistry.target(language: language)) as? any RuntimeSharingTarget else { continue }
            do {
                let options = try sharing.sharedRuntimeOptions(indices.map { outputs[$0].options })
                guard let target = try TargetRegistry.target(language: language, options: options) as? any RuntimeSharingTarget else { continue }
                for index in indices { outputs[index].options = sharing.usingSharedRuntime(outputs[index].options, shared: options) }
                runtimes.append(SharedRuntime(target: target, options: options))
            } catch {
                throw CLIError("\(configPath): \(error.message)")
            }
        }
        return runtimes
    }

    /// One job per shared runtime, writing `<runtime>/<language>`, after the outputs (`users`)
    /// whose runtime parts it unites.
    static func runtimeJobs(_ runtimes: [SharedRuntime], users: [EmitJob], project: ProjectConfig) -> [EmitJob] {
        guard let runtime = project.runtime else { return [] }
        let folder = runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime
        return runtimes.compactMap { shared in
            let language = shared.target.language
            let languageUsers = users.filter { $0.target.language == language }
            guard var job = languageUsers.first else { return nil }
            job.target = shared.target
            job.options = shared.options
            job.directory = project.resolve(folder).appendingPathComponent(language)
            job.directoryDisplay = folder + "/" + language
            job.parts = []
            job.runtimeUsers = languageUsers
            return job
        }
    }

    /// The files of `contracts:`, as written and resolved, with their components (checked
    /// as every command checks them: each declares one, no two the same).
    static func contracts(of project: ProjectConfig, configPath: String) throws(CLIError) -> [(file: String, path: String, component: String)] {
        guard let list = project.contracts else { return [] }
        let files = try list.files(in: project)
        let context = ConfigContext(config: project, schemaPath: nil, schemaName: "", label: "",
                                    contractSources: files.map { ContractSource(path: project.resolve($0).path, name: $0) })
        let loaded = try context.loadContracts()
        return zip(files, loaded).map { ($0, project.resolve($0).path, $1.component) }
    }

    /// The jobs of `--lang`, from the schema `context` resolved (`--schema`, else the
    /// project's schema or contracts, else the built-in schema).
    private func commandLineJobs(language: String, version: String, context: ConfigContext) throws(CLIError) -> [EmitJob] {
        let language = language.lowercased()
        let languages: [String]
        if language == "all" {
            languages = TargetRegistry.languages
        } else if TargetRegistry.entry(for: language) != nil {
            languages = [language]
        } else {
            let hint = Suggestion.closest(to: language, among: TargetRegistry.languages + ["all"]).map { "; did you mean \($0)?" } ?? ""
            throw CLIError("unknown --lang \(language)\(hint) (known: \(EmitJob.languageList), all)")
        }
        if out?.isEmpty == true {
            throw CLIError("--out must name a directory (it is empty)")
        }
        // An option for another language would do nothing, silently: refuse it.
        if language != "all" {
            for (name, value) in flagValues where value != nil {
                if let owner = TargetRegistry.flag(named: name)?.language, owner != language {
                    throw CLIError("--\(name) applies to --lang \(owner) (or all), not \(language)")
                }
            }
            for raw in rawOptions {
                let lang = raw.split(separator: ".", maxSplits: 1).first.map(String.init) ?? raw
                if TargetRegistry.entry(for: lang) != nil, lang != language {
                    throw CLIError("--option \(raw) applies to --lang \(lang) (or all), not \(language)")
                }
            }
        }
        var options: [String: [String: String]] = [:]
        for (name, value) in flagValues {
            if let value, let (owner, flag) = TargetRegistry.flag(named: name) { options[owner, default: [:]][flag.option] = value }
        }
        for raw in rawOptions {
            guard let dot = raw.firstIndex(of: "."), let equals = raw.firstIndex(of: "="), dot < equals else {
                throw CLIError("--option \(raw): expected LANG.NAME=VALUE, e.g. swift.namespace=TabBar")
            }
            let lang = String(raw[..<dot])
            guard TargetRegistry.entry(for: lang) != nil else {
                throw CLIError("--option \(raw): unknown language \(lang) (known: \(EmitJob.languageList))")
            }
            let name = String(raw[raw.index(after: dot)..<equals])
            if let unknown = EmitJob.unknownOption(name, language: lang) {
                throw CLIError("--option \(raw): \(unknown)")
            }
            options[lang, default: [:]][name] = String(raw[raw.index(after: equals)...])
        }
        // The command that regenerates the files, flags in a fixed order. The header
        // names the schema and templates by file name and leaves --out out, so a file is
        // the same whichever spelling of a path made it and wherever tabgen ran (check
        // stays green, and no machine path lands in a committed file).
        var optionFlags = ""
        for (lang, values) in options.sorted(by: { $0.key < $1.key }) {
            for (name, value) in values.sorted(by: { $0.key < $1.key }) {
                optionFlags += " --option \(lang).\(name)=\(value)"
            }
        }
        var command = "tabgen emit --lang \(language)"
        if let schema { command += " --schema \(GenerationHeader.fileName(schema))" }
        if let templates { command += " --templates \(GenerationHeader.fileName(templates))" }
        command += optionFlags
        command += " --out " + (language == "all" ? "(the parent of this directory)" : "(this directory)")
        var rerun = "tabgen emit --lang \(language)"
        if let schema { rerun += " --schema \(schema)" }
        if let out { rerun += " --out \(out)" }
        if let templates { rerun += " --templates \(templates)" }
        rerun += optionFlags
        let schemaDisplay = context.schemaPath == nil ? SchemaLoader.builtinName : context.schemaName
        let schemaInHeader = context.schemaPath == nil ? SchemaLoader.builtinName : GenerationHeader.fileName(context.schemaName)
        var contracts: [(file: String, path: String, component: String)] = []
        if let project = context.config, !context.contractSources.isEmpty {
            contracts = try Self.contracts(of: project, configPath: project.path)
        }
        var jobs: [EmitJob] = []
        for lang in languages {
            let target: any LanguageTarget
            do {
                target = try TargetRegistry.target(language: lang, options: options[lang] ?? [:])
            } catch {
                throw CLIError(error.message)
            }
            let directory: String
            if language == "all" {
                directory = (out ?? "generated") + "/" + lang
            } else {
                directory = out ?? "generated/\(lang)"
            }
            if let project = context.config, !contracts.isEmpty {
                let output = ProjectConfig.Output(language: lang, out: directory, options: options[lang] ?? [:])
                let parts = try ContractPart.parts(for: output, contracts: contracts, version: version, command: command, configPath: project.path)
                let names = contracts.map { GenerationHeader.fileName($0.file) }.joined(separator: ", ")
                jobs.append(EmitJob(target: target, options: options[lang] ?? [:], schemaPath: parts.first?.schemaPath, schemaDisplay: parts.first?.schemaDisplay ?? "",
                                    schemaLabel: context.label, directory: URL(fileURLWithPath: directory), directoryDisplay: directory,
                                    header: GenerationHeader(version: version, schema: names, command: command), rerunCommand: rerun, parts: parts))
                continue
            }
            jobs.append(EmitJob(target: target, options: options[lang] ?? [:], schemaPath: context.schemaPath, schemaDisplay: schemaDisplay,
                                schemaLabel: context.label,
                                directory: URL(fileURLWithPath: directory), directoryDisplay: directory,
                                header: GenerationHeader(version: version, schema: schemaInHeader, command: command), rerunCommand: rerun))
        }
        return jobs
    }
}

/// One language generated into one directory.
struct EmitJob {
    static var languageList: String { TargetRegistry.languages.joined(separator: ", ") }

    /// `unknown swift option acessLevel; did you mean accessLevel? (known: ...)`, or nil
    /// when `language` has the option (tabgen.yml `options:` and `--option` alike).
    static func unknownOption(_ name: String, language: String) -> String? {
        guard let known = TargetRegistry.entry(for: language)?.options.map(\.name), !known.contains(name) else { return nil }
        let hint = Suggestion.closest(to: name, among: known).map { "; did you mean \($0)?" } ?? ""
        return "unknown \(language) option \(name)\(hint) (known: \(known.joined(separator: ", ")))"
    }

    var target: any LanguageTarget
    /// The options `target` was made with, as given (for `inputs`).
    var options: [String: String]
    /// Nil: the built-in schema.
    var schemaPath: String?
    var schemaDisplay: String
    /// Which schema, and whence, for the one line every command prints about it.
    var schemaLabel: String
    var directory: URL
    var directoryDisplay: String
    var header: GenerationHeader
    /// The command as the user typed it, for messages (`check` says what to run).
    var rerunCommand: String
    /// With `contracts:` in tabgen.yml: each contract's files, in a folder of its own.
    var parts: [ContractPart] = []
    /// For a shared runtime (tabgen.yml `runtime:`): the outputs that use it, whose parts
    /// it holds; empty for every other job.
    var runtimeUsers: [EmitJob] = []

    var output: OutputDirectory { OutputDirectory(url: directory, displayName: directoryDisplay) }

    /// `tabgen: schema.json (from tabgen.yml)` on standard error, once per schema.
    static func announceSchemas(_ jobs: [EmitJob]) {
        var seen: Set<String> = []
        for job in jobs where seen.insert(job.schemaLabel).inserted {
            FileHandle.standardError.write(Data("tabgen: \(job.schemaLabel)\n".utf8))
        }
    }

    /// The bytes of the schema at `path`, or of the built-in one (nil).
    static func schemaBytes(path: String?) throws(CLIError) -> [UInt8] {
        guard let path else { return try BuiltIn.schema() }
        return try FileInput.readAll(path: path, limit: 64 << 20)
    }

    /// The schema in `bytes`, named in messages and generated files as `displayName`, so
    /// output does not depend on where the project is checked out.
    static func parseSchema(_ bytes: [UInt8], displayName: String) throws(CLIError) -> SchemaDocument {
        do {
            return try SchemaReader(fileName: displayName).read(bytes)
        } catch {
            throw CLIError(error.description, prefixed: false)
        }
    }

    /// The hash of everything this job's files are made from (`GenerationInputs`), which
    /// the manifest records: tabgen's version and build (`generatorFingerprint` covers
    /// the built-in templates and the code generation sources), the header (schema name
    /// and command; not the path the schema was named by, which reaches no file, so the
    /// manifest does not depend on it either), the language and its options, the
    /// schema's bytes, and the text of every template of the language (`--templates`
    /// ones included).
    func inputs(schema: [UInt8], templates: any TemplateSource) -> String {
        var inputs = GenerationInputs()
        inputs.add("tabgen version", header.version)
        inputs.add("tabgen build", BuiltIn.generatorFingerprint)
        inputs.add("header", header.lines.joined(separator: "\n"))
        inputs.add("language", target.language)
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            inputs.add("option " + name, value)
        }
        inputs.add("schema", bytes: schema)
        for path in templates.templatePaths(in: target.templateFolder) {
            inputs.add("template " + path, templates.template(at: path) ?? "")
        }
        return inputs.text
    }

    /// What a job has to do: nothing when its directory already holds what it would
    /// generate (`OutputDirectory.upToDateCount`, the number of its files), else write or
    /// compare the files it generates, the manifest included.
    enum Outcome {
        case upToDate(fileCount: Int)
        case generated([GeneratedFile])
    }

    /// For every job, whether its directory is current or else its files, generated in
    /// memory, manifests included. Any schema or template error throws before a single
    /// file is written.
    static func generate(_ jobs: [EmitJob], templates: any TemplateSource) throws(CLIError) -> [(job: EmitJob, outcome: Outcome)] {
        // Each schema file is read once and parsed at most once, whichever job names it first.
        var schemas: [String: [UInt8]] = [:]
        var documents: [String: SchemaDocument] = [:]
        func bytes(_ path: String?) throws(CLIError) -> [UInt8] {
            if let cached = schemas[path ?? ""] { return cached }
            let read = try schemaBytes(path: path)
            schemas[path ?? ""] = read
            return read
        }
        func schemaDocument(_ path: String?, display: String) throws(CLIError) -> SchemaDocument {
            if let cached = documents[path ?? ""] { return cached }
            let parsed = try parseSchema(try bytes(path), displayName: display)
            documents[path ?? ""] = parsed
            return parsed
        }
        var results: [(job: EmitJob, outcome: Outcome)] = []
        let generator = Generator(templates: templates)
        for job in jobs where !job.parts.isEmpty {
            var files: [GeneratedFile] = []
            // In a shared directory (`ContractPart.folder`), the component that wrote each path.
            var writers: [String: String] = [:]
            // Every contract's schema first: the one whose files carry the shared runtime
            // keeps the parts any of them uses.
            var partDocuments: [SchemaDocument] = []
            for part in job.parts {
                partDocuments.append(try schemaDocument(part.schemaPath, display: part.schemaDisplay))
            }
            for (index, part) in job.parts.enumerated() {
                let document = partDocuments[index]
                let others = partDocuments.indices.filter { $0 != index }.map { partDocuments[$0] }
                let generated: [GeneratedFile]
                do {
                    generated = try generator.generate(document, target: part.target, header: part.header, sharingRuntime: others, firstOfContracts: index == 0).map {
                        GeneratedFile(path: part.path(of: $0.path), contents: $0.contents, runtime: $0.runtime)
                    }
                } catch {
                    throw CLIError("\(job.target.language): \(part.component): \(error.message)")
                }
                for file in generated {
                    if let other = writers.updateValue(part.component, forKey: file.path) {
                        throw CLIError("\(job.target.language): \(job.directoryDisplay): contracts \(other) and \(part.component) both generate \(file.path); "
                                       + "their files share this directory, so rename a type of one of them (nothing was written)")
                    }
                }
                files += generated
            }
            // Several contracts: always generated (the up-to-date fast path covers one schema).
            results.append((job, .generated(OutputDirectory.withManifest(files, header: job.header))))
        }
        for job in jobs where job.parts.isEmpty && job.runtimeUsers.isEmpty {
            let inputs = job.inputs(schema: try bytes(job.schemaPath), templates: templates)
            if let count = job.output.upToDateCount(inputs: inputs, header: job.header) {
                results.append((job, .upToDate(fileCount: count)))
                continue
            }
            let parsed = try schemaDocument(job.schemaPath, display: job.schemaDisplay)
            do {
                let files = try generator.generate(parsed, target: job.target, header: job.header)
                results.append((job, .generated(OutputDirectory.withManifest(files, header: job.header, inputs: inputs))))
            } catch {
                throw CLIError("\(job.target.language): \(error.message)")
            }
        }
        for job in jobs where !job.runtimeUsers.isEmpty {
            guard let base = job.target as? any RuntimeSharingTarget else { continue }
            // The union of the parts every user's code names, each contract of each output.
            var features: Set<String> = []
            var first: SchemaDocument?
            for user in job.runtimeUsers {
                let sources = user.parts.isEmpty ? [(path: user.schemaPath, display: user.schemaDisplay, target: user.target, header: user.header)]
                    : user.parts.map { (path: Optional($0.schemaPath), display: $0.schemaDisplay, target: $0.target, header: $0.header) }
                for source in sources {
                    let parsed = try schemaDocument(source.path, display: source.display)
                    if first == nil { first = parsed }
                    do {
                        let prepared = try generator.prepare(parsed, target: source.target, header: source.header)
                        if let sharing = prepared.target as? any RuntimeSharingTarget {
                            features.formUnion(try sharing.runtimeFeatures(for: prepared.input))
                        }
                    } catch let error as CodeGenError {
                        throw CLIError("\(job.target.language): \(error.message)")
                    } catch {
                        throw CLIError("\(job.target.language): \(error)")
                    }
                }
            }
            guard let document = first else { continue }
            do {
                let files = try generator.generate(document, target: SharedRuntimeTarget(base: base, features: features), header: job.header)
                results.append((job, .generated(OutputDirectory.withManifest(files, header: job.header))))
            } catch {
                throw CLIError("\(job.target.language): \(error.message)")
            }
        }
        return results
    }
}
