/// Cases 1–3: the transitions into, out of and within bootstrap mode.
extension Reconciler {
    /// Case 1: no-op, same container, history preserved. A lone tab the apps show as
    /// bootstrap mode (P101) keeps what it represents too: the apps do not demote it.
    mutating func stayInBootstrap(notes: [String] = []) -> StepReport {
        state.deprecations = DeprecationLedger()
        let container = state.selected
        return StepReport(trigger: .configure, reconciliationCase: .bootstrapToBootstrap,
                          events: [ContainerEvent(.kept, container.id, from: container.serverId, to: container.serverId)],
                          state: state, notes: notes)
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
                events.append(ContainerEvent(.promoted, promoted.id, from: bootstrap.serverId, to: tab.id))
            } else {
                let created = makeContainer(representing: tab)
                containers.append(created)
                events.append(ContainerEvent(.created, created.id, to: tab.id))
            }
        }
        state.containers = containers
        state.deprecations = visible.ledger
        settleMode()
        let hint = visible.hintReport(action: "container \(bootstrap.id) is promoted to it")
        var notes = visible.neverShown + hint.notes
        if let lone = bootstrap.serverId, lone != visible.active {
            notes.append("""
                the lone tab "\(lone)" was shown as bootstrap mode, so this message is case 2: its container \
                \(bootstrap.id) now shows as "\(visible.active)" (the page on screen stays)
                """)
        }
        return StepReport(trigger: .configure, reconciliationCase: .bootstrapToTabbed, events: events.inReportOrder(),
                          state: state, warnings: visible.warnings + hint.warnings + singleTabWarning(), notes: notes)
    }

    /// A message without a tab bar whose every tab is deprecated. The apps set an empty
    /// tab list: Android throws at once (MainActivity reads the active tab right after
    /// `accept`), iOS is left with no tab and traps on the next message. Choice: plan
    /// goes on as if the user opened the app again, so a sequence can be followed past
    /// the crash; the report says so.
    mutating func crash(on visible: VisibleTabs) -> StepReport {
        let events = startOver()
        let fresh = state.selectedID
        let deprecated = visible.all.map { "\"\($0.id)\"" }.joined(separator: ", ")
        let warning = StepWarning(.everyTabDeprecated, """
            every tab of this message is deprecated (\(deprecated)) and the client shows no tab bar (a new session, \
            after sign-in or a restart), so it has no tab to show: the Android apps crash at once, the iOS apps are \
            left without a tab and crash on the next message. Reopened, the app loads a page that sends this message \
            again. Keep at least two tabs that are not deprecated in every message (TG108)
            """, at: .tabs)
        let notes = visible.neverShown + ["plan goes on as if the user opened the app again: a fresh bootstrap container, \(fresh)"]
        return StepReport(trigger: .configure, reconciliationCase: .bootstrapToTabbed, events: events,
                          state: state, warnings: visible.warnings + [warning], notes: notes)
    }

    /// Case 3: the selected container survives as the bootstrap container; every
    /// other container is disposed. Deprecation bookkeeping ends here: the next
    /// bootstrap-to-tabbed transition removes every deprecated tab anyway.
    mutating func demoteSelected(notes: [String] = [], warnings: [StepWarning] = []) -> StepReport {
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
                          state: state, warnings: warnings, notes: notes)
    }
}
