import JSON
import Schema
import Pages
import PathConfiguration

/// Checks one HTML page: finds the elements that connect the Stimulus controllers of the
/// project's bridge components and validates the JSON in the value attribute of each
/// web-to-native event that has one (`data-bridge--navigation-config-value`).
///
/// Findings sit where the page shows them: page-level ones (no element, a second
/// element, no value attribute, an unknown bridge component) at the element (or 1:1),
/// and those about the JSON at the start of the attribute value, with the JSON pointer
/// as usual; a position inside the JSON would not be a position in the file once
/// `&quot;` and friends are decoded.
struct HTMLInput: Sendable {
    /// One event of one contract whose data a page carries in a value attribute.
    struct Check: Sendable {
        let contract: BridgeContract
        let event: ContractEvent
        let validator: PayloadValidator
        /// Named in findings when the project has several contracts or this one lists events.
        let subject: FindingSubject?
    }

    /// Every contract of the project, those without a value to check included: their
    /// elements are known components, not TG023.
    let contracts: [BridgeContract]
    let checks: [Check]
    let allowMissing: Bool
    let maxFindings: Int
    /// The apps the pages are judged for (`--platform`). An element opted out on a
    /// platform (`data-controller-optout-ios="bridge--menu"`) sends nothing there, and an
    /// event's `platforms` say what each app requires or ignores in its data; a finding
    /// that holds on some of these platforms only says which.
    var platforms: Set<AppPlatform> = Set(AppPlatform.allCases)

    /// The components, for the User-Agent (`bridge-components: [navigation menu]`).
    var components: [String] { contracts.map(\.component) }

    private var scanner: BridgePageScanner {
        BridgePageScanner(components: contracts.map { contract in
            let events = checks.filter { $0.contract == contract }.map(\.event)
            let sources = events.flatMap { ($0.fromElement ?? []).map(\.source) }
            var targets: [String] = []
            for target in sources.flatMap(\.targets) where !targets.contains(target) { targets.append(target) }
            return BridgePageScanner.Component(identifier: contract.stimulusIdentifier,
                                               valueAttributes: events.filter { $0.fromElement == nil }.map { contract.valueAttribute(of: $0) },
                                               readsElement: sources.contains { $0.targets.isEmpty }, targets: targets)
        }, unknownLimit: maxFindings, optOutPlatforms: AppPlatform.allCases.map(\.rawValue))
    }

    func findings(page bytes: [UInt8], file: String) -> [LocatedFinding] {
        let scan = scanner.scan(bytes)
        let checked = contracts.indices.filter { index in checks.contains { $0.contract == contracts[index] } }
        var payloads: [PayloadKey: PayloadReport] = [:]
        var located: [LocatedFinding]
        let ordered = AppPlatform.allCases.filter(platforms.contains)
        let alike = ordered.count == AppPlatform.allCases.count
            && !checks.contains(where: { !$0.event.platforms.isEmpty })
            // `data-bridge-disabled="ios"` disables an item the page's data is built from on one platform.
            && !checks.contains(where: { $0.event.fromElement != nil })
            && !checked.contains(where: { scan.elements[$0].contains { !$0.optedOut.isEmpty } })
        if alike {
            // Nothing on this page differs by platform: one pass, findings as they always were.
            located = findings(scan, checked: checked, on: nil, file: file, payloads: &payloads)
        } else {
            located = Self.merged(ordered.map { ($0, findings(scan, checked: checked, on: $0, file: file, payloads: &payloads)) })
        }
        for unknown in scan.unknown {
            let known = contracts.map(\.stimulusIdentifier).joined(separator: ", ")
            // The same component under another name (`bridge--button` for the guides' `button`).
            let segment = BridgePageScanner.lastSegment(of: Array(unknown.identifier.utf8))
            let meant = contracts.first { BridgePageScanner.lastSegment(of: Array($0.stimulusIdentifier.utf8)).elementsEqual(segment) }
            let hint = meant.map { " (did you mean \"\($0.stimulusIdentifier)\", the identifier of contract \($0.component)?)" } ?? ""
            let message = "data-controller=\"\(unknown.identifier)\" names a bridge component that no contract of the project describes (contracts: \(known))\(hint), so nothing checks what it sends"
            located.append(Self.place(Self.pageFinding(FindingCode.unknownBridgeComponent, .warning, message), at: unknown.position, file: file))
        }
        if scan.hiddenUnknown > 0, let last = scan.unknown.last {
            let more = scan.hiddenUnknown == 1 ? "1 more unknown bridge component" : "\(scan.hiddenUnknown) more unknown bridge components"
            var note = Self.place(Self.pageFinding(FindingCode.unknownBridgeComponent, .warning,
                                                   "\(more) on this page (TG023 warnings) are not shown (--max-findings \(maxFindings); 0 shows all)"),
                                  at: last.position, file: file)
            note.isNote = true
            // Counted in the summary (and by --strict) as if they were shown.
            note.unlisted = (0, scan.hiddenUnknown)
            located.append(note)
        }
        return located.sortedByPosition()
    }

