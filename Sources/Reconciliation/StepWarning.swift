import Schema

/// A transition seeds/002 says to avoid, with a stable code for CI.
public struct StepWarning: Hashable, Sendable {
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// Case 6: the new order is ignored until restart, so users mid-session and new
        /// users see different orders.
        case reorderIgnored = "P006"
        /// Case 9: the tab the user is on was removed; its container morphs.
        case activeTabRemoved = "P009"
        /// Case 10 with the user's tab among the replaced ones: the same morph as case 9.
        case activeTabReplaced = "P010"
        /// Case 11: every tab was replaced.
        case allTabsReplaced = "P011"
        /// Deprecation left one tab visible: the apps take a single tab for bootstrap
        /// mode, hide the tab bar and treat the next message as case 2.
        case singleTab = "P101"
        /// The active hint names a tab deprecation hides, where the hint picks a
        /// container's tab (case 2 or a morph): the apps fall back to the first tab.
        case activeHidden = "P102"
        /// Two tabs replace the same tab: iOS traps; Android inserts only the last one
        /// when the deprecated tab goes on a tap.
        case severalReplacements = "P103"
        /// The tab that replaces a hard-deprecated tab the user is on is itself
        /// deprecated: the apps insert it anyway when the user leaves.
        case deprecatedReplacement = "P104"
        /// Every tab of a message arriving without a tab bar is deprecated: the apps
        /// are left with no tab at all and crash.
        case everyTabDeprecated = "P105"
        /// Cases 4–6 with new titles, icons or paths: the apps keep the old ones.
        case labelsKept = "P106"
    }

    public var code: Code
    public var message: String
    /// The part of the payload that caused it, for annotations.
    public var pointer: JSONPointer

    public init(_ code: Code, _ message: String, at pointer: JSONPointer) {
        self.code = code
        self.message = message
        self.pointer = pointer
    }
}

extension JSONPointer {
    /// `/tabs`: the tab list, where order, additions and removals show.
    static let tabs = JSONPointer.root.appending(key: "tabs")
    /// `/active`: the hint that picks the morph target.
    static let active = JSONPointer.root.appending(key: "active")
}
