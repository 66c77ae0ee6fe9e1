import Reconciliation
import Schema

/// The plan as one self-contained HTML page, a storyboard for the people who decide a
/// rollout: per step, the tab bar as iOS draws it and as Android draws it, what changed
/// since the step before, the warnings with their `tabgen explain` text, and where the
/// platforms differ.
///
/// The page loads nothing (inline CSS, one small inline script that opens collapsed
/// parts before printing; a Content-Security-Policy forbids any request), and every
/// text from the payloads is escaped. Its size is linear in the number of steps: each
/// step is drawn from its own state and the one before, and the explain text of a code is
/// looked up once.
///
/// The DOM is the contract of the browser test (Tests/Plan/browser): a step is
/// `section.step[data-entry]`, a bar `ul.tabbar[data-platform]` of `li.tab[data-id]`
/// (the selected one with `aria-current`), a warning `details.warning[data-code]`, a crash
/// `.crash[data-platform]`.
struct PlanHTMLRenderer {
    /// Runs of at least this many consecutive steps where nothing changes are collapsed.
    static let collapsedRun = 3
    /// A table of contents longer than this starts closed.
    static let openContentsLimit = 100
    /// Tabs the iPhone tab bar shows before it puts the rest under More (UITabBarController
    /// and SwiftUI's TabView show all tabs up to five, else four and More).
    static let iPhoneTabLimit = 5

    /// The icon of the reference Android app (tildeio/hotwire-native-dynamic-tab-bar,
    /// `iconForTab`): the SF Symbol names it knows, as Material icons; any other name
    /// falls back to Home.
    static let materialIcons: [String: String] = [
        "house": "Home", "house.fill": "Home",
        "magnifyingglass": "Search",
        "books.vertical": "LibraryBooks", "books.vertical.fill": "LibraryBooks",
        "person.crop.circle": "AccountCircle", "person.crop.circle.fill": "AccountCircle",
        "heart": "Favorite", "heart.fill": "Favorite",
        "star": "Star", "star.fill": "Star",
    ]
    static let materialFallback = "Home"

    enum Platform: String, CaseIterable {
        case ios, android
        var name: String { self == .ios ? "iOS" : "Android" }
    }

    func page(entries: [PlanEntry], findings: [LocatedFinding]) -> String {
        var explanations = Explanations()
        let steps = entries.enumerated().map { index, entry in
            Step(index: index, entry: entry, previous: index > 0 ? entries[index - 1].report : nil)
        }
        var html = HTMLText.head(title: "tabgen plan: \(entries.count) step\(entries.count == 1 ? "" : "s")", style: Self.style)
        html += "<body>\n<a class=\"skip\" href=\"#steps\">Skip to the steps</a>\n"
        html += header(steps: steps, findings: findings)
        let groups = Self.groups(steps)
        html += contents(groups)
        html += "<main id=\"steps\" tabindex=\"-1\">\n"
        for group in groups {
            if group.count >= Self.collapsedRun {
                let first = group[0], last = group[group.count - 1]
                html += "<details class=\"run\" id=\"run-\(first.index + 1)\"><summary>\(escaped(first.label)) to \(escaped(last.label)): nothing changes (\(group.count) steps)</summary>\n"
                for step in group { html += section(step, explanations: &explanations) }
                html += "</details>\n"
            } else {
                for step in group { html += section(step, explanations: &explanations) }
            }
        }
        html += "</main>\n<footer><p>Made by <code>tabgen plan --format html</code>. Plan follows the shipped reference apps; where they differ it follows Android (docs/plan.md).</p></footer>\n"
        html += "<script>addEventListener(\"beforeprint\",()=>{for(const d of document.querySelectorAll(\"details\"))d.open=true})</script>\n"
        html += "</body>\n</html>"
        return html
    }

    // MARK: - One step

    /// A step with what it changed, computed once.
    struct Step {
        var index: Int
        var entry: PlanEntry
        var changes: [Change]
        var differences: [String]
        /// Server ids of the tabs new in the bar, and relabelled.
        var added: Set<String>
        var relabelled: Set<String>

        var report: StepReport { entry.report }