    /// The page-level and payload findings of the elements `platform` sees (nil: every
    /// platform alike), without TG023, which does not depend on the platform.
    private func findings(_ scan: BridgePageScanner.Scan, checked: [Int], on platform: AppPlatform?, file: String,
                          payloads: inout [PayloadKey: PayloadReport]) -> [LocatedFinding] {
        var located: [LocatedFinding] = []
        // An opted-out element's controller connects but is not `enabled`: it sends nothing there.
        let active = checked.map { index in
            scan.elements[index].filter { element in platform.map { !element.optedOut.contains($0.rawValue) } ?? true }
        }
        if active.allSatisfy(\.isEmpty), !allowMissing {
            let identifiers = checked.map { contracts[$0].stimulusIdentifier }
            let message = identifiers.count == 1
                ? "no element on this page has data-controller=\"\(identifiers[0])\", so the app gets no \(checks.first.map { Self.what($0) } ?? "data") from it (--allow-missing accepts such pages)"
                : "no element on this page has a data-controller of the project's contracts (\(identifiers.joined(separator: ", "))), so the app gets no data from it (--allow-missing accepts such pages)"
            located.append(LocatedFinding(file: file, line: 1, column: 1, finding: Self.pageFinding(FindingCode.missingPayload, .error, message)))
        }
        for (index, elements) in zip(checked, active) {
            let contract = contracts[index]
            guard let first = elements.first else { continue }
            let events = checks.filter { $0.contract == contract }
            for (number, element) in elements.enumerated() {
                if number > 0, let primary = events.first {
                    let message = "another element with data-controller=\"\(contract.stimulusIdentifier)\" (the first is at \(first.position)): each sends a \(primary.event.name) message and the app keeps whichever arrives last"
                    located += [Self.place(Self.pageFinding(FindingCode.multiplePayloads, .warning, message), at: element.position, file: file)].about(primary.subject)
                }
                for check in events {
                    if let fields = check.event.fromElement {
                        located += elementFindings(fields, element: element, scan: scan, file: file, check: check, on: platform)
                        continue
                    }
                    let attribute = contract.valueAttribute(of: check.event)
                    let found = element.bridgeElement(valueAttribute: attribute)
                    guard let value = found.value, let valuePosition = found.valuePosition else {
                        let message = "<\(element.tagName)> has data-controller=\"\(contract.stimulusIdentifier)\" but no \(attribute) attribute, so it sends no \(check.subject == nil ? "configuration" : "\(check.event.name) data")"
                        located += [Self.place(Self.pageFinding(FindingCode.missingPayload, .error, message), at: element.position, file: file)].about(check.subject)
                        continue
                    }
                    // Validated once, whatever the number of platforms.
                    let key = PayloadKey(line: valuePosition.line, column: valuePosition.column, contract: index, event: check.event.name)
                    let report = payloads[key] ?? payloadReport(value, at: valuePosition, file: file, check: check)
                    payloads[key] = report
                    located += payloadFindings(report, at: valuePosition, file: file, check: check, on: platform)
                }
            }
        }
        return located
    }

