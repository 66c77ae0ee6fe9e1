import Testing
import Schema

/// `SchemaDocument.declares`: the places `tabgen diff` counts as declared (a rule on any
/// other path checks nothing a server built from the schema sends). It follows paths as
/// the rule reader does, except through what `additionalProperties` merely tolerates.
struct DeclaredPlaceTests {
    static func document() throws -> SchemaDocument {
        let text = #"""
            {"properties": {
              "tabs": {"elements": {"properties": {"id": {"type": "string"}}}},
              "extra": {"properties": {}, "additionalProperties": true},
              "open": {},
              "byName": {"values": {"type": "string"}},
              "ref": {"ref": "Item"},
              "item": {"discriminator": "kind", "mapping": {"a": {"properties": {"x": {"type": "string"}}}}}
            },
            "definitions": {"Item": {"properties": {"y": {"type": "string"}}}}}
            """#
        return try SchemaReader(fileName: "s.json").read(Array(text.utf8))
    }

    @Test(arguments: [
        ("", true), ("/tabs", true), ("/tabs/*/id", true), ("/tabs/0/id", true), ("/tabs/01/id", false),
        ("/tabs/*/name", false), ("/open/anything/at/all", true), ("/byName/*", true), ("/ref/y", true),
        ("/ref/z", false), ("/item/kind", true), ("/item/x", true), ("/item/w", false),
        ("/extra/*", false), ("/extra/k", false), ("/missing", false),
    ])
    func declaresOnlyWhatTheSchemaNames(path: String, declared: Bool) throws {
        #expect(try Self.document().declares(#require(PathPattern(path))) == declared, "\(path)")
    }

    /// The rule reader accepts a wildcard over tolerated members, which `declares` refuses.
    @Test func ruleReaderStillReachesToleratedMembers() throws {
        let text = #"{"properties": {"extra": {"properties": {}, "additionalProperties": true}}, "metadata": {"tabgen": {"rules": [{"code": "R1", "kind": "nonEmpty", "path": "/extra/*"}]}}}"#
        let document = try SchemaReader(fileName: "s.json").read(Array(text.utf8))
        #expect(document.extensions.rules.count == 1)
        #expect(!document.declares(try #require(PathPattern("/extra/*"))))
    }
}