        /// Nothing to look at: no change, warning, note or container event but `kept`.
        var isQuiet: Bool {
            report.trigger == .configure && changes.isEmpty && report.warnings.isEmpty && report.notes.isEmpty
                && report.events.allSatisfy { $0.kind == .kept }
        }

        var label: String {
            switch report.trigger {
            case .configure: "Step \(entry.step)"
            case .select(let id): "After step \(entry.step), tap \u{201C}\(id)\u{201D}"
            case .restart: "After step \(entry.step), restart"
            }
        }

        init(index: Int, entry: PlanEntry, previous: StepReport?) {
            self.index = index
            self.entry = entry
            let before = previous?.state.visibleTabs ?? []
            let after = entry.report.state.visibleTabs
            let beforeIds = before.map(Self.key), afterIds = after.map(Self.key)
            let beforeSet = Set(beforeIds), afterSet = Set(afterIds)
            var changes: [Change] = []
            if before.isEmpty != after.isEmpty {
                changes.append(after.isEmpty ? .barHidden : .barShown)
            }
            var added: Set<String> = []
            if !before.isEmpty && !after.isEmpty {
                added = afterSet.subtracting(beforeSet)
                // A deprecated tab that went with its successor arriving: one replacement,
                // not a removal and an addition.
                var replacedOld: Set<String> = [], replacedNew: Set<String> = []
                let ledger = previous?.state.deprecations
                for id in beforeIds where !afterSet.contains(id) {
                    for successor in ledger?.entry(for: id)?.successors ?? [] where added.contains(successor.id) && !replacedNew.contains(successor.id) {
                        changes.append(.replaced(old: Self.title(id, in: before), new: Self.title(successor.id, in: after)))
                        replacedOld.insert(id)
                        replacedNew.insert(successor.id)
                    }
                }
                for event in entry.report.events where event.kind == .morphed {
                    if let from = event.from, let to = event.to { changes.append(.morphed(from: from, to: to)) }
                }
                for id in afterIds where added.contains(id) && !replacedNew.contains(id) {
                    changes.append(.added(Self.title(id, in: after)))
                }
                for id in beforeIds where !afterSet.contains(id) && !replacedOld.contains(id) {
                    changes.append(.removed(Self.title(id, in: before)))
                }
            }
            var relabelled: Set<String> = []
            let beforeByKey = Dictionary(before.map { (Self.key($0), $0) }, uniquingKeysWith: { first, _ in first })
            for tab in after {
                guard let old = beforeByKey[Self.key(tab)] else { continue }
                if old.title != tab.title { changes.append(.relabelled(old: old.title, new: tab.title)); relabelled.insert(Self.key(tab)) }
                if old.icon != tab.icon { changes.append(.newIcon(tab: tab.title, old: old.icon, new: tab.icon)); relabelled.insert(Self.key(tab)) }
            }
            let common = afterIds.filter(beforeSet.contains)
            if common != beforeIds.filter(afterSet.contains) { changes.append(.reordered) }
            if let previous, previous.state.mode == .tabbed, entry.report.state.mode == .tabbed,
               previous.state.selected.serverId != entry.report.state.selected.serverId {
                changes.append(.selectionMoved(from: previous.state.selected.title, to: entry.report.state.selected.title))
            }
            self.changes = changes
            self.added = added
            self.relabelled = relabelled
            differences = Self.differences(entry.report)
        }

        static func key(_ container: Container) -> String { container.serverId ?? container.id.rawValue }

        private static func title(_ key: String, in tabs: [Container]) -> String {
            tabs.first { Self.key($0) == key }?.title ?? key
        }