    /// The findings of the platforms' lists that hold on every platform as they are; the
    /// others say on which platforms they hold (`(on iOS)`).
    private static func merged(_ lists: [(AppPlatform, [LocatedFinding])]) -> [LocatedFinding] {
        var order: [String] = []
        var found: [String: (finding: LocatedFinding, platforms: [AppPlatform])] = [:]
        for (platform, list) in lists {
            // The same finding twice in one list is two findings: the second pairs with the
            // other platform's second, not with the first.
            var seen: [String: Int] = [:]
            for item in list {
                let text = "\(item.line):\(item.column):\(item.isNote):\(item.subject?.description ?? ""):\(item.finding.code):\(item.finding.pointer):\(item.finding.message)"
                let key = "\(seen[text, default: 0]):\(text)"
                seen[text, default: 0] += 1
                if found[key] == nil { order.append(key) }
                found[key, default: (item, [])].platforms.append(platform)
            }
        }
        return order.compactMap { key in
            guard let entry = found[key] else { return nil }
            guard entry.platforms.count < AppPlatform.allCases.count else { return entry.finding }
            var labelled = entry.finding
            labelled.finding.message += " (on \(entry.platforms.map(\.displayName).joined(separator: " and ")))"
            return labelled
        }
    }

    /// What the event carries, for messages: today's wording for the tab bar.
    private static func what(_ check: Check) -> String {
        check.subject == nil && check.event.name == "configure" ? "tab bar configuration" : "\(check.event.name) data"
    }

    /// One attribute value's JSON (nil when it is not well-formed) and its findings, in
    /// JSON order, all placed at the value's start. A syntax error also says where in
    /// the decoded JSON it is.
    private struct PayloadReport {
        var json: JSON?
        var findings: [LocatedFinding]
        var counts: (errors: Int, warnings: Int)
    }

    /// An attribute value of one element, checked as one event of one contract.
    private struct PayloadKey: Hashable {
        var line: Int
        var column: Int
        var contract: Int
        var event: String
    }

    private func payloadReport(_ value: String, at position: SourcePosition, file: String, check: Check) -> PayloadReport {
        let bytes = Array(value.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let report = check.validator.report(for: buffer)
            let findings = report.findings.located(in: buffer, file: file, firstLine: 1).map { item in
                var placed = item
                if item.finding.code == FindingCode.malformedJSON {
                    let place = item.line == 1 ? "character \(item.column)" : "line \(item.line), character \(item.column)"
                    placed.finding.message += " (at \(place) of the decoded attribute value)"
                }
                placed.line = position.line
                placed.column = position.column
                return placed
            }
            // The tree is wanted only to look for the members a platform requires.
            let json = check.event.platforms.contains(where: { !$0.value.requires.isEmpty })
                ? try? check.validator.reader.parse(buffer) : nil
            return PayloadReport(json: json, findings: findings, counts: (report.errors, report.warnings))
        }
    }

