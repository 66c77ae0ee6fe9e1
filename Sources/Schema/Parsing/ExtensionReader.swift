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
        guard case .object(let object) = value else {
            sink.report(Self.base, "metadata.tabgen must be an object, found \(value.kindName)")
            return extensions
        }
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
            var ruleReader = RuleReader(document: document, sink: sink)
            extensions.rules = ruleReader.readRules(rules, at: Self.base.appending(key: "rules"))
            sink = ruleReader.sink
        }
        return extensions
    }

    private mutating func readContract(_ value: JSON, at pointer: JSONPointer) -> BridgeContract? {
        guard case .object(let object) = value else {
            sink.report(pointer, "contract must be an object, found \(value.kindName)")
            return nil
        }
        let fields = ["component", "event", "stimulusIdentifier", "value"]
        reportUnknownKeys(object, allowed: Set(fields), at: pointer)
        var strings: [String: String] = [:]
        for field in fields {
            guard case .string(let text)? = object[field], !text.isEmpty else {
                sink.report(object[field] == nil ? pointer : pointer.appending(key: field), "contract.\(field) must be a non-empty string")
                continue
            }
            strings[field] = text
        }
        if let identifier = strings["stimulusIdentifier"], !identifier.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == "_") }) {
            sink.report(pointer.appending(key: "stimulusIdentifier"), "\(JSONWriter.quoted(identifier)) is not a Stimulus identifier (lowercase letters, digits, - and _)")
        }
        guard let component = strings["component"], let event = strings["event"],
              let identifier = strings["stimulusIdentifier"], let valueName = strings["value"] else { return nil }
        return BridgeContract(component: component, event: event, stimulusIdentifier: identifier, value: valueName)
    }

    private mutating func reportUnknownKeys(_ object: JSONObject, allowed: Set<String>, at pointer: JSONPointer) {
        for key in object.keys where !allowed.contains(key) {
            sink.report(pointer.appending(key: key), "unknown key \(JSONWriter.quoted(key)); expected \(allowed.sorted().joined(separator: ", "))", atKey: true)
        }
    }
}
