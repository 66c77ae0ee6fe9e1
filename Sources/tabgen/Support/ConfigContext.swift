import Foundation
import Schema

/// The schema a command works on and the project config it came from: `--schema`,
/// else the `schema:` of tabgen.yml (given by `--config`, or found in the current
/// directory or a parent), else the schema built into tabgen. Every command resolves it
/// the same way and says once, on standard error, which one it used: a command that
/// silently fell back to the built-in schema would pass payloads it should not.
struct ConfigContext {
    var config: ProjectConfig?
    /// Nil: the built-in schema.
    var schemaPath: String?
    /// How the schema is named in messages (the path as given, or relative to the config).
    var schemaName: String
    /// `schema.json (from tabgen.yml)`, for the announcement.
    var label: String
    /// The files of `contracts:` in tabgen.yml; empty when the project has one schema.
    var contractSources: [ContractSource] = []

    static func resolve(schema: String?, config configOption: String?) throws(CLIError) -> ConfigContext {
        var configPath = configOption
        if configPath == nil {
            configPath = ProjectConfig.find(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        }
        let config = try configPath.map { path throws(CLIError) in try ProjectConfig.load(path: path) }
        if let schema {
            // The config still gives the rest (outputs, templates, defaults, policy): name it.
            let label = "\(schema) (--schema)" + (config.map { "; config \($0.path)" } ?? "")
            return ConfigContext(config: config, schemaPath: schema, schemaName: schema, label: label)
        }
        if let config, let relative = config.schema {
            let resolved = config.resolve(relative)
            // Named relative to the working directory, as a user would type it.
            let name = relative.hasPrefix("/") ? relative : Self.relativePath(of: resolved.path)
            return ConfigContext(config: config, schemaPath: resolved.path, schemaName: name, label: "\(name) (from \(config.path))")
        }
        if let config, let list = config.contracts {
            let sources = try list.files(in: config).map { relative in
                ContractSource(path: config.resolve(relative).path, name: relative.hasPrefix("/") ? relative : Self.relativePath(of: config.resolve(relative).path))
            }
            let label = "\(sources.map(\.name).joined(separator: ", ")) (contracts: of \(config.path))"
            return ConfigContext(config: config, schemaPath: sources.first?.path, schemaName: sources.first?.name ?? "", label: label, contractSources: sources)
        }
        let label = config.map { "\(SchemaLoader.builtinName); \($0.path) names no schema" } ?? SchemaLoader.builtinName
        return ConfigContext(config: config, schemaPath: nil, schemaName: SchemaLoader.builtinName, label: label)
    }

    func loadSchema() throws(CLIError) -> SchemaDocument {
        if !contractSources.isEmpty { return try soleContract().document }
        guard let schemaPath else { return try SchemaLoader.load(path: nil) }
        return try SchemaLoader.load(path: schemaPath, name: schemaName)
    }

    /// `tabgen: schema.json (from tabgen.yml)` on standard error.
    func announce() {
        FileHandle.standardError.write(Data("tabgen: \(label)\n".utf8))
    }

    /// `path` relative to the working directory when it lies below it, else as is.
    static func relativePath(of path: String) -> String {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = here.hasSuffix("/") ? here : here + "/"
        return standardized.hasPrefix(prefix) ? String(standardized.dropFirst(prefix.count)) : standardized
    }
}
