import JSON

/// Reads `metadata.tabgen` of the root schema:
///
/// ```json
/// "metadata": { "tabgen": {
///   "rootName": "MessageData",
///   "contract": { "component": "navigation", "event": "configure",
///                 "stimulusIdentifier": "bridge--navigation", "value": "config" },
///   "rules": [ { "code": "TG101", "severity": "error", "kind": "count", ... } ] } }
/// ```
struct ExtensionReader {
    let document: SchemaDocument
    var sink: ErrorSink

    var errors: [SchemaError] { sink.errors }

    init(document: SchemaDocument) {
        self.document = document
        sink = ErrorSink(fileName: document.sourceName, source: document.source)
    }

    static let base = JSONPointer([.key("metadata"), .key("tabgen")])

    mutating func read() -> TabgenExtensions {
        var extensions = TabgenExtensions()
        guard let value = document.root.metadata["tabgen"] else { return extensions }
        guard let object = sink.expect(value, as: \.objectValue, at: Self.base, "metadata.tabgen must be an object") else { return extensions }
        reportUnknownKeys(object, allowed: ["rootName", "contract", "rules"], at: Self.base)
        if let name = object["rootName"] {
            if case .string(let text) = name, !text.isEmpty { extensions.rootName = text } else {
                sink.report(Self.base.appending(key: "rootName"), "rootName must be a non-empty string")
            }
        }
        if let contract = object["contract"] {
            extensions.contract = readContract(contract, at: Self.base.appending(key: "contract"))
        }
        if let rules = object["rules"] {
            var ruleReader = RuleReader(document: document, sink: sink, contract: extensions.contract)
            extensions.rules = ruleReader.readRules(rules, at: Self.base.appending(key: "rules"))
            sink = ruleReader.sink
        }
        return extensions
    }

    private mutating func readContract(_ value: JSON, at pointer: JSONPointer) -> BridgeContract? {
        guard let object = sink.expect(value, as: \.objectValue, at: pointer, "contract must be an object") else { return nil }
        if object["events"] != nil { return readEventsContract(object, at: pointer) }
        let fields = ["component", "event", "stimulusIdentifier", "value"]
        reportUnknownKeys(object, allowed: Set(fields), at: pointer)
        let strings = requiredStrings(fields, in: object, at: pointer)
        checkIdentifier(strings["stimulusIdentifier"], at: pointer)
        guard let component = strings["component"], let event = strings["event"],
              let identifier = strings["stimulusIdentifier"], let valueName = strings["value"] else { return nil }
        return BridgeContract(component: component, event: event, stimulusIdentifier: identifier, value: valueName)
    }

    /// The multi-event form: `component`, `stimulusIdentifier` and `events`, each event
    /// `{"name", "direction", "data"?, "replyTo"?, "value"?}` whose `data` names a
    /// definition. The root schema must then be empty: the messages are definitions.
    private mutating func readEventsContract(_ object: JSONObject, at pointer: JSONPointer) -> BridgeContract? {
        reportUnknownKeys(object, allowed: ["component", "stimulusIdentifier", "events"], at: pointer)
        let strings = requiredStrings(["component", "stimulusIdentifier"], in: object, at: pointer)
        checkIdentifier(strings["stimulusIdentifier"], at: pointer)
        let eventsPointer = pointer.appending(key: "events")
        guard case .array(let entries)? = object["events"], !entries.isEmpty else {
            sink.report(eventsPointer, "contract.events must be a non-empty array of events")
            return nil
        }
        if case .empty = document.root.form {} else {
            sink.report(JSONPointer([]), "a contract that lists events keeps its messages in definitions: the root schema must be empty ({} with definitions and metadata)")
        }
        var events: [ContractEvent] = []
        for (index, entry) in entries.enumerated() {
            if let event = readEvent(entry, at: eventsPointer.appending(index: index)) { events.append(event) }
        }
        guard events.count == entries.count else { return nil }
        checkEvents(events, at: eventsPointer)
        guard let component = strings["component"], let identifier = strings["stimulusIdentifier"] else { return nil }
        let webEvents = events.filter { $0.direction == .webToNative }
        guard let primary = webEvents.first(where: { $0.value != nil }) ?? webEvents.first else {
            sink.report(eventsPointer, "contract.events must have at least one webToNative event")
            return nil
        }
        return BridgeContract(component: component, event: primary.name, stimulusIdentifier: identifier,
                              value: primary.value ?? "", events: events)
    }

