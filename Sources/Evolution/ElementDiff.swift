import Schema

/// Two versions of one event's `fromElement`: where the page's script (the generated
/// Stimulus base, and `validate --html`) reads each field of the data on the element.
///
/// The apps never see it: they receive the data. The two sides here are the markup the
/// server renders (the attributes, targets and text the contract says to read) and the
/// script that reads it, which may not change together (hand-written templates, a page
/// still open or restored from Turbo's cache across a deploy). As in the rest of the
/// differ, *old clients* read the new server's output: a base generated from the old
/// contract reading markup written for the new one; *new clients* the new base reading
/// markup written for the old one.
struct ElementDiff {
    let event: String

    func changes(_ before: [ElementField]?, _ after: [ElementField]?, old: JSONPointer, new: JSONPointer) -> [SchemaChange] {
        let oldPointer = old.appending(key: "fromElement")
        let newPointer = new.appending(key: "fromElement")
        switch (before, after) {
        case (nil, nil):
            return []
        case (nil, _?), (_?, nil):
            let added = before == nil
            return [change(added ? "now built from the element (fromElement added)" : "no longer built from the element (fromElement removed)",
                           old: added ? nil : oldPointer, new: added ? newPointer : nil, location: added ? newPointer : new,
                           oldClients: .breaking(added ? "an old base sends the data of the value attribute, which pages written for the new contract need not render"
                                                       : "an old base builds the data from elements that pages written for the new contract need not mark up"),
                           newClients: .breaking(added ? "the new base builds the data from elements that pages written for the old contract need not mark up"
                                                       : "the new base sends the data of the value attribute, which pages written for the old contract need not render"))]
        case (let before?, let after?):
            return fields(before, after, old: oldPointer, new: newPointer, path: "")
        }
    }

