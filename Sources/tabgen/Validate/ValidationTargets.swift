import Schema

/// What `tabgen validate` checks payloads and pages against, from the project's
/// contracts, `--contract` and `--event`.
///
/// A payload file is the data of one event of one contract (default: the only contract,
/// and its primary event). A page is checked for every contract (or the one of
/// `--contract`): each web-to-native event with a `value` has its data in an attribute.
struct ValidationTargets {
    struct Payload {
        var document: SchemaDocument
        var validator: PayloadValidator
        var subject: FindingSubject?
    }

    /// What payload files and JSON Lines are checked as.
    var payload: Payload
    /// Every bridge contract of the project: their elements are known on a page.
    var pageContracts: [BridgeContract]
    /// The events whose data pages carry, with their documents.
    private var pageEvents: [(document: SchemaDocument, contract: BridgeContract, event: ContractEvent)] = []
    /// Findings name contract and event when there is more than one of either to tell apart.
    private var namesSubjects: Bool

    init(contracts: [ProjectContract], contract name: String?, event eventName: String?, pages: Bool) throws(CLIError) {
        namesSubjects = contracts.count > 1 || contracts.contains { $0.contract?.listsEvents == true }
        pageContracts = contracts.compactMap(\.contract)
        var scope = contracts
        if let name { scope = [try ConfigContext.select(name, from: contracts)] }
        let selected = pages ? scope[0] : try ConfigContext.select(name, from: contracts)
        if pages {
            // Payload files are not read with pages; the validator is only a placeholder.
            payload = Payload(document: selected.document, validator: PayloadValidator(document: SchemaDocument(
                root: Schema(form: .empty), definitions: [], extensions: TabgenExtensions(), sourceName: selected.name, source: [])), subject: nil)
            for project in scope {
                guard let contract = project.contract else { continue }
                var events = contract.webToNativeEvents.filter(\.isOnPage)
                if let eventName {
                    let event = try Self.event(eventName, of: contract, in: project)
                    guard event.direction == .webToNative, event.isOnPage else {
                        throw CLIError("the \(event.name) event of \(contract.component) has no value attribute and no fromElement, so pages carry no data of it to check (\(project.name))")
                    }
                    events = [event]
                }
                pageEvents += events.map { (project.document, contract, $0) }
            }
            if pageEvents.isEmpty, !pageContracts.isEmpty {
                throw CLIError("no web-to-native event of \(scope.map(\.component).joined(separator: ", ")) has a value attribute or reads its data from the element (fromElement), so there is no data to check in pages")
            }
            return
        }
        // One validator, built once: its byte pass is compiled from the event's document.
        guard let contract = selected.contract else {
            if eventName != nil { throw CLIError("\(selected.name) declares no bridge contract (metadata.tabgen.contract), so it has no events for --event") }
            payload = Payload(document: selected.document, validator: PayloadValidator(document: selected.document), subject: nil)
            return
        }
        var chosen = contract.primaryEvent
        if let eventName { chosen = try Self.event(eventName, of: contract, in: selected) }
        guard let event = chosen else {
            payload = Payload(document: selected.document, validator: PayloadValidator(document: selected.document), subject: nil)
            return
        }
        payload = Payload(document: selected.document, validator: PayloadValidator(document: selected.document, event: event),
                          subject: namesSubjects ? FindingSubject(contract: contract.component, event: event.name) : nil)
    }

    /// One validator per event a page may carry.
    func pageChecks(maxFindings: Int) -> [HTMLInput.Check] {
        pageEvents.map { item in
            var validator = PayloadValidator(document: item.document, event: item.event)
            validator.maxFindings = maxFindings
            return HTMLInput.Check(contract: item.contract, event: item.event, validator: validator,
                                   subject: namesSubjects ? FindingSubject(contract: item.contract.component, event: item.event.name) : nil)
        }
    }

    private static func event(_ name: String, of contract: BridgeContract, in project: ProjectContract) throws(CLIError) -> ContractEvent {
        if let event = contract.event(named: name) { return event }
        let names = contract.events.map(\.name)
        let hint = Suggestion.closest(to: name, among: names).map { "; did you mean \($0)?" } ?? ""
        throw CLIError("\(contract.component) (\(project.name)) has no event \(JSONWriter.quoted(name))\(hint) (events: \(names.joined(separator: ", ")))")
    }
}
