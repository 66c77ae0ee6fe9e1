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

    /// Payloads for `formsSchema` (issue 23, items 2 and 4): float32 the CLI takes (it
    /// reads a float32 as its Double rounded to Float: `1e-46` is 0) or refuses
    /// (`3.4028235677973366e38` rounds to infinity), and numbers beyond Double's range in
    /// the empty form, which the CLI takes.
    static let forms: [(label: String, text: String)] = [
        ("float32 1e-46", #"{"f":1e-46}"#),
        ("float32 -1e-46", #"{"f":-1e-46}"#),
        ("float32 2.5e-324", #"{"f":2.5e-324}"#),
        ("float32 max", #"{"f":3.4028235e38}"#),
        ("float32 rounds to infinity", #"{"f":3.4028235677973366e38}"#),
        ("float32 3.5e38", #"{"f":-3.5e38}"#),
        ("float32 elements", #"{"f":0,"fs":[1e-46,7e-46,0.5]}"#),
        ("float32 element rounds to infinity", #"{"f":0,"fs":[1,3.4028235677973366e38]}"#),
        ("empty form 1E400", #"{"f":0,"any":1E400}"#),
        ("empty form -1E400", #"{"f":0,"any":-1E400}"#),
        ("empty form 1E400 nested", #"{"f":0,"any":[1,{"a/b":[-1E400]},1e400]}"#),
        ("float64 1E400", #"{"f":0,"d":1E400}"#),
    ]

    /// Payloads for `keysSchema` (issue 23, item 3): keys canonically equivalent but not
    /// the same scalars, which `JSONDecoder` merges into one member. The CLI reports TG024
    /// (and the rule sees both labels); `decode(json:)` throws that TG024.
    static let keys: [(label: String, text: String)] = [
        ("keys é and e\u{301}", #"{"labels":{"caf\u00e9":"x","cafe\u0301":"x"}}"#),
        ("keys Å and U+212B", #"{"labels":{"\u00c5":"x","\u212b":"x"}}"#),
        ("keys K and U+212A", #"{"labels":{"K":"x","\u212a":"x"}}"#),
        ("keys U+212A after 17 keys", #"{"labels":{"K":"x","# + (1...16).map { "\"k\($0)\":\"\($0)\"," }.joined() + #""\u212a":"x"}}"#),
        ("keys unknown in the struct", #"{"labels":{},"x":[{"e\u0301":1}],"\u00e9":1,"e\u0301":2}"#),
        ("keys distinct", #"{"labels":{"a":"x","\u00e9":"y","K":"z"}}"#),
        ("keys distinct, same label", #"{"labels":{"a":"x","\u00e9":"x"}}"#),
    ]

    static let keysSchema = #"{"metadata":{"tabgen":{"rules":[{"code":"TG201","severity":"error","kind":"unique","path":"/labels/*","message":"duplicate label: {reason}"}]}},"optionalProperties":{"labels":{"values":{"type":"string"}},"x":{}}}"#
    static let keysNamespace = "C_StrictKeys"

    static let formsSchema = #"{"properties":{"f":{"type":"float32"}},"optionalProperties":{"any":{},"fs":{"elements":{"type":"float32"}},"d":{"type":"float64"}}}"#
    static let formsNamespace = "C_StrictForms"

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
        options.namespace = formsNamespace
        let formsDocument = try Support.document(json: formsSchema, name: "strict-forms.jtd.json")
        try Support.write(try Support.generate(formsDocument, options: options), to: program, prefix: formsNamespace + "__")
        let formsModel = ModelBuilder().build(formsDocument)
        let formsRoot = SwiftTarget(options: options).nameTable(for: formsModel).typeName(formsModel.rootID)
        options.namespace = keysNamespace
        let keysDocument = try Support.document(json: keysSchema, name: "strict-keys.jtd.json")
        try Support.write(try Support.generate(keysDocument, options: options), to: program, prefix: keysNamespace + "__")
        let keysModel = ModelBuilder().build(keysDocument)
        let keysRoot = SwiftTarget(options: options).nameTable(for: keysModel).typeName(keysModel.rootID)
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
        for (label, text) in \(list(forms)) {
            strictLine(label) {
                do {
                    let value = try \(formsNamespace).\(formsRoot).decode(json: text)
                    let found = value.validate().map { [$0.code, $0.pointer, $0.message].joined(separator: "|") }
                    return "DECODES f=\\(value.f) any=\\(value.any.map { "\\($0)" } ?? "nil") fs=\\(value.fs ?? []) \\(found)"
                } catch let error as DecodingError {
                    guard case .dataCorrupted(let context) = error, let violation = context.underlyingError as? TabgenViolation else { throw error }
                    return "FINDING " + [violation.code, violation.pointer, violation.message].joined(separator: "|")
                }
            }
        }
        for (label, text) in \(list(keys)) {
            strictLine(label) {
                let value = try \(keysNamespace).\(keysRoot).decode(json: text)
                return "DECODES " + value.validate().map { [$0.code, $0.pointer, $0.message].joined(separator: "|") }.joined(separator: ";")
            }
        }

        """
    }
}

@Suite("Generated Swift decode(json:) reads the text as tabgen validate does")
struct SwiftStrictTextTests {
    /// What `tabgen validate` (the Schema library) says of a text that the native text
    /// check refuses: its TG001 finding, else its first TG024 (equivalent keys), or nil.
    static func refusal(_ text: String, document: SchemaDocument? = nil) throws -> String? {
        let validator = PayloadValidator(document: try document ?? Support.builtIn())
        let findings = Array(text.utf8).withUnsafeBufferPointer { validator.treeFindings(for: $0) }
        guard let first = findings.first(where: { $0.code == FindingCode.malformedJSON })
                ?? findings.first(where: { $0.code == FindingCode.equivalentKeys }) else { return nil }
        return line(first)
    }

    /// A finding as the compiled program prints it: code, pointer and message.
    static func line(_ finding: Finding) -> String {
        [finding.code, finding.pointer.description, finding.message].joined(separator: "|")
    }

    /// The text of case `label` of `cases`, and what the generated Swift printed for it.
    static func outcome(_ label: String, of cases: [(label: String, text: String)]) throws -> (text: String, actual: String) {
        let e2e = EndToEnd.shared
        let text = try #require(cases.first { $0.label == label }?.text)
        let actual = try #require(e2e.strict[label], "no output for \(label): \(e2e.whyNoReport)")
        return (text, actual)
    }

    @Test("a text tabgen validate refuses throws its TG001, pointer and message; one it takes decodes as JSONDecoder decodes it",
          arguments: StrictText.builtIn.map(\.label))
    func builtIn(_ label: String) throws {
        let (text, actual) = try Self.outcome(label, of: StrictText.builtIn)
        if let refusal = try Self.refusal(text) {
            #expect(actual == "THROWS " + refusal)
        } else {
            #expect(actual == "DECODES same")
        }
    }

    @Test("the payloads say what they are meant to: tabgen refuses exactly the malformed ones")
    func payloadsAreWhatTheySay() throws {
        let refused = try StrictText.builtIn.filter { try Self.refusal($0.text) != nil }.map(\.label)
        #expect(refused == ["duplicate key", "duplicate key by escape", "duplicate key in a tab", "canonically equivalent keys", "byte-order mark", "depth 513",
                            "lone surrogate", "low surrogate first", "truncated", "trailing comma", "leading zero", "control character"])
        #expect(try Self.refusal(StrictText.builtIn[1].text) == #"TG001||not well-formed JSON: duplicate object key "active"; JSON readers disagree on which one wins, so tabgen rejects it"#)
        #expect(try Self.refusal(StrictText.builtIn[7].text) == "TG001||not well-formed JSON: nesting deeper than 512 arrays and objects")
    }

    @Test("float32 decodes as the CLI reads it (its Double, rounded), and the empty form takes numbers beyond Double's range",
          arguments: StrictText.forms.map(\.label))
    func forms(_ label: String) throws {
        let (text, actual) = try Self.outcome(label, of: StrictText.forms)
        let expected = [
            "float32 1e-46": "DECODES f=0.0 any=nil fs=[] []",
            "float32 -1e-46": "DECODES f=-0.0 any=nil fs=[] []",
            "float32 2.5e-324": "DECODES f=0.0 any=nil fs=[] []",
            "float32 max": "DECODES f=3.4028235e+38 any=nil fs=[] []",
            "float32 elements": "DECODES f=0.0 any=nil fs=[0.0, 0.0, 0.5] []",
            "empty form 1E400": "DECODES f=0.0 any=number(inf) fs=[] []",
            "empty form -1E400": "DECODES f=0.0 any=number(-inf) fs=[] []",
            // `array([...number(1.0), ...object(["a/b": ...array([...number(-inf)])]), ...number(inf)])`
            "empty form 1E400 nested": "",
        ]
        // The verdict, code, pointer and message are the CLI's (the Schema library's).
        let document = try Support.document(json: StrictText.formsSchema, name: "strict-forms.jtd.json")
        let findings = Array(text.utf8).withUnsafeBufferPointer { PayloadValidator(document: document).treeFindings(for: $0) }
        if let first = findings.first {
            #expect(actual == "FINDING " + Self.line(first))
        } else if let value = expected[label] {
            if label == "empty form 1E400 nested" {
                #expect(actual.hasPrefix("DECODES f=0.0 any=array(") && actual.contains(#"["a/b": "#) && actual.contains("number(-inf)")
                            && actual.hasSuffix("number(inf)]) fs=[] []"), "\(actual)")
            } else {
                #expect(actual == value)
            }
        } else {
            Issue.record("\(label): the CLI finds nothing, no value expected; Swift: \(actual)")
        }
    }

    @Test("keys canonically equivalent but not the same scalars throw the CLI's first TG024; other texts decode and validate() reports what the CLI reports",
          arguments: StrictText.keys.map(\.label))
    func keys(_ label: String) throws {
        let (text, actual) = try Self.outcome(label, of: StrictText.keys)
        let document = try Support.document(json: StrictText.keysSchema, name: "strict-keys.jtd.json")
        if let refusal = try Self.refusal(text, document: document) {
            #expect(refusal.hasPrefix("TG024|") == !label.hasPrefix("keys distinct"))
            #expect(actual == "THROWS " + refusal)
        } else {
            let findings = Array(text.utf8).withUnsafeBufferPointer { PayloadValidator(document: document).treeFindings(for: $0) }
            #expect(actual == "DECODES " + findings.map(Self.line).joined(separator: ";"))
            #expect(label.hasPrefix("keys distinct"))
        }
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
