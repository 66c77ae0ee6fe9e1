import JSON

/// Validating the data of one event of a contract: the payload is the event's data (its
/// `definitions` entry), checked by RFC 8927 and by the rules that name that event.
extension PayloadValidator {
    /// A validator for `event`'s data. For the one event of a single-event schema (data on
    /// the root) this is `init(document:)`, byte pass included.
    /// A web-to-native event's data is checked as it reaches the app, in the bridge's
    /// envelope (`SchemaDocument.messageDocument(for:)`).
    public init(document: SchemaDocument, event: ContractEvent) {
        self.init(document: document.messageDocument(for: event))
    }
}

extension SchemaDocument {
    /// The document whose root is `event`'s data and whose rules are those of `event`, so
    /// every validator (the byte pass, the tree path, the rule engine) checks the event's
    /// data as it checks a root payload. Schema paths in findings still say
    /// `/definitions/NAME/...`, which is where the data's schema is in the file (for
    /// `messageDocument(for:)`, whose root is a copy of it, they start at that copy).
    public func document(for event: ContractEvent) -> SchemaDocument {
        document(for: event, envelope: false)
    }

    /// `document(for:)` as the app receives a web-to-native event: its data with the
    /// bridge's optional `metadata` member (`envelopeMember`), typed, beside the data's own
    /// members. What generated code parses and conformance derives stays the data itself.
    public func messageDocument(for event: ContractEvent) -> SchemaDocument {
        document(for: event, envelope: event.direction == .webToNative || event.echo)
    }

    /// Whether `event`'s data reaches its receiver in the bridge's envelope, `metadata`
    /// beside members of its own, as `messageDocument(for:)` checks it: a web-to-native
    /// event's (or an echo's) data of a properties form that does not declare `metadata`.
    /// Generated code that checks such data against its schema leaves `metadata` out.
    public func dataCarriesEnvelope(_ event: ContractEvent) -> Bool {
        guard event.direction == .webToNative || event.echo else { return false }
        if event.echo, let answered = event.replyTo.flatMap({ self.extensions.contract?.event(named: $0) }), !answered.echo {
            return dataCarriesEnvelope(answered)
        }
        guard case .definition(let name) = event.data, let definition = definition(named: name),
              case .properties(let form) = definition.form else { return false }
        return Self.addingEnvelope(to: form) != nil
    }

    private func document(for event: ContractEvent, envelope: Bool) -> SchemaDocument {
        // An echo is the answered message itself: its data, metadata included, and rules.
        if event.echo, let answered = event.replyTo.flatMap({ self.extensions.contract?.event(named: $0) }), !answered.echo {
            return document(for: answered, envelope: envelope)
        }
        let root: Schema
        switch event.data {
        case .root:
            guard envelope, case .properties(let form) = self.root.form, let enveloped = Self.addingEnvelope(to: form) else { return self }
            let root = Schema(form: .properties(enveloped), nullable: self.root.nullable, metadata: self.root.metadata, pointer: self.root.pointer)
            return SchemaDocument(root: root, definitions: definitions, extensions: extensions, sourceName: sourceName, source: source)
        case .definition(let name):
            let pointer = JSONPointer([.key("definitions"), .key(name)])
            if envelope, let definition = definition(named: name), case .properties(let form) = definition.form,
               let enveloped = Self.addingEnvelope(to: form) {
                root = Schema(form: .properties(enveloped), nullable: definition.nullable, metadata: definition.metadata, pointer: pointer)
            } else {
                root = Schema(form: .ref(name), pointer: pointer)
            }
        case .none:
            // No data of its own: Hotwire Native sends an empty object (`send(event)`,
            // `reply(to:)`), which the bridge's envelope fills on the way to the app.
            let none = PropertiesForm(required: [], optional: [], additionalProperties: false, hasPropertiesKeyword: true)
            root = Schema(form: .properties(envelope ? Self.addingEnvelope(to: none) ?? none : none))
        }
        var extensions = self.extensions
        extensions.rules = extensions.rules.filter { $0.event == event.name }
        return SchemaDocument(root: root, definitions: definitions, extensions: extensions, sourceName: sourceName, source: source)
    }

    /// The member the bridge adds to the data of every web-to-native message: Stimulus
    /// `BridgeComponent.send` sets `data.metadata = {url: window.location.href}`, and the
    /// apps read `metadata.url` (iOS `Message.metadata`, Android `Message.metadata`).
    public static let envelopeMember = "metadata"

    /// `form` with the bridge's optional `metadata: {url: string}` (more members allowed,
    /// as a newer bridge may add some), or nil when the data declares `metadata` itself.
    static func addingEnvelope(to form: PropertiesForm) -> PropertiesForm? {
        guard !form.all.contains(where: { $0.property.name == envelopeMember }) else { return nil }
        let url = Property(name: "url", schema: Schema(form: .type(.string)))
        let metadata = Schema(form: .properties(PropertiesForm(required: [url], optional: [], additionalProperties: true, hasPropertiesKeyword: true)))
        return PropertiesForm(required: form.required, optional: form.optional + [Property(name: envelopeMember, schema: metadata)],
                              additionalProperties: form.additionalProperties, hasPropertiesKeyword: form.hasPropertiesKeyword)
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
