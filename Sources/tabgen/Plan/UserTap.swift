import ArgumentParser

/// `--select ID@STEP`: after step STEP, the user taps the tab with server id ID.
struct UserTap: CustomStringConvertible {
    var tabId: String
    var step: Int

    /// Parses `ID@STEP`; the last @ splits, so an id may itself contain one.
    init(argument: String) throws(ValidationError) {
        guard let at = argument.lastIndex(of: "@"), at != argument.startIndex else {
            throw ValidationError("expected ID@STEP, the tab's id and the step after which the user taps it, e.g. explore@1")
        }
        guard let step = Int(argument[argument.index(after: at)...]), step >= 1 else {
            throw ValidationError("STEP in ID@STEP is a step number from 1, e.g. explore@1")
        }
        tabId = String(argument[..<at])
        self.step = step
    }

    var description: String { "\(tabId)@\(step)" }
}
