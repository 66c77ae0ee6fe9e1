import Schema

/// Cases 4–11: a tabbed message arriving while the tab bar is shown. The case is
/// decided on the tabs the client would show (after deprecation), not the raw message.
extension Reconciler {
    mutating func reconcile(with visible: VisibleTabs) -> StepReport {
        let current = state.tabBar
        let target = visible.ids
        let currentSet = Set(current)
        let targetSet = Set(target)
        let added = target.filter { !currentSet.contains($0) }
        let removed = current.filter { !targetSet.contains($0) }
        let onTab = state.selected.serverId ?? ""

        // The hint matters only when the user's tab is gone: it names the morph target.
        let userMoves = removed.contains(onTab)
        var notes = visible.removedNow
        if !userMoves && visible.meant != onTab {
            notes.append("the server's active hint \"\(visible.hint)\" is ignored: the user stays on \"\(onTab)\"")
        }

        if added.isEmpty && removed.isEmpty {
            let reconciliationCase: ReconciliationCase =
                current != target ? .orderingChanged : visible.meant == onTab ? .noChange : .activeHintChanged
            return keepTabs(with: visible, as: reconciliationCase, notes: notes)
        }
        let reconciliationCase: ReconciliationCase
        if !added.isEmpty && !removed.isEmpty {
            reconciliationCase = currentSet.isDisjoint(with: targetSet) ? .allTabsReplaced : .tabReplaced
        } else if !added.isEmpty {
            reconciliationCase = .tabsAdded
        } else {
            reconciliationCase = userMoves ? .activeTabRemoved : .tabsRemoved
        }
        return restructure(with: visible, as: reconciliationCase, morphing: userMoves, notes: notes)
    }

    /// Cases 4, 5 and 6: the same tabs. Containers, order, selection and labels stay;
    /// a new order waits for the next restart or bootstrap-to-tabbed transition.
    ///
    /// The labels stay too, as in all four reference clients (they return before
    /// touching their tabs), though seeds/002 lets what a container represents change
    /// freely: new titles, icons or paths show only once a tab is added or removed, or
    /// at the next restart or bootstrap-to-tabbed transition (P106).
    private mutating func keepTabs(with visible: VisibleTabs, as reconciliationCase: ReconciliationCase, notes: [String]) -> StepReport {
        var events: [ContainerEvent] = []
        var stale: [(serverId: String, label: String, old: String, new: String)] = []
        for container in state.containers {
            guard let serverId = container.serverId, let tab = visible.tab(serverId) else { continue }
            for (label, old, new) in [("title", container.title, tab.title), ("icon", container.icon, tab.icon),
                                      ("path", container.path, tab.path)] where old != new {
                stale.append((serverId, label, old, new))
            }
            events.append(ContainerEvent(.kept, container.id, from: serverId, to: serverId))
        }
        state.deprecations = visible.ledger
        var warnings = visible.warnings
        if reconciliationCase == .orderingChanged {
            warnings.append(StepWarning(.reorderIgnored, """
                the tab order changed (\(state.tabBar.joined(separator: ", ")) → \(visible.ids.joined(separator: ", "))) \
                with no tab added or removed: clients keep the old order until the app restarts or passes through \
                bootstrap, so users mid-session and new users see different orders
                """, at: .tabs))
        }
        if let first = stale.first {
            let changes = stale.map { "\"\($0.serverId)\" \($0.label) \"\($0.old)\" → \"\($0.new)\"" }.joined(separator: ", ")
            warnings.append(StepWarning(.labelsKept, """
                new labels for tabs the user already has (\(changes)) with no tab added or removed: the apps keep showing \
                the old ones until a message adds or removes a tab, the app restarts or it passes through bootstrap. Do not \
                put changing data such as counts in tab labels; ship a new label with a tab added or removed, or expect \
                users mid-session to see the old one
                """, at: visible.pointer(to: first.serverId).appending(key: first.label)))
        }
        return StepReport(trigger: .configure, reconciliationCase: reconciliationCase, events: events, state: state,
                          warnings: warnings, notes: notes)
    }

