import JSON

/// Validating the data of one event of a contract: the payload is the event's data (its
/// `definitions` entry), checked by RFC 8927 and by the rules that name that event.
extension PayloadValidator {
    /// A validator for `event`'s data. For the one event of a single-event schema (data on
    /// the root) this is `init(document:)`, byte pass included.
    public init(document: SchemaDocument, event: ContractEvent) {
        self.init(document: document.document(for: event))
    }
}

extension SchemaDocument {
    /// The document whose root is `event`'s data and whose rules are those of `event`, so
    /// every validator (the byte pass, the tree path, the rule engine) checks the event's
    /// data as it checks a root payload. Schema paths in findings still say
    /// `/definitions/NAME/...`, which is where the data's schema is in the file.
    public func document(for event: ContractEvent) -> SchemaDocument {
        let root: Schema
        switch event.data {
        case .root:
            return self
        case .definition(let name):
            root = Schema(form: .ref(name), pointer: JSONPointer([.key("definitions"), .key(name)]))
        case .none:
            // No data: Hotwire Native sends an empty object (`send(event)`, `reply(to:)`).
            root = Schema(form: .properties(PropertiesForm(required: [], optional: [], additionalProperties: false, hasPropertiesKeyword: true)))
        }
        var extensions = self.extensions
        extensions.rules = extensions.rules.filter { $0.event == event.name }
        return SchemaDocument(root: root, definitions: definitions, extensions: extensions, sourceName: sourceName, source: source)
    }
}

extension BridgeContract {
    /// The event named `name` (exact match), if the contract has one.
    public func event(named name: String) -> ContractEvent? {
        events.first { $0.name == name }
    }

    /// The event a payload is validated as when none is named: the one event of a
    /// single-event schema, else the contract's primary web-to-native event.
    public var primaryEvent: ContractEvent? {
        event(named: event) ?? webToNativeEvents.first
    }

    /// The HTML attribute that carries `event`'s data, named as Stimulus names a value
    /// (`valueAttribute` for the contract's primary value). Only events with a value have
    /// one; for the others this is the primary value's attribute.
    public func valueAttribute(of event: ContractEvent) -> String {
        "data-\(stimulusIdentifier)-\(Self.dasherize(event.value ?? value))-value"
    }
}
