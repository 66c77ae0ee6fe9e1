import Testing
@testable import Schema

/// TG022: ids and references that are canonically equivalent but not the same scalars.
/// The rules compare by scalars (two ids, no match); Swift's `String ==`, which an iOS
/// client uses, takes them as equal: the warning says the apps would disagree.
struct CanonicalEquivalenceTests {
    let validator: PayloadValidator

    init() throws {
        validator = PayloadValidator(document: try repositorySchema())
    }

    /// JSON text of a tab; `id` and `extra` are JSON text too (escapes stay escapes).
    func tab(_ id: String, extra: String = "") -> String {
        #"{"id": "\#(id)", "title": "T", "icon": "i", "path": "/x"\#(extra)}"#
    }

    func payload(active: String = "null", _ tabs: [String]) -> String {
        #"{"active": \#(active), "tabs": [\#(tabs.joined(separator: ","))]}"#
    }

    func findings(_ text: String) throws -> [Finding] {
        validator.findings(for: try parse(text))
    }

    static let tail = " but has other Unicode scalars: Swift's String == takes them as equal, Kotlin, JavaScript and Ruby as different; send both in Unicode normalization form C (NFC)"

    /// Pairs as JSON escapes: NFC and NFD, KELVIN SIGN, ANGSTROM SIGN, Hangul, mark order.
    static let pairs: [(String, String)] = [
        (#"caf\u00e9"#, #"cafe\u0301"#),
        ("Kilo", #"\u212ailo"#),
        (#"\u00c5ngstr\u00f6m"#, #"\u212bngstr\u00f6m"#),
        (#"\u212b"#, #"A\u030a"#),
        (#"\ud55c\uae00"#, #"\u1112\u1161\u11ab\u1100\u1173\u11af"#),
        (#"q\u0323\u0307"#, #"q\u0307\u0323"#),
    ]

    @Test(arguments: pairs)
    func equivalentIdsWarnAtTheSecond(_ pair: (String, String)) throws {
        let found = try findings(payload(active: #""\#(pair.0)""#, [tab(pair.0), tab(pair.1)]))
        #expect(found.map(\.code) == ["TG022"])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.pointer.description == "/tabs/1/id")
        let first = JSONWriter.string(try parse(#""\#(pair.0)""#))
        let second = JSONWriter.string(try parse(#""\#(pair.1)""#))
        #expect(found.first?.message == "\(second) is canonically equivalent to \(first) at /tabs/0/id" + Self.tail)
    }

    @Test func theDocumentedExampleReadsAsDocumented() throws {
        let found = try findings(payload(active: #""caf\u00e9""#, [tab(#"caf\u00e9"#), tab(#"cafe\u0301"#)]))
        #expect(found.first?.message == "\"cafe\u{301}\" is canonically equivalent to \"caf\u{E9}\" at /tabs/0/id" + Self.tail)
    }

    @Test func anExactDuplicateIsTG103AloneAndTheEquivalentOneTG022() throws {
        let found = try findings(payload(active: #""caf\u00e9""#, [tab(#"caf\u00e9"#), tab(#"cafe\u0301"#), tab(#"caf\u00e9"#), tab(#"cafe\u0301"#)]))
        #expect(found.map { "\($0.code) \($0.pointer)" } == ["TG022 /tabs/1/id", "TG103 /tabs/2/id", "TG103 /tabs/3/id"])
        #expect(found[2].message == #"duplicate tab id: "cafe\#u{301}" is also at /tabs/1/id"#)
    }

    @Test func identicalOrMerelySimilarIdsDoNotWarn() throws {
        // NFKC would equate these (ﬁ and fi, full-width A): canonical equivalence does not.
        #expect(try findings(payload(active: #""fi""#, [tab("fi"), tab(#"\ufb01"#), tab(#"\uff21"#), tab("A")])).isEmpty)
        #expect(try findings(payload(active: #""caf\u00e9""#, [tab(#"caf\u00e9"#), tab("cafe")])).isEmpty)
    }

    @Test func aReferenceEquivalentToAKeyWarnsBesideItsError() throws {
        let found = try findings(payload(active: #""Kilo""#, [tab(#"\u212ailo"#), tab("b")]))
        #expect(found.map { "\($0.code) \($0.severity) \($0.pointer)" } == ["TG102 error /active", "TG022 warning /active"])
        #expect(found[0].message == #"active must name one of the tabs: "Kilo" matches no /tabs/*/id"#)
        #expect(found[1].message == "\"Kilo\" is canonically equivalent to \"\u{212A}ilo\", a value of /tabs/*/id," + Self.tail)
    }

    @Test func replacesEquivalentToADeprecatedTabWarnsOnlyWhenTheTabQualifies() throws {
        let deprecated = tab(#"caf\u00e9"#, extra: #", "deprecated": "soft""#)
        let replacing = tab("new", extra: #", "replaces": "cafe\u0301""#)
        let found = try findings(payload(active: #""new""#, [deprecated, replacing, tab("c")]))
        #expect(found.map { "\($0.code) \($0.pointer)" } == ["TG105 /tabs/1/replaces", "TG022 /tabs/1/replaces"])
        #expect(found[1].message == "\"cafe\u{301}\" is canonically equivalent to \"caf\u{E9}\", a value of /tabs/*/id where /deprecated is present," + Self.tail)
        // The equivalent tab is not deprecated: TG105 either way, no disagreement to warn of.
        let plain = try findings(payload(active: #""new""#, [tab(#"caf\u00e9"#), replacing, tab("c")]))
        #expect(plain.map(\.code) == ["TG105"])
    }

    @Test func theFirstEquivalentKeyInDocumentOrderIsNamed() throws {
        let found = try findings(payload(active: #""\u212b""#, [tab(#"A\u030a"#), tab(#"\u00c5"#)]))
        // The two ids warn too (TG103's companion), after the reference.
        #expect(found.map { "\($0.code) \($0.pointer)" } == ["TG102 /active", "TG022 /active", "TG022 /tabs/1/id"])
        #expect(found[1].message.hasPrefix("\"\u{212B}\" is canonically equivalent to \"A\u{30A}\", a value of /tabs/*/id,"))
    }

    @Test func theFastPassHandsEquivalentValuesToTheFullOne() throws {
        let document = try repositorySchema()
        let unique = try #require(document.extensions.rules.first { $0.code == "TG103" })
        let reference = try #require(document.extensions.rules.first { $0.code == "TG102" })
        let engine = RuleEngine(rules: document.extensions.rules)
        let small = try parse(payload(active: #""cafe\u0301""#, [tab(#"caf\u00e9"#), tab(#"cafe\u0301"#)]))
        #expect(!RuleEngine.passes(unique, small))
        #expect(RuleEngine.passes(reference, small))  // "cafe\u0301" is a key: nothing to say
        // An ASCII string is equivalent to a non-ASCII one (K, U+212A KELVIN SIGN), either first.
        for ids in [["K", #"\u212a"#], [#"\u212a"#, "K"], ["a", #"\u00c5"#, "b", #"\u212b"#]] {
            let payload = try parse(payload(active: "null", ids.map { tab($0) }))
            #expect(!RuleEngine.passes(unique, payload), "\(ids)")
        }
        #expect(RuleEngine.passes(unique, try parse(payload(active: "null", [tab("K"), tab("k"), tab(#"\u00e9"#)]))))
        // Past 32 values the fast pass leaves the set to the full one: still found.
        let many = (0..<40).map { tab("t\($0)") } + [tab(#"caf\u00e9"#), tab(#"cafe\u0301"#)]
        let large = try parse(payload(active: #""t0""#, many))
        #expect(engine.evaluate(large).map { "\($0.code) \($0.pointer)" } == ["TG022 /tabs/41/id"])
        #expect(engine.fullFindings(unique, large) == engine.evaluate(large))
    }
}
