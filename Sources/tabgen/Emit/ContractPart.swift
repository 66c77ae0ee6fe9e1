import CodeGen
import Foundation
import Schema

/// One contract's share of an output when tabgen.yml lists `contracts:`: its files go to
/// `OUT/<component>/` (Swift, Kotlin) or straight into `OUT` (TypeScript, Ruby), generated
/// from its schema with the language's namespace option set to the component, and one
/// manifest at `OUT` covers every contract. A contract
/// removed from the config is then a set of files the manifest lists and emit no longer
/// generates: `check` reports them and the next `emit` deletes them, as for any file.
struct ContractPart {
    var schemaPath: String
    /// As written in tabgen.yml, for messages (headers hold the file name).
    var schemaDisplay: String
    var component: String
    var target: any LanguageTarget
    var header: GenerationHeader

    /// The folder below the output directory: the component (`parts` refuses one that is
    /// not a plain name), or none where the place of a file is its name to a loader:
    /// Stimulus registers `controllers/bridge/navigation_controller.js` as `bridge--navigation`
    /// and the bases import `controllers/bridge/<module>`; Rails autoloads `app/...` of its
    /// root only. Those files already carry the component in their names.
    var folder: String?
    /// Swift only: the contract's namespace, which starts the name of each of its Swift
    /// files that does not already start with it.
    var swiftFilePrefix: String?

    /// Where a file the generator named `path` goes below the output directory. All of a
    /// Swift output's contracts compile into one module, and swiftc refuses two files with
    /// one name in a module even in different folders (`navigation/MessageData.swift`,
    /// `sidebar/MessageData.swift`), so Swift files take their contract's namespace
    /// (`Sidebar+MessageData.swift`), as a contract that lists events already names them.
    func path(of path: String) -> String {
        let below = folder.map { $0 + "/" } ?? ""
        guard let prefix = swiftFilePrefix, path.hasSuffix(".swift") else { return below + path }
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if let name = components.last, !name.hasPrefix(prefix + "+"), name != prefix + ".swift" {
            components[components.count - 1] = prefix + "+" + name
        }
        return below + components.joined(separator: "/")
    }

    /// The languages whose contracts share the output directory itself (see `folder`).
    static let flatLanguages: Set<String> = ["typescript", "ruby"]

    /// The component in the language's case, for its `namespace` option: `MenuContract`
    /// (Swift, as with `--schema`), `Menu` (Ruby), `menu` (a Kotlin package segment),
    /// `menu` (a TypeScript module name, in snake_case as with `--schema`: `overflow_menu`).
    /// A Swift output's own `namespace` starts each contract's (`App` -> `AppMenu`).
    static func namespace(_ component: String, language: String, option: String? = nil) -> String {
        let words = component.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        switch language {
        case "kotlin":
            return words.joined().lowercased()
        case "typescript":
            return TypeScriptOptions.defaultNamespace(component: component)
        case "swift":
            return SwiftOptions.defaultNamespace(component: component, prefix: option ?? "")
        default:
            return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
    }

    /// The parts of one output: each contract with the output's options, and `namespace`
    /// set to the component where the language has that option.
    static func parts(for output: ProjectConfig.Output, contracts: [(file: String, path: String, component: String)],
                      version: String, command: String, configPath: String) throws(CLIError) -> [ContractPart] {
        let hasNamespace = TargetRegistry.entry(for: output.language)?.options.contains { $0.name == "namespace" } ?? false
        var parts: [ContractPart] = []
        for contract in contracts {
            guard !contract.component.isEmpty, contract.component.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw CLIError("\(contract.file): component \(JSONWriter.quoted(contract.component)) names the folder of its files below each out:, so it must be ASCII letters, digits, - or _")
            }
            var options = output.options
            if hasNamespace { options["namespace"] = namespace(contract.component, language: output.language, option: output.options["namespace"]) }
            // One Swift module or Rails app, one runtime: the first contract's (unless the config says).
            if ["swift", "ruby"].contains(output.language), !parts.isEmpty, options["runtime"] == nil { options["runtime"] = "false" }
            // One Kotlin module, one runtime: the first contract's, with every part (the
            // others' code may use parts its own does not), in the package the contracts'
            // packages sit below; the others import it (unless the config says).
            if output.language == "kotlin", contracts.count > 1, options["runtime"] == nil, options["runtimePackage"] == nil {
                options["runtime"] = parts.isEmpty ? "all" : "false"
                options["runtimePackage"] = options["package"] ?? KotlinOptions().package
            }
            let target: any LanguageTarget
            do {
                target = try TargetRegistry.target(language: output.language, options: options)
            } catch {
                throw CLIError("\(configPath): \(error.message)")
            }
            parts.append(ContractPart(schemaPath: contract.path, schemaDisplay: contract.file, component: contract.component, target: target,
                                      header: GenerationHeader(version: version, schema: GenerationHeader.fileName(contract.file), command: command),
                                      folder: flatLanguages.contains(output.language) ? nil : contract.component,
                                      swiftFilePrefix: output.language == "swift" ? options["namespace"] : nil))
        }
        return parts
    }
}