        /// Where what iOS users see is not what Android users see.
        static func differences(_ report: StepReport) -> [String] {
            var lines: [String] = []
            let codes = Set(report.warnings.map(\.code))
            if codes.contains(.severalReplacements) {
                lines.append("iOS crashes on this message (two tabs replace one: its replacement map traps); Android goes on and keeps the last replacement. The steps that follow show the Android app.")
            }
            if codes.contains(.everyTabDeprecated) {
                lines.append("Android throws at once; iOS is left without a tab and crashes on the next message. Both are shown relaunched.")
            }
            let tabs = report.state.visibleTabs
            if tabs.count > PlanHTMLRenderer.iPhoneTabLimit {
                let under = tabs.dropFirst(PlanHTMLRenderer.iPhoneTabLimit - 1).map { "\u{201C}\($0.title)\u{201D}" }.joined(separator: ", ")
                lines.append("\(tabs.count) tabs: an iPhone shows \(PlanHTMLRenderer.iPhoneTabLimit - 1) and More (\(under) under More); Android shows all \(tabs.count).")
            }
            for tab in tabs where PlanHTMLRenderer.materialIcons[tab.icon] == nil {
                lines.append("Icon \u{201C}\(tab.icon)\u{201D} of \u{201C}\(tab.title)\u{201D}: iOS draws that SF Symbol; the reference Android app has no Material icon for it and draws \(PlanHTMLRenderer.materialFallback).")
            }
            return lines
        }
    }

    enum Change {
        case barShown, barHidden, reordered
        case added(String), removed(String)
        case replaced(old: String, new: String)
        case morphed(from: String, to: String)
        case relabelled(old: String, new: String)
        case newIcon(tab: String, old: String, new: String)
        case selectionMoved(from: String, to: String)

        var kind: String {
            switch self {
            case .barShown, .barHidden: "bar"
            case .reordered: "reordered"
            case .added: "added"
            case .removed: "removed"
            case .replaced: "replaced"
            case .morphed: "morphed"
            case .relabelled, .newIcon: "relabelled"
            case .selectionMoved: "selection"
            }
        }

        var text: String {
            func quoted(_ text: String) -> String { "\u{201C}\(text)\u{201D}" }
            return switch self {
            case .barShown: "The tab bar appears"
            case .barHidden: "The tab bar goes (one web view, no tabs)"
            case .reordered: "The tabs are in a new order"
            case .added(let title): "Added \(quoted(title))"
            case .removed(let title): "Removed \(quoted(title))"
            case .replaced(let old, let new): "\(quoted(new)) replaced \(quoted(old))"
            case .morphed(let from, let to): "The page of \(quoted(from)) now shows under \(quoted(to))"
            case .relabelled(let old, let new): "Relabelled \(quoted(old)) as \(quoted(new))"
            case .newIcon(let tab, let old, let new): "New icon on \(quoted(tab)): \(old) → \(new)"
            case .selectionMoved(let from, let to): "Selection moved from \(quoted(from)) to \(quoted(to))"
            }
        }
    }

    /// A list of the class `name`, named `label` for screen readers, around `items`.
    private func labelledList(_ name: String, _ label: String, _ items: [String]) -> String {
        "<ul class=\"\(name)\" aria-label=\"\(label)\">" + items.joined() + "</ul>\n"
    }

    private func section(_ step: Step, explanations: inout Explanations) -> String {
        let report = step.report
        let id = "step-\(step.index + 1)"
        var html = "<section class=\"step\(report.warnings.isEmpty ? "" : " warned")\" id=\"\(id)\" data-entry=\"\(step.index)\" aria-labelledby=\"\(id)-h\">\n"
        html += "<h2 id=\"\(id)-h\">\(escaped(heading(step)))</h2>\n"
        if !step.changes.isEmpty {
            html += labelledList("changes", "What changed", step.changes.map { "<li class=\"change \($0.kind)\">\(escaped($0.text))</li>" })
        }
        html += "<div class=\"bars\">\n"
        for platform in Platform.allCases { html += bar(step, platform) }
        html += "</div>\n"
        if !step.differences.isEmpty {
            html += "<div class=\"differences\" role=\"note\"><h3>iOS and Android differ</h3><ul>"
            for line in step.differences { html += "<li>\(escaped(line))</li>" }
            html += "</ul></div>\n"
        }
        for warning in report.warnings {
            let code = warning.code.rawValue
            html += "<details class=\"warning\" data-code=\"\(code)\"><summary><span class=\"code\">\(code)</span> <span class=\"message\">\(escaped(warning.message))</span></summary>"
            html += "<div class=\"explain\"><p class=\"command\"><code>tabgen explain \(code)</code></p>\(explanations.html(for: code))</div></details>\n"
        }
        if !report.notes.isEmpty {
            html += labelledList("notes", "Notes", report.notes.map { "<li>\(escaped($0))</li>" })
        }
        html += "<details class=\"text\"><summary>Containers and pending tabs</summary><pre>"
        html += PlanTextRenderer(annotates: false).lines(for: step.entry).dropFirst().map(escaped).joined(separator: "\n")
        html += "</pre></details>\n</section>\n"
        return html
    }

