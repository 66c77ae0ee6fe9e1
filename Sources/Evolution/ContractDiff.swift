import Schema

/// The bridge contract (`metadata.tabgen.contract`) and the root type name. The
/// contract is how a message finds its receiver: when one side names another
/// component, event, Stimulus controller or value, the message is lost, so any change
/// breaks both directions.
struct ContractDiff {
    let old: SchemaDocument
    let new: SchemaDocument

    static let tabgen = JSONPointer([.key("metadata"), .key("tabgen")])
    static let contract = tabgen.appending(key: "contract")
    static let added = "the old schema states no bridge contract, so nothing shows that both sides already use this one"
    static let removed = "the new schema no longer states the bridge contract, so nothing keeps both sides on the same component, event and value"

    func changes() -> [SchemaChange] {
        var changes: [SchemaChange] = []
        switch (old.extensions.contract, new.extensions.contract) {
        case (let before?, let after?):
            let fields: [(key: String, label: String, KeyPath<BridgeContract, String>)] = [
                ("component", "component name", \.component),
                ("event", "event", \.event),
                ("stimulusIdentifier", "Stimulus identifier", \.stimulusIdentifier),
                ("value", "Stimulus value name", \.value),
            ]
            for (key, label, path) in fields where before[keyPath: path] != after[keyPath: path] {
                let was = JSONWriter.quoted(before[keyPath: path])
                let now = JSONWriter.quoted(after[keyPath: path])
                let pointer = Self.contract.appending(key: key)
                changes.append(SchemaChange(
                    code: .contractChanged, message: "bridge contract \(label) changed from \(was) to \(now)",
                    oldPointer: pointer, newPointer: pointer,
                    oldClients: .breaking("old clients use \(was), so they never receive what the new server sends with \(now)"),
                    newClients: .breaking("new clients use \(now), so they never receive what an old server sends with \(was)")))
            }
        case (nil, _?):
            changes.append(SchemaChange(
                code: .contractAddedOrRemoved, message: "bridge contract added",
                oldPointer: nil, newPointer: Self.contract,
                oldClients: .breaking(Self.added), newClients: .breaking(Self.added)))
        case (_?, nil):
            changes.append(SchemaChange(
                code: .contractAddedOrRemoved, message: "bridge contract removed",
                oldPointer: Self.contract, newPointer: nil, location: Self.tabgen,
                oldClients: .breaking(Self.removed), newClients: .breaking(Self.removed)))
        case (nil, nil):
            break
        }
        if old.extensions.rootName != new.extensions.rootName {
            let was = old.extensions.rootName.map(JSONWriter.quoted) ?? "none"
            let now = new.extensions.rootName.map(JSONWriter.quoted) ?? "none"
            let pointer = Self.tabgen.appending(key: "rootName")
            changes.append(SchemaChange(
                code: .rootNameChanged, message: "root type name changed from \(was) to \(now)",
                oldPointer: old.extensions.rootName == nil ? nil : pointer,
                newPointer: new.extensions.rootName == nil ? nil : pointer,
                location: pointer,
                oldClients: .safe("payloads are the same; only the generated type's name changes"),
                newClients: .safe("payloads are the same; only the generated type's name changes")))
        }
        return changes
    }
}
