import Schema

/// The schema's rules as the TypeScript runtime reads them (`RULES`, one object literal
/// per rule): data in, data out, no rule logic generated per schema.
enum TypeScriptRuleTable {
    /// The rules of the schema `raw` (`metadata.tabgen.rules`) as the runtime reads them.
    static func literals(_ raw: JSON, listsEvents: Bool, contract: BridgeContract?) -> [JSON] {
        guard case .object(let metadata)? = raw.objectValue?["metadata"], case .object(let tabgen)? = metadata["tabgen"],
              case .array(let list)? = tabgen["rules"] else { return [] }
        return listsEvents ? eventLiterals(list, contract: contract) : list.map(literal)
    }

    /// The rules of a contract that lists events, each naming the definition it checks
    /// (its event's data) in place of the event, which `checkPayload` filters on.
    static func eventLiterals(_ list: [JSON], contract: BridgeContract?) -> [JSON] {
        list.compactMap { rule -> JSON? in
            guard case .object(let object) = literal(rule), case .string(let name)? = object["event"],
                  let event = contract?.event(named: name), case .definition(let definition) = event.data else { return nil }
            var members = object.members.filter { $0.key != "event" }
            members.append(.init(key: "definition", value: .string(definition)))
            return .object(JSONObject(members))
        }
    }

    /// A rule as the runtime reads it: without its description, and with the severity
    /// the schema's reader gives a rule that names none (error), so that its findings
    /// fail the verdict as the CLI's do, and the message it gives one that names none.
    static func literal(_ rule: JSON) -> JSON {
        guard case .object(let object) = rule else { return rule }
        // Neither is read by the rule engine (crashesClients decides what is sent: SURVIVED_RULES).
        var members = object.members.filter { $0.key != "description" && $0.key != "crashesClients" }
        if object["severity"] == nil {
            let at = (members.firstIndex { $0.key == "code" } ?? -1) + 1
            members.insert(.init(key: "severity", value: .string("error")), at: at)
        }
        if object["message"] == nil, case .string(let kind)? = object["kind"] {
            members.append(.init(key: "message", value: .string(Rule.defaultMessage(kind: kind))))
        }
        return .object(JSONObject(members))
    }
}
