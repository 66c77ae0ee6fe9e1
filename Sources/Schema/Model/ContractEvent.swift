import JSON

/// One event of a bridge contract: a message one side sends the other.
///
/// Hotwire Native messages go both ways. The web side sends an event with data
/// (`this.send("display", data, callback)`); the native side may answer it with a reply
/// that carries the same event name on the wire (`reply(to: "display", with: ...)`), and
/// the web side's callback receives it. tabgen names each reply (`selected`, `submit`) so
/// generated code can say what it is, and records which web event it answers.
public struct ContractEvent: Sendable, Equatable {
    /// Who sends the message.
    public enum Direction: String, Sendable, CaseIterable {
        /// The web page (the Stimulus bridge controller) sends it; the native app decodes it.
        case webToNative
        /// The native app sends it as a reply; the web page's callback decodes it.
        case nativeToWeb
    }

    /// The schema of the message's data.
    public enum Payload: Sendable, Equatable {
        /// The schema's root: the one event of a single-event schema such as `schema.json`.
        case root
        /// A member of `definitions`.
        case definition(String)
        /// No data (an empty object on the wire).
        case none
    }

    /// The event's name in generated code; for a web-to-native event also its name on the wire.
    public var name: String
    public var direction: Direction
    public var data: Payload
    /// For a native-to-web reply: the web-to-native event it answers, whose name it carries on the wire.
    public var replyTo: String?
    /// For a web-to-native event whose data the server renders into the page: the Stimulus
    /// value that holds the JSON (`config` -> `data-<identifier>-config-value`).
    public var value: String?
    /// What the event means, for generated documentation.
    public var description: String?
    /// For a reply: it is the answered message sent back unchanged (same id, event, data
    /// and metadata), as Hotwire Native's `reply(to:)` / `replyTo(event)` send it; its
    /// data is then the answered event's, in the bridge's envelope. `data` stays `.none`.
    public var echo: Bool
    /// What each platform's app makes of the event's data where the two differ, by
    /// platform (`ios`, `android`, the names the bridge gives them): the official iOS
    /// demo's menu decodes `source` as required, the Android one never reads it.
    public var platforms: [String: PlatformFields]

    /// Fields of an event's data that one platform's app requires or does not read,
    /// as JSON pointers into the data.
    public struct PlatformFields: Sendable, Equatable {
        /// Members the platform's app cannot decode the data without.
        public var requires: [JSONPointer]
        /// Values the platform's app never reads: nothing in them matters on that platform.
        public var ignores: [JSONPointer]

        public init(requires: [JSONPointer] = [], ignores: [JSONPointer] = []) {
            self.requires = requires
            self.ignores = ignores
        }
    }

    /// The platform names a contract may list under an event's `platforms`.
    public static let platformNames = ["ios", "android"]

    /// For a web-to-native event whose data the page's script builds from the DOM: where
    /// each field of the data comes from on the controller's element (`fromElement`).
    public var fromElement: [ElementField]?

    public init(name: String, direction: Direction, data: Payload, replyTo: String? = nil, value: String? = nil, description: String? = nil,
                echo: Bool = false, platforms: [String: PlatformFields] = [:], fromElement: [ElementField]? = nil) {
        self.name = name
        self.direction = direction
        self.data = data
        self.replyTo = replyTo
        self.value = value
        self.description = description
        self.echo = echo
        self.platforms = platforms
        self.fromElement = fromElement
    }

    /// Whether the page carries the event's data for `validate --html` to check: in a value
    /// attribute (`value`) or in the element the script reads it from (`fromElement`).
    public var isOnPage: Bool { !(value ?? "").isEmpty || fromElement != nil }

    /// The event name the message carries on the wire: a reply carries the name of the
    /// event it answers.
    public var wireName: String { replyTo ?? name }
}
