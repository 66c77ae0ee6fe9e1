/// A command-line flag of `emit` and `check` that sets one option of one language
/// (`--kotlin-package P` is `--option kotlin.package=P`). A target declares its flags with
/// its options; the command line reads them through `TargetRegistry`.
public struct TargetFlag: Sendable {
    /// The long name, without its dashes (`kotlin-package`).
    public var name: String
    /// The option it sets (`package`).
    public var option: String
    public var help: String
    public var valueName: String
    /// The values shell completion offers; empty: any.
    public var values: [String] = []

    public init(name: String, option: String, help: String, valueName: String, values: [String] = []) {
        self.name = name
        self.option = option
        self.help = help
        self.valueName = valueName
        self.values = values
    }
}
