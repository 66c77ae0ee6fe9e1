import Schema

/// The client reconciliation algorithm of seeds/002, with the `deprecated` /
/// `replaces` extension of the protocol notes, as a value you feed steps to.
///
/// Where the reference clients (tildeio/hotwire-native-dynamic-tab-bar) depart from
/// seeds/002, it does what they do, since that is what users see, and warns (P101–P106).
/// Each entry point changes `state` and returns a report of what it did.
public struct Reconciler: Sendable {
    public internal(set) var state: ClientState
    private var ids: ContainerIDGenerator

    /// Starts as the app does: bootstrap mode, one container (`c1`).
    public init() {
        var ids = ContainerIDGenerator()
        state = ClientState(bootstrap: ids.next())
        self.ids = ids
    }

    /// Reconciles a `configure` message: the entry point for every server directive.
    public mutating func accept(_ directive: Directive) -> StepReport {
        switch (state.mode, directive) {
        case (.bootstrap, .bootstrap):
            return stayInBootstrap()
        case (.tabbed, .bootstrap):
            return demoteSelected()
        case (.bootstrap, .tabbed(let hint, let tabs)):
            let visible = VisibleTabs(tabs, hint: hint, shown: state.represented, selected: state.selected.serverId)
            if visible.tabs.isEmpty { return crash(on: visible) }
            return promoteBootstrap(into: visible)
        case (.tabbed, .tabbed(let hint, let tabs)):
            let visible = VisibleTabs(tabs, hint: hint, shown: state.represented, selected: state.selected.serverId)
            if visible.tabs.isEmpty {
                return demoteSelected(notes: visible.removedNow + [Self.nothingLeft], warnings: visible.warnings)
            }
            return reconcile(with: visible)
        }
    }

    /// The user taps the tab representing `serverId`. Switching away from a
    /// hard-deprecated tab removes it and shows its replacement in its place.
    public mutating func select(_ serverId: String) throws(SelectionError) -> StepReport {
        guard state.mode == .tabbed else { throw .noTabBar }
        guard let target = state.container(representing: serverId) else {
            throw .notVisible(serverId, visible: state.tabBar)
        }
        let previous = state.selected
        state.selectedID = target.id
        var events: [ContainerEvent] = []
        var notes: [String] = []
        if previous.id == target.id {
            notes.append("the user is already on \"\(serverId)\"")
        } else if let entry = state.deprecations.entry(for: previous.serverId), entry.level == .hard,
                  let index = state.containers.firstIndex(where: { $0.id == previous.id }) {
            state.containers.remove(at: index)
            events.append(ContainerEvent(.disposed, previous.id, from: entry.serverId))
            var instead = ""
            // As the apps do: one replacement, the last, inserted even when it is itself
            // deprecated (P103, P104 warned when the message arrived).
            if let replacement = entry.replacement {
                let container = makeContainer(representing: replacement)
                state.containers.insert(container, at: index)
                events.append(ContainerEvent(.created, container.id, to: replacement.id))
                instead = "; \"\(replacement.id)\" takes its place"
                if let level = replacement.deprecated {
                    instead += " although it is \(level.rawValue)-deprecated itself"
                }
                let left = entry.hidden.filter { $0.id != replacement.id }.map { "\"\($0.id)\"" }
                if !left.isEmpty {
                    instead += " (the apps insert one replacement, the last: \(left.joined(separator: ", ")) \(left.count == 1 ? "appears" : "appear") only with the next message)"
                }
            }
            state.deprecations.remove(entry.serverId)
            notes.append("\"\(entry.serverId)\" is hard-deprecated and the user left it: it goes now\(instead)")
            settleMode()
        }
        let touched = Set(events.map(\.container))
        let kept = state.containers.filter { !touched.contains($0.id) }
            .map { ContainerEvent(.kept, $0.id, from: $0.serverId, to: $0.serverId) }
        return StepReport(trigger: .select(serverId), events: (kept + events).inReportOrder(), state: state,
                          warnings: singleTabWarning(), notes: notes)
    }

    /// The app is relaunched: every container and its state go, and the app starts
    /// over in bootstrap mode. The next message is a bootstrap-to-tabbed transition,
    /// the moment soft-deprecated tabs go and the server's order takes effect.
    public mutating func restart() -> StepReport {
        let pending = state.deprecations.entries.map { "\"\($0.serverId)\"" }
        let events = startOver()
        var notes: [String] = []
        if !pending.isEmpty {
            notes.append("deprecated \(pending.joined(separator: ", ")) will not come back: the next message starts from bootstrap")
        }
        return StepReport(trigger: .restart, events: events, state: state, notes: notes)
    }

    static let nothingLeft = "no tab is left to show after deprecation: treated as bootstrap mode"

    /// Disposes every container and starts again with a fresh bootstrap container, as
    /// a relaunched app does.
    mutating func startOver() -> [ContainerEvent] {
        var events = state.containers.map { ContainerEvent(.disposed, $0.id, from: $0.serverId) }
        let fresh = ids.next()
        state = ClientState(bootstrap: fresh)
        events.append(ContainerEvent(.created, fresh))
        return events
    }

    /// Makes a fresh container, for the reconciliation steps.
    mutating func makeContainer(representing tab: TabData) -> Container {
        Container(id: ids.next(), representing: tab)
    }

    /// The apps decide the mode by counting containers (`isBootstrap` is `tabs.count
    /// == 1` in all four): a single container is bootstrap mode, with no tab bar, even
    /// when it represents a tab.
    mutating func settleMode() {
        state.mode = state.containers.count == 1 ? .bootstrap : .tabbed
    }

    /// P101 when a step leaves one container that represents a tab.
    func singleTabWarning() -> [StepWarning] {
        guard state.containers.count == 1, let lone = state.containers.first?.serverId else { return [] }
        return [StepWarning(.singleTab, """
            only one tab, "\(lone)", is left to show: the apps take a single tab for bootstrap mode, so users see no \
            tab bar, and handle the next message as bootstrap → tabbed (case 2), which moves the page on screen under \
            that message's active tab. Keep at least two tabs that are not deprecated in every message (TG108), or \
            give the deprecated tab a replacement ("replaces")
            """, at: .tabs)]
    }
}