    private mutating func readEvent(_ value: JSON, at pointer: JSONPointer) -> ContractEvent? {
        guard let object = sink.expect(value, as: \.objectValue, at: pointer, "an event must be an object") else { return nil }
        reportUnknownKeys(object, allowed: ["name", "direction", "data", "replyTo", "value", "description", "echo", "platforms", "fromElement"], at: pointer)
        let strings = requiredStrings(["name", "direction"], in: object, at: pointer)
        var direction: ContractEvent.Direction?
        if let text = strings["direction"] {
            direction = ContractEvent.Direction(rawValue: text)
            if direction == nil {
                sink.report(pointer.appending(key: "direction"), "direction must be \"webToNative\" or \"nativeToWeb\", found \(JSONWriter.quoted(text))")
            }
        }
        var payload = ContractEvent.Payload.none
        if let data = object["data"] {
            guard let name = sink.expect(data, as: \.stringValue, at: pointer.appending(key: "data"), "data must be the name of a definition") else { return nil }
            guard document.definition(named: name) != nil else {
                sink.report(pointer.appending(key: "data"), "data names no definition: \(JSONWriter.quoted(name))")
                return nil
            }
            payload = .definition(name)
        }
        let replyTo = optionalString("replyTo", in: object, at: pointer)
        let valueName = optionalString("value", in: object, at: pointer)
        let description = optionalString("description", in: object, at: pointer)
        let echo = sink.boolean(object, "echo", at: pointer) ?? false
        var fromElement: [ElementField]?
        if let sources = object["fromElement"] {
            let fromPointer = pointer.appending(key: "fromElement")
            fromElement = readElementFields(sources, inEach: false, at: fromPointer)
            if direction != .webToNative || object["data"] == nil {
                sink.report(fromPointer, "only a webToNative event with data builds its data from the element")
            }
            if valueName != nil {
                sink.report(fromPointer, "an event's data comes from a value attribute (value) or from the element (fromElement), not both")
            }
        }
        guard let name = strings["name"], let direction else { return nil }
        if echo, direction != .nativeToWeb {
            sink.report(pointer.appending(key: "echo"), "only a nativeToWeb event (a reply) is an echo of the event it answers")
        }
        if echo, object["data"] != nil {
            sink.report(pointer.appending(key: "data"), "an echo carries the data of the event it answers (replyTo): leave data out")
        }
        if direction == .nativeToWeb, replyTo == nil {
            sink.report(pointer, "a nativeToWeb event is a reply: it needs replyTo, the webToNative event it answers")
        }
        if direction == .webToNative, replyTo != nil {
            sink.report(pointer.appending(key: "replyTo"), "only a nativeToWeb event (a reply) has replyTo")
        }
        if direction == .nativeToWeb, valueName != nil {
            sink.report(pointer.appending(key: "value"), "only a webToNative event is rendered into a Stimulus value")
        }
        var platforms: [String: ContractEvent.PlatformFields] = [:]
        if let entry = object["platforms"] {
            if direction != .webToNative || payload == .none {
                sink.report(pointer.appending(key: "platforms"), "only a webToNative event with data has platforms: they say what each app decodes from it")
            } else {
                platforms = readPlatforms(entry, at: pointer.appending(key: "platforms"))
            }
        }
        return ContractEvent(name: name, direction: direction, data: payload, replyTo: replyTo, value: valueName, description: description, echo: echo,
                             platforms: platforms, fromElement: fromElement)
    }

