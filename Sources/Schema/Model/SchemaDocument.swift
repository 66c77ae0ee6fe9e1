import Foundation
import JSON

/// A whole schema file: the root schema, its definitions, tabgen's extensions from
/// `metadata.tabgen`, and the source text for locating messages.
public struct SchemaDocument: Sendable {
    public var root: Schema
    /// `definitions`, in document order.
    public var definitions: [(name: String, schema: Schema)]
    public var extensions: TabgenExtensions
    /// The file the schema was read from, for messages; nil for in-memory schemas.
    public var sourceName: String
    public var source: [UInt8]

    let definitionIndex: [ScalarKey: Int]
    /// Each ref schema's target, for the validators' hot loops.
    let references: SchemaReferences

    public init(root: Schema, definitions: [(name: String, schema: Schema)], extensions: TabgenExtensions, sourceName: String, source: [UInt8]) {
        self.root = root
        self.definitions = definitions
        self.extensions = extensions
        self.sourceName = sourceName
        self.source = source
        var index: [ScalarKey: Int] = [:]
        for (position, definition) in definitions.enumerated() { index[ScalarKey(definition.name)] = position }
        self.definitionIndex = index
        references = SchemaReferences(root: root, definitions: definitions, definitionIndex: index)
    }

    public func definition(named name: String) -> Schema? {
        definitionIndex[ScalarKey(name)].map { definitions[$0].schema }
    }

    /// The target of `reference`, a schema of the form `.ref(name)`: found by identity
    /// for the document's own ref schemas, by name for any other.
    @inline(__always)
    func target(of reference: Schema, named name: String) -> Schema? {
        references.target(of: reference) ?? definition(named: name)
    }

    /// Line and column of the member at `pointer` in the schema source.
    public func position(of pointer: JSONPointer, preferKey: Bool = false) -> SourcePosition {
        source.withUnsafeBufferPointer { buffer in
            SourcePosition(offset: JSONLocator.offset(of: pointer.tokens, in: buffer, preferKey: preferKey), in: buffer)
        }
    }

    /// Line and column of the members at `pointers`, found in one pass over the source.
    public func positions(of pointers: [JSONPointer], preferKey: Bool = false) -> [SourcePosition] {
        source.withUnsafeBufferPointer { buffer in
            let requests = pointers.map { JSONLocator.Request(path: $0.tokens, preferKey: preferKey) }
            return SourcePosition.positions(of: JSONLocator.offsets(of: requests, in: buffer), in: buffer)
        }
    }
}

/// What tabgen reads from the root schema's `metadata.tabgen`.
public struct TabgenExtensions: Sendable {
    /// The name of the root type in generated code.
    public var rootName: String?
    public var contract: BridgeContract?
    public var rules: [Rule]

    public init(rootName: String? = nil, contract: BridgeContract? = nil, rules: [Rule] = []) {
        self.rootName = rootName
        self.contract = contract
        self.rules = rules
    }
}

/// The Hotwire Native bridge contract that carries the message.
public struct BridgeContract: Sendable, Equatable {
    /// The bridge component name (`static component`, `class var name`).
    public var component: String
    /// The event the web side sends.
    public var event: String
    /// The Stimulus controller identifier (`data-controller`).
    public var stimulusIdentifier: String
    /// The Stimulus value that holds the JSON (`data-<identifier>-<value>-value`).
    public var value: String
    /// Every event of the component, both directions. A single-event schema (the
    /// `event` + `value` form of `schema.json`) has one: `event`, web to native, whose data
    /// is the root. A contract written with `events` lists them; `event` and `value` are
    /// then those of its first web-to-native event that has a `value` (else its first
    /// web-to-native event, and `value` is empty).
    public var events: [ContractEvent]

    public init(component: String, event: String, stimulusIdentifier: String, value: String, events: [ContractEvent]? = nil) {
        self.component = component
        self.event = event
        self.stimulusIdentifier = stimulusIdentifier
        self.value = value
        self.events = events ?? [ContractEvent(name: event, direction: .webToNative, data: .root, value: value)]
    }

    /// The events the web side sends.
    public var webToNativeEvents: [ContractEvent] { events.filter { $0.direction == .webToNative } }

    /// The replies the native side sends to `event`.
    public func replies(to event: ContractEvent) -> [ContractEvent] {
        events.filter { $0.direction == .nativeToWeb && $0.replyTo == event.name }
    }

    /// Whether the contract was written with `events` (a multi-event contract whose
    /// messages are definitions) rather than as one event whose data is the root.
    public var listsEvents: Bool { !events.contains { $0.data == .root } }

    /// The HTML attribute that carries the JSON, e.g. `data-bridge--navigation-config-value`,
    /// named as Stimulus names it: `data-<identifier>-` + the value's key, where the key
    /// is `dasherize(value) + "-value"` (Stimulus's `dasherize` turns each ASCII capital
    /// into `-` and its lowercase and keeps `_`: `tab_bar` reads `...-tab_bar-value`).
    public var valueAttribute: String {
        "data-\(stimulusIdentifier)-\(Self.dasherize(value))-value"
    }

    /// The controller property Stimulus defines for the value: `camelize` of the key
    /// (`config` -> `configValue`, `tabBar` and `tab_bar` -> `tabBarValue`).
    public var valueProperty: String {
        Self.camelize(Self.dasherize(value) + "-value")
    }

    /// Stimulus's `dasherize`: `/([A-Z])/g` -> `-` + the letter in lowercase.
    public static func dasherize(_ name: String) -> String {
        var output = ""
        for character in name {
            if let ascii = character.asciiValue, (65...90).contains(ascii) {
                output += "-" + character.lowercased()
            } else {
                output.append(character)
            }
        }
        return output
    }

    /// Stimulus's `camelize`: `/(?:[_-])([a-z0-9])/g` -> the character in uppercase.
    public static func camelize(_ name: String) -> String {
        var output = ""
        var characters = Array(name)[...]
        while let character = characters.popFirst() {
            if character == "_" || character == "-", let next = characters.first, let ascii = next.asciiValue,
               (97...122).contains(ascii) || (48...57).contains(ascii) {
                output += next.uppercased()
                characters = characters.dropFirst()
            } else {
                output.append(character)
            }
        }
        return output
    }
}
