import Reconciliation
import Schema

/// Prints a plan for a Rails developer: per step, the case, the container events, the
/// tab bar the user sees, then notes and warnings. In `github` format the warnings are
/// workflow annotations instead.
struct PlanTextRenderer {
    var annotates: Bool

    func lines(for entries: [PlanEntry]) -> [String] {
        var lines: [String] = []
        for (index, entry) in entries.enumerated() {
            if index > 0 { lines.append("") }
            lines += self.lines(for: entry)
        }
        return lines
    }

    func lines(for entry: PlanEntry) -> [String] {
        let report = entry.report
        var lines = [heading(for: entry)]
        for kind in ContainerEvent.Kind.allCases {
            let events = report.events.filter { $0.kind == kind }
            guard !events.isEmpty else { continue }
            lines.append(row(kind.rawValue, events.map(describe).joined(separator: ", ")))
        }
        lines.append(row("tab bar", tabBar(report.state)))
        for pending in report.state.deprecations.entries {
            lines.append(row("pending", describe(pending, in: report.state)))
        }
        lines += report.notes.map { "  note: \($0)" }
        for warning in report.warnings {
            if annotates {
                lines.append(annotation(for: warning, in: entry).text)
            } else {
                lines.append("  warning[\(warning.code.rawValue)]: \(warning.message)")
            }
        }
        return lines
    }

    /// `step 2 (after.json): case 9 — Tabbed → Tabbed (Active Tab Removed)`
    private func heading(for entry: PlanEntry) -> String {
        switch entry.report.trigger {
        case .configure:
            let kind = entry.report.reconciliationCase.map { "case \($0.number) — \($0.name)" } ?? "configure"
            return "step \(entry.step) (\(entry.payload.label)): \(kind)"
        case .select(let id):
            return "after step \(entry.step): the user taps \"\(id)\""
        case .restart:
            return "after step \(entry.step): the app restarts"
        }
    }

    private func row(_ label: String, _ text: String) -> String {
        "  " + label.padding(toLength: 9, withPad: " ", startingAt: 0) + " " + text
    }

    private func describe(_ event: ContainerEvent) -> String {
        let id = event.container.rawValue
        switch event.kind {
        case .promoted:
            // A lone tab shown as bootstrap mode (P101) is promoted from what it represented.
            return "\(id) \(event.from.map { "\($0) " } ?? "")→ \(event.to ?? "?")"
        case .morphed:
            return "\(id) \(event.from ?? "?") → \(event.to ?? "?")"
        case .demoted:
            return "\(id) \(event.from ?? "?") → bootstrap"
        case .kept, .created, .disposed:
            let represented = (event.kind == .disposed ? event.from : event.to) ?? "(bootstrap)"
            let changes = event.changedLabels.isEmpty ? "" : " (new \(event.changedLabels.joined(separator: ", ")))"
            return "\(id) \(represented)\(changes)"
        }
    }

    /// `[Home*] [Explore] [Profile]`, the asterisk on the selected tab.
    private func tabBar(_ state: ClientState) -> String {
        guard state.mode == .tabbed else {
            if let lone = state.selected.serverId {
                return "none (one tab left, \(lone), shown as bootstrap: one web view, \(state.selectedID))"
            }
            return "none (bootstrap: one web view, \(state.selectedID))"
        }
        return state.containers.map { "[\($0.title)\($0.id == state.selectedID ? "*" : "")]" }.joined(separator: " ")
    }

    private func describe(_ pending: DeprecationLedger.Entry, in state: ClientState) -> String {
        let title = state.container(representing: pending.serverId)?.title ?? pending.serverId
        let when = switch pending.level {
        case .soft: "goes at the next app restart or bootstrap → tabbed transition (soft)"
        case .hard: "goes when the user leaves it (hard)"
        }
        let successors = pending.successors.map(\.title)
        let then = successors.isEmpty ? "" : "; \(successors.joined(separator: ", ")) then takes its place"
        return "\(title) \(when)\(then)"
    }

    private func annotation(for warning: StepWarning, in entry: PlanEntry) -> GitHubAnnotation {
        let position = entry.payload.position(of: warning.pointer)
        return GitHubAnnotation(level: .warning, file: entry.payload.file, line: position.line, column: position.column,
                                title: "tabgen plan \(warning.code.rawValue) (step \(entry.step))",
                                message: warning.message)
    }
}

extension LocatedFinding {
    /// A finding as a workflow annotation (`::error` or `::warning`).
    var annotation: GitHubAnnotation {
        GitHubAnnotation(level: finding.severity == .error ? .error : .warning, file: file, line: line, column: column,
                         title: "tabgen \(finding.code)", message: "\(finding.pointer.tokens.isEmpty ? "(root)" : finding.pointer.description): \(finding.message)")
    }
}