    /// Fields matched by name; `path` names the enclosing `each` field in messages.
    private func fields(_ before: [ElementField], _ after: [ElementField], old: JSONPointer, new: JSONPointer, path: String) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        for field in before {
            let name = path + field.name
            let oldField = old.appending(key: field.name)
            guard let match = after.first(where: { $0.name == field.name }) else {
                changes.append(change("field \(JSONWriter.quoted(name)) no longer read from the element", old: oldField, new: nil, location: new,
                                      oldClients: .breaking("an old base still reads it from pages written for the new contract, which need not mark it up"),
                                      newClients: .safe("the new base no longer reads what pages written for the old contract mark up")))
                continue
            }
            changes += source(name, field.source, match.source, old: oldField, new: new.appending(key: field.name))
        }
        for field in after where !before.contains(where: { $0.name == field.name }) {
            let at = new.appending(key: field.name)
            changes.append(change("field \(JSONWriter.quoted(path + field.name)) now read from the element", old: nil, new: at, location: at,
                                  oldClients: .safe("an old base does not read it; the new pages' markup for it goes unread"),
                                  newClients: .breaking("the new base reads it from pages written for the old contract, which need not mark it up")))
        }
        return changes
    }

    private func source(_ name: String, _ before: ElementSource, _ after: ElementSource, old: JSONPointer, new: JSONPointer) -> [SchemaChange] {
        let field = JSONWriter.quoted(name)
        switch (before, after) {
        case (.read(let was), .read(let now)):
            return reads(field, was, now, old: old, new: new)
        case (.each(let wasTarget, let wasSkip, let wasFields), .each(let nowTarget, let nowSkip, let nowFields)):
            if wasTarget != nowTarget {
                return [change("field \(field) reads the target \(JSONWriter.quoted(wasTarget)) -> \(JSONWriter.quoted(nowTarget))",
                               old: old.appending(key: "each"), new: new.appending(key: "each"), location: new.appending(key: "each"),
                               oldClients: .breaking("an old base looks for elements pages written for the new contract do not mark as its target"),
                               newClients: .breaking("the new base looks for elements pages written for the old contract do not mark as its target"))]
            }
            var changes: [SchemaChange] = []
            if wasSkip != nowSkip {
                let at = new.appending(key: "skipDisabled")
                changes.append(change("field \(field) \(nowSkip ? "now leaves out" : "no longer leaves out") the elements marked data-bridge-disabled",
                                      old: wasSkip ? old.appending(key: "skipDisabled") : nil, new: nowSkip ? at : nil, location: nowSkip ? at : new,
                                      oldClients: .breaking(nowSkip ? "an old base sends the elements pages written for the new contract mark disabled to leave them out"
                                                                    : "an old base leaves out the elements pages written for the new contract mark disabled"),
                                      newClients: nowSkip ? .safe("pages written for the old contract, where the mark meant nothing, have no reason to mark an element disabled")
                                                          : .breaking("the new base sends the elements pages written for the old contract mark disabled to leave them out")))
            }
            return changes + fields(wasFields, nowFields, old: old.appending(key: "fields"), new: new.appending(key: "fields"), path: name + "/")
        default:
            return [change("field \(field) changed from \(before.kind) to \(after.kind)", old: old, new: new, location: new,
                           oldClients: .breaking("an old base reads the markup of pages written for the new contract otherwise"),
                           newClients: .breaking("the new base reads the markup of pages written for the old contract otherwise"))]
        }
    }

    private func reads(_ field: String, _ was: ElementRead, _ now: ElementRead, old: JSONPointer, new: JSONPointer) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        if was.target != now.target {
            changes.append(change("field \(field) reads \(Self.element(was.target)) -> \(Self.element(now.target))",
                                  old: old, new: new, location: new,
                                  oldClients: .breaking("an old base reads an element pages written for the new contract need not mark up"),
                                  newClients: .breaking("the new base reads an element pages written for the old contract need not mark up")))
        }
        if was.names != now.names {
            let at = new.appending(key: "read")
            let message = "field \(field) reads \(Self.names(was.names)) -> \(Self.names(now.names))"
            // The first name with a value wins: a fallback added at the end changes nothing
            // for markup that has one of the earlier names.
            let fallbackAdded = now.names.count > was.names.count && Array(now.names.prefix(was.names.count)) == was.names
            let fallbackRemoved = was.names.count > now.names.count && Array(was.names.prefix(now.names.count)) == now.names
            changes.append(change(message, old: old.appending(key: "read"), new: at, location: at,
                                  oldClients: fallbackRemoved ? .safe("pages written for the new contract put the value in a name an old base reads first")
                                                              : .breaking("an old base misses or prefers other values than pages written for the new contract put in \(Self.names(now.names))"),
                                  newClients: fallbackAdded ? .safe("pages written for the old contract put the value in a name the new base reads first")
                                                            : .breaking("the new base misses or prefers other values than pages written for the old contract put in \(Self.names(was.names))")))
        }
        if was.trim != now.trim {
            let at = new.appending(key: "trim")
            let reason = "the same markup is read; only white space around the value differs"
            changes.append(change("field \(field) \(now.trim ? "now trims" : "no longer trims") the value", old: was.trim ? old.appending(key: "trim") : nil,
                                  new: now.trim ? at : nil, location: now.trim ? at : new,
                                  oldClients: .safe(reason), newClients: .safe(reason)))
        }
        return changes
    }

    private func change(_ what: String, old: JSONPointer?, new: JSONPointer?, location: JSONPointer,
                        oldClients: Effect, newClients: Effect) -> SchemaChange {
        SchemaChange(code: .elementSourceChanged, message: "\(event): \(what)", oldPointer: old, newPointer: new, location: location,
                     oldClients: oldClients, newClients: newClients)
    }

    private static func element(_ target: String?) -> String {
        target.map { "the target \(JSONWriter.quoted($0))" } ?? "the controller's element"
    }

    private static func names(_ names: [String]) -> String {
        "[" + names.map(JSONWriter.quoted).joined(separator: ", ") + "]"
    }
}

extension ElementSource {
    /// For messages: one value or an array of the target's elements.
    fileprivate var kind: String {
        switch self {
        case .read: "one value"
        case .each: "one per element of a target"
        }
    }
}