    /// `{"ios": {"requires": ["/source"]}, "android": {"ignores": ["/source"]}}`: JSON
    /// pointers into the event's data (RFC 6901, no wildcards).
    private mutating func readPlatforms(_ value: JSON, at pointer: JSONPointer) -> [String: ContractEvent.PlatformFields] {
        guard let object = sink.expect(value, as: \.objectValue, at: pointer, "platforms must be an object keyed by platform (ios, android)") else { return [:] }
        reportUnknownKeys(object, allowed: Set(ContractEvent.platformNames), at: pointer)
        var platforms: [String: ContractEvent.PlatformFields] = [:]
        for name in ContractEvent.platformNames {
            guard let entry = object[name] else { continue }
            let at = pointer.appending(key: name)
            guard let fields = sink.expect(entry, as: \.objectValue, at: at, "platforms.\(name) must be an object with requires and/or ignores") else { continue }
            reportUnknownKeys(fields, allowed: ["requires", "ignores"], at: at)
            platforms[name] = ContractEvent.PlatformFields(requires: readPointers("requires", in: fields, at: at),
                                                           ignores: readPointers("ignores", in: fields, at: at))
        }
        return platforms
    }

    private mutating func readPointers(_ field: String, in object: JSONObject, at pointer: JSONPointer) -> [JSONPointer] {
        guard let value = object[field] else { return [] }
        guard let entries = sink.expect(value, as: \.arrayValue, at: pointer.appending(key: field), "\(field) must be an array of JSON pointers into the event's data") else { return [] }
        var pointers: [JSONPointer] = []
        for (index, entry) in entries.enumerated() {
            // The root is the data itself: a platform cannot require or ignore all of it.
            guard case .string(let text) = entry, !text.isEmpty, let tokens = JSONPointer.parseTokens(text) else {
                sink.report(pointer.appending(key: field).appending(index: index), "\(field) holds JSON pointers into the event's data such as \"/source\", found \(entry.kindName == "string" ? JSONWriter.quoted(entry.stringValue ?? "") : entry.kindName)")
                continue
            }
            pointers.append(JSONPointer(tokens.map(PathToken.key)))
        }
        return pointers
    }

    /// `fromElement` (or the `fields` of an `each`): `{"field": SOURCE, ...}`, a SOURCE
    /// being `{"target"?, "read": [NAME, ...], "trim"?}` (one value) or
    /// `{"each": TARGET, "skipDisabled"?, "fields": {...}}` (an array); `ElementSource`.
    private mutating func readElementFields(_ value: JSON, inEach: Bool, at pointer: JSONPointer) -> [ElementField]? {
        guard case .object(let object) = value, !object.isEmpty else {
            sink.report(pointer, "\(inEach ? "fields" : "fromElement") must be a non-empty object: each data field and where it comes from on the element")
            return nil
        }
        var fields: [ElementField] = []
        for member in object.members {
            if let source = readElementSource(member.value, inEach: inEach, at: pointer.appending(key: member.key)) {
                fields.append(ElementField(name: member.key, source: source))
            }
        }
        return fields.count == object.count ? fields : nil
    }

