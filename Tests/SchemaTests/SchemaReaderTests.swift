import Testing
@testable import Schema

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
