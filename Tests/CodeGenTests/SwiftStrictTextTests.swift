import Foundation
import Schema
import Testing
@testable import CodeGen

/// The texts the generated `decode(json:)` must read as `tabgen validate` does
/// (docs/decoding.md, "The JSON text"): each goes through the end-to-end program
/// (`EndToEnd`), which prints what the generated Swift did with it.
enum StrictText {
    /// Payloads for the built-in schema's `MessageData.decode(json:)`.
    static let builtIn: [(label: String, text: String)] = [
        ("valid message", #"{"active":"home","tabs":[{"id":"home","title":"Hôme \ud83d\ude00","icon":"house","path":"/"}]}"#),
        ("duplicate key", #"{"active":null,"tabs":[],"active":"home"}"#),
        ("duplicate key by escape", #"{"active":null,"tabs":[],"\u0061ctive":null}"#),
        ("duplicate key in a tab", #"{"active":null,"tabs":[{"id":"a","title":"A","icon":"i","path":"/a","id":"b"}]}"#),
        ("canonically equivalent keys", #"{"active":null,"tabs":[],"é":1,"e\u0301":2}"#),
        ("byte-order mark", "\u{FEFF}" + #"{"active":null,"tabs":[]}"#),
        ("depth 512", #"{"active":null,"tabs":[],"x":"# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}"),
        ("depth 513", #"{"active":null,"tabs":[],"x":"# + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "}"),
        ("lone surrogate", #"{"active":null,"tabs":[{"id":"a","title":"\ud800","icon":"i","path":"/a"}]}"#),
        ("low surrogate first", #"{"active":null,"tabs":[],"x":"\udc00\ud800"}"#),
        ("0e5 in an unknown member", #"{"active":null,"tabs":[],"n":0e5}"#),
        ("1e-400 in an unknown member", #"{"active":null,"tabs":[],"n":1e-400}"#),
        ("truncated", #"{"active":null,"tabs":["#),
        ("trailing comma", #"{"active":null,"tabs":[],}"#),
        ("leading zero", #"{"active":null,"tabs":[],"n":01}"#),
        ("control character", "{\"active\":null,\"tabs\":[],\"x\":\"a\u{1}\"}"),
    ]

    /// Payloads for `numbersSchema`, whose root has `x` (float64) and `n` (uint8).
    static let numbers: [(label: String, text: String)] = [
        ("0e5", #"{"x":0e5,"n":0E5}"#),
        ("-0e5", #"{"x":-0e5,"n":-0e5}"#),
        ("1e-400", #"{"x":1e-400,"n":1e-400}"#),
        ("-1e-400", #"{"x":-1e-400,"n":0.1e-400}"#),
        ("underflow written long", #"{"x":0."# + String(repeating: "0", count: 400) + #"1,"n":0}"#),
        ("small but not zero", #"{"x":1e-320,"n":1e2}"#),
    ]

    static let numbersSchema = #"{"properties":{"x":{"type":"float64"},"n":{"type":"uint8"}}}"#
    static let numbersNamespace = "C_StrictNumbers"

    /// Code for the end-to-end program: one `STRICT` line per payload, `label`, then
    /// `THROWS code|pointer|message`, `DECODES same` (equal to what JSONDecoder decodes),
    /// `DECODES x=... n=...` or `REFUSED` (a DecodingError).
    static func driver(program: URL) throws -> String {
        var options = SwiftOptions()
        options.namespace = numbersNamespace
        options.runtime = false
        options.tests = false
        let document = try Support.document(json: numbersSchema, name: "strict-numbers.jtd.json")
        try Support.write(try Support.generate(document, options: options), to: program, prefix: numbersNamespace + "__")
        let model = ModelBuilder().build(document)
        let root = SwiftTarget(options: options).nameTable(for: model).typeName(model.rootID)
        func list(_ cases: [(label: String, text: String)]) -> String {
            "[" + cases.map { "(\(SwiftLiterals.string($0.label)), \(SwiftLiterals.string($0.text)))" }.joined(separator: ", ") + "]"
        }
        return """
        func strictLine(_ label: String, _ body: () throws -> String) {
            do {
                print("STRICT\\t\\(label)\\t\\(try body())")
            } catch let violation as TabgenViolation {
                print("STRICT\\t\\(label)\\tTHROWS \\([violation.code, violation.pointer, violation.message].joined(separator: "|"))")
            } catch {
                print("STRICT\\t\\(label)\\tREFUSED")
            }
        }
        for (label, text) in \(list(builtIn)) {
            strictLine(label) {
                let value = try MessageData.decode(json: text)
                let fromData = try MessageData.decode(jsonData: Data(text.utf8))
                let plain = try? JSONDecoder().decode(MessageData.self, from: Data(text.utf8))
                return value == plain && value == fromData ? "DECODES same" : "DECODES different"
            }
        }
        for (label, text) in \(list(numbers)) {
            strictLine(label) {
                let value = try \(numbersNamespace).\(root).decode(json: text)
                return "DECODES x=\\(value.x) n=\\(value.n)"
            }
        }

        """
    }
}

@Suite("Generated Swift decode(json:) reads the text as tabgen validate does")
struct SwiftStrictTextTests {
    /// What `tabgen validate` (the Schema library) says of a text: its TG001 finding, or nil.
    static func refusal(_ text: String) throws -> String? {
        let validator = PayloadValidator(document: try Support.builtIn())
        let findings = Array(text.utf8).withUnsafeBufferPointer { validator.treeFindings(for: $0) }
        guard let first = findings.first, first.code == FindingCode.malformedJSON else { return nil }
        return [first.code, first.pointer.description, first.message].joined(separator: "|")
    }

    @Test("a text tabgen validate refuses throws its TG001, pointer and message; one it takes decodes as JSONDecoder decodes it",
          arguments: StrictText.builtIn.map(\.label))
    func builtIn(_ label: String) throws {
        let e2e = EndToEnd.shared
        let text = try #require(StrictText.builtIn.first { $0.label == label }?.text)
        let actual = try #require(e2e.strict[label], "no output for \(label): \(e2e.setupError ?? e2e.compileOutput ?? "")")
        if let refusal = try Self.refusal(text) {
            #expect(actual == "THROWS " + refusal)
        } else {
            #expect(actual == "DECODES same")
        }
    }

    @Test("the payloads say what they are meant to: tabgen refuses exactly the malformed ones")
    func payloadsAreWhatTheySay() throws {
        let refused = try StrictText.builtIn.filter { try Self.refusal($0.text) != nil }.map(\.label)
        #expect(refused == ["duplicate key", "duplicate key by escape", "duplicate key in a tab", "byte-order mark", "depth 513",
                            "lone surrogate", "low surrogate first", "truncated", "trailing comma", "leading zero", "control character"])
        #expect(try Self.refusal(StrictText.builtIn[1].text) == #"TG001||not well-formed JSON: duplicate object key "active"; JSON readers disagree on which one wins, so tabgen rejects it"#)
        #expect(try Self.refusal(StrictText.builtIn[7].text) == "TG001||not well-formed JSON: nesting deeper than 512 arrays and objects")
    }

    @Test("numbers JSONDecoder refuses but JSON allows decode to tabgen's value")
    func numbers() throws {
        let e2e = EndToEnd.shared
        let expected = [
            "0e5": "DECODES x=0.0 n=0", "-0e5": "DECODES x=-0.0 n=0", "1e-400": "DECODES x=0.0 n=0", "-1e-400": "DECODES x=-0.0 n=0",
            "underflow written long": "DECODES x=0.0 n=0", "small but not zero": "DECODES x=1e-320 n=100",
        ]
        for (label, _) in StrictText.numbers {
            #expect(e2e.strict[label] == expected[label], "\(label): \(e2e.strict[label] ?? e2e.setupError ?? e2e.compileOutput ?? "no output")")
        }
    }
}
