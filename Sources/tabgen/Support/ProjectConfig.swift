import CodeGen
import Foundation
import Schema
import YAMLGuard
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
    /// `contracts:`: several contracts (issue 14), instead of `schema:`.
    var contracts: ContractList?
    var templates: String?
    /// `fixtures:`: the folder of the project's shared fixtures, as written; nil: each
    /// output writes its own `fixtures/` (as before the key existed).
    var fixtures: String?
    /// `runtime:`: the folder of the project's shared runtimes, as written: one per language
    /// whose target can share it (`RuntimeSharingTarget`), in `<folder>/<language>`, for
    /// every output of that language; nil: each output writes its own (as before the key).
    var runtime: String?
    var outputs: [Output]
    /// `validate:` defaults; the command line adds to them.
    var validateStrict = false
    var validateMaxBytes: Int?
    /// `breaking:` policy for `tabgen diff`, as in buf.yaml.
    var breakingAllow: [String] = []
    var breakingLenientClients = false

    /// The config file in `directory` or the nearest parent that has one, as a path
    /// relative to `directory` (`tabgen.yml`, `../../tabgen.yml`), so messages stay short.
    /// The search stops at the root of the git repository (a folder holding `.git`), after
    /// looking there: a file above the checkout is never the project's (CI checks out the
    /// repository alone), so using one would make a laptop and CI disagree.
    static func find(in directory: URL) -> String? {
        var current = directory.standardizedFileURL
        var prefix = ""
        while true {
            if let name = fileNames.first(where: { FileManager.default.fileExists(atPath: current.appendingPathComponent($0).path) }) {
                return prefix + name
            }
            if FileManager.default.fileExists(atPath: current.appendingPathComponent(".git").path) { return nil }
            let parent = current.deletingLastPathComponent()
            guard parent.path != current.path else { return nil }
            current = parent
            prefix += "../"
        }
    }

    func resolve(_ relative: String) -> URL {
        relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : directory.appendingPathComponent(relative)
    }

    static func load(path: String) throws(CLIError) -> ProjectConfig {
        let bytes = try FileInput.readAll(path: path, limit: YAMLGuard.maxBytes)
        let value: Value
        if path.hasSuffix(".json") {
            do {
                value = Value(try JSONReader().parse(bytes))
            } catch {
                throw CLIError("\(path): not valid JSON: \(error)")
            }
        } else {
            let text = String(decoding: bytes, as: UTF8.self)
            if let refusal = YAMLGuard.check(text) {
                throw error(path, at: (refusal.line, refusal.column), refusal.message)
            }
            let node: Node?
            do {
                node = try Yams.compose(yaml: text)
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
        func fail(_ at: Value?, _ message: String) -> CLIError {
            error(path, at: at?.position, message)
        }
        guard case .map(let root) = value.kind else { throw fail(value, "expected a mapping with outputs:") }
        try checkKeys(root, allowed: ["version", "schema", "contracts", "templates", "fixtures", "runtime", "outputs", "validate", "breaking"], at: "the top level", path: path)
        if let version = lookup(root, "version"), version.scalar != "1" {
            throw fail(version, "version must be 1")
        }
        var config = ProjectConfig(path: path, directory: directory, schema: nil, templates: nil, outputs: [])
        config.schema = try scalar(root, "schema", path: path)
        config.contracts = try ContractList.parse(root, path: path)
        if config.schema != nil, config.contracts != nil {
            throw fail(lookup(root, "contracts"), "schema: and contracts: cannot both be given: list the schema under contracts: (each contract is one schema file)")
        }
        config.templates = try scalar(root, "templates", path: path)
        config.fixtures = try scalar(root, "fixtures", path: path)
        if let fixtures = config.fixtures, !SharedFixturesTarget.isPlainPath(fixtures) {
            // The generated tests hold the path in string literals.
            throw fail(lookup(root, "fixtures"), "fixtures must be a folder relative to this file, of \(SharedFixturesTarget.allowedCharacters) (not '\(fixtures)'), or be left out for a fixtures/ folder in each output")
        }
        config.runtime = try scalar(root, "runtime", path: path)
        if let runtime = config.runtime, !SharedFixturesTarget.isPlainPath(runtime) {
            // The same paths as fixtures: (docs and messages name it as written).
            throw fail(lookup(root, "runtime"), "runtime must be a folder relative to this file, of \(SharedFixturesTarget.allowedCharacters) (not '\(runtime)'), or be left out for a runtime in each output")
        }
        if let section = lookup(root, "validate") {
            guard case .map(let members) = section.kind else { throw fail(section, "validate must be a mapping (strict:, max-bytes:)") }
            try checkKeys(members, allowed: ["strict", "max-bytes"], at: "validate", path: path)
            if let strict = lookup(members, "strict") {
                guard let flag = strict.scalar.flatMap(Self.boolean) else { throw fail(strict, "validate.strict must be true or false") }
                config.validateStrict = flag
            }
            if let limit = lookup(members, "max-bytes") {
                guard let bytes = limit.scalar.flatMap({ Int($0) }), bytes >= 1 else { throw fail(limit, "validate.max-bytes must be a whole number of bytes, at least 1") }
                guard bytes <= ValidateOptions.maxBytesCap else { throw fail(limit, "validate.max-bytes must be \(ValidateOptions.maxBytesCapMessage)") }
                config.validateMaxBytes = bytes
            }
        }
        if let section = lookup(root, "breaking") {
            guard case .map(let members) = section.kind else { throw fail(section, "breaking must be a mapping (allow:, clients:)") }
            try checkKeys(members, allowed: ["allow", "clients"], at: "breaking", path: path)
            if let allow = lookup(members, "allow") {
                let items: [Value]
                switch allow.kind {
                case .list(let list): items = list
                case .scalar: items = [allow]
                default: items = []
                }
                for item in items {
                    guard let direction = item.scalar, ["old-clients", "new-clients"].contains(direction) else {
                        throw fail(item, "breaking.allow takes old-clients and/or new-clients")
                    }
                    config.breakingAllow.append(direction)
                }
            }
            if let clients = lookup(members, "clients") {
                guard let kind = clients.scalar, ["strict", "lenient"].contains(kind) else { throw fail(clients, "breaking.clients must be strict or lenient") }
                config.breakingLenientClients = kind == "lenient"
            }
        }
        // Outputs are for emit and check; validate, plan and diff need only the schema.
        let outputsValue = lookup(root, "outputs")
        let items: [Value]
        switch outputsValue?.kind {
        case nil, .null?: items = []
        case .list(let list)?: items = list
        default: throw fail(outputsValue, "outputs must be a list of outputs (lang: and out:)")
        }
        for (index, item) in items.enumerated() {
            let place = "outputs[\(index)]"
            guard case .map(let members) = item.kind else { throw fail(item, "\(place) must be a mapping with lang: and out:") }
            try checkKeys(members, allowed: ["lang", "language", "out", "options"], at: place, path: path)
            let shortName = try scalar(members, "lang", path: path)
            let longName = try scalar(members, "language", path: path)
            guard let language = (shortName ?? longName)?.lowercased() else {
                throw fail(item, "\(place) needs lang: (\(EmitJob.languageList))")
            }
            guard TargetRegistry.entry(for: language) != nil else {
                let hint = Suggestion.closest(to: language, among: TargetRegistry.languages).map { "; did you mean \($0)?" } ?? ""
                throw fail(lookup(members, "lang") ?? lookup(members, "language"), "\(place): unknown language \(language)\(hint) (known: \(EmitJob.languageList))")
            }
            guard let out = try scalar(members, "out", path: path), !out.isEmpty else {
                throw fail(lookup(members, "out") ?? item, "\(place) needs out: (the output directory)")
            }
            var options: [String: String] = [:]
            if let optionValue = lookup(members, "options") {
                guard case .map(let pairs) = optionValue.kind else { throw fail(optionValue, "\(place).options must be a mapping") }
                for (key, option) in pairs {
                    guard let text = option.scalar else { throw fail(option, "\(place).options.\(key) must be a single value") }
                    // Each option alone, here, where its line and column are known.
                    if let unknown = EmitJob.unknownOption(key, language: language) {
                        throw error(path, at: option.keyPosition ?? option.position, "\(place).options: \(unknown)")
                    }
                    do {
                        _ = try TargetRegistry.target(language: language, options: [key: text])
                    } catch {
                        throw Self.error(path, at: option.position, "\(place).options: \(error.message)")
                    }
                    options[key] = text
                }
            }
            let output = Output(language: language, out: out, options: options)
            // Two outputs in one directory (or one inside the other) overwrite each
            // other's files and manifests, and check is then never green.
            let here = config.resolve(out).standardizedFileURL.path
            for (earlierIndex, earlier) in config.outputs.enumerated() {
                let there = config.resolve(earlier.out).standardizedFileURL.path
                let relation = here == there ? "the same directory as"
                    : Self.contains(there, here) ? (Self.clear(of: earlier, root: there, inner: here) ? nil : "inside")
                    : Self.contains(here, there) ? (Self.clear(of: output, root: here, inner: there) ? nil : "around")
                    : nil
                if let relation {
                    throw fail(lookup(members, "out"), "\(place).out \(out) is \(relation) outputs[\(earlierIndex)].out \(earlier.out): each output needs a directory of its own")
                }
            }
            config.outputs.append(output)
        }
        // The shared folders are written like outputs (with a manifest), so each needs a
        // directory of its own too; inside a Rails root, the fixtures may take `fixtures`,
        // which the ruby output then leaves alone.
        var shared: [(key: String, folder: String, what: String)] = []
        if let fixtures = config.fixtures { shared.append(("fixtures", fixtures, "the shared fixtures")) }
        if let runtime = config.runtime { shared.append(("runtime", runtime, "the shared runtimes")) }
        for (number, folder) in shared.enumerated() {
            let here = config.resolve(folder.folder).standardizedFileURL.path
            var others = config.outputs.enumerated().map { index, output in
                (config.resolve(output.out).standardizedFileURL.path, "outputs[\(index)].out \(output.out)", Optional(output))
            }
            others += shared.prefix(number).map { (config.resolve($0.folder).standardizedFileURL.path, "\($0.key) \($0.folder)", nil) }
            for (there, name, output) in others {
                let inside = Self.contains(there, here) && !(output.map { Self.clear(of: $0, root: there, inner: here, except: folder.key == "fixtures" ? "fixtures" : nil) } ?? false)
                let relation = here == there ? "the same directory as" : inside ? "inside" : Self.contains(here, there) ? "around" : nil
                if let relation {
                    throw fail(lookup(root, folder.key), "\(folder.key) \(folder.folder) is \(relation) \(name): \(folder.what) need a folder of their own")
                }
            }
        }
        return config
    }

    /// The `sharedFixtures` option of an output: the shared fixtures folder relative to the
    /// output directory (`../../fixtures`), worked out from the paths as written, so it does
    /// not depend on where the project is checked out. Nil without `fixtures:`.
    func sharedFixtures(from output: Output) -> String? {
        guard let fixtures else { return nil }
        let from = resolve(output.out).standardizedFileURL.path.split(separator: "/")
        let to = resolve(fixtures).standardizedFileURL.path.split(separator: "/")
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }

    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes": true
        case "false", "no": false
        default: nil
        }
    }

    /// Whether an output in `inner` shares no folder with `output`, whose directory `root`
    /// contains it: `output`'s target writes only some folders of its directory
    /// (`sharedRootFolders`), and `inner` is neither in, nor around, one of them. Then a
    /// Rails app's tabgen.yml can hold the ViewComponent (out: .) and the Stimulus
    /// controller (app/javascript/...). `except`: a folder that does not count (the project's
    /// shared fixtures may be a Rails root's `fixtures`).
    static func clear(of output: Output, root: String, inner: String, except: String? = nil) -> Bool {
        guard let folders = (try? TargetRegistry.target(language: output.language, options: output.options))?.sharedRootFolders else { return false }
        let relative = inner.split(separator: "/").dropFirst(root.split(separator: "/").count)
        return !folders.contains { folder in
            guard folder != except else { return false }
            let parts = folder.split(separator: "/")
            let shared = min(parts.count, relative.count)
            return Array(parts.prefix(shared)) == Array(relative.prefix(shared))
        }
    }

    /// Whether directory `outer` contains `inner` (component-wise, not by string prefix).
    static func contains(_ outer: String, _ inner: String) -> Bool {
        let outerParts = outer.split(separator: "/")
        let innerParts = inner.split(separator: "/")
        return innerParts.count > outerParts.count && Array(innerParts.prefix(outerParts.count)) == outerParts
    }

    /// A config value with where it stands in a YAML file (JSON configs have no positions).
    struct Value {
        var kind: Kind
        var position: (line: Int, column: Int)?
        /// For a mapping's value: where its key stands.
        var keyPosition: (line: Int, column: Int)?

        indirect enum Kind {
            case scalar(String)
            case null
            case list([Value])
            case map([(String, Value)])
        }

        var scalar: String? {
            if case .scalar(let text) = kind { return text }
            return nil
        }

        init(_ json: JSON) {
            switch json {
            case .null: kind = .null
            case .bool(let flag): kind = .scalar(flag ? "true" : "false")
            case .number(let number): kind = .scalar(JSONWriter.format(number))
            case .string(let text): kind = .scalar(text)
            case .array(let elements): kind = .list(elements.map(Value.init))
            case .object(let object): kind = .map(object.members.map { ($0.key, Value($0.value)) })
            }
        }

        init(_ node: Node) {
            switch node {
            case .scalar(let scalar):
                // Only a plain scalar can be null: "null" and "~" quoted are those strings
                // (a folder of that name, as tabgen init writes it).
                let null = scalar.style == .plain && ["", "~", "null"].contains(scalar.string)
                kind = null ? .null : .scalar(scalar.string)
            case .sequence(let sequence):
                kind = .list(sequence.map(Value.init))
            case .mapping(let mapping):
                kind = .map(mapping.map { pair in
                    var value = Value(pair.value)
                    value.keyPosition = pair.key.mark.map { ($0.line, $0.column) }
                    return (pair.key.string ?? "", value)
                })
            }
            position = node.mark.map { ($0.line, $0.column) }
        }
    }

    static func lookup(_ members: [(String, Value)], _ key: String) -> Value? {
        members.first { $0.0 == key }?.1
    }

    static func scalar(_ members: [(String, Value)], _ key: String, path: String) throws(CLIError) -> String? {
        guard let value = lookup(members, key) else { return nil }
        switch value.kind {
        case .null: return nil
        case .scalar(let text): return text
        default: throw error(path, at: value.position, "\(key) must be a single value")
        }
    }

    /// `tabgen.yml:5:10: message`, or `tabgen.json: message` where there is no position.
    static func error(_ path: String, at position: (line: Int, column: Int)?, _ message: String) -> CLIError {
        CLIError("\(path):\(position.map { "\($0.line):\($0.column):" } ?? "") \(message)")
    }

    static func checkKeys(_ members: [(String, Value)], allowed: Set<String>, at place: String, path: String) throws(CLIError) {
        for (key, value) in members where !allowed.contains(key) {
            let hint = Suggestion.closest(to: key, among: allowed.sorted()).map { "; did you mean \($0)?" } ?? ""
            throw error(path, at: value.keyPosition ?? value.position, "unknown key \(key) at \(place)\(hint) (expected: \(allowed.sorted().joined(separator: ", ")))")
        }
    }
}
