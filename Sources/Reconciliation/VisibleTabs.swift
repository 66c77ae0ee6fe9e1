import Schema

/// The tabs of a directive the client actually shows, after the `deprecated` /
/// `replaces` extension, with the deprecation bookkeeping that follows and the active
/// tab to use. The eleven cases are then decided on these tabs, not on the raw message.
///
/// The filter follows the reference clients (`filterForDeprecation`, the same in all
/// four); where they differ from each other the choice is noted where it is made.
struct VisibleTabs {
    /// The message's tabs, as sent.
    let all: [TabData]
    private(set) var tabs: [TabData] = []
    private(set) var ledger = DeprecationLedger()
    /// The server's active hint, as sent.
    let hint: String
    /// The tab the apps use for the hint: the hint when it is shown, else the first tab
    /// shown. The apps do not look at `replaces` here.
    private(set) var active: String
    /// What the hint stands for among the shown tabs (a hidden tab's replacement, or the
    /// deprecated tab a hidden replacement stands in for): tells case 4 from case 5 in
    /// the report only, as the apps ignore the hint there.
    private(set) var meant: String
    /// Why the hinted tab is not shown, when it is not.
    private(set) var hiddenHint: String?
    /// Notes on deprecated tabs in the tab bar that go now (hard, the user elsewhere).
    private(set) var removedNow: [String] = []
    /// Notes on deprecated tabs not in the tab bar, which never appear. Reported only
    /// when leaving bootstrap: afterwards they are the steady state, not news.
    private(set) var neverShown: [String] = []
    /// Warnings about the message whatever the step does with it (P103, P104).
    private(set) var warnings: [StepWarning] = []

