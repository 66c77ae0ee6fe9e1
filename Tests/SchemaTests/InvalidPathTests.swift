import Testing
@testable import Schema
@testable import JSON

/// The cheaper pieces of the invalid-payload path agree with what they replaced: the
/// locator's walk per request with its trie, `FirstSeen` with a Dictionary, the byte
/// cut of `RuleEngine.show` with a cut by Unicode scalars.
struct InvalidPathTests {
    static let documents = [
        "{\"active\":\"b\",\"tabs\":[{\"id\":\"a\",\"path\":\"/\"},{\"id\":\"b\",\"path\":\"//x\",\"deprecated\":\"soft\"}]}",
        // Escaped keys (Rails writes \u0026), a key with a "/" and a "~", non-ASCII keys and values.
        "{ \"t\\u0061bs\" : [ { \"i\\\"d\": 1, \"id\" : \"\\u00e9\" } , [ 1, [2, {\"k\": \"v\"}] ] ],\n \"a/b\": {\"m~n\": null}, \"é\": {\"😀\": [true, false]} }",
        "\u{FEFF}{\"x\": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, {\"deep\": {\"deeper\": \"y\"}}]}",
        "[{\"a\": {}}, [], \"s\", 3.5e2]",
        "  \"scalar\"  ",
        // Two keys that differ by scalars but are canonically equivalent (KELVIN SIGN, K): every locator tells them apart.
        "{\"\u{212A}\": 1, \"K\": {\"\u{00C5}\": 2, \"A\u{030A}\": 3}}",
    ]

    static let paths: [[PathToken]] = [
        [], [.key("tabs")], [.key("tabs"), .index(1)], [.key("tabs"), .index(1), .key("path")],
        [.key("tabs"), .index(1), .key("deprecated")], [.key("tabs"), .index(7), .key("id")],
        [.key("active")], [.key("missing")], [.key("tabs"), .key("0"), .key("id")], [.key("tabs"), .key("01")],
        [.key("tabs"), .index(0), .key("i\"d")], [.key("tabs"), .index(0), .key("id")],
        [.key("tabs"), .index(1), .index(1), .index(1), .key("k")], [.key("a/b"), .key("m~n")],
        [.key("é"), .key("😀"), .index(1)], [.key("x"), .index(12), .key("deep"), .key("deeper")],
        [.key("x"), .index(11), .key("deep")], [.index(0), .key("a")], [.index(2)], [.index(3)], [.index(4)],
        [.key("active"), .key("more")],
        [.key("\u{212A}")], [.key("K")], [.key("K"), .key("A\u{030A}")], [.key("K"), .key("\u{00C5}")],
    ]

    @Test func walkingOneRequestFindsWhatTheTrieFinds() {
        for document in Self.documents {
            let bytes = Array(document.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                for path in Self.paths {
                    for preferKey in [false, true] {
                        let request = JSONLocator.Request(path: path, preferKey: preferKey)
                        let direct = JSONLocator.offsets(of: [request], in: buffer)
                        // More requests than the direct limit: located by the trie.
                        let byTrie = JSONLocator.offsets(of: Array(repeating: request, count: JSONLocator.directLimit + 1), in: buffer)
                        #expect(direct == [byTrie[0]], "\(document) \(JSONPointer(path)) preferKey \(preferKey)")
                        #expect(direct == [JSONLocator.offset(of: path, in: buffer, preferKey: preferKey)] || path.contains { if case .key(let key) = $0 { Int(key) != nil } else { false } },
                                "\(document) \(JSONPointer(path))")
                    }
                }
            }
        }
    }

    @Test func directOffsetsPointAtTheValueOrKey() throws {
        let text = "{\"tabs\": [{\"id\": \"a\"}, {\"id\": \"b\", \"path\": \"x\"}]}"
        let bytes = Array(text.utf8)
        let requests = [
            JSONLocator.Request(path: [.key("tabs"), .index(1), .key("path")]),
            JSONLocator.Request(path: [.key("tabs"), .index(1), .key("path")], preferKey: true),
            JSONLocator.Request(path: [.key("tabs"), .index(5)]),
        ]
        let offsets = bytes.withUnsafeBufferPointer { JSONLocator.offsets(of: requests, in: $0) }
        let value = try #require(text.utf8.firstIndex(of: UInt8(ascii: "x")))
        #expect(offsets[0] == text.utf8.distance(from: text.utf8.startIndex, to: value) - 1)
        #expect(offsets[1] == offsets[0] - 8)  // "path": "x" — the key's opening quote
        #expect(offsets[2] == 9)  // the array: the deepest value on the way
    }

    @Test func firstSeenKeepsTheFirstValueLikeADictionary() {
        var small = FirstSeen<JSON, Int>()
        var reference: [JSON: Int] = [:]
        // Past the limit too, where it moves to a Dictionary.
        let values: [JSON] = (0..<80).map { index in
            switch index % 4 {
            case 0: .string("id\(index % 50)")
            case 1: .number(Double(index % 30))
            case 2: .object(JSONObject([.init(key: "k", value: .number(Double(index % 10))), .init(key: "j", value: .null)]))
            default: .array([.bool(index % 8 == 3), .string("é")])
            }
        }
        for (ordinal, value) in values.enumerated() {
            let earlier = small.record(value, ordinal)
            #expect(earlier == reference[value])
            if reference[value] == nil { reference[value] = ordinal }
        }
        for value in values + [.string("absent"), .number(-1)] {
            #expect(small[value] == reference[value])
            #expect(small.contains(value) == (reference[value] != nil))
        }
    }

    @Test func firstSeenStringKeysAreCanonicallyEquivalent() {
        // As a [String: Int] groups them (TG022 relies on it): é precomposed and decomposed.
        var seen = FirstSeen<String, Int>()
        #expect(seen.record("caf\u{E9}", 0) == nil)
        #expect(seen.record("cafe\u{301}", 1) == 0)
        #expect(seen.record("\u{212A}", 2) == nil)
        #expect(seen["K"] == 2)
    }

    @Test func showCutsAt120UnicodeScalars() {
        func reference(_ value: JSON) -> String {
            let text = JSONWriter.string(value)
            guard text.unicodeScalars.count > 120 else { return text }
            return String(String.UnicodeScalarView(text.unicodeScalars.prefix(117))) + "..."
        }
        for length in [0, 1, 116, 117, 118, 119, 120, 121, 200] {
            for unit in ["a", "é", "😀", "e\u{301}", "\"", "\n"] {
                let value = JSON.string(String(repeating: unit, count: length))
                #expect(RuleEngine.show(value) == reference(value), "\(length) × \(unit.unicodeScalars.map(\.value))")
            }
        }
        let object = JSON.object(JSONObject((0..<30).map { .init(key: "k\($0)", value: .string("ü\($0)")) }))
        #expect(RuleEngine.show(object) == reference(object))
        #expect(RuleEngine.show(.number(1.5)) == "1.5")
    }

    @Test func pointerTextEscapesByteByByte() {
        #expect(JSONPointer([]).description == "")
        #expect(JSONPointer([.key("")]).description == "/")
        #expect(JSONPointer([.key("~/~1"), .index(12), .key("é/😀")]).description == "/~0~1~01/12/é~1😀")
    }
}
