import Foundation

/// `contracts:` of tabgen.yml: the contracts of a project, one schema file per bridge
/// component, as a list of paths or as a folder whose `*.json` files are the contracts.
///
///     contracts: [schema.json, contracts/menu.json]
///     contracts: contracts            # every contracts/*.json
enum ContractList {
    case files([String])
    case folder(String)

    /// Where `contracts:` stands in the file, for messages.
    static func parse(_ root: [(String, ProjectConfig.Value)], path: String) throws(CLIError) -> ContractList? {
        guard let value = ProjectConfig.lookup(root, "contracts") else { return nil }
        switch value.kind {
        case .null:
            return nil
        case .scalar(let folder):
            guard !folder.isEmpty else { throw ProjectConfig.error(path, at: value.position, "contracts: needs a folder or a list of schema files") }
            return .folder(folder)
        case .list(let items):
            var files: [String] = []
            for (index, item) in items.enumerated() {
                guard let file = item.scalar, !file.isEmpty else {
                    throw ProjectConfig.error(path, at: item.position, "contracts[\(index)] must be the path of a schema file")
                }
                files.append(file)
            }
            guard !files.isEmpty else { throw ProjectConfig.error(path, at: value.position, "contracts: lists no schema file") }
            return .files(files)
        case .map:
            throw ProjectConfig.error(path, at: value.position, "contracts: must be a list of schema files or a folder")
        }
    }

    /// The schema files, as written relative to the config (a folder's `*.json`, sorted).
    func files(in config: ProjectConfig) throws(CLIError) -> [String] {
        switch self {
        case .files(let files):
            return files
        case .folder(let folder):
            let url = config.resolve(folder)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: url.path)
            } catch {
                throw CLIError("\(config.path): contracts: \(folder) is not a readable folder")
            }
            let schemas = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            guard !schemas.isEmpty else { throw CLIError("\(config.path): contracts: \(folder) holds no *.json contract") }
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            return schemas.map { prefix + $0 }
        }
    }
}
