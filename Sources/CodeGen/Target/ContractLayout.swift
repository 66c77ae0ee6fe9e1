/// How a target lays out an output that several contracts share (tabgen.yml `contracts:`),
/// declared by each target so that the command line asks the target, never its name.
public struct ContractLayout: Sendable {
    /// Whether each contract's files go to a folder named after its component. False where
    /// the place of a file is its name to a loader (Stimulus registers
    /// `controllers/bridge/navigation_controller.js` as `bridge--navigation`; Rails
    /// autoloads `app/...` of its root only): those files carry the component in their names.
    public var componentFolders: Bool
    /// Whether each file name starts with its contract's namespace (`Sidebar+MessageData.swift`):
    /// where every contract compiles into one module that refuses two files of one name.
    public var namespacePrefixesFileNames: Bool
    /// The `namespace` option of a contract, from its component and the output's own
    /// `namespace` option (nil: none set).
    public var namespace: @Sendable (_ component: String, _ outputNamespace: String?) -> String
    /// The options of the contract at `index` of `count`, from the output's (the namespace
    /// already set): how the contracts share one runtime. Options the config sets win.
    public var contractOptions: @Sendable (_ options: [String: String], _ index: Int, _ count: Int) -> [String: String]
    /// The output's options that `namespace` does not take into account (it sets them per
    /// contract from the component alone): `contracts:` refuses an output that sets one,
    /// rather than ignore it. Empty where `namespace` starts from the output's own.
    public var perContractOptions: [String]

    public init(componentFolders: Bool, namespacePrefixesFileNames: Bool = false, perContractOptions: [String] = [],
                namespace: @escaping @Sendable (_ component: String, _ outputNamespace: String?) -> String,
                contractOptions: @escaping @Sendable (_ options: [String: String], _ index: Int, _ count: Int) -> [String: String]) {
        self.componentFolders = componentFolders
        self.namespacePrefixesFileNames = namespacePrefixesFileNames
        self.perContractOptions = perContractOptions
        self.namespace = namespace
        self.contractOptions = contractOptions
    }

    /// One runtime for all contracts: the first contract's, the others' `runtime` option
    /// false (unless the config sets it).
    public static func firstContractsRuntime(_ options: [String: String], index: Int) -> [String: String] {
        var options = options
        if index > 0, options["runtime"] == nil { options["runtime"] = "false" }
        return options
    }
}