    private func heading(_ step: Step) -> String {
        let report = step.report
        switch report.trigger {
        case .configure:
            let kind = report.reconciliationCase.map { "case \($0.number), \($0.name)" } ?? "configure"
            return "\(step.label) (\(step.entry.payload.label)): \(kind)"
        case .select, .restart:
            return step.label
        }
    }

    private func bar(_ step: Step, _ platform: Platform) -> String {
        let report = step.report
        let codes = Set(report.warnings.map(\.code))
        let label = "\(platform.name) tab bar, \(step.label)"
        var html = "<figure class=\"platform \(platform.rawValue)\"><figcaption>\(platform.name)</figcaption>\n"
        let crashed = codes.contains(.everyTabDeprecated) || (platform == .ios && codes.contains(.severalReplacements))
        if crashed {
            html += "<p class=\"crash\" data-platform=\"\(platform.rawValue)\">The app crashes on this message\(codes.contains(.everyTabDeprecated) ? "; shown relaunched" : "")</p>\n"
        }
        let tabs = report.state.visibleTabs
        if platform == .ios && codes.contains(.severalReplacements) {
            html += "<p class=\"no-bar\">No tab bar: the app is not running</p>\n"
        } else if tabs.isEmpty {
            html += "<p class=\"no-bar\">No tab bar: one web view\(report.state.selected.serverId.map { " (\(escaped($0)))" } ?? "")</p>\n"
        } else {
            html += "<ul class=\"tabbar\" data-platform=\"\(platform.rawValue)\" aria-label=\"\(escaped(label))\">"
            let overflows = platform == .ios && tabs.count > Self.iPhoneTabLimit
            let shown = overflows ? Self.iPhoneTabLimit - 1 : tabs.count
            for tab in tabs.prefix(shown) { html += item(tab, step, platform) }
            if overflows {
                let selectedInside = tabs.dropFirst(shown).contains { $0.id == report.state.selectedID }
                html += "<li class=\"more\(selectedInside ? " selected" : "")\"><span class=\"icon\" aria-hidden=\"true\" title=\"SF Symbol ellipsis\">ellipsis</span><span class=\"title\">More</span>"
                html += "<ul aria-label=\"Under More\">"
                for tab in tabs.dropFirst(shown) { html += item(tab, step, platform) }
                html += "</ul></li>"
            }
            html += "</ul>\n"
        }
        return html + "</figure>\n"
    }

