/// What the client holds between messages: its containers, the selection, and the
/// deprecation bookkeeping.
public struct ClientState: Hashable, Sendable {
    public enum Mode: String, Hashable, Sendable {
        /// One container, no tab bar. As in the apps, that container may represent a
        /// tab: the one deprecation left (P101).
        case bootstrap
        /// A visible tab bar, one container per tab.
        case tabbed
    }

    public internal(set) var mode: Mode
    /// In tab bar order. Exactly one in bootstrap mode.
    public internal(set) var containers: [Container]
    public internal(set) var selectedID: ContainerID
    public internal(set) var deprecations: DeprecationLedger

    /// The initial state (seeds/002): bootstrap mode with one container.
    public init(bootstrap id: ContainerID) {
        mode = .bootstrap
        containers = [Container(bootstrap: id)]
        selectedID = id
        deprecations = DeprecationLedger()
    }

    /// The container on screen. Every transition keeps the selected container, so the
    /// lookup cannot fail; the fallback only keeps this total.
    public var selected: Container {
        containers.first { $0.id == selectedID } ?? containers[0]
    }

    /// The tabs the user sees, in order; empty in bootstrap mode (no tab bar).
    public var visibleTabs: [Container] {
        mode == .tabbed ? containers : []
    }

    /// Server ids of the visible tabs, in order.
    public var tabBar: [String] {
        visibleTabs.compactMap(\.serverId)
    }

    /// Server ids the containers represent, tab bar or not: the tabs a deprecated tab
    /// must be among to stay, as the apps see it.
    var represented: Set<String> {
        Set(containers.compactMap(\.serverId))
    }

    public func container(representing serverId: String) -> Container? {
        containers.first { $0.serverId == serverId }
    }
}
