import Schema

/// The pipeline: schema -> `TypeModel` -> names and fixtures -> a target's file plans ->
/// rendered files, all in memory. Writing (and checking) is `OutputDirectory`'s job.
public struct Generator {
    public var templates: any TemplateSource
    public var modelBuilder = ModelBuilder()
    /// Templates parsed with `TagDelimiters` (tests compare with parsing as written).
    var rewritesTemplateDelimiters = true

    public init(templates: any TemplateSource) {
        self.templates = templates
    }

    /// The files `target` generates for `document`, paths relative to the output
    /// directory, sorted by path; `sharingRuntime`: the schemas of the output's other
    /// contracts (`TargetInput.sharingRuntime`); `firstOfContracts`: `document` is the
    /// output's first contract (`TargetInput.firstOfContracts`).
    public func generate(_ document: SchemaDocument, target: any LanguageTarget, header: GenerationHeader,
                         sharingRuntime: [SchemaDocument] = [], firstOfContracts: Bool = false) throws(CodeGenError) -> [GeneratedFile] {
        var prepared = try prepare(document, target: target, header: header)
        prepared.input.sharingRuntime = sharingRuntime
        prepared.input.firstOfContracts = firstOfContracts
        return try render(prepared.input, target: prepared.target)
    }

    /// What `generate` renders: the model, names and fixtures (per event data type for a
    /// contract that lists events, in `rootFixtures`), and the target with the defaults
    /// the schema implies (a contract's namespace). For callers that add files of their
    /// own from the same names (typed bridge component bases).
    public func prepare(_ document: SchemaDocument, target: any LanguageTarget, header: GenerationHeader) throws(CodeGenError) -> (input: TargetInput, target: any LanguageTarget) {
        let model = modelBuilder.build(document)
        let problems = UngeneratableSchema.problems(in: model)
        guard problems.isEmpty else {
            throw CodeGenError(problems.map { "\(document.sourceName): \($0)" }.joined(separator: "\n"))
        }
        let target = target.generationTarget(for: model)
        let names = target.nameTable(for: model)
        if model.listsEvents {
            // No root type: fixtures per event data type, each labeled against its definition.
            var input = TargetInput(model: model, names: names, fixtures: FixtureSet(schemaName: header.schema, fixtures: []), header: header)
            for root in model.messageRoots {
                guard let definition = root.definition, let rooted = document.rooted(at: definition) else { continue }
                var fixtures = FixtureDeriver(document: rooted).derive()
                fixtures.schemaName = header.schema
                input.rootFixtures[root.id] = fixtures
            }
            return (input, target)
        }
        var fixtures = FixtureDeriver(document: document).derive()
        // Named as in the header, never by the path tabgen was given.
        fixtures.schemaName = header.schema
        return (TargetInput(model: model, names: names, fixtures: fixtures, header: header), target)
    }

    /// Renders a target's plans (for callers that built the input themselves).
    public func render(_ input: TargetInput, target: any LanguageTarget) throws(CodeGenError) -> [GeneratedFile] {
        let plans: [FilePlan]
        do {
            plans = try target.files(for: input)
        } catch let error as CodeGenError {
            throw error
        } catch {
            throw CodeGenError("\(target.language): \(error)")
        }
        // Made on the first template: a target of verbatim files only (the shared fixtures) has none.
        var renderer: TemplateRenderer?
        var files: [GeneratedFile] = []
        var seen: Set<String> = []
        for plan in plans {
            guard seen.insert(plan.path.lowercased()).inserted else {
                throw CodeGenError("\(target.language): two generated files would be named \(plan.path)")
            }
            switch plan.contents {
            case .verbatim(let text):
                files.append(GeneratedFile(path: plan.path, contents: text))
            case .template(let name, let context):
                let (context, runtime) = try RuntimeText.resolving(context, from: templates)
                if renderer == nil {
                    renderer = try TemplateRenderer(source: templates, folder: target.templateFolder)
                    renderer?.rewritesDelimiters = rewritesTemplateDelimiters
                }
                guard let renderer else { continue }
                files.append(GeneratedFile(path: plan.path, contents: target.finish(path: plan.path, Self.tidy(try renderer.render(name, context))), runtime: runtime))
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Trailing whitespace removed from every line, runs of blank lines collapsed to one,
    /// exactly one newline at the end: templates need not be careful with whitespace.
    static func tidy(_ text: String) -> String {
        var lines: [Substring] = []
        var blank = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var end = line.endIndex
            while end > line.startIndex, line[line.index(before: end)] == " " || line[line.index(before: end)] == "\t" {
                end = line.index(before: end)
            }
            let trimmed = line[..<end]
            if trimmed.isEmpty {
                blank += 1
                if blank > 1 || lines.isEmpty { continue }
            } else {
                blank = 0
            }
            lines.append(trimmed)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// One generated file: its path relative to the output directory and its text.
public struct GeneratedFile: Sendable, Equatable {
    public var path: String
    public var contents: String
    /// The runtime the file holds, with the parts kept (`RuntimeText.listing`); nil for
    /// every other file.
    public var runtime: RuntimeText?

    public init(path: String, contents: String, runtime: RuntimeText? = nil) {
        self.path = path
        self.contents = contents
        self.runtime = runtime
    }

    /// The same file on disk: `runtime` says how the text was made, not what it is.
    public static func == (lhs: GeneratedFile, rhs: GeneratedFile) -> Bool {
        lhs.path == rhs.path && lhs.contents == rhs.contents
    }
}
