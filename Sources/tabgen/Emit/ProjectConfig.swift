import Foundation
import Schema
import Yams

/// The project config file, `tabgen.yml` (or `tabgen.yaml`, `tabgen.json`): which
/// schema, and per language where the generated code goes and with which options, in
/// the way of `buf.gen.yaml` and `sqlc.yaml`.
///
///     version: 1
///     schema: schema.json          # optional; default: the schema built into tabgen
///     templates: tabgen-templates  # optional; overrides some or all built-in templates
///     outputs:
///       - lang: swift
///         out: ios/App/Generated
///         options:
///           accessLevel: internal
///           testableImport: App
///
/// Paths are relative to the file's directory.
struct ProjectConfig {
    static let fileNames = ["tabgen.yml", "tabgen.yaml", "tabgen.json"]

    struct Output {
        var language: String
        /// As written in the file.
        var out: String
        var options: [String: String]
    }

    /// The file as the user named it or as found (`tabgen.yml`).
    var path: String
    /// The directory relative paths start from.
    var directory: URL
    var schema: String?
    var templates: String?
    var outputs: [Output]

    /// The config file in `directory`, if there is one.
    static func find(in directory: URL) -> String? {
        fileNames.first { FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path) }
    }

    func resolve(_ relative: String) -> URL {
        relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : directory.appendingPathComponent(relative)
    }

    static func load(path: String) throws(CLIError) -> ProjectConfig {
        let bytes = try FileInput.readAll(path: path, limit: 1 << 20)
        let value: Value
        if path.hasSuffix(".json") {
            do {
                value = Value(try JSONReader().parse(bytes))
            } catch {
                throw CLIError("\(path): not valid JSON: \(error)")
            }
        } else {
            let node: Node?
            do {
                node = try Yams.compose(yaml: String(decoding: bytes, as: UTF8.self))
            } catch {
                throw CLIError("\(path): not valid YAML: \(error)")
            }
            guard let node else { throw CLIError("\(path): the file is empty") }
            value = Value(node)
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        return try parse(value, path: path, directory: directory)
    }

    static func parse(_ value: Value, path: String, directory: URL) throws(CLIError) -> ProjectConfig {
        guard case .map(let root) = value else { throw CLIError("\(path): expected a mapping with outputs:") }
        try checkKeys(root, allowed: ["version", "schema", "templates", "outputs"], at: "the top level", path: path)
        if let version = lookup(root, "version"), version.scalar != "1" {
            throw CLIError("\(path): version must be 1")
        }
        var config = ProjectConfig(path: path, directory: directory, schema: nil, templates: nil, outputs: [])
        config.schema = try scalar(root, "schema", path: path)
        config.templates = try scalar(root, "templates", path: path)
        guard case .list(let items)? = lookup(root, "outputs"), !items.isEmpty else {
            throw CLIError("\(path): outputs must list at least one output (lang: and out:)")
        }
        for (index, item) in items.enumerated() {
            let place = "outputs[\(index)]"
            guard case .map(let members) = item else { throw CLIError("\(path): \(place) must be a mapping with lang: and out:") }
            try checkKeys(members, allowed: ["lang", "language", "out", "options"], at: place, path: path)
            let shortName = try scalar(members, "lang", path: path)
            let longName = try scalar(members, "language", path: path)
            guard let language = shortName ?? longName else {
                throw CLIError("\(path): \(place) needs lang: (\(EmitJob.languageList))")
            }
            guard let out = try scalar(members, "out", path: path), !out.isEmpty else {
                throw CLIError("\(path): \(place) needs out: (the output directory)")
            }
            var options: [String: String] = [:]
            if let optionValue = lookup(members, "options") {
                guard case .map(let pairs) = optionValue else { throw CLIError("\(path): \(place).options must be a mapping") }
                for (key, option) in pairs {
                    guard let text = option.scalar else { throw CLIError("\(path): \(place).options.\(key) must be a single value") }
                    options[key] = text
                }
            }
            config.outputs.append(Output(language: language, out: out, options: options))
        }
        return config
    }

    /// A config value: YAML scalars and JSON strings, numbers and booleans are all text.
    indirect enum Value {
        case scalar(String)
        case null
        case list([Value])
        case map([(String, Value)])

        var scalar: String? {
            if case .scalar(let text) = self { return text }
            return nil
        }

        init(_ json: JSON) {
            switch json {
            case .null: self = .null
            case .bool(let flag): self = .scalar(flag ? "true" : "false")
            case .number(let number): self = .scalar(JSONWriter.format(number))
            case .string(let text): self = .scalar(text)
            case .array(let elements): self = .list(elements.map(Value.init))
            case .object(let object): self = .map(object.members.map { ($0.key, Value($0.value)) })
            }
        }

        init(_ node: Node) {
            switch node {
            case .scalar(let scalar):
                self = scalar.string == "~" || scalar.string == "null" || (scalar.string.isEmpty && scalar.style == .plain) ? .null : .scalar(scalar.string)
            case .sequence(let sequence):
                self = .list(sequence.map(Value.init))
            case .mapping(let mapping):
                self = .map(mapping.map { ($0.key.string ?? "", Value($0.value)) })
            }
        }
    }

    static func lookup(_ members: [(String, Value)], _ key: String) -> Value? {
        members.first { $0.0 == key }?.1
    }

    static func scalar(_ members: [(String, Value)], _ key: String, path: String) throws(CLIError) -> String? {
        switch lookup(members, key) {
        case nil, .null?: return nil
        case .scalar(let text)?: return text
        default: throw CLIError("\(path): \(key) must be a single value")
        }
    }

    static func checkKeys(_ members: [(String, Value)], allowed: Set<String>, at place: String, path: String) throws(CLIError) {
        for (key, _) in members where !allowed.contains(key) {
            throw CLIError("\(path): unknown key \(key) at \(place) (expected: \(allowed.sorted().joined(separator: ", ")))")
        }
    }
}
