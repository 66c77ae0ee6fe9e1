/// A tap the user cannot make.
public enum SelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Bootstrap mode shows no tab bar.
    case noTabBar
    /// No visible tab has this server id (it may be absent, or a hidden replacement).
    case notVisible(String, visible: [String])

    public var description: String {
        switch self {
        case .noTabBar:
            "there is no tab bar to tap (the app is in bootstrap mode)"
        case .notVisible(let id, let visible):
            "no tab \"\(id)\" in the tab bar (it shows \(visible.map { "\"\($0)\"" }.joined(separator: ", ")))"
        }
    }
}
