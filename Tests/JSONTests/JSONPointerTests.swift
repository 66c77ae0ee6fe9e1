import Testing
@testable import JSON

/// `JSON.value(at:)` reads a pointer as RFC 6901 reads it against the value, and
/// `JSONPointer.isInside` compares tokens as text: the one pointer walk of the JSON module.
struct JSONPointerTests {
    static let document: JSON = .object(JSONObject([
        .init(key: "a/b", value: .number(1)),
        .init(key: "m~n", value: .number(2)),
        .init(key: "0", value: .string("a key named 0")),
        .init(key: "items", value: .array([.string("first"), .string("second"), .object(JSONObject([.init(key: "1", value: .bool(true))]))])),
    ]))

    /// The value at the pointer `text` (parsed, so every token is a key).
    func value(_ text: String) -> JSON? {
        guard let tokens = JSONPointer.parseTokens(text) else { return nil }
        return Self.document.value(at: tokens.map(PathToken.key))
    }

    @Test func escapedTokensNameTheirMembers() {
        #expect(value("/a~1b") == .number(1))
        #expect(value("/m~0n") == .number(2))
        #expect(value("") == Self.document)
        // `~01` is `~1` unescaped once, not `/`.
        #expect(value("/a~01b") == nil)
    }

    @Test func aKeyTokenIsAnIndexWhereTheValueIsAnArray() {
        #expect(value("/items/0") == .string("first"))
        #expect(value("/items/1") == .string("second"))
        // And a member where it is an object, digits or not.
        #expect(value("/0") == .string("a key named 0"))
        #expect(value("/items/2/1") == .bool(true))
        #expect(Self.document.value(at: [.key("items"), .index(2), .index(1)]) == .bool(true))
    }

    @Test(arguments: ["/items/-", "/items/01", "/items/00", "/items/+1", "/items/-1", "/items/1e0", "/items/3", "/items/", "/items/99999999999999999999999"])
    func tokensThatNameNoElement(_ text: String) {
        #expect(value(text) == nil, "\(text)")
    }

    @Test func indexTokensReadAsBefore() {
        #expect(Self.document.value(at: [.key("items"), .index(1)]) == .string("second"))
        #expect(Self.document.value(at: [.key("items"), .index(3)]) == nil)
        #expect(Self.document.value(at: [.key("items"), .index(-1)]) == nil)
        #expect(Self.document.value(at: [.key("a/b"), .key("x")]) == nil)
    }

    @Test func arrayIndexFollowsTheGrammar() {
        #expect(JSONPointer.arrayIndex("0") == 0)
        #expect(JSONPointer.arrayIndex("10") == 10)
        for text in ["", "-", "01", "+1", " 1", "1 ", "١"] {
            #expect(JSONPointer.arrayIndex(text) == nil, "\(text)")
        }
    }

    @Test func isInsideComparesTokensAsText() {
        let finding = JSONPointer([.key("items"), .index(0), .key("title")])
        #expect(finding.isInside(JSONPointer([.key("items"), .key("0")])))
        #expect(finding.isInside(JSONPointer([.key("items")])))
        #expect(finding.isInside(.root))
        #expect(finding.isInside(finding))
        #expect(!finding.isInside(JSONPointer([.key("items"), .key("1")])))
        #expect(!JSONPointer([.key("items")]).isInside(finding))
        #expect(!JSONPointer([.key("item")]).isInside(JSONPointer([.key("items")])))
    }
}
