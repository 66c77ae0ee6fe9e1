import Schema

/// The client reconciliation algorithm of seeds/002, with the `deprecated` /
/// `replaces` extension of the protocol notes, as a value you feed steps to.
///
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
            let visible = VisibleTabs(tabs, hint: hint, shown: [], selected: nil)
            // Choice: a message whose every tab is filtered out by deprecation is
            // treated as the bootstrap directive it effectively is.
            if visible.tabs.isEmpty { return stayInBootstrap(notes: visible.neverShown + [Self.nothingLeft]) }
            return promoteBootstrap(into: visible)
        case (.tabbed, .tabbed(let hint, let tabs)):
            let visible = VisibleTabs(tabs, hint: hint, shown: Set(state.tabBar), selected: state.selected.serverId)
            if visible.tabs.isEmpty { return demoteSelected(notes: visible.removedNow + [Self.nothingLeft]) }
            return reconcile(with: visible)
        }
    }

    /// The user taps the tab representing `serverId`. Switching away from a
    /// hard-deprecated tab removes it and shows its replacements in its place.
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
            var fresh: [Container] = []
            for tab in entry.replacements {
                let container = makeContainer(representing: tab)
                fresh.append(container)
                events.append(ContainerEvent(.created, container.id, to: tab.id))
            }
            state.containers.insert(contentsOf: fresh, at: index)
            state.deprecations.remove(entry.serverId)
            let instead = fresh.isEmpty ? "" : "; \(fresh.compactMap(\.serverId).map { "\"\($0)\"" }.joined(separator: ", ")) takes its place"
            notes.append("\"\(entry.serverId)\" is hard-deprecated and the user left it: it goes now\(instead)")
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
        var events = state.containers.map { ContainerEvent(.disposed, $0.id, from: $0.serverId) }
        let pending = state.deprecations.entries.map { "\"\($0.serverId)\"" }
        let fresh = ids.next()
        state = ClientState(bootstrap: fresh)
        events.append(ContainerEvent(.created, fresh))
        var notes: [String] = []
        if !pending.isEmpty {
            notes.append("deprecated \(pending.joined(separator: ", ")) will not come back: the next message starts from bootstrap")
        }
        return StepReport(trigger: .restart, events: events, state: state, notes: notes)
    }

    static let nothingLeft = "no tab is left to show after deprecation: treated as bootstrap mode"

    /// Makes a fresh container, for the reconciliation steps.
    mutating func makeContainer(representing tab: TabData) -> Container {
        Container(id: ids.next(), representing: tab)
    }

    func singleTabWarning() -> [StepWarning] {
        guard state.mode == .tabbed, state.containers.count == 1 else { return [] }
        return [StepWarning(.singleTab, "deprecation leaves a tab bar of one tab (\"\(state.tabBar.joined())\"), which the protocol never sends: keep a replacement in the message (\"replaces\")", at: .tabs)]
    }
}
