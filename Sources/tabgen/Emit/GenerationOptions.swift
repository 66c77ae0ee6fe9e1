import ArgumentParser
import CodeGen
import Foundation
import Schema

/// The options `emit` and `check` share: what to generate and where.
struct GenerationOptions: ParsableArguments {
    @Option(name: .customLong("lang"), help: ArgumentHelp("Language to generate: \(EmitJob.languageList), or all. Without it, the outputs of tabgen.yml.", valueName: "LANG"))
    var language: String?

    @Option(help: ArgumentHelp("Schema to generate from (default: the schema.json built into tabgen).", valueName: "PATH"))
    var schema: String?

    @Option(help: ArgumentHelp("Output directory (default: generated/LANG; with --lang all, DIR/LANG for each language).", valueName: "DIR"))
    var out: String?

    @Option(help: ArgumentHelp("Directory of templates laid out like Templates/ (LANG/NAME.mustache) that replace built-in ones of the same name.", valueName: "DIR"))
    var templates: String?

    @Option(help: ArgumentHelp("Project config file (default: tabgen.yml, tabgen.yaml or tabgen.json in the current directory). Used when --lang is not given.", valueName: "PATH"))
    var config: String?

    @Option(name: .customLong("swift-access-level"), help: ArgumentHelp("Access level of the generated Swift: internal (files in the app target) or public (a module of its own).", valueName: "LEVEL"))
    var swiftAccessLevel: String?

    @Option(name: .customLong("swift-testable-import"), help: ArgumentHelp("Module the generated Swift tests @testable import (the app target).", valueName: "MODULE"))
    var swiftTestableImport: String?

    @Option(name: .customLong("kotlin-package"), help: ArgumentHelp("Package of the generated Kotlin (default tabgen.generated).", valueName: "PACKAGE"))
    var kotlinPackage: String?

    @Option(name: .customLong("flavor"), help: ArgumentHelp("Flavor of the generated TypeScript: typescript (a .ts file) or javascript (an ES module with JSDoc types, for importmap apps).", valueName: "FLAVOR"))
    var typescriptFlavor: String?

    @Option(name: .customLong("option"), help: ArgumentHelp("A language option as LANG.NAME=VALUE, e.g. swift.namespace=TabBar (repeatable).", valueName: "LANG.NAME=VALUE"))
    var rawOptions: [String] = []

    /// The jobs these options ask for, with the templates to render them with.
    func jobs(version: String) throws(CLIError) -> (jobs: [EmitJob], templates: any TemplateSource) {
        if let language {
            return (try commandLineJobs(language: language, version: version), try EmbeddedTemplates.source(overriddenBy: templates))
        }
        let configPath: String
        if let config {
            configPath = config
        } else if let found = ProjectConfig.find(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
            configPath = found
        } else {
            throw CLIError("no --lang and no \(ProjectConfig.fileNames.joined(separator: ", ")) in the current directory; try: tabgen emit --lang swift --out Generated")
        }
        if schema != nil || out != nil || swiftAccessLevel != nil || swiftTestableImport != nil || kotlinPackage != nil || typescriptFlavor != nil || !rawOptions.isEmpty {
            throw CLIError("--schema, --out and language options go with --lang; with a config file, set them in \(configPath)")
        }
        let project = try ProjectConfig.load(path: configPath)
        var command = "tabgen emit"
        if config != nil { command += " --config \(configPath)" }
        if let templates { command += " --templates \(templates)" }
        let templatesDirectory = templates ?? project.templates.map { project.resolve($0).path }
        var jobs: [EmitJob] = []
        for output in project.outputs {
            let target: any LanguageTarget
            do {
                target = try TargetRegistry.target(language: output.language, options: output.options)
            } catch {
                throw CLIError("\(configPath): \(error.message)")
            }
            let schemaDisplay = project.schema ?? SchemaLoader.builtinName
            let header = GenerationHeader(version: version, schema: schemaDisplay, command: command)
            jobs.append(EmitJob(target: target, schemaPath: project.schema.map { project.resolve($0).path }, schemaDisplay: schemaDisplay,
                                directory: project.resolve(output.out), directoryDisplay: output.out, header: header))
        }
        return (jobs, try EmbeddedTemplates.source(overriddenBy: templatesDirectory))
    }

