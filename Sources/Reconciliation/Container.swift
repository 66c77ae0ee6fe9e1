/// A client container: the stateful thing (web view, navigation stack, scroll
/// position) and what it currently represents.
///
/// `id` never changes; everything else may, without touching the container's state.
public struct Container: Hashable, Sendable, Identifiable {
    public let id: ContainerID
    /// The server id it represents; nil for the bootstrap container.
    public private(set) var serverId: String?
    public private(set) var title: String
    public private(set) var icon: String
    public private(set) var path: String

    public var isBootstrap: Bool { serverId == nil }

    /// A bootstrap container: represents nothing, shows the start URL.
    public init(bootstrap id: ContainerID) {
        self.id = id
        serverId = nil
        title = "Bootstrap"
        icon = ""
        path = "/"
    }

    public init(id: ContainerID, representing tab: TabData) {
        self.id = id
        serverId = tab.id
        title = tab.title
        icon = tab.icon
        path = tab.path
    }

    /// Makes the container represent `tab` (promotion, morphing or a label update) and
    /// returns the names of the labels that changed, for the report. The path is part
    /// of what a container represents, so it follows the tab too; the page on screen
    /// stays where it is.
    @discardableResult
    mutating func represent(_ tab: TabData) -> [String] {
        var changed: [String] = []
        if title != tab.title { changed.append("title") }
        if icon != tab.icon { changed.append("icon") }
        if path != tab.path { changed.append("path") }
        serverId = tab.id
        title = tab.title
        icon = tab.icon
        path = tab.path
        return changed
    }

    /// Clears the server identity (demotion). The path stays: the page on screen is
    /// whatever the container last showed.
    mutating func demote() {
        serverId = nil
        title = "Bootstrap"
        icon = ""
    }
}
