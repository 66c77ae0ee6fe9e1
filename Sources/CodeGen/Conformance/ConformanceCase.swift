import Schema

/// One case of the conformance suite: a payload as JSON text, how it was made, and what
/// every validator must say about it (`ConformanceOracle`).
public struct ConformanceCase: Sendable {
    /// `<suite>/<index>`: unique in a suite, stable for a given schema, seed and count.
    public var id: String
    /// The mutation that made the payload (`valid`, `string:astral`, `duplicate-key:nfd`...):
    /// expected-failure files list kinds, not ids.
    public var kind: String
    public var index: Int
    public var seed: UInt64
    public var payload: String
    public var expectation: ConformanceExpectation

    /// The case as one line of JSON Lines: what executors read (`id`, `payload`) and what
    /// the runner compares with (`expect`).
    public var jsonLine: String {
        var members: [JSONObject.Member] = [
            .init(key: "id", value: .string(id)),
            .init(key: "kind", value: .string(kind)),
            .init(key: "seed", value: .string(String(seed))),
            .init(key: "payload", value: .string(payload)),
        ]
        members.append(.init(key: "expect", value: expectation.json))
        return JSONWriter.string(.object(JSONObject(members)))
    }
}

/// What each kind of validator reports on one payload. Findings are
/// `[code, severity, pointer, message]`.
public struct ConformanceExpectation: Sendable {
    /// `tabgen validate`, and the server side (Ruby): every finding with its own severity.
    public var server: [Finding]
    /// Whether generated native clients (Swift, Kotlin) decode the payload (docs/decoding.md).
    public var nativeDecodes: Bool
    /// Their `validate()` on the decoded value: the server's findings less members
    /// decoding drops (TG013), with unknown enum strings (TG011) as warnings.
    public var native: [Finding]
    /// The Stimulus controller (TypeScript, JavaScript): the server's findings, with what
    /// the native clients decode (unknown members and enum strings, the null of an
    /// optional member and rule findings on it, a missing nullable or array member) as warnings.
    public var controller: [Finding]

    var json: JSON {
        func list(_ findings: [Finding]) -> JSON {
            .array(findings.map { .array([.string($0.code), .string($0.severity.rawValue), .string($0.pointer.description), .string($0.message)]) })
        }
        return .object(JSONObject([
            .init(key: "server", value: list(server)),
            .init(key: "nativeDecodes", value: .bool(nativeDecodes)),
            .init(key: "native", value: list(native)),
            .init(key: "controller", value: list(controller)),
        ]))
    }
}
