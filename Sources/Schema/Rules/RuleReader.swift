import JSON

/// Reads and checks `metadata.tabgen.rules`. A rule that names an unknown kind, lacks
/// a parameter, or whose pointer addresses nothing in the schema is a schema error,
/// reported where it stands in the file.
package struct RuleReader {
    let document: SchemaDocument
    var sink: ErrorSink
    let navigator: SchemaNavigator
    /// The contract read before the rules: a contract that lists events says which
    /// event's data a rule's paths start at (`"event"`).
    let contract: BridgeContract?

    init(document: SchemaDocument, sink: ErrorSink, contract: BridgeContract? = nil) {
        self.document = document
        self.sink = sink
        self.contract = contract
        navigator = SchemaNavigator(document: document)
    }

    static let common: Set<String> = ["code", "severity", "kind", "message", "description", "when", "path", "event", "crashesClients"]
    mutating func readRules(_ value: JSON, at pointer: JSONPointer) -> [Rule] {
        guard let elements = sink.expect(value, as: \.arrayValue, at: pointer, "rules must be an array of rule objects") else { return [] }
        var rules: [Rule] = []
        var codes: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let here = pointer.appending(index: index)
            guard let rule = readRule(element, at: here) else { continue }
            if let first = codes[rule.code] {
                sink.report(here.appending(key: "code"), "rule code \(JSONWriter.quoted(rule.code)) is already used by rule \(first)")
                continue
            }
            codes[rule.code] = index
            rules.append(rule)
        }
        return rules
    }

    private mutating func readRule(_ value: JSON, at pointer: JSONPointer) -> Rule? {
        guard let object = sink.expect(value, as: \.objectValue, at: pointer, "a rule must be an object") else { return nil }
        let errorCount = sink.errors.count
        guard case .string(let kindName)? = object["kind"] else {
            sink.report(object["kind"] == nil ? pointer : pointer.appending(key: "kind"), "a rule needs \"kind\": one of \(RuleKinds.names.joined(separator: ", "))")
            return nil
        }
        guard let kindType = RuleKinds.named(kindName) else {
            sink.report(pointer.appending(key: "kind"), "unknown rule kind \(JSONWriter.quoted(kindName)); known kinds are \(RuleKinds.names.joined(separator: ", "))")
            return nil
        }
        let allowed = kindType.parameters
        for key in object.keys where !Self.common.contains(key) && !allowed.contains(key) {
            sink.report(pointer.appending(key: key), "\(JSONWriter.quoted(key)) is not a parameter of a \(kindName) rule; it takes \(allowed.union(Self.common).sorted().joined(separator: ", "))", atKey: true)
        }
        let code = string(object, "code", at: pointer, required: true) ?? ""
        if !code.isEmpty, !code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            sink.report(pointer.appending(key: "code"), "rule code \(JSONWriter.quoted(code)) must be ASCII letters, digits, - or _")
        }
        var severity = Severity.error
        if let text = string(object, "severity", at: pointer, required: false) {
            if let parsed = Severity(rawValue: text) { severity = parsed } else {
                sink.report(pointer.appending(key: "severity"), "severity must be \"error\" or \"warning\", found \(JSONWriter.quoted(text))")
            }
        }
        let message = string(object, "message", at: pointer, required: false)
        let description = string(object, "description", at: pointer, required: false)
        guard let resolved = ruleRoot(object, at: pointer) else { return nil }
        let event = resolved.event
        let root = [resolved.schema]
        let pathPointer = pointer.appending(key: "path")
        guard let path = pattern(object, "path", at: pointer, required: true) else { return nil }
        let (schemas, failure) = navigator.schemas(at: path, from: root)
        if let failure {
            sink.report(pathPointer, "path \(JSONWriter.quoted(path.description)) addresses nothing in the schema: \(failure)")
            return nil
        }
        let when = conditions(object["when"], at: pointer.appending(key: "when"), from: root) ?? []

        guard let kind = kindType.read(object, path: path, schemas: schemas, root: root, at: pointer, reader: &self) else { return nil }
        let crashesClients = sink.boolean(object, "crashesClients", at: pointer) ?? false
        if crashesClients, severity != .error {
            // Clients tolerate warnings anyway; a warning that crashes them is an error.
            sink.report(pointer.appending(key: "crashesClients"), "crashesClients needs severity \"error\": a rule whose payloads crash the clients is not a warning")
        }
        guard sink.errors.count == errorCount else { return nil }
        return Rule(code: code, severity: severity, message: message ?? kindType.defaultMessage, description: description,
                    kind: kind, when: when, schemaPointer: pointer, event: event, crashesClients: crashesClients)
    }

    /// Where a rule's paths start. In a contract that lists events: the data of the event
    /// named by `"event"`, which may be left out when only one event has data. Otherwise the
    /// root (an `"event"` there must name the schema's one event).
    private mutating func ruleRoot(_ object: JSONObject, at pointer: JSONPointer) -> (event: String?, schema: Schema)? {
        let named = object["event"] == nil ? nil : string(object, "event", at: pointer, required: false)
        if object["event"] != nil, named == nil { return nil }
        guard let contract, contract.listsEvents else {
            if let named, named != contract?.event {
                sink.report(pointer.appending(key: "event"), "\"event\" names an event of a contract that lists events; this schema's one event is \(contract.map { JSONWriter.quoted($0.event) } ?? "not declared (no contract)"), its data the root")
                return nil
            }
            return (nil, document.root)
        }
        let withData = contract.events.compactMap { event -> (String, String)? in
            if case .definition(let definition) = event.data { return (event.name, definition) }
            return nil
        }
        let names = withData.map { JSONWriter.quoted($0.0) }.joined(separator: ", ")
        guard let named else {
            guard withData.count == 1, let only = withData.first, let schema = document.definition(named: only.1) else {
                sink.report(pointer, "a rule of a contract that lists events needs \"event\": the event whose data it checks (\(names.isEmpty ? "no event has data" : "one of \(names)"))")
                return nil
            }
            return (only.0, schema)
        }
        guard let match = withData.first(where: { $0.0 == named }), let schema = document.definition(named: match.1) else {
            let known = contract.events.contains { $0.name == named }
            sink.report(pointer.appending(key: "event"), known
                ? "event \(JSONWriter.quoted(named)) has no data for a rule to check; events with data: \(names.isEmpty ? "none" : names)"
                : "no event is named \(JSONWriter.quoted(named)); events with data: \(names.isEmpty ? "none" : names)")
            return nil
        }
        return (named, schema)
    }

    mutating func requireShape(_ schemas: [Schema], at pointer: JSONPointer, accepts: (Form) -> Bool, what: String) {
        guard !schemas.contains(where: { accepts($0.form) }) else { return }
        let forms = schemas.map { $0.form.keyword }.joined(separator: ", ")
        sink.report(pointer, "this rule needs \(what) at its path, but the schema there has the \(forms) form")
    }

    mutating func conditions(_ value: JSON?, at pointer: JSONPointer, from base: [Schema]) -> [Condition]? {
        guard let value else { return nil }
        guard let elements = sink.expect(value, as: \.arrayValue, at: pointer, "conditions must be an array") else { return nil }
        var result: [Condition] = []
        for (index, element) in elements.enumerated() {
            let here = pointer.appending(index: index)
            guard let object = sink.expect(element, as: \.objectValue, at: here, "a condition must be an object") else { continue }
            for key in object.keys where !["path", "present", "count", "equals"].contains(key) {
                sink.report(here.appending(key: key), "unknown condition key \(JSONWriter.quoted(key)); a condition has path and one of present, count, equals", atKey: true)
            }
            guard let path = pattern(object, "path", at: here, required: true) else { continue }
            if path.hasWildcard {
                sink.report(here.appending(key: "path"), "a condition path must not contain \"*\"")
                continue
            }
            if let failure = navigator.schemas(at: path, from: base).failure {
                sink.report(here.appending(key: "path"), "condition path \(JSONWriter.quoted(path.description)) addresses nothing: \(failure)")
                continue
            }
            let tests = ["present", "count", "equals"].filter { object[$0] != nil }
            guard tests.count == 1 else {
                sink.report(here, "a condition needs exactly one of present, count, equals")
                continue
            }
            switch tests[0] {
            case "present":
                guard let flag = sink.boolean(object, "present", at: here) else { continue }
                result.append(Condition(path: path, test: .present(flag)))
            case "count":
                guard case .object(let bounds)? = object["count"] else {
                    sink.report(here.appending(key: "count"), "count must be an object with min and/or max")
                    continue
                }
                let countPointer = here.appending(key: "count")
                result.append(Condition(path: path, test: .count(min: integer(bounds, "min", at: countPointer), max: integer(bounds, "max", at: countPointer))))
            default:
                result.append(Condition(path: path, test: .equals(object["equals"] ?? .null)))
            }
        }
        return result
    }

    // MARK: Typed parameter access

    mutating func string(_ object: JSONObject, _ key: String, at pointer: JSONPointer, required: Bool) -> String? {
        guard let value = object[key] else {
            if required { sink.report(pointer, "a rule needs \(JSONWriter.quoted(key))") }
            return nil
        }
        guard case .string(let text) = value, !text.isEmpty else {
            sink.report(pointer.appending(key: key), "\(key) must be a non-empty string, found \(value.kindName)")
            return nil
        }
        return text
    }

    mutating func pattern(_ object: JSONObject, _ key: String, at pointer: JSONPointer, required: Bool) -> PathPattern? {
        guard let text = string(object, key, at: pointer, required: required) else { return nil }
        guard let pattern = PathPattern(text) else {
            sink.report(pointer.appending(key: key), "\(JSONWriter.quoted(text)) is not a JSON pointer (RFC 6901: empty, or \"/\" then tokens, with ~0 and ~1 escapes)")
            return nil
        }
        return pattern
    }

    mutating func integer(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Int? {
        guard let value = object[key] else { return nil }
        guard let number = Self.nonNegativeInteger(value) else {
            sink.report(pointer.appending(key: key), "\(key) must be a non-negative integer")
            return nil
        }
        return number
    }

    static func nonNegativeInteger(_ value: JSON) -> Int? {
        guard case .number(let number) = value, number >= 0, number <= 1e9, number == number.rounded() else { return nil }
        return Int(number)
    }
}
