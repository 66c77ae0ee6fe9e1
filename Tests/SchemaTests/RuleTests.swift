import Testing
@testable import Schema

/// Every rule of schema.json, violated and satisfied, through the one generic engine.
struct RuleTests {
    let validator: PayloadValidator

    init() throws {
        validator = PayloadValidator(document: try repositorySchema())
    }

    func tab(_ id: String, path: String = "/x", extra: String = "") -> String {
        #"{"id": "\#(id)", "title": "T", "icon": "i", "path": "\#(path)"\#(extra)}"#
    }

    func findings(active: String = #""a""#, _ tabs: [String]) throws -> [Finding] {
        validator.findings(for: try parse(#"{"active": \#(active), "tabs": [\#(tabs.joined(separator: ","))]}"#))
    }

    func codes(_ findings: [Finding]) -> [String] { findings.map(\.code) }

    @Test func builtInSchemaDeclaresContractAndRules() throws {
        let document = try repositorySchema()
        #expect(document.extensions.contract == BridgeContract(component: "navigation", event: "configure", stimulusIdentifier: "bridge--navigation", value: "config"))
        #expect(document.extensions.contract?.valueAttribute == "data-bridge--navigation-config-value")
        #expect(document.extensions.rootName == "MessageData")
        #expect(document.extensions.rules.map(\.code) == ["TG101", "TG102", "TG103", "TG104", "TG105", "TG106", "TG107", "TG108"])
        #expect(document.extensions.rules.map(\.severity) == [.error, .error, .error, .error, .error, .warning, .error, .error])
    }

    @Test func protocolExampleIsValid() throws {
        let example = """
        {"active": "home",
         "tabs": [
          {"id": "home", "title": "Home", "icon": "house.fill", "path": "/"},
          {"id": "explore", "title": "Explore", "icon": "magnifyingglass", "path": "/explore", "deprecated": "soft"},
          {"id": "favorites", "title": "Favorites", "icon": "heart.fill", "path": "/favorites", "replaces": "explore"},
          {"id": "profile", "title": "Profile", "icon": "person.crop.circle", "path": "/profile"}]}
        """
        #expect(validator.findings(for: try parse(example)).isEmpty)
        #expect(validator.findings(for: try parse(#"{"active": null, "tabs": []}"#)).isEmpty)
    }

    @Test func unknownTabFieldsAreAccepted() throws {
        #expect(try findings([tab("a", extra: #", "badge": 3"#), tab("b")]).isEmpty)
    }

    @Test func tg101ExactlyOneTab() throws {
        let one = try findings([tab("a")])
        #expect(codes(one) == ["TG101"])
        #expect(one.first?.pointer.description == "/tabs")
        #expect(one.first?.message == "tabs must be empty (bootstrap mode) or hold at least two distinct tabs: it has 1 entry")
        #expect(try findings([tab("a"), tab("b")]).isEmpty)
        #expect(try findings(active: "null", []).isEmpty)
        // Two entries with one id are one tab for clients, which key tabs by id.
        #expect(Set(codes(try findings([tab("a"), tab("a")]))) == ["TG101", "TG103"])
    }

    @Test func tg102ActiveNamesATab() throws {
        let unknown = try findings(active: #""nope""#, [tab("a"), tab("b")])
        #expect(codes(unknown) == ["TG102"])
        #expect(unknown.first?.pointer.description == "/active")
        #expect(unknown.first?.message == #"active must name one of the tabs: "nope" matches no /tabs/*/id"#)
        let null = try findings(active: "null", [tab("a"), tab("b")])
        #expect(codes(null) == ["TG102"])
        #expect(null.first?.message.contains("it is null") == true)
        #expect(try findings(active: #""b""#, [tab("a"), tab("b")]).isEmpty)
    }

    @Test func tg103UniqueIds() throws {
        let duplicate = try findings([tab("a"), tab("b"), tab("a")])
        #expect(codes(duplicate) == ["TG103"])
        #expect(duplicate.first?.pointer.description == "/tabs/2/id")
        #expect(duplicate.first?.message == #"duplicate tab id: "a" is also at /tabs/0/id"#)
    }

    // "" is accepted by TG104 too, with a TG021 warning (PathResolutionTests).
    @Test(arguments: ["/", "/explore", "profile", "?q=1", "#top", "../up", "./a:b", "/a%20b", "/caf%C3%A9", "/x?y=1&z=/w#f"])
    func tg104AcceptsRelativeReferences(_ path: String) throws {
        #expect(try findings([tab("a", path: path), tab("b")]).isEmpty)
    }

    @Test(arguments: [
        ("https://evil.example/x", #"it has scheme "https""#),
        ("javascript:alert(1)", #"it has scheme "javascript""#),
        ("HTTP:/x", #"it has scheme "HTTP""#),
        ("//evil.example/x", #"it has authority "evil.example""#),
        (#"/\\evil.example"#, "backslash"),
        (" /x", "a space"),
        ("/a b", "a space at character 3"),
        ("/%zz", "malformed percent-encoding"),
        ("1a:b", "first path segment contains"),
        ("/é", "must be percent-encoded"),
        ("/a#b#c", "second \"#\""),
    ])
    func tg104RejectsOthers(_ path: String, _ reason: String) throws {
        let result = try findings([tab("a", path: path), tab("b")])
        #expect(codes(result) == ["TG104"])
        #expect(result.first?.pointer.description == "/tabs/0/path")
        #expect(result.first?.message.contains(reason) == true, "\(result.first?.message ?? "")")
    }

    @Test func tg104MessageMatchesTheDocumentedExample() throws {
        let result = try findings([tab("a"), tab("b", path: "https://evil.example/x")])
        #expect(result.first?.message == #""https://evil.example/x" is not a relative reference (it has scheme "https")"#)
    }

    @Test func tg105ReplacesNamesADeprecatedTab() throws {
        let old = tab("old", extra: #", "deprecated": "soft""#)
        #expect(try findings([old, tab("a", extra: #", "replaces": "old""#), tab("b")]).isEmpty)
        let notDeprecated = try findings([tab("old"), tab("a", extra: #", "replaces": "old""#)])
        #expect(codes(notDeprecated) == ["TG105"])
        #expect(notDeprecated.first?.pointer.description == "/tabs/1/replaces")
        #expect(notDeprecated.first?.message.contains("does not satisfy /deprecated is present") == true)
        let missing = try findings([old, tab("a", extra: #", "replaces": "gone""#), tab("b")])
        #expect(codes(missing) == ["TG105"])
        #expect(missing.first?.message.contains(#""gone" matches no /tabs/*/id where /deprecated is present"#) == true)
    }

    @Test func tg106WarnsAboutActiveInBootstrapMode() throws {
        let result = try findings(active: #""home""#, [])
        #expect(codes(result) == ["TG106"])
        #expect(result.first?.severity == .warning)
        #expect(try findings(active: "null", []).isEmpty)
    }

    @Test func tg107AtMostOneTabReplacesATab() throws {
        let old = tab("old", extra: #", "deprecated": "hard""#)
        let twice = try findings([old, tab("a", extra: #", "replaces": "old""#), tab("b", extra: #", "replaces": "old""#)])
        #expect(codes(twice) == ["TG107"])
        #expect(twice.first?.pointer.description == "/tabs/2/replaces")
        #expect(twice.first?.message == #"two tabs replace the same tab: "old" is also at /tabs/1/replaces"#)
        #expect(try findings([old, tab("a", extra: #", "replaces": "old""#), tab("b")]).isEmpty)
    }

    @Test func tg108AtLeastTwoTabsAreNotDeprecated() throws {
        let soft = #", "deprecated": "soft""#
        let one = try findings([tab("a"), tab("b", extra: soft)])
        #expect(codes(one) == ["TG108"])
        #expect(one.first?.pointer.description == "/tabs")
        #expect(one.first?.message == "tabs must hold at least two tabs that are not deprecated: it has 1 entry where /deprecated is absent or null, fewer than 2")
        let none = try findings([tab("a", extra: soft), tab("b", extra: #", "deprecated": "hard""#)])
        #expect(codes(none) == ["TG108"])
        #expect(none.first?.message.contains("it has 0 entries where") == true)
        // A null deprecated is no deprecation to a client; the server still hears of the null (TG011).
        #expect(codes(try findings([tab("a"), tab("b", extra: #", "deprecated": null"#)])) == ["TG011"])
        #expect(try findings([tab("a"), tab("b"), tab("c", extra: soft)]).isEmpty)
        // One tab is TG101's case alone, and bootstrap has nothing to count.
        #expect(codes(try findings([tab("a", extra: soft)])) == ["TG101"])
        #expect(try findings(active: "null", []).isEmpty)
    }

    @Test func rootTakesUnknownMembers() throws {
        let payload = #"{"active": "a", "tabs": [\#(tab("a")), \#(tab("b"))], "metadata": {"url": "https://app.example/"}}"#
        #expect(validator.findings(for: try parse(payload)).isEmpty)
    }

    @Test func schemaViolationsHaveCodesAndMessages() throws {
        let payload = #"{"active": 3, "tabs": [{"id": "a", "title": "T", "icon": "i", "path": "/", "deprecated": "urgent"}, {"id": "b", "title": "T", "icon": "i"}, 7], "extra": true}"#
        let result = validator.findings(for: try parse(payload)).filter { $0.code.hasPrefix("TG0") }
        let summary = result.map { "\($0.code) \($0.pointer) \($0.message)" }
        #expect(summary.contains(#"TG010 /active expected a string, found number 3"#))
        #expect(summary.contains(#"TG011 /tabs/0/deprecated "urgent" is not one of "soft", "hard""#))
        #expect(summary.contains(#"TG012 /tabs/1 missing required property "path""#))
        #expect(summary.contains(#"TG014 /tabs/2 expected an object, found number 7"#))
        // The root takes unknown members, as TabData does: the Android bridge adds "metadata".
        #expect(!result.contains { $0.code == "TG013" })
        #expect(result.first { $0.code == "TG011" }?.schemaPath == ["definitions", "Deprecation", "enum"])
        #expect(validator.findings(for: try parse("[]")).map(\.code) == ["TG014"])
    }

    @Test func missingAndUnexpectedPropertiesAreToldApart() throws {
        // Both indicators can end in properties/NAME; the validator says which is which.
        let document = try schema(#"{"properties": {"foo": {"properties": {"x": {"type": "string"}}}, "p": {"properties": {}}}}"#)
        let validator = PayloadValidator(document: document)
        let extra = validator.findings(for: try parse(#"{"foo": {"x": "a", "future": 1}, "p": {"q": {}}}"#))
        #expect(extra.map(\.code) == ["TG013", "TG013"])
        #expect(extra.map(\.pointer.description) == ["/foo/future", "/p/q"])
        let missing = validator.findings(for: try parse(#"{"foo": {}, "p": {}}"#))
        #expect(missing.map { "\($0.code) \($0.pointer) \($0.message)" } == [#"TG012 /foo missing required property "x""#])
    }

    @Test func malformedPayloadIsTG001() {
        let bytes = Array(#"{"active": null, "tabs": [}"#.utf8)
        let result = bytes.withUnsafeBufferPointer { validator.findings(for: $0) }
        #expect(result.map(\.code) == ["TG001"])
        #expect(result.first?.offset == 26)
    }

    @Test func engineHasNoTabKnowledge() throws {
        // A user adds a `badge` field and a rule for it by editing the schema only.
        let document = try schema(#"""
        {"metadata": {"tabgen": {"rules": [
            {"code": "X1", "kind": "count", "path": "/items", "max": 2, "severity": "warning"},
            {"code": "X2", "kind": "unique", "path": "/items/*/badge"},
            {"code": "X3", "kind": "equals", "path": "/mode", "value": "on", "when": [{"path": "/items", "count": {"min": 1}}]}]}},
         "properties": {"mode": {"type": "string"}, "items": {"elements": {"properties": {"badge": {"type": "uint8"}}}}}}
        """#)
        let validator = PayloadValidator(document: document)
        let result = validator.findings(for: try parse(#"{"mode": "off", "items": [{"badge": 1}, {"badge": 1}, {"badge": 2}]}"#))
        #expect(result.map(\.code) == ["X1", "X2", "X3"])
        #expect(result.map(\.severity) == [.warning, .error, .error])
        #expect(validator.findings(for: try parse(#"{"mode": "off", "items": []}"#)).isEmpty)
    }
}
