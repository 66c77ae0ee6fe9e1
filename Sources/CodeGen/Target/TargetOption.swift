/// Parsing of option values shared by the targets, so every language reads them alike.
enum TargetOption {
    /// `true`/`yes`/`1` or `false`/`no`/`0`, in any letter case.
    static func flag(_ value: String, language: String, name: String) throws(CodeGenError) -> Bool {
        switch value.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: throw CodeGenError("\(language) option \(name) must be true or false, not \(value)")
        }
    }

    /// The namespace a model's types get when the `namespace` option is not set: none for
    /// a one-event schema (today's output), the bridge component's name for a contract
    /// that lists events, so that two contracts' `MessageData`s never meet. Each target
    /// spells it (`Menu`, `menu`).
    static func defaultNamespace(for model: TypeModel) -> String? {
        guard model.listsEvents, let component = model.contract?.component, !component.isEmpty else { return nil }
        return component
    }
}
