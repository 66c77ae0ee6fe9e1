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
}
