/// Cases 1–3: the transitions into, out of and within bootstrap mode.
extension Reconciler {
    /// Case 1: no-op, same container, history preserved.
    mutating func stayInBootstrap(notes: [String] = []) -> StepReport {
        state.deprecations = DeprecationLedger()
        let container = state.selected
        return StepReport(trigger: .configure, reconciliationCase: .bootstrapToBootstrap,
                          events: [ContainerEvent(.kept, container.id)], state: state, notes: notes)
    }

    /// Case 2: the bootstrap container becomes the server's active tab; every other tab
    /// gets a fresh container. The only case where the active hint is obeyed.
    mutating func promoteBootstrap(into visible: VisibleTabs) -> StepReport {
        let bootstrap = state.selected
        var containers: [Container] = []
        var events: [ContainerEvent] = []
        for tab in visible.tabs {
            if tab.id == visible.active {
                var promoted = bootstrap
                promoted.represent(tab)
                containers.append(promoted)
                events.append(ContainerEvent(.promoted, promoted.id, to: tab.id))
            } else {
                let created = makeContainer(representing: tab)
                containers.append(created)
                events.append(ContainerEvent(.created, created.id, to: tab.id))
            }
        }
        state.mode = .tabbed
        state.containers = containers
        state.deprecations = visible.ledger
        let notes = visible.neverShown + [visible.activeNote].compactMap { $0 }
        return StepReport(trigger: .configure, reconciliationCase: .bootstrapToTabbed, events: events.inReportOrder(),
                          state: state, warnings: singleTabWarning(), notes: notes)
    }

    /// Case 3: the selected container survives as the bootstrap container; every
    /// other container is disposed. Deprecation bookkeeping ends here: the next
    /// bootstrap-to-tabbed transition removes every deprecated tab anyway.
    mutating func demoteSelected(notes: [String] = []) -> StepReport {
        var selected = state.selected
        var events: [ContainerEvent] = []
        for container in state.containers where container.id != selected.id {
            events.append(ContainerEvent(.disposed, container.id, from: container.serverId))
        }
        events.append(ContainerEvent(.demoted, selected.id, from: selected.serverId))
        selected.demote()
        state.mode = .bootstrap
        state.containers = [selected]
        state.deprecations = DeprecationLedger()
        return StepReport(trigger: .configure, reconciliationCase: .tabbedToBootstrap, events: events.inReportOrder(),
                          state: state, notes: notes)
    }
}
