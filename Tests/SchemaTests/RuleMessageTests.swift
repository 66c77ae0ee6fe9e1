import Testing
@testable import Schema

/// The report writes each finding's message as bytes from the template split once
/// (`RuleMessage`, `MessageBytes`): the same text as `RuleEngine.formatCharacters`,
/// `RuleEngine.show`, `JSONPointer.description` and `String(_:)` give.
struct RuleMessageTests {
    @Test func templatesRenderAsTheCharacterFormFillsThem() {
        var pieces = StringShortcutTests.Pieces(seed: 23)
        // Every placeholder, unknown and unclosed braces, CRLF, non-ASCII text and a
        // combining mark after a brace (one Character, so no placeholder).
        let parts = ["{value}", "{reason}", "{count}", "{pointer}", "{other}", "{", "}", "{{", "a", " ", ":", "\r\n", "{valu", "e}", "{}",
                     "é", "e\u{301}", "{\u{301}value}", "{val\u{E9}}", "\u{212A}", "😀", "ホ"]
        let values: [JSON?] = [nil, .string("home"), .number(3), .null, .string(String(repeating: "é", count: 130)),
                               .object(JSONObject([.init(key: "k", value: .array([.bool(true), .string("x\"y")]))]))]
        let reasons = ["why", "", "é {value}", "a\r\nb"]
        let keys = ["tabs", "a/b", "~", "é", ""]
        for _ in 0..<5000 {
            let template = pieces.text(from: parts, upTo: 6)
            let value = values[pieces.next(values.count)]
            let count: Int? = pieces.next(3) == 0 ? nil : pieces.next(2000) - 1000
            let pointer: [PathToken] = [.key(keys[pieces.next(keys.count)]), .index(pieces.next(12))]
            let reason = reasons[pieces.next(reasons.count)]
            let expected = RuleEngine.formatCharacters(template, value: value, reason: reason, count: count, pointer: JSONPointer(pointer))
            #expect(RuleMessage(template).render(value: value, count: count, pointer: pointer, reason: reason) == expected, "template \(template.debugDescription)")
        }
    }

    @Test func anUnclosedBraceRepeatsTheTextAsTheCharacterFormDoes() {
        let template = "a {reason} b {value"
        let expected = RuleEngine.formatCharacters(template, value: nil, reason: "r", count: nil, pointer: JSONPointer())
        #expect(expected == "a r b  b {value")
        #expect(RuleMessage(template).render(value: nil, count: nil, pointer: [], reason: "r") == expected)
    }

    @Test func theReasonIsWrittenWhereverTheTemplateNamesIt() {
        var calls = 0
        let text = RuleMessage("{reason}/{reason}").render(value: nil, count: nil, pointer: []) { bytes in
            calls += 1
            bytes.append(contentsOf: "é".utf8)
        }
        #expect(text == "é/é")
        #expect(calls == 2)
    }

    @Test func pointersAndNumbersAreWrittenAsTheirDescriptions() {
        var pieces = StringShortcutTests.Pieces(seed: 29)
        let keys = ["tabs", "a/b", "~1", "~", "/", "é", "", "x~y/z", "0"]
        for _ in 0..<2000 {
            let tokens: [PathToken] = (0..<pieces.next(4)).map { _ in
                pieces.next(2) == 0 ? .key(keys[pieces.next(keys.count)]) : .index(pieces.next(1000))
            }
            var bytes: [UInt8] = []
            MessageBytes.appendPointer(tokens, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSONPointer(tokens).description, "\(tokens)")
        }
        for number in [0, 1, 9, 10, 99, 100, -1, -10, 1234567, Int.max, Int.min] {
            var bytes: [UInt8] = Array("x".utf8)
            MessageBytes.appendDecimal(number, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(number))
        }
    }

    @Test func aShownValueIsCutAfterTheSameScalarsInsideAMessage() {
        // Appended after other text: the cut counts the value's scalars, not the message's.
        for length in [0, 117, 118, 119, 120, 121, 200] {
            for unit in ["a", "é", "😀"] {
                let value = JSON.string(String(repeating: unit, count: length))
                var bytes: [UInt8] = Array("prefix ".utf8)
                MessageBytes.appendShown(value, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == "prefix " + RuleEngine.show(value), "\(length) × \(unit)")
            }
        }
    }
}