    private mutating func readElementSource(_ value: JSON, inEach: Bool, at pointer: JSONPointer) -> ElementSource? {
        guard let object = sink.expect(value, as: \.objectValue, at: pointer, "a field's source must be an object ({\"read\": [...]} or {\"each\": TARGET, \"fields\": {...}})") else { return nil }
        if object["each"] != nil {
            reportUnknownKeys(object, allowed: ["each", "skipDisabled", "fields"], at: pointer)
            if inEach { sink.report(pointer.appending(key: "each"), "an each reads the controller's targets: it cannot be inside another each") }
            let target = optionalString("each", in: object, at: pointer)
            let skipDisabled = sink.boolean(object, "skipDisabled", at: pointer) ?? false
            guard let fieldsValue = object["fields"] else {
                sink.report(pointer, "an each needs fields: what each target element gives")
                return nil
            }
            guard let target, let fields = readElementFields(fieldsValue, inEach: true, at: pointer.appending(key: "fields")) else { return nil }
            return .each(target: target, skipDisabled: skipDisabled, fields: fields)
        }
        reportUnknownKeys(object, allowed: inEach ? ["read", "trim"] : ["target", "read", "trim"], at: pointer)
        let target = inEach ? nil : optionalString("target", in: object, at: pointer)
        let trim = sink.boolean(object, "trim", at: pointer) ?? false
        let readPointer = pointer.appending(key: "read")
        guard case .array(let entries)? = object["read"], !entries.isEmpty else {
            sink.report(object["read"] == nil ? pointer : readPointer, "read must be a non-empty array of attribute names (data-bridge-title, aria-label) or #text, #value, #index")
            return nil
        }
        var names: [String] = []
        for (index, entry) in entries.enumerated() {
            let namePointer = readPointer.appending(index: index)
            guard case .string(let name) = entry, !name.isEmpty else {
                sink.report(namePointer, "read lists attribute names or #text, #value, #index, found \(entry.kindName)")
                continue
            }
            if name.hasPrefix("#") {
                if !ElementRead.pseudoNames.contains(name) {
                    sink.report(namePointer, "\(JSONWriter.quoted(name)) is not #text, #value or #index")
                } else if name == "#index", !inEach {
                    sink.report(namePointer, "#index is an element's position among its target's elements: only in the fields of an each")
                }
            } else if !name.unicodeScalars.allSatisfy({ $0.isASCII && !" \t\n\u{0C}\r\"'>/=".unicodeScalars.contains($0) && $0.value > 0x1F }) {
                sink.report(namePointer, "\(JSONWriter.quoted(name)) is not an attribute name")
            }
            // ASCII, checked above: attribute names are compared ASCII case-insensitively.
            names.append(name.lowercased())
        }
        guard names.count == entries.count else { return nil }
        return .read(ElementRead(target: target, names: names, trim: trim))
    }

    /// Names are unique, and each reply answers a web-to-native event of the contract.
    private mutating func checkEvents(_ events: [ContractEvent], at pointer: JSONPointer) {
        var seen: Set<ScalarKey> = []
        for (index, event) in events.enumerated() {
            if !seen.insert(ScalarKey(event.name)).inserted {
                sink.report(pointer.appending(index: index).appending(key: "name"), "two events are named \(JSONWriter.quoted(event.name))")
            }
            if let target = event.replyTo,
               !events.contains(where: { $0.direction == .webToNative && ScalarKey($0.name) == ScalarKey(target) }) {
                sink.report(pointer.appending(index: index).appending(key: "replyTo"), "replyTo names no webToNative event: \(JSONWriter.quoted(target))")
            }
        }
    }

    private mutating func requiredStrings(_ fields: [String], in object: JSONObject, at pointer: JSONPointer) -> [String: String] {
        var strings: [String: String] = [:]
        for field in fields {
            guard case .string(let text)? = object[field], !text.isEmpty else {
                sink.report(object[field] == nil ? pointer : pointer.appending(key: field), "contract.\(field) must be a non-empty string")
                continue
            }
            strings[field] = text
        }
        return strings
    }

    private mutating func optionalString(_ field: String, in object: JSONObject, at pointer: JSONPointer) -> String? {
        guard let value = object[field] else { return nil }
        guard case .string(let text) = value, !text.isEmpty else {
            sink.report(pointer.appending(key: field), "\(field) must be a non-empty string")
            return nil
        }
        return text
    }

    private mutating func checkIdentifier(_ identifier: String?, at pointer: JSONPointer) {
        if let identifier, !identifier.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == "_") }) {
            sink.report(pointer.appending(key: "stimulusIdentifier"), "\(JSONWriter.quoted(identifier)) is not a Stimulus identifier (lowercase letters, digits, - and _)")
        }
    }

    private mutating func reportUnknownKeys(_ object: JSONObject, allowed: Set<String>, at pointer: JSONPointer) {
        for key in object.keys where !allowed.contains(key) {
            sink.report(pointer.appending(key: key), "unknown key \(JSONWriter.quoted(key)); expected \(allowed.sorted().joined(separator: ", "))", atKey: true)
        }
    }
}
