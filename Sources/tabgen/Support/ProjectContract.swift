import Foundation
import Schema

/// A file of `contracts:` in tabgen.yml: where it is and how messages name it.
struct ContractSource {
    var path: String
    var name: String
}

/// One contract of the project: a schema file and the bridge component it describes.
/// A project without `contracts:` has one (`schema:`, `--schema` or the built-in one).
struct ProjectContract {
    var document: SchemaDocument
    /// How messages name the file.
    var name: String

    var contract: BridgeContract? { document.extensions.contract }
    /// The component names the contract on the command line (`--contract menu`).
    var component: String { contract?.component ?? "" }
}

extension ConfigContext {
    /// Every contract of the project, in config order. Two contracts of one component, or
    /// of one Stimulus identifier, are refused, naming both files: their generated code
    /// and pages would collide.
    func loadContracts() throws(CLIError) -> [ProjectContract] {
        guard !contractSources.isEmpty else {
            return [ProjectContract(document: try loadSchema(), name: schemaName)]
        }
        var contracts: [ProjectContract] = []
        for source in contractSources {
            let document = try SchemaLoader.load(path: source.path, name: source.name)
            guard let contract = document.extensions.contract else {
                throw CLIError("\(source.name) declares no bridge contract (metadata.tabgen.contract): each file of contracts: in \(config?.path ?? "tabgen.yml") is the contract of one bridge component")
            }
            if let earlier = contracts.first(where: { $0.component == contract.component }) {
                throw CLIError("\(earlier.name) and \(source.name) are both contracts of the component \(JSONWriter.quoted(contract.component)) (contracts: of \(config?.path ?? "tabgen.yml")): a component has one contract")
            }
            // One controller per identifier: the page's element is checked against one contract
            // and Stimulus runs one controller class, so a second contract would go unchecked.
            if let earlier = contracts.first(where: { $0.contract?.stimulusIdentifier == contract.stimulusIdentifier }) {
                throw CLIError("\(earlier.name) (component \(JSONWriter.quoted(earlier.component))) and \(source.name) (component \(JSONWriter.quoted(contract.component))) both use the Stimulus identifier \(JSONWriter.quoted(contract.stimulusIdentifier)) (contracts: of \(config?.path ?? "tabgen.yml")): an element of that identifier runs one controller and validate --html checks it against one contract, so give each contract its own stimulusIdentifier")
            }
            contracts.append(ProjectContract(document: document, name: source.name))
        }
        return contracts
    }

    /// The contract a one-contract command (plan, explain) works on: the only one, else
    /// the navigation contract (the tab bar's), else an error asking for --schema.
    func soleContract() throws(CLIError) -> ProjectContract {
        let contracts = try loadContracts()
        if contracts.count == 1, let only = contracts.first { return only }
        if let navigation = contracts.first(where: { $0.component == "navigation" }) { return navigation }
        throw CLIError("\(config?.path ?? "tabgen.yml") lists \(contracts.count) contracts (\(contracts.map(\.component).joined(separator: ", "))) and none is the navigation contract: give --schema PATH")
    }

    /// The contract `--contract NAME` names (default: the only one), with a suggestion
    /// when the name is close to one.
    static func select(_ name: String?, from contracts: [ProjectContract]) throws(CLIError) -> ProjectContract {
        guard let name else {
            if contracts.count == 1, let only = contracts.first { return only }
            throw CLIError("the project has \(contracts.count) contracts (\(contracts.map(\.component).joined(separator: ", "))): say which with --contract NAME")
        }
        if let match = contracts.first(where: { $0.component == name }) { return match }
        let hint = Suggestion.closest(to: name, among: contracts.map(\.component)).map { "; did you mean \($0)?" } ?? ""
        throw CLIError("no contract of component \(JSONWriter.quoted(name))\(hint) (contracts: \(contracts.map(\.component).joined(separator: ", ")))")
    }
}