    private func commandLineJobs(language: String, version: String) throws(CLIError) -> [EmitJob] {
        let languages: [String]
        if language == "all" {
            languages = TargetRegistry.languages
        } else if TargetRegistry.entry(for: language) != nil {
            languages = [language]
        } else {
            throw CLIError("unknown --lang \(language) (known: \(EmitJob.languageList), all)")
        }
        var options: [String: [String: String]] = [:]
        if let swiftAccessLevel { options["swift", default: [:]]["accessLevel"] = swiftAccessLevel }
        if let swiftTestableImport { options["swift", default: [:]]["testableImport"] = swiftTestableImport }
        if let kotlinPackage { options["kotlin", default: [:]]["package"] = kotlinPackage }
        if let typescriptFlavor { options["typescript", default: [:]]["flavor"] = typescriptFlavor }
        for raw in rawOptions {
            guard let dot = raw.firstIndex(of: "."), let equals = raw.firstIndex(of: "="), dot < equals else {
                throw CLIError("--option \(raw): expected LANG.NAME=VALUE, e.g. swift.namespace=TabBar")
            }
            let lang = String(raw[..<dot])
            guard TargetRegistry.entry(for: lang) != nil else {
                throw CLIError("--option \(raw): unknown language \(lang) (known: \(EmitJob.languageList))")
            }
            options[lang, default: [:]][String(raw[raw.index(after: dot)..<equals])] = String(raw[raw.index(after: equals)...])
        }
        // The command that regenerates the files, flags in a fixed order.
        var command = "tabgen emit --lang \(language)"
        if let schema { command += " --schema \(schema)" }
        if let out { command += " --out \(out)" }
        if let templates { command += " --templates \(templates)" }
        for (lang, values) in options.sorted(by: { $0.key < $1.key }) {
            for (name, value) in values.sorted(by: { $0.key < $1.key }) {
                command += " --option \(lang).\(name)=\(value)"
            }
        }
        let schemaDisplay = schema ?? SchemaLoader.builtinName
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
            jobs.append(EmitJob(target: target, schemaPath: schema, schemaDisplay: schemaDisplay,
                                directory: URL(fileURLWithPath: directory), directoryDisplay: directory,
                                header: GenerationHeader(version: version, schema: schemaDisplay, command: command)))
        }
        return jobs
    }
}

/// One language generated into one directory.
struct EmitJob {
    static var languageList: String { TargetRegistry.languages.joined(separator: ", ") }

    var target: any LanguageTarget
    /// Nil: the built-in schema.
    var schemaPath: String?
    var schemaDisplay: String
    var directory: URL
    var directoryDisplay: String
    var header: GenerationHeader

    var output: OutputDirectory { OutputDirectory(url: directory, displayName: directoryDisplay) }

    /// The schema at `path` (nil: built in), named in messages and generated files as
    /// `displayName`, so output does not depend on where the project is checked out.
    static func loadSchema(path: String?, displayName: String) throws(CLIError) -> SchemaDocument {
        guard let path else { return try SchemaLoader.load(path: nil) }
        let bytes = try FileInput.readAll(path: path, limit: 64 << 20)
        do {
            return try SchemaReader(fileName: displayName).read(bytes)
        } catch {
            throw CLIError(error.description, prefixed: false)
        }
    }

    /// Generates every job in memory, manifests included. Any schema or template error
    /// throws before a single file is written.
    static func generate(_ jobs: [EmitJob], templates: any TemplateSource) throws(CLIError) -> [(job: EmitJob, files: [GeneratedFile])] {
        var documents: [String: SchemaDocument] = [:]
        var results: [(job: EmitJob, files: [GeneratedFile])] = []
        let generator = Generator(templates: templates)
        for job in jobs {
            let key = job.schemaPath ?? ""
            let document: SchemaDocument
            if let cached = documents[key] {
                document = cached
            } else {
                document = try loadSchema(path: job.schemaPath, displayName: job.schemaDisplay)
                documents[key] = document
            }
            do {
                let files = try generator.generate(document, target: job.target, header: job.header)
                results.append((job, OutputDirectory.withManifest(files, header: job.header)))
            } catch {
                throw CLIError("\(job.target.language): \(error.message)")
            }
        }
        return results
    }
}
