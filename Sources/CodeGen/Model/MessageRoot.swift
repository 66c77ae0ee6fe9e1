import Schema

/// A type generated code decodes a whole message into: the schema's root for a
/// one-event schema (`schema.json`), else the data definition of each event of a
/// contract that lists its events (`contracts/menu.json`: `MenuData`, `Selection`).
/// Fixtures, round-trip tests and `validate()` entry points are made per message root.
public struct MessageRoot: Sendable {
    /// The declaration of the message type.
    public var id: DeclarationID
    /// The type of the whole message (`.nullable` for a nullable root).
    public var type: TypeRef
    /// The member of `definitions` it is; nil for the schema's root.
    public var definition: String?
    /// The contract's events whose data it is, in contract order (empty for a schema
    /// without a contract).
    public var events: [ContractEvent]
    /// The rules its `validate()` checks, paths relative to the message: the schema's rules
    /// for the root, the rules of its events for an event data type.
    public var rules: [Rule] = []
}

extension BridgeContract {
    /// The data definitions of the events, each once, in the order events name them.
    /// Empty for the one-event form (its data is the root).
    public var eventDataDefinitions: [(name: String, events: [ContractEvent])] {
        guard listsEvents else { return [] }
        var order: [String] = []
        var events: [String: [ContractEvent]] = [:]
        for event in self.events {
            guard case .definition(let name) = event.data else { continue }
            if events[name] == nil { order.append(name) }
            events[name, default: []].append(event)
        }
        return order.map { ($0, events[$0] ?? []) }
    }
}

extension SchemaDocument {
    /// Whether the document is a contract that lists its events: no root type is
    /// generated, the event data definitions are the message roots.
    public var listsEvents: Bool {
        extensions.contract?.listsEvents == true
    }

    /// The document as a one-message schema whose root is `definition` (the other
    /// definitions kept for refs), for deriving and labeling that message's fixtures.
    /// The rules kept are those of the events whose data `definition` is (their paths
    /// start at that data), as `document(for:)` keeps them for validating one event.
    public func rooted(at definition: String) -> SchemaDocument? {
        guard let schema = self.definition(named: definition) else { return nil }
        var extensions = self.extensions
        extensions.rootName = definition
        extensions.rules = rules(ofDataOf: definition)
        return SchemaDocument(root: schema, definitions: definitions, extensions: extensions, sourceName: sourceName, source: source)
    }
}

extension SchemaDocument {
    /// The rules of the events whose data is `definition`, in document order (a rule names
    /// one event; several events may carry the same data type).
    public func rules(ofDataOf definition: String) -> [Rule] {
        let events = Set((extensions.contract?.events ?? []).filter { $0.data == .definition(definition) }.map(\.name))
        return extensions.rules.filter { rule in rule.event.map(events.contains) ?? false }
    }
}

extension MessageRoot {
    /// What the data is, for generated documentation: "the data of the `display` event of
    /// the `menu` bridge component", a reply saying which event it answers.
    public func contractSentence(component: String) -> String? {
        guard !events.isEmpty else { return nil }
        let names = events.map { event in
            event.direction == .nativeToWeb
                ? "the `\(event.name)` reply (sent back as the `\(event.wireName)` event)"
                : "the `\(event.name)` event"
        }
        return "Bridge contract: the data of \(names.joined(separator: " and ")) of the `\(component)` bridge component."
    }

    /// The one event name on the wire whose data this is (`Message.event`); nil when
    /// several events carry it under different names.
    public var wireEvent: String? {
        let names = Set(events.map(\.wireName))
        return names.count == 1 ? names.first : nil
    }
}

extension TypeModel {
    /// The rules `declaration`'s `validate()` checks: the schema's rules for the root of a
    /// one-event schema, its events' rules for an event data type, none for the others.
    public func rules(of declaration: Declaration) -> [Rule] {
        if listsEvents { return eventRoot(declaration.id)?.rules ?? [] }
        return declaration.isRoot ? rules : []
    }

    /// The message root of a contract that lists events that `id` declares, if any.
    public func eventRoot(_ id: DeclarationID) -> MessageRoot? {
        listsEvents ? messageRoots.first { $0.id == id } : nil
    }
}
