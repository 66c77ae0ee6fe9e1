/// The tabs of a directive the client actually shows, after the `deprecated` /
/// `replaces` extension, with the deprecation bookkeeping that follows and the active
/// tab to use. The eleven cases are then decided on these tabs, not on the raw message.
struct VisibleTabs {
    private(set) var tabs: [TabData] = []
    private(set) var ledger = DeprecationLedger()
    /// The server's active hint, as sent.
    let hint: String
    /// The hint, or a visible stand-in when the hinted tab is not shown.
    private(set) var active: String
    /// Why `active` differs from the hint, when it does.
    private(set) var activeNote: String?
    /// Notes on deprecated tabs in the tab bar that go now (hard, the user elsewhere).
    private(set) var removedNow: [String] = []
    /// Notes on deprecated tabs not in the tab bar, which never appear. Reported only
    /// when leaving bootstrap: afterwards they are the steady state, not news.
    private(set) var neverShown: [String] = []

    /// - Parameters:
    ///   - shown: server ids of the tabs now in the tab bar (empty when leaving
    ///     bootstrap: that is the soft "bootstrap-to-tabbed" opportunity, so every
    ///     deprecated tab goes and every replacement shows).
    ///   - selected: the server id of the tab the user is on, if any.
    init(_ all: [TabData], hint: String, shown: Set<String>, selected: String?) {
        self.hint = hint
        // A deprecated tab stays only if the user can see it now: soft ones until the
        // next restart or bootstrap, hard ones only while the user is on them. One not
        // already shown never appears.
        var kept: [String: Deprecation] = [:]
        for tab in all {
            guard let level = tab.deprecated, shown.contains(tab.id) else { continue }
            if level == .soft || tab.id == selected { kept[tab.id] = level }
        }
        for tab in all {
            if let deprecation = tab.deprecated {
                guard let level = kept[tab.id] else {
                    let note = Self.whyDropped(tab, deprecation, wasShown: shown.contains(tab.id), in: all)
                    if shown.contains(tab.id) { removedNow.append(note) } else { neverShown.append(note) }
                    continue
                }
                tabs.append(tab)
                // A replacement that is itself deprecated would never show: skip it.
                let replacements = all.filter { $0.replaces == tab.id && $0.deprecated == nil }
                ledger.entries.append(.init(serverId: tab.id, level: level, replacements: replacements))
            } else if let replaced = tab.replaces, kept[replaced] != nil {
                continue  // hidden while the tab it replaces is shown
            } else {
                tabs.append(tab)
            }
        }
        (active, activeNote) = Self.resolve(hint: hint, all: all, visible: tabs)
    }

    var ids: [String] { tabs.map(\.id) }

    func tab(_ id: String) -> TabData? {
        tabs.first { $0.id == id }
    }

    private static func whyDropped(_ tab: TabData, _ level: Deprecation, wasShown: Bool, in all: [TabData]) -> String {
        let replacements = all.filter { $0.replaces == tab.id && $0.deprecated == nil }.map { "\"\($0.id)\"" }
        let instead = replacements.isEmpty ? "" : "; \(replacements.joined(separator: ", ")) shows instead"
        if wasShown {  // only a hard one: soft ones stay while shown
            return "\"\(tab.id)\" is hard-deprecated and the user is not on it: it goes now\(instead)"
        }
        return "\"\(tab.id)\" is \(level.rawValue)-deprecated and this tab bar is new: it is left out\(instead)"
    }

    /// Picks a visible tab for the hint. Choice (the documents are silent): a hidden
    /// deprecated tab's replacement stands in for it, a hidden replacement's deprecated
    /// tab for it, and otherwise the first tab, as the reference clients do.
    private static func resolve(hint: String, all: [TabData], visible: [TabData]) -> (String, String?) {
        if visible.contains(where: { $0.id == hint }) { return (hint, nil) }
        let hinted = all.first { $0.id == hint }
        if hinted?.deprecated != nil, let replacement = visible.first(where: { $0.replaces == hint }) {
            return (replacement.id, "active \"\(hint)\" is deprecated and not shown; its replacement \"\(replacement.id)\" stands in")
        }
        if let replaced = hinted?.replaces, visible.contains(where: { $0.id == replaced }) {
            return (replaced, "active \"\(hint)\" is hidden while \"\(replaced)\", which it replaces, is shown; \"\(replaced)\" stands in")
        }
        let first = visible.first?.id ?? hint
        return (first, "active \"\(hint)\" is not shown; the first tab \"\(first)\" stands in")
    }
}
