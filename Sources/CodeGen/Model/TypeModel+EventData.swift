import Schema

extension TypeModel {
    /// The declaration that holds an event's data: the root of a one-event schema, a
    /// definition of a contract that lists events, nil for an event without data.
    func dataDeclarationID(of event: ContractEvent) -> DeclarationID? {
        switch event.data {
        case .none:
            return nil
        case .root:
            return rootID
        case .definition(let name):
            return DeclarationID(JSONPointer.root.appending(key: "definitions").appending(key: name).description)
        }
    }
}
