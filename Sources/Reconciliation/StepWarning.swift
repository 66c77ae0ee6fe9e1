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
        /// Deprecation left a tab bar of one tab, which the protocol never sends.
        case singleTab = "P101"
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