    /// - Parameters:
    ///   - shown: server ids the client's containers represent: the tab bar, or the lone
    ///     tab the apps show as bootstrap mode (P101), or nothing for the bootstrap
    ///     container. Only these deprecated tabs can stay.
    ///   - selected: the server id of the tab the user is on, if any.
    init(_ all: [TabData], hint: String, shown: Set<String>, selected: String?) {
        self.all = all
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
                // Follows Android: replacements are keyed by `replaces` and the last one
                // wins, deprecated or not. iOS builds the same map with
                // Dictionary(uniqueKeysWithValues:) and traps on a second one (P103).
                let replacement = all.last { $0.replaces == tab.id }
                let hidden = all.filter { $0.replaces == tab.id && $0.deprecated == nil }
                ledger.entries.append(.init(serverId: tab.id, level: level, replacement: replacement, hidden: hidden))
            } else if let replaced = tab.replaces, kept[replaced] != nil {
                continue  // hidden while the tab it replaces is shown
            } else {
                tabs.append(tab)
            }
        }
        let shownIds = Set(tabs.map(\.id))
        // The apps' rule, in all four clients: the hint if shown, else the first tab.
        active = shownIds.contains(hint) ? hint : tabs.first?.id ?? hint
        meant = Self.standIn(for: hint, all: all, visible: tabs) ?? active
        if !shownIds.contains(hint) { hiddenHint = Self.whyHidden(hint, all: all, kept: kept) }
        warnings = Self.replacementWarnings(all: all) + deprecatedReplacementWarnings(all: all)
    }

    var ids: [String] { tabs.map(\.id) }

    func tab(_ id: String) -> TabData? {
        tabs.first { $0.id == id }
    }

    /// `/tabs/<index>` of the message, or `/tabs` for an id it does not hold.
    func pointer(to id: String) -> JSONPointer {
        all.firstIndex { $0.id == id }.map { JSONPointer.tabs.appending(index: $0) } ?? .tabs
    }

    /// When the hint picks a container's tab (case 2 promotes to it, a morph turns the
    /// user's container into it) and deprecation hides the hinted tab: a P102 warning
    /// where the apps' first-tab fallback differs from the tab the hint stands for, a
    /// note where it agrees. `action` says what happens to which container.
    func hintReport(action: String) -> (warnings: [StepWarning], notes: [String]) {
        guard let hiddenHint else { return ([], []) }
        let standIn = Self.standIn(for: hint, all: all, visible: tabs)
        if standIn == active {
            return ([], ["active \"\(hint)\" is not shown (\(hiddenHint)); the first tab, \"\(active)\", is used, which is also the tab it stands for"])
        }
        let instead = standIn.map { ", not under \"\($0)\", which stands for it" } ?? ""
        let advice = if let replacement = all.last(where: { $0.replaces == hint && $0.deprecated == nil }) {
            "For the pages of a deprecated tab, send its replacement as \"active\" (\"\(replacement.id)\")"
        } else {
            "Send as \"active\" a tab the client shows; a tab that is phased out needs a replacement for its pages to land on"
        }
        return ([StepWarning(.activeHidden, """
            active "\(hint)" is not shown (\(hiddenHint)): the apps fall back to the first tab, so the page on screen \
            appears under "\(active)"\(instead) (\(action)). \(advice)
            """, at: .active)], [])
    }

    private static func whyDropped(_ tab: TabData, _ level: Deprecation, wasShown: Bool, in all: [TabData]) -> String {
        let replacements = all.filter { $0.replaces == tab.id && $0.deprecated == nil }.map { "\"\($0.id)\"" }
        let instead = replacements.isEmpty ? "" : "; \(replacements.joined(separator: ", ")) shows instead"
        if wasShown {  // only a hard one: soft ones stay while shown
            return "\"\(tab.id)\" is hard-deprecated and the user is not on it: it goes now\(instead)"
        }
        return "\"\(tab.id)\" is \(level.rawValue)-deprecated and this tab bar is new: it is left out\(instead)"
    }

    private static func whyHidden(_ hint: String, all: [TabData], kept: [String: Deprecation]) -> String? {
        guard let tab = all.first(where: { $0.id == hint }) else { return nil }
        if let level = tab.deprecated { return "it is \(level.rawValue)-deprecated and not in the tab bar" }
        if let replaced = tab.replaces, kept[replaced] != nil {
            return "it is hidden while \"\(replaced)\", which it replaces, is shown"
        }
        return nil
    }

    /// The shown tab a hidden hint stands for: a deprecated tab's replacement, or the
    /// deprecated tab a hidden replacement replaces. Nil when there is none.
    private static func standIn(for hint: String, all: [TabData], visible: [TabData]) -> String? {
        if visible.contains(where: { $0.id == hint }) { return hint }
        let hinted = all.first { $0.id == hint }
        if hinted?.deprecated != nil, let replacement = visible.first(where: { $0.replaces == hint }) {
            return replacement.id
        }
        if let replaced = hinted?.replaces, visible.contains(where: { $0.id == replaced }) {
            return replaced
        }
        return nil
    }

    /// P103 for every tab that more than one tab replaces: the iOS clients trap on the
    /// message, whatever the client shows.
    private static func replacementWarnings(all: [TabData]) -> [StepWarning] {
        var warnings: [StepWarning] = []
        var reported: Set<String> = []
        for (index, tab) in all.enumerated() {
            guard let replaced = tab.replaces, !reported.contains(replaced) else { continue }
            let replacing = all.filter { $0.replaces == replaced }
            guard replacing.count > 1, let last = replacing.last else { continue }
            reported.insert(replaced)
            let names = replacing.map { "\"\($0.id)\"" }.joined(separator: ", ")
            let secondIndex = all.indices.filter { all[$0].replaces == replaced }.dropFirst().first ?? index
            warnings.append(StepWarning(.severalReplacements, """
                \(replacing.count) tabs (\(names)) replace "\(replaced)": the iOS apps crash on this message \
                (they key replacements by "replaces"); the Android apps keep only the last, "\(last.id)", so when \
                a hard-deprecated "\(replaced)" goes on a tap only "\(last.id)" takes its place and the others appear \
                only with the next message, as added tabs. Give a deprecated tab one replacement (TG107)
                """, at: JSONPointer.tabs.appending(index: secondIndex).appending(key: "replaces")))
        }
        return warnings
    }

    /// P104 for a hard-deprecated tab the user is on whose replacement is itself
    /// deprecated: the apps insert it when the user leaves, unlike a new tab bar.
    private func deprecatedReplacementWarnings(all: [TabData]) -> [StepWarning] {
        ledger.entries.compactMap { entry -> StepWarning? in
            guard entry.level == .hard, let replacement = entry.replacement, let level = replacement.deprecated else { return nil }
            let index = all.firstIndex(of: replacement) ?? 0
            return StepWarning(.deprecatedReplacement, """
                "\(replacement.id)", which replaces the hard-deprecated "\(entry.serverId)" the user is on, is itself \
                \(level.rawValue)-deprecated: when the user leaves "\(entry.serverId)", the apps put "\(replacement.id)" \
                in its place anyway (a new tab bar would not show it), and it stays until a message removes it. \
                Replace "\(entry.serverId)" with a tab that is not deprecated, or drop the "replaces"
                """, at: JSONPointer.tabs.appending(index: index).appending(key: "deprecated"))
        }
    }
}