    /// Cases 7–11: tabs added, removed or replaced. Surviving tabs keep their
    /// containers and the server's order is adopted. When the user's tab is gone
    /// (cases 9, 11, and 10 when the replaced tab is the user's), the selected
    /// container morphs into the server's active tab and the container that
    /// represented that tab, if any, is disposed.
    private mutating func restructure(with visible: VisibleTabs, as reconciliationCase: ReconciliationCase,
                                      morphing: Bool, notes: [String]) -> StepReport {
        let selected = state.selected
        var reusable: [String: Container] = [:]
        for container in state.containers where !(morphing && container.id == selected.id) {
            if let serverId = container.serverId { reusable[serverId] = container }
        }
        var containers: [Container] = []
        var events: [ContainerEvent] = []
        var reused: Set<ContainerID> = []
        for tab in visible.tabs {
            if morphing, tab.id == visible.active {
                var morphed = selected
                morphed.represent(tab)
                containers.append(morphed)
                reused.insert(morphed.id)
                events.append(ContainerEvent(.morphed, morphed.id, from: selected.serverId, to: tab.id))
            } else if var kept = reusable[tab.id] {
                let changed = kept.represent(tab)
                containers.append(kept)
                reused.insert(kept.id)
                events.append(ContainerEvent(.kept, kept.id, from: tab.id, to: tab.id, changedLabels: changed))
            } else {
                let created = makeContainer(representing: tab)
                containers.append(created)
                events.append(ContainerEvent(.created, created.id, to: tab.id))
            }
        }
        for container in state.containers where !reused.contains(container.id) {
            events.append(ContainerEvent(.disposed, container.id, from: container.serverId))
        }
        let before = state
        state.containers = containers
        state.deprecations = visible.ledger
        settleMode()
        var warnings = visible.warnings
        var notes = notes
        if morphing {
            warnings.append(morphWarning(for: reconciliationCase, from: before, into: visible.active, events: events))
            let hint = visible.hintReport(action: "the user's container \(selected.id) morphs into it")
            warnings += hint.warnings
            notes += hint.notes
        }
        warnings += singleTabWarning()
        return StepReport(trigger: .configure, reconciliationCase: reconciliationCase, events: events.inReportOrder(),
                          state: state, warnings: warnings, notes: notes)
    }

    private func morphWarning(for reconciliationCase: ReconciliationCase, from before: ClientState, into active: String,
                              events: [ContainerEvent]) -> StepWarning {
        let selected = before.selected
        let gone = selected.serverId ?? ""
        let displaced = before.container(representing: active)
            .map { ", and the container that was \"\(active)\" (\($0.id)) is disposed with its history" } ?? ""
        let morph = "container \(selected.id) now shows as \"\(active)\" (the page on screen stays)"
        switch reconciliationCase {
        case .allTabsReplaced:
            let fresh = events.containers(.created).count
            return StepWarning(.allTabsReplaced, """
                every tab was replaced: the user's \(morph), the other \(fresh) tab\(fresh == 1 ? " is" : "s are") new, \
                and every other container is disposed. Ship a redesign as a version bump that triggers a full-app \
                refresh, or send users through bootstrap (sign-out, sign-in)
                """, at: .tabs)
        case .tabReplaced:
            return StepWarning(.activeTabReplaced, """
                the tab the user is on, "\(gone)", was replaced: its \(morph)\(displaced). To swap tabs gracefully, \
                mark "\(gone)" "deprecated" and give its successor "replaces": "\(gone)"
                """, at: .active)
        default:
            return StepWarning(.activeTabRemoved, """
                the tab the user is on, "\(gone)", was removed: its \(morph)\(displaced). Mark the tab "deprecated" \
                in a deploy before removing it ("hard": it goes when the user leaves it; "soft": at the next restart)
                """, at: .active)
        }
    }
}
