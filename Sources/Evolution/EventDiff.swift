import Schema

/// Two contracts that list events, compared event by event: events are matched by name,
/// and each event's data (its definition and its rules) is compared as a schema of its
/// own, in the direction the event travels.
///
/// `oldClients` and `newClients` keep naming the two deploy situations, an old app
/// meeting the new server and a new app meeting an old server. For a web-to-native event
/// the app reads what the page sends, as for the tab bar. For a native-to-web reply the
/// roles swap: the page reads what the app sends, so an old app meeting the new server
/// means new pages reading an old app's reply (the differ's "new clients"), and the two
/// effects are exchanged. A reply that gains a required member thus breaks new pages
/// meeting old apps, where the same change to a web-to-native event breaks new apps
/// meeting old pages.
struct EventDiff {
    let old: SchemaDocument
    let new: SchemaDocument

    static let events = ContractDiff.contract.appending(key: "events")

    func changes() -> [SchemaChange] {
        guard let before = old.extensions.contract, let after = new.extensions.contract else {
            return ContractDiff(old: old, new: new).changes()
        }
        // The primary event and value are derived from the events, which are compared below.
        let derived: Set<JSONPointer> = [ContractDiff.contract.appending(key: "event"), ContractDiff.contract.appending(key: "value")]
        var changes = ContractDiff(old: old, new: new).changes().filter { !derived.contains($0.location) }
        for (oldIndex, event) in before.events.enumerated() {
            let oldPointer = Self.events.appending(index: oldIndex)
            guard let newIndex = after.events.firstIndex(where: { $0.name == event.name }) else {
                changes.append(removed(event, at: oldPointer))
                continue
            }
            let match = after.events[newIndex]
            let newPointer = Self.events.appending(index: newIndex)
            if let change = changedShape(event, match, old: oldPointer, new: newPointer) {
                // A message that goes elsewhere has no data to compare with the old one.
                changes.append(change)
                continue
            }
            changes += dataChanges(event, match)
            changes += ElementDiff(event: Self.label(match)).changes(event.fromElement, match.fromElement, old: oldPointer, new: newPointer)
        }
        for (newIndex, event) in after.events.enumerated() where before.event(named: event.name) == nil {
            changes.append(added(event, at: Self.events.appending(index: newIndex)))
        }
        return changes
    }

    private static func label(_ event: ContractEvent) -> String {
        switch event.direction {
        case .webToNative: "event \(JSONWriter.quoted(event.name)) (web to native)"
        case .nativeToWeb: "reply \(JSONWriter.quoted(event.name)) (native to web, to \(JSONWriter.quoted(event.wireName)))"
        }
    }

    /// The data's changes, from the schema walk and the rules of that event, named after
    /// the event and, for a reply, with the two deploy situations exchanged.
    private func dataChanges(_ oldEvent: ContractEvent, _ newEvent: ContractEvent) -> [SchemaChange] {
        let oldData = old.document(for: oldEvent)
        let newData = new.document(for: newEvent)
        var walk = SchemaWalk(old: oldData, new: newData)
        walk.compare(oldData.root, newData.root)
        return (walk.changes + RuleDiff(old: oldData, new: newData).changes()).map { change in
            var named = change
            named.message = "\(Self.label(newEvent)): \(change.message)"
            if newEvent.direction == .nativeToWeb {
                named.oldClients = Effect(change.newClients.impact, "new pages read an old app's reply: \(change.newClients.reason)")
                named.newClients = Effect(change.oldClients.impact, "old pages read a new app's reply: \(change.oldClients.reason)")
            }
            return named
        }
    }

    /// Direction, reply target or value changed: the message no longer reaches the code
    /// that handled it, both ways.
    private func changedShape(_ before: ContractEvent, _ after: ContractEvent, old: JSONPointer, new: JSONPointer) -> SchemaChange? {
        var what: [String] = []
        var field = "name"
        if before.direction != after.direction { what.append("direction \(before.direction.rawValue) -> \(after.direction.rawValue)"); field = "direction" }
        if before.replyTo != after.replyTo { what.append("replyTo \(before.replyTo.map(JSONWriter.quoted) ?? "none") -> \(after.replyTo.map(JSONWriter.quoted) ?? "none")"); field = "replyTo" }
        if (before.value ?? "") != (after.value ?? "") { what.append("value \(before.value.map(JSONWriter.quoted) ?? "none") -> \(after.value.map(JSONWriter.quoted) ?? "none")"); field = "value" }
        guard !what.isEmpty else { return nil }
        let message = "\(Self.label(after)) changed: \(what.joined(separator: ", "))"
        return SchemaChange(code: .eventChanged, message: message, oldPointer: old.appending(key: field), newPointer: new.appending(key: field), location: new,
                            oldClients: .breaking("old apps handle the event as it was, so what the new server's pages send or expect goes unhandled"),
                            newClients: .breaking("new apps handle the event as it is now, so what an old server's pages send or expect goes unhandled"))
    }

    private func removed(_ event: ContractEvent, at pointer: JSONPointer) -> SchemaChange {
        let (oldClients, newClients): (Effect, Effect) = switch event.direction {
        case .webToNative:
            (.safe("the new server's pages no longer send it; old apps wait for nothing"),
             .breaking("an old server's pages still send it, and new apps no longer handle it: the feature does nothing"))
        case .nativeToWeb:
            (.breaking("old apps still send this reply, and the new server's pages no longer handle it"),
             .breaking("old pages wait for a reply that new apps no longer send"))
        }
        return SchemaChange(code: .eventRemoved, message: "\(Self.label(event)) removed", oldPointer: pointer, newPointer: nil, location: Self.events,
                            oldClients: oldClients, newClients: newClients)
    }

    private func added(_ event: ContractEvent, at pointer: JSONPointer) -> SchemaChange {
        let (oldClients, newClients): (Effect, Effect) = switch event.direction {
        case .webToNative:
            (.breaking("old apps do not handle it: what the new server's pages ask for does nothing there"),
             .safe("an old server's pages never send it"))
        case .nativeToWeb:
            (.breaking("old apps never send it, so the new server's pages wait for it in vain"),
             .safe("old pages ignore a reply they do not expect"))
        }
        return SchemaChange(code: .eventAdded, message: "\(Self.label(event)) added", oldPointer: nil, newPointer: pointer,
                            oldClients: oldClients, newClients: newClients)
    }
}
