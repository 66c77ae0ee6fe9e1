import CodeGen
import Foundation
import Schema

/// One contract's share of an output when tabgen.yml lists `contracts:`: its files go to
/// `OUT/<component>/` or straight into `OUT`, as the target's `contractLayout` says, generated
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
    /// not a plain name), or none where the target's `contractLayout` has no component
    /// folders.
    var folder: String?
    /// The contract's namespace, which starts the name of each of its Swift files that does
    /// not already start with it, where the `contractLayout` says so.
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
        // A name that starts with the namespace already is unique to the contract: its
        // `+` files, the namespace's own file, a round-trip suite (`MenuContractMenuDataRoundTripTests`).
        if let name = components.last, !name.hasPrefix(prefix) {
            components[components.count - 1] = prefix + "+" + name
        }
        return below + components.joined(separator: "/")
    }

    /// The parts of one output: each contract with the output's options, and `namespace`
    /// set to the component where the language has that option.
    static func parts(for output: ProjectConfig.Output, contracts: [(file: String, path: String, component: String)],
                      version: String, command: String, configPath: String) throws(CLIError) -> [ContractPart] {
        let hasNamespace = TargetRegistry.entry(for: output.language)?.options.contains { $0.name == "namespace" } ?? false
        let layout: ContractLayout
        do {
            // A fact of the language, not of the options (which each part's target checks).
            layout = try TargetRegistry.target(language: output.language).contractLayout
        } catch {
            throw CLIError("\(configPath): \(error.message)")
        }
        // Each contract needs a namespace of its own, so one the output sets could only be
        // ignored: say so rather than write files in a namespace the user did not ask for.
        if let option = layout.perContractOptions.first(where: { output.options[$0] != nil }), let first = contracts.first {
            throw CLIError("\(configPath): the \(output.language) output \(output.out) sets the option \(option), but with contracts: "
                + "each contract's \(option) is its component's (\(first.component): \(layout.namespace(first.component, nil))); remove the option")
        }
        var parts: [ContractPart] = []
        for (index, contract) in contracts.enumerated() {
            guard !contract.component.isEmpty, contract.component.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw CLIError("\(contract.file): component \(JSONWriter.quoted(contract.component)) names the folder of its files below each out:, so it must be ASCII letters, digits, - or _")
            }
            var options = output.options
            if hasNamespace { options["namespace"] = layout.namespace(contract.component, output.options["namespace"]) }
            options = layout.contractOptions(options, index, contracts.count)
            let target: any LanguageTarget
            do {
                target = try TargetRegistry.target(language: output.language, options: options)
            } catch {
                throw CLIError("\(configPath): \(error.message)")
            }
            parts.append(ContractPart(schemaPath: contract.path, schemaDisplay: contract.file, component: contract.component, target: target,
                                      header: GenerationHeader(version: version, schema: GenerationHeader.fileName(contract.file), command: command),
                                      folder: layout.componentFolders ? contract.component : nil,
                                      swiftFilePrefix: layout.namespacePrefixesFileNames ? options["namespace"] : nil))
        }
        return parts
    }
}
