import Schema
import Testing
@testable import CodeGen

@Suite("Naming: casing, keywords, collisions, empty and non-ASCII names")
struct NamingTests {
    @Test("raw names split into words at separators and camel humps", arguments: [
        ("tabData", ["tab", "Data"]),
        ("HTTPServer", ["HTTP", "Server"]),
        ("word_with_trailing_initialism_id", ["word", "with", "trailing", "initialism", "id"]),
        ("utf8", ["utf8"]),
        ("foo0bar", ["foo0bar"]),
        ("foo bar", ["foo", "bar"]),
        ("foo\nbar", ["foo", "bar"]),
        ("foo\u{FDFD}bar", ["foo", "bar"]),
        ("$foo", ["foo"]),
        ("", []),
    ])
    func words(_ raw: String, _ expected: [String]) {
        #expect(Naming.words(raw) == expected)
    }

    @Test("Swift identifiers: UpperCamelCase types, lowerCamelCase members, initialisms, digits")
    func swiftIdentifiers() {
        #expect(SwiftNaming.typeIdentifier(["MessageData"]) == "MessageData")
        #expect(SwiftNaming.typeIdentifier(["Root", "nested_id_initialism"]) == "RootNestedIDInitialism")
        #expect(SwiftNaming.typeIdentifier(["0foo"]) == "_0foo")
        #expect(SwiftNaming.typeIdentifier([""]) == "Empty")
        #expect(SwiftNaming.memberIdentifier("word_with_trailing_initialism_id") == "wordWithTrailingInitialismID")
        #expect(SwiftNaming.memberIdentifier("id") == "id")
        #expect(SwiftNaming.memberIdentifier("http") == "http")
        #expect(SwiftNaming.memberIdentifier("BAR_BAZ") == "barBaz")
        #expect(SwiftNaming.memberIdentifier("") == "empty")
        #expect(SwiftNaming.memberIdentifier("名前") == "u540d_u524d")
    }

    @Test("keywords are escaped with backticks, plain names are not")
    func keywords() {
        #expect(SwiftNaming.escaped("for") == "`for`")
        #expect(SwiftNaming.escaped("default") == "`default`")
        #expect(SwiftNaming.escaped("object") == "object")
    }

    @Test("collisions get 2, 3, ... in schema order; reserved names count as taken")
    func collisions() throws {
        let document = try Support.document(json: """
        {"definitions": {"foo": {"enum": ["foo", "Foo", "FOO", "unknown", "rawValue"]}, "FOO": {"type": "string"}, "string": {"type": "string"}},
         "properties": {"foo": {"ref": "foo"}, "Foo": {"ref": "FOO"}, "validate": {"ref": "string"}, "for": {"type": "string"}}}
        """)
        let model = ModelBuilder().build(document)
        let names = SwiftTarget().nameTable(for: model)
        let enumID = DeclarationID("/definitions/foo")
        #expect(names.typeName(enumID) == "Foo")
        #expect(names.typeName(DeclarationID("/definitions/FOO")) == "Foo2")
        #expect(names.typeName(DeclarationID("/definitions/string")) == "String2")
        #expect(names.cases[enumID] == ["foo", "foo2", "foo3", "unknown2", "rawValue2"])
        #expect(names.fields[model.rootID] == ["foo", "foo2", "validate2", "for"])
    }

    @Test("type names differ in more than case, because they name files")
    func caseInsensitiveTypes() throws {
        let document = try Support.document(json: #"{"definitions": {"fooBar": {"type": "string"}, "foobar": {"type": "string"}}, "type": "string"}"#)
        let names = SwiftTarget().nameTable(for: ModelBuilder().build(document))
        #expect(names.typeName(DeclarationID("/definitions/fooBar")) == "FooBar")
        #expect(names.typeName(DeclarationID("/definitions/foobar")) == "Foobar2")
    }

    @Test("the jtd-codegen name schemas get the expected Swift and Kotlin names", arguments: [SwiftTarget(), KotlinTarget()] as [any LanguageTarget])
    func conformanceNames(_ target: any LanguageTarget) throws {
        let properties = try Support.document(at: Support.schemasDirectory.appendingPathComponent("roundtrip_strict/empty_and_nonascii_properties.jtd.json"))
        let model = ModelBuilder().build(properties)
        #expect(target.nameTable(for: model).fields[model.rootID] == ["empty", "foo", "foo2", "_0foo", "foo0bar", "fooBar", "fooBar2", "fooBar3"])
        let collisions = try Support.document(at: Support.schemasDirectory.appendingPathComponent("roundtrip_strict/type_collisions.jtd.json"))
        let types = target.nameTable(for: ModelBuilder().build(collisions)).types.values.sorted()
        #expect(types == ["Root", "RootFoo", "RootFooBar", "RootFooBar2"])
    }
}