    private func item(_ tab: Container, _ step: Step, _ platform: Platform) -> String {
        let report = step.report
        let key = Step.key(tab)
        let selected = tab.id == report.state.selectedID
        var classes = ["tab"]
        if selected { classes.append("selected") }
        if step.added.contains(key) { classes.append("added") }
        if step.relabelled.contains(key) { classes.append("relabelled") }
        let icon = platform == .ios ? tab.icon : Self.materialIcons[tab.icon] ?? Self.materialFallback
        let iconKind = platform == .ios ? "SF Symbol" : "Material icon"
        var html = "<li class=\"\(classes.joined(separator: " "))\" data-id=\"\(escaped(key))\" data-container=\"\(tab.id.rawValue)\"\(selected ? " aria-current=\"true\"" : "")>"
        html += "<span class=\"icon\" aria-hidden=\"true\" title=\"\(iconKind) \(escaped(icon))\">\(escaped(icon))</span>"
        html += "<span class=\"title\">\(escaped(tab.title))</span>"
        if let pending = report.state.deprecations.entry(for: tab.serverId) {
            html += "<span class=\"badge deprecated\">deprecated (\(pending.level.rawValue))</span>"
        }
        if step.added.contains(key) { html += "<span class=\"badge new\">new</span>" }
        if step.relabelled.contains(key) { html += "<span class=\"badge relabelled\">relabelled</span>" }
        if selected { html += "<span class=\"sr\"> (selected)</span>" }
        return html + "</li>"
    }

    // MARK: - Page parts

    /// Consecutive quiet steps together, every other step alone.
    static func groups(_ steps: [Step]) -> [[Step]] {
        var groups: [[Step]] = []
        for step in steps {
            if step.isQuiet, let last = groups.last, last.allSatisfy(\.isQuiet) {
                groups[groups.count - 1].append(step)
            } else {
                groups.append([step])
            }
        }
        // A short quiet run is not worth a fold: its steps stand alone.
        return groups.flatMap { $0.count >= collapsedRun ? [$0] : $0.map { [$0] } }
    }

    private func header(steps: [Step], findings: [LocatedFinding]) -> String {
        let payloads = steps.filter { $0.report.trigger == .configure }.count
        let warnings = steps.reduce(0) { $0 + $1.report.warnings.count }
        var html = "<header>\n<h1>What users mid-session see</h1>\n"
        html += "<p>\(payloads) payload\(payloads == 1 ? "" : "s"), \(steps.count) step\(steps.count == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"). "
        html += "Each step shows the tab bar as iOS draws it and as Android draws it. Legend: <span class=\"badge new\">new</span> tab, <span class=\"badge relabelled\">relabelled</span>, <span class=\"badge deprecated\">deprecated</span>, the selected tab underlined and bold.</p>\n"
        var first: [String: Int] = [:], counts: [String: Int] = [:], order: [String] = []
        for step in steps {
            for warning in step.report.warnings {
                let code = warning.code.rawValue
                if first[code] == nil { first[code] = step.index; order.append(code) }
                counts[code, default: 0] += 1
            }
        }
        if !order.isEmpty {
            html += "<ul class=\"summary\" aria-label=\"Warnings\">"
            for code in order {
                html += "<li><a href=\"#step-\((first[code] ?? 0) + 1)\">\(code)</a> × \(counts[code] ?? 0)</li>"
            }
            html += "</ul>\n"
        }
        if !findings.isEmpty {
            html += "<section class=\"findings\" aria-labelledby=\"findings-h\"><h2 id=\"findings-h\">Findings</h2><ul>"
            for item in findings { html += "<li class=\"finding \(item.finding.severity.rawValue)\">\(escaped(item.text))</li>" }
            html += "</ul></section>\n"
        }
        return html + "</header>\n"
    }

    private func contents(_ groups: [[Step]]) -> String {
        var html = "<nav aria-label=\"Contents\"><details class=\"contents\"\(groups.count <= Self.openContentsLimit ? " open" : "")><summary>Contents (\(groups.count) entr\(groups.count == 1 ? "y" : "ies"))</summary><ol>\n"
        for group in groups {
            let first = group[0]
            if group.count >= Self.collapsedRun {
                html += "<li><a href=\"#run-\(first.index + 1)\">\(escaped(first.label)) to \(escaped(group[group.count - 1].label)): nothing changes</a></li>\n"
            } else {
                let codes = first.report.warnings.map(\.code.rawValue)
                let warned = codes.isEmpty ? "" : " <span class=\"codes\">\(codes.joined(separator: " "))</span>"
                html += "<li><a href=\"#step-\(first.index + 1)\">\(escaped(heading(first)))</a>\(warned)</li>\n"
            }
        }
        return html + "</ol></details></nav>\n"
    }

    /// The explain text of each code, rendered once.
    struct Explanations {
        private var cache: [String: String] = [:]

        mutating func html(for code: String) -> String {
            if let html = cache[code] { return html }
            let text = CodeDocumentation.section(for: code) ?? "No documentation for \(code)."
            // The section's `### CODE: title` heading becomes a heading; the rest, paragraphs.
            let html = text.split(separator: "\n\n", omittingEmptySubsequences: true).map { block in
                var block = String(block)
                while block.hasSuffix("\n") { block.removeLast() }
                let paragraph = HTMLText.escaped(block)
                return block.hasPrefix("### ") ? "<h4>\(paragraph.dropFirst(4))</h4>" : "<p>\(paragraph)</p>"
            }.joined()
            cache[code] = html
            return html
        }
    }

    private func escaped(_ text: String) -> String { HTMLText.escaped(text) }

    static let style = """
    :root{--added:#1a7f37;--removed:#cf222e;--changed:#9a6700;--selected:#0969da;--ink:#1f2328;--muted:#59636e;--line:#d0d7de}
    body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);margin:0 auto;max-width:1100px;padding:0 1rem 2rem}
    .skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.25rem .5rem}
    a:focus,summary:focus{outline:3px solid var(--selected);outline-offset:2px}
    .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
    h1{font-size:1.5rem}h2{font-size:1.1rem;margin:.2rem 0 .5rem}h3{font-size:.95rem;margin:0 0 .25rem}
    .summary{display:flex;gap:1rem;list-style:none;padding:0}
    nav ol{columns:2;font-size:.9rem}.codes{color:var(--removed);font-weight:600}
    .step{border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem;margin:1rem 0}
    .step.warned{border-left:6px solid var(--changed)}
    .changes{list-style:none;padding:0;margin:0 0 .5rem;display:flex;flex-wrap:wrap;gap:.4rem}
    .change{border-radius:4px;padding:0 .4rem;border:1px solid currentColor;font-size:.9rem}
    .change.added{color:var(--added)}.change.removed,.change.morphed{color:var(--removed)}.change.replaced,.change.relabelled,.change.reordered{color:var(--changed)}.change.selection,.change.bar{color:var(--selected)}
    .bars{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
    @media (max-width:700px){.bars{grid-template-columns:1fr}}
    figure{margin:0;border:1px solid var(--line);border-radius:8px;padding:.5rem}figcaption{font-weight:600;color:var(--muted);font-size:.85rem}
    .tabbar{display:flex;list-style:none;margin:.4rem 0 0;padding:.3rem;gap:.25rem;background:#f6f8fa;border-radius:6px;min-height:3.2rem}
    .android .tabbar{background:#f3edf7}
    .tabbar li{flex:1 1 0;min-width:0;display:flex;flex-direction:column;align-items:center;padding:.2rem;border-radius:6px;text-align:center;font-size:.8rem}
    .tabbar .more ul{list-style:none;padding:0;margin:.2rem 0 0;border-top:1px dashed var(--line);width:100%}
    .icon{font:.68rem ui-monospace,monospace;color:var(--muted);border:1px dashed var(--line);border-radius:4px;padding:0 .2rem;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
    .title{overflow-wrap:anywhere}
    .tab.selected,.more.selected>.title{color:var(--selected);font-weight:700;text-decoration:underline}.tab.selected,.more.selected{background:#ddf4ff}
    .tab.added{box-shadow:inset 0 0 0 2px var(--added)}.tab.relabelled{box-shadow:inset 0 0 0 2px var(--changed)}
    .badge{font-size:.68rem;border-radius:8px;padding:0 .35rem;color:#fff;font-weight:600;text-decoration:none;display:inline-block}
    .badge.new{background:var(--added)}.badge.relabelled{background:var(--changed)}.badge.deprecated{background:var(--removed)}
    .no-bar{color:var(--muted);font-style:italic}.crash{color:var(--removed);font-weight:700}
    .differences{background:#fff8c5;border-radius:6px;padding:.4rem .7rem;margin-top:.6rem}.differences ul{margin:0;padding-left:1.2rem}
    .warning{margin-top:.5rem;border:1px solid var(--changed);border-radius:6px;padding:.3rem .6rem}.warning .code{font-weight:700;color:var(--changed)}
    .explain{white-space:pre-wrap;font-size:.9rem}.notes{color:var(--muted);font-size:.9rem}
    details.text pre{white-space:pre-wrap;font-size:.8rem}
    details.run{border:1px dashed var(--line);border-radius:8px;padding:.4rem 1rem;margin:1rem 0}
    @media print{.skip,nav{display:none}body{max-width:none;font-size:11pt}.step{break-inside:avoid}*{print-color-adjust:exact;-webkit-print-color-adjust:exact}a{color:inherit}}
    """
}
