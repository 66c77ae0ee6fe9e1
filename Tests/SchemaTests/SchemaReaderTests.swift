import Testing
@testable import Schema
import GrowthTesting

/// Schema errors say where (file:line:column and pointer) and what.
struct SchemaReaderTests {
    func errors(_ text: String) -> [SchemaError] { schemaErrors(text) }

    @Test func locatesFormErrors() throws {
        let result = errors("{\n  \"properties\": {\n    \"a\": {\"type\": \"strin\"}\n  }\n}")
        let error = try #require(result.first)
        #expect(error.pointer.description == "/properties/a/type")
        #expect(error.position == SourcePosition(line: 3, column: 19))
        #expect(error.description.hasPrefix("test.json:3:19: error: /properties/a/type: \"strin\" is not a JTD type"))
    }

    @Test func collectsSeveralErrors() {
        let result = errors(#"{"properties": {"a": {"type": "x"}, "b": {"enum": []}}, "bogus": 1}"#)
        #expect(result.count == 3)
    }

    @Test func countWhereConditionsAddressAnEntry() throws {
        let tabs = #""properties": {"tabs": {"elements": {"properties": {"id": {"type": "string"}}, "optionalProperties": {"gone": {"type": "boolean"}}}}}"#
        let good = #"{"metadata": {"tabgen": {"rules": [{"code": "R1", "kind": "count", "path": "/tabs", "min": 2, "where": [{"path": "/gone", "present": false}]}]}}, \#(tabs)}"#
        #expect(errors(good).isEmpty)
        let bad = #"{"metadata": {"tabgen": {"rules": [{"code": "R1", "kind": "count", "path": "/tabs", "min": 2, "where": [{"path": "/nope", "present": false}]}]}}, \#(tabs)}"#
        let error = try #require(errors(bad).first)
        #expect(error.pointer.description == "/metadata/tabgen/rules/0/where/0/path")
        #expect(error.message.contains(#"condition path "/nope" addresses nothing"#))
    }

    @Test func readsCrashesClientsOnErrorRulesOnly() throws {
        let tabs = #""properties": {"tabs": {"elements": {}}}"#
        let document = try schema(#"{"metadata": {"tabgen": {"rules": [{"code": "R1", "kind": "count", "path": "/tabs", "min": 2, "crashesClients": true}, {"code": "R2", "kind": "count", "path": "/tabs", "max": 9}]}}, \#(tabs)}"#)
        #expect(document.extensions.rules.map(\.crashesClients) == [true, false])
        let warning = try #require(errors(#"{"metadata": {"tabgen": {"rules": [{"code": "R1", "severity": "warning", "kind": "count", "path": "/tabs", "min": 2, "crashesClients": true}]}}, \#(tabs)}"#).first)
        #expect(warning.pointer.description == "/metadata/tabgen/rules/0/crashesClients")
        #expect(warning.message.contains(#"crashesClients needs severity "error""#))
        let notBoolean = try #require(errors(#"{"metadata": {"tabgen": {"rules": [{"code": "R1", "kind": "count", "path": "/tabs", "min": 2, "crashesClients": "yes"}]}}, \#(tabs)}"#).first)
        #expect(notBoolean.message == "crashesClients must be true or false, found string")
    }

    /// A keyword of the wrong JSON type is reported at the keyword, saying what it must be
    /// and what it is, in every reader (one check each for flags and strings: ErrorSink).
    @Test func wronglyTypedKeywordsSayWhatAndWhere() throws {
        let rules = #"{"metadata": {"tabgen": {"rules": [RULE]}}, "properties": {"a": {"type": "string"}, "b": {"elements": {"properties": {"id": {"type": "string"}}}}}}"#
        let menu = ContractEventTests.menu
        let display = #"{"name": "display", "direction": "webToNative", "data": "Display"}"#
        let cases: [(schema: String, pointer: String, message: String)] = [
            (#"{"type": "string", "nullable": "yes"}"#, "/nullable", "nullable must be true or false, found string"),
            (#"{"properties": {}, "additionalProperties": 1}"#, "/additionalProperties", "additionalProperties must be true or false, found number"),
            (#"{"ref": 3}"#, "/ref", "ref must be a string naming a definition, found number"),
            (#"{"type": null}"#, "/type", "type must be a string, found null"),
            (#"{"enum": ["a", 2]}"#, "/enum/1", "enum values must be strings, found number"),
            (#"{"discriminator": [], "mapping": {}}"#, "/discriminator", "discriminator must be a string naming the tag property, found array"),
            (rules.replacingOccurrences(of: "RULE", with: #"{"code": "R1", "kind": "relativeReference", "path": "/a", "allowAuthority": "no"}"#),
             "/metadata/tabgen/rules/0/allowAuthority", "allowAuthority must be true or false, found string"),
            (rules.replacingOccurrences(of: "RULE", with: #"{"code": "R1", "kind": "reference", "path": "/a", "targets": "/b/*", "key": "/id", "required": 1}"#),
             "/metadata/tabgen/rules/0/required", "required must be true or false, found number"),
            (rules.replacingOccurrences(of: "RULE", with: #"{"code": "R1", "kind": "nonEmpty", "path": "/a", "when": [{"path": "/a", "present": "yes"}]}"#),
             "/metadata/tabgen/rules/0/when/0/present", "present must be true or false, found string"),
            (menu.replacingOccurrences(of: #""replyTo": "display", "data": "Selection"}"#, with: #""replyTo": "display", "echo": {}}"#),
             "/metadata/tabgen/contract/events/1/echo", "echo must be true or false, found object"),
            (menu.replacingOccurrences(of: #""data": "Display"}"#, with: #""data": 7}"#),
             "/metadata/tabgen/contract/events/0/data", "data must be the name of a definition, found number"),
            (ElementSourceTests.menu.replacingOccurrences(of: #""trim": true"#, with: #""trim": "yes""#),
             "/metadata/tabgen/contract/events/0/fromElement/title/trim", "trim must be true or false, found string"),
            (ElementSourceTests.menu.replacingOccurrences(of: #""skipDisabled": true"#, with: #""skipDisabled": 1"#),
             "/metadata/tabgen/contract/events/0/fromElement/items/skipDisabled", "skipDisabled must be true or false, found number"),
            ("[]", "", "a schema must be a JSON object, found array"),
            (#"{"definitions": 1}"#, "/definitions", "definitions must be an object of schemas, found number"),
            (#"{"metadata": "m", "type": "string"}"#, "/metadata", "metadata must be an object, found string"),
            (#"{"properties": []}"#, "/properties", "properties must be an object of schemas, found array"),
            (#"{"enum": "a"}"#, "/enum", "enum must be an array of strings, found string"),
            (#"{"discriminator": "k", "mapping": 3}"#, "/mapping", "mapping must be an object of schemas, found number"),
            (#"{"metadata": {"tabgen": []}}"#, "/metadata/tabgen", "metadata.tabgen must be an object, found array"),
            (#"{"metadata": {"tabgen": {"rules": {}}}}"#, "/metadata/tabgen/rules", "rules must be an array of rule objects, found object"),
            (rules.replacingOccurrences(of: "RULE", with: "2"), "/metadata/tabgen/rules/0", "a rule must be an object, found number"),
            (rules.replacingOccurrences(of: "RULE", with: #"{"code": "R1", "kind": "nonEmpty", "path": "/a", "when": {}}"#),
             "/metadata/tabgen/rules/0/when", "conditions must be an array, found object"),
            (rules.replacingOccurrences(of: "RULE", with: #"{"code": "R1", "kind": "nonEmpty", "path": "/a", "when": [null]}"#),
             "/metadata/tabgen/rules/0/when/0", "a condition must be an object, found null"),
            (#"{"metadata": {"tabgen": {"contract": true}}}"#, "/metadata/tabgen/contract", "contract must be an object, found boolean"),
            (menu.replacingOccurrences(of: display, with: "3"), "/metadata/tabgen/contract/events/0", "an event must be an object, found number"),
            (menu.replacingOccurrences(of: display, with: display.dropLast() + #", "platforms": []}"#),
             "/metadata/tabgen/contract/events/0/platforms", "platforms must be an object keyed by platform (ios, android), found array"),
            (menu.replacingOccurrences(of: display, with: display.dropLast() + #", "platforms": {"ios": 1}}"#),
             "/metadata/tabgen/contract/events/0/platforms/ios", "platforms.ios must be an object with requires and/or ignores, found number"),
            (menu.replacingOccurrences(of: display, with: display.dropLast() + #", "platforms": {"ios": {"requires": "/title"}}}"#),
             "/metadata/tabgen/contract/events/0/platforms/ios/requires", "requires must be an array of JSON pointers into the event's data, found string"),
            (menu.replacingOccurrences(of: display, with: display.dropLast() + #", "fromElement": {"title": 5}}"#),
             "/metadata/tabgen/contract/events/0/fromElement/title",
             #"a field's source must be an object ({"read": [...]} or {"each": TARGET, "fields": {...}}), found number"#),
        ]
        for (text, pointer, message) in cases {
            #expect(text != menu && text != ElementSourceTests.menu, "a replacement missed: \(message)")
            let found = errors(text)
            #expect(found.map(\.pointer.description) == [pointer], "\(text)")
            #expect(found.map(\.message) == [message], "\(text)")
        }
    }

    @Test func rejectsUnknownRuleKind() throws {
        let result = errors(#"{"metadata": {"tabgen": {"rules": [{"code": "R1", "kind": "sometimes", "path": "/a"}]}}, "properties": {"a": {}}}"#)
        let error = try #require(result.first)
        #expect(error.pointer.description == "/metadata/tabgen/rules/0/kind")
        #expect(error.message.contains(#"unknown rule kind "sometimes""#))
    }

    @Test func rejectsRulePathThatAddressesNothing() throws {
        let text = #"{"metadata": {"tabgen": {"rules": [{"code": "R1", "kind": "unique", "path": "/tabs/*/idd"}]}}, "definitions": {"T": {"properties": {"id": {"type": "string"}}, "additionalProperties": true}}, "properties": {"tabs": {"elements": {"ref": "T"}}}}"#
        // Even where payloads may carry any key, a rule on an undeclared one is a typo.
        let error = try #require(errors(text).first)
        #expect(error.pointer.description == "/metadata/tabgen/rules/0/path")
        #expect(error.message.contains(#""idd" is not a property or element there (schema at /definitions/T)"#))
    }

    @Test func rejectsMalformedRules() {
        let base = #"{"properties": {"a": {"type": "string"}, "n": {"elements": {}}}, "metadata": {"tabgen": {"rules": [RULE]}}}"#
        let cases = [
            #"{"kind": "unique", "path": "/n/*"}"#,                                   // no code
            #"{"code": "R1", "kind": "count", "path": "/n"}"#,                        // no bounds
            #"{"code": "R1", "kind": "count", "path": "/a", "max": 1}"#,              // not a container
            #"{"code": "R1", "kind": "relativeReference", "path": "/n"}"#,            // not a string
            #"{"code": "R1", "kind": "unique", "path": "n"}"#,                        // not a pointer
            #"{"code": "R1", "kind": "unique", "path": "/n/*", "severity": "fatal"}"#,
            #"{"code": "R1", "kind": "unique", "path": "/n/*", "frobnicate": 1}"#,
            #"{"code": "R1", "kind": "reference", "path": "/a", "targets": "/n/*"}"#, // no key
            #"{"code": "R1", "kind": "equals", "path": "/a", "when": [{"path": "/n/*", "present": true}], "value": 1}"#,
            #"{"code": "R 1", "kind": "unique", "path": "/n/*"}"#,
        ]
        for rule in cases {
            #expect(!errors(base.replacingOccurrences(of: "RULE", with: rule)).isEmpty, "accepted \(rule)")
        }
        let duplicate = #"{"code": "R1", "kind": "unique", "path": "/n/*"}, {"code": "R1", "kind": "unique", "path": "/n/*"}"#
        #expect(errors(base.replacingOccurrences(of: "RULE", with: duplicate)).first?.message.contains("already used") == true)
    }

    @Test func rejectsPureRefCycles() throws {
        let error = try #require(errors(#"{"definitions": {"a": {"ref": "b"}, "b": {"ref": "a"}}, "ref": "a"}"#).first)
        #expect(error.message.contains("ref cycle"))
        // Recursion through a container is fine: it consumes the instance.
        #expect(errors(#"{"definitions": {"node": {"properties": {"children": {"elements": {"ref": "node"}}}}}, "ref": "node"}"#).isEmpty)
    }

    @Test func reportsEachRefCycleOnceAtItsFirstDefinition() {
        // "x" leads into the cycle b -> c -> b without being on it; "e" refs itself.
        let result = errors(#"{"definitions": {"x": {"ref": "c"}, "e": {"ref": "e"}, "c": {"ref": "b"}, "b": {"ref": "c"}, "t": {"ref": "u"}, "u": {"type": "string"}}}"#)
        #expect(result.map { "\($0.pointer) \($0.message)" } == [
            #"/definitions/e/ref ref cycle "e" -> "e" never reaches a type"#,
            #"/definitions/c/ref ref cycle "c" -> "b" -> "c" never reaches a type"#,
        ])
    }

    /// Ref chains longer than `refChainLimit` are refused (a chain of 4,000 overflowed the
    /// stack of every walk that follows refs), once per chain.
    @Test func refusesRefChainsOverTheLimit() throws {
        let limit = SchemaReader.refChainLimit
        #expect(errors(Self.refChain(limit)).isEmpty)
        let result = errors(Self.refChain(limit + 1))
        #expect(result.map(\.pointer.description) == ["/definitions/d0/ref"])
        #expect(result.first?.message.contains("over the ref chain limit of \(limit)") == true)
        #expect(errors(Self.refChain(20_000)).map(\.pointer.description) == ["/definitions/d\(20_000 - limit - 1)/ref"])
    }

    /// Issue 23, item 18: each step of the cycle check searched the chain walked so far,
    /// from every definition (42 s at 4,000 chained refs).
    @Test func refChainsAreCheckedInLinearTime() {
        let small = Array(Self.refChain(4_000).utf8)
        let large = Array(Self.refChain(16_000).utf8)
        let ratio = threadCPUSeconds { _ = try? SchemaReader().read(large) } / threadCPUSeconds { _ = try? SchemaReader().read(small) }
        #expect(ratio < 8, "4 times the definitions took \(ratio) times as long")
    }

    /// Issue 23, item 19: each pointer was located by a walk of its own over the source
    /// (and the keys of an object scanned per member): `tabgen diff` with every one of
    /// 2,000 definitions changed took 5.6 s.
    @Test func manyPositionsAreLocatedInLinearTime() throws {
        func located(_ count: Int) throws -> () -> Void {
            let members = (0..<count).map { #""d\#($0)": {"properties": {"v": {"type": "string"}}}"# }
            let document = try SchemaReader().read(Array(#"{"definitions": {\#(members.joined(separator: ",\n"))}}"#.utf8))
            let pointers = (0..<count).map { JSONPointer([.key("definitions"), .key("d\($0)"), .key("properties"), .key("v"), .key("type")]) }
            #expect(document.positions(of: pointers).last == SourcePosition(line: count, column: 40))
            return { _ = document.positions(of: pointers) }
        }
        let small = try located(2_000)
        let large = try located(8_000)
        let ratio = threadCPUSeconds(large) / threadCPUSeconds(small)
        #expect(ratio < 8, "4 times the pointers took \(ratio) times as long")
    }

    /// `count` definitions d0 … that are only a ref to the next, then one of type string.
    static func refChain(_ count: Int) -> String {
        let refs = (0..<count).map { #""d\#($0)": {"ref": "d\#($0 + 1)"}"# }
        return #"{"definitions": {\#(refs.joined(separator: ", ")), "d\#(count)": {"type": "string"}}, "ref": "d0"}"#
    }

    @Test func rejectsBadContract() throws {
        let error = try #require(errors(#"{"metadata": {"tabgen": {"contract": {"component": "navigation", "event": "configure", "stimulusIdentifier": "Bridge Nav", "value": "config"}}}}"#).first)
        #expect(error.pointer.description == "/metadata/tabgen/contract/stimulusIdentifier")
    }

    @Test func invalidJSONSchemaFileIsLocated() throws {
        let error = try #require(errors("{\n  \"type\": \"string\",\n  \"type\": \"string\"\n}").first)
        #expect(error.position == SourcePosition(line: 3, column: 3))
        #expect(error.message.contains("duplicate object key"))
    }

    @Test func hostileNamesAreDataNotCode() throws {
        // Names and strings with quotes, comment markers and control characters load as data.
        let document = try schema(#"{"properties": {"*/ \"\"\" ${x} \\ \n": {"enum": ["*/", "\"\"\"", "${x}", "\\", "\n", "é"]}}}"#)
        guard case .properties(let form) = document.root.form else {
            Issue.record("not a properties form")
            return
        }
        #expect(form.required.first?.name == "*/ \"\"\" ${x} \\ \n")
    }
}
