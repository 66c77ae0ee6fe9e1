import Testing
@testable import Schema

/// The validators resolve refs by the ref schema's identity; the answer must be the
/// definition the name gives, and a ref schema from elsewhere must still resolve by name.
struct SchemaReferencesTests {
    @Test func everyRefSchemaOfADocumentResolvesToItsNamedDefinition() throws {
        let text = #"""
        {"definitions": {"a": {"type": "string"}, "b": {"elements": {"ref": "a"}},
                         "c": {"values": {"ref": "b"}}},
         "properties": {"x": {"ref": "a"}, "y": {"ref": "c"}},
         "optionalProperties": {"z": {"discriminator": "t", "mapping": {"v": {"properties": {"w": {"ref": "b"}}}}}}}
        """#
        let document = try SchemaReader(fileName: "refs.json").read(Array(text.utf8))
        var refs: [(Schema, String)] = []
        func collect(_ schema: Schema) {
            switch schema.form {
            case .ref(let name): refs.append((schema, name))
            case .elements(let inner), .values(let inner): collect(inner)
            case .properties(let form): (form.required + form.optional).forEach { collect($0.schema) }
            case .discriminator(let form): form.mapping.forEach { collect($0.schema) }
            default: break
            }
        }
        collect(document.root)
        document.definitions.forEach { collect($0.schema) }
        #expect(refs.count == 5)
        for (schema, name) in refs {
            let target = try #require(document.references.target(of: schema))
            #expect(target === document.definition(named: name), "\(name)")
        }
        // Not a schema of this document: not in the table, found by name instead.
        let stranger = Schema(form: .ref("a"))
        #expect(document.references.target(of: stranger) == nil)
        #expect(document.target(of: stranger, named: "a") === document.definition(named: "a"))
        #expect(SchemaLookup(document: document).target(of: stranger, named: "a") === document.definition(named: "a"))
        #expect(document.target(of: stranger, named: "nope") == nil)
    }

    @Test func manyRefSchemasAreFoundThroughTheIndex() throws {
        // More ref schemas than `scanLimit`: the table is hashed instead of scanned.
        let count = SchemaReferences.scanLimit + 8
        let properties = (0..<count).map { "\"p\($0)\": {\"ref\": \"d\($0 % 3)\"}" }.joined(separator: ", ")
        let text = #"{"definitions": {"d0": {"type": "string"}, "d1": {"type": "uint8"}, "d2": {"type": "boolean"}}, "properties": {"#
            + properties + "}}"
        let document = try SchemaReader(fileName: "many.json").read(Array(text.utf8))
        guard case .properties(let form) = document.root.form else {
            Issue.record("not a properties form")
            return
        }
        #expect(form.required.count == count)
        for (position, property) in form.required.enumerated() {
            let target = try #require(document.references.target(of: property.schema))
            #expect(target === document.definition(named: "d\(position % 3)"), "\(property.name)")
        }
        #expect(document.references.target(of: Schema(form: .ref("d0"))) == nil)
    }
}
