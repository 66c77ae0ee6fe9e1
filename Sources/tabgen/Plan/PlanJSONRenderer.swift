import Reconciliation
import Schema

/// The plan as one JSON document, for programs:
///
///     {"steps": [...], "findings": [...], "warnings": 1}
///
/// Each step has `step` (the payload step; taps and restarts carry the step they
/// follow), `kind` (configure, select, restart), `source`, `case` (number and name, or
/// null), `events`, `mode`, `tabBar`, `selected`, `pending`, `warnings` and `notes`.
struct PlanJSONRenderer {
    func document(entries: [PlanEntry], findings: [LocatedFinding]) -> JSON {
        let warningCount = entries.reduce(0) { $0 + $1.report.warnings.count }
        return object([
            ("steps", .array(entries.map(step))),
            ("findings", .array(findings.map(finding))),
            ("warnings", number(warningCount)),
        ])
    }

    private func step(_ entry: PlanEntry) -> JSON {
        let report = entry.report
        var members: [(String, JSON)] = [("step", number(entry.step))]
        switch report.trigger {
        case .configure: members.append(("kind", .string("configure")))
        case .select(let id): members += [("kind", .string("select")), ("tab", .string(id))]
        case .restart: members.append(("kind", .string("restart")))
        }
        members.append(("source", object([("file", .string(entry.payload.file)), ("line", number(entry.payload.line))])))
        members.append(("case", report.reconciliationCase.map { object([("number", number($0.number)), ("name", .string($0.name))]) } ?? .null))
        members.append(("events", .array(report.events.map(event))))
        members.append(("mode", .string(report.state.mode.rawValue)))
        members.append(("tabBar", .array(report.state.visibleTabs.map { tab($0, selected: report.state.selectedID) })))
        members.append(("selected", object([("container", .string(report.state.selectedID.rawValue)),
                                            ("id", optional(report.state.selected.serverId))])))
        members.append(("pending", .array(report.state.deprecations.entries.map(pending))))
        members.append(("warnings", .array(report.warnings.map { warning($0, in: entry.payload) })))
        members.append(("notes", .array(report.notes.map(JSON.string))))
        return object(members)
    }

    private func event(_ event: ContainerEvent) -> JSON {
        object([
            ("kind", .string(event.kind.rawValue)),
            ("container", .string(event.container.rawValue)),
            ("from", optional(event.from)),
            ("to", optional(event.to)),
            ("changedLabels", .array(event.changedLabels.map(JSON.string))),
        ])
    }

    private func tab(_ container: Container, selected: ContainerID) -> JSON {
        object([
            ("container", .string(container.id.rawValue)),
            ("id", optional(container.serverId)),
            ("title", .string(container.title)),
            ("icon", .string(container.icon)),
            ("path", .string(container.path)),
            ("selected", .bool(container.id == selected)),
        ])
    }

    private func pending(_ entry: DeprecationLedger.Entry) -> JSON {
        object([
            ("id", .string(entry.serverId)),
            ("deprecated", .string(entry.level.rawValue)),
            ("replacements", .array(entry.successors.map { .string($0.id) })),
        ])
    }

    private func warning(_ warning: StepWarning, in payload: PlanPayload) -> JSON {
        let position = payload.position(of: warning.pointer)
        return object([
            ("code", .string(warning.code.rawValue)),
            ("message", .string(warning.message)),
            ("file", .string(payload.file)),
            ("line", number(position.line)),
            ("column", number(position.column)),
        ])
    }

    private func finding(_ item: LocatedFinding) -> JSON {
        object([
            ("file", .string(item.file)),
            ("line", number(item.line)),
            ("column", number(item.column)),
            ("severity", .string(item.finding.severity.rawValue)),
            ("code", .string(item.finding.code)),
            ("pointer", .string(item.finding.pointer.description)),
            ("message", .string(item.finding.message)),
        ])
    }

    private func object(_ members: [(String, JSON)]) -> JSON {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }

    private func number(_ value: Int) -> JSON { .number(Double(value)) }

    private func optional(_ text: String?) -> JSON { text.map(JSON.string) ?? .null }
}
