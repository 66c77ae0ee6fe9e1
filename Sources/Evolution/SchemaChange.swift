import JSON

/// The two audiences of a schema change. The server produces payloads and clients
/// consume them; app versions stay installed for months, so every deploy meets both.
package enum ClientDirection: String, Sendable, CaseIterable {
    /// Clients in the field, built from the old schema, reading payloads from the new server.
    case oldClients = "old-clients"
    /// Clients built from the new schema reading payloads from an old server (deploy
    /// lag, rollbacks).
    case newClients = "new-clients"

    /// "old clients", "new clients", for messages.
    package var phrase: String {
        switch self {
        case .oldClients: "old clients"
        case .newClients: "new clients"
        }
    }
}

/// How a change affects one direction, from harmless to fatal.
package enum Impact: String, Sendable, Comparable, CaseIterable {
    /// Documentation only: payloads are the same.
    case info
    /// Payloads change, and these clients read them correctly.
    case safe
    /// Breaks clients that reject unknown enum values or unknown properties. Clients
    /// that keep unknown enum values and ignore unknown keys, as tabgen's generated
    /// code does, read the payloads correctly.
    case strict
    /// Breaks these clients: a payload fails to decode or means something else.
    case breaking

    private var rank: Int {
        switch self {
        case .info: 0
        case .safe: 1
        case .strict: 2
        case .breaking: 3
        }
    }

    package static func < (lhs: Impact, rhs: Impact) -> Bool { lhs.rank < rhs.rank }
}

/// The classification of a change for one direction, with the reason in a few words.
package struct Effect: Sendable, Equatable {
    package var impact: Impact
    package var reason: String

    package init(_ impact: Impact, _ reason: String) {
        self.impact = impact
        self.reason = reason
    }

    static func info(_ reason: String) -> Effect { Effect(.info, reason) }
    static func safe(_ reason: String) -> Effect { Effect(.safe, reason) }
    static func strict(_ reason: String) -> Effect { Effect(.strict, reason) }
    static func breaking(_ reason: String) -> Effect { Effect(.breaking, reason) }
}

/// One difference between two schemas, classified for both directions.
package struct SchemaChange: Sendable, Equatable {
    package var code: ChangeCode
    /// What changed, e.g. `property "badge" added as required`.
    package var message: String
    /// Where the changed thing is in the old schema; nil when the new schema added it.
    package var oldPointer: JSONPointer?
    /// Where it is in the new schema; nil when the new schema removed it.
    package var newPointer: JSONPointer?
    /// Where to point a reader of the new schema: `newPointer`, or for a removal the
    /// enclosing member (positions fall back to the deepest member that exists).
    package var location: JSONPointer
    /// Old clients reading payloads from the new server.
    package var oldClients: Effect
    /// New clients reading payloads from an old server.
    package var newClients: Effect

    package init(code: ChangeCode, message: String, oldPointer: JSONPointer?, newPointer: JSONPointer?,
                location: JSONPointer? = nil, oldClients: Effect, newClients: Effect) {
        self.code = code
        self.message = message
        self.oldPointer = oldPointer
        self.newPointer = newPointer
        self.location = location ?? newPointer ?? .root
        self.oldClients = oldClients
        self.newClients = newClients
    }

    package func effect(on direction: ClientDirection) -> Effect {
        switch direction {
        case .oldClients: oldClients
        case .newClients: newClients
        }
    }

    /// The worse of the two classifications.
    package var impact: Impact { max(oldClients.impact, newClients.impact) }

    /// The pointer to show: where the changed thing is (new schema first).
    package var pointer: JSONPointer { newPointer ?? oldPointer ?? location }
}