    /// A payload's findings on `platform` (nil: every platform alike): none inside what
    /// the platform's app ignores, and TG012 for each member it requires that is missing.
    private func payloadFindings(_ report: PayloadReport, at position: SourcePosition, file: String, check: Check, on platform: AppPlatform?) -> [LocatedFinding] {
        guard let platform, let fields = check.event.platforms[platform.rawValue] else {
            return report.findings.limited(to: maxFindings, total: report.counts).about(check.subject)
        }
        var counts = report.counts
        var kept = report.findings.filter { item in
            guard fields.ignores.contains(where: { item.finding.pointer.isInside($0) }) else { return true }
            if item.finding.severity == .error { counts.errors -= 1 } else { counts.warnings -= 1 }
            return false
        }
        if let json = report.json {
            for required in fields.requires {
                guard let name = required.tokens.last?.text else { continue }
                let parent = JSONPointer(Array(required.tokens.dropLast()))
                guard case .object(let object)? = json.value(at: parent.tokens), object[name] == nil else { continue }
                let finding = Finding(code: FindingCode.missingProperty, severity: .error, pointer: parent,
                                      message: "missing required property \(JSONWriter.quoted(name)), which the \(platform.displayName) app cannot decode the \(check.event.name) data without (the contract's platforms.\(platform.rawValue).requires)")
                kept.append(Self.place(finding, at: position, file: file))
                counts.errors += 1
            }
        }
        return kept.limited(to: maxFindings, total: counts).about(check.subject)
    }

    /// Findings for data the script reads from the element (`fromElement`): the data is
    /// built as the bridge JavaScript builds it and checked as the event's data; each
    /// finding sits where its field was read (the attribute's value, or the element), and
    /// says what was read there.
    private func elementFindings(_ fields: [ElementField], element: BridgePageScanner.Element, scan: BridgePageScanner.Scan,
                                 file: String, check: Check, on platform: AppPlatform?) -> [LocatedFinding] {
        // `data-bridge-disabled` names a platform too: without one, only "true" disables.
        let built = ElementData(fields: fields, element: element, scan: scan, platform: platform?.rawValue)
        let identifier = check.contract.stimulusIdentifier
        var located: [LocatedFinding] = []
        for target in built.missingTargets {
            let message = "<\(element.tagName)> has data-controller=\"\(identifier)\" but no element with data-\(identifier)-target=\"\(target)\" in it: Stimulus throws on the \(target) target, so it sends no \(check.event.name) data"
            located.append(Self.place(Self.pageFinding(FindingCode.missingPayload, .error, message), at: element.position, file: file))
        }
        for pointer in built.throwingFields {
            guard let origin = built.origins[pointer] else { continue }
            let finding = Finding(code: FindingCode.missingPayload, severity: .error, pointer: pointer,
                                  message: "\(origin.note) and the page sends no \(check.event.name) data")
            located.append(Self.place(finding, at: origin.position, file: file))
        }
        guard built.missingTargets.isEmpty, built.throwingFields.isEmpty else { return located.about(check.subject) }
        let report = check.validator.report(for: built.data)
        for finding in report.findings {
            var field = finding.pointer
            if finding.code == FindingCode.missingProperty, let name = finding.schemaPath?.last {
                field = field.appending(key: name)
            }
            // The field's origin, or the nearest one above it (an item, the array).
            var origin = built.origins[field]
            while origin == nil, !field.tokens.isEmpty {
                field = JSONPointer(Array(field.tokens.dropLast()))
                origin = built.origins[field]
            }
            var placed = finding
            if let origin { placed.message += " (\(origin.note))" }
            located.append(Self.place(placed, at: origin?.position ?? element.position, file: file))
        }
        return located.limited(to: maxFindings, total: (report.errors, report.warnings)).about(check.subject)
    }

    private static func pageFinding(_ code: String, _ severity: Severity, _ message: String) -> Finding {
        Finding(code: code, severity: severity, pointer: .root, message: message)
    }

    private static func place(_ finding: Finding, at position: SourcePosition, file: String) -> LocatedFinding {
        LocatedFinding(file: file, line: position.line, column: position.column, finding: finding)
    }

    /// The finding for a page over the size limit.
    static func tooLarge(file: String, limit: Int) -> LocatedFinding {
        LocatedFinding(file: file, line: 1, column: 1, finding: pageFinding(
            FindingCode.tooLarge, .error, "page is larger than the limit of \(limit) bytes (--max-bytes)"))
    }
}
