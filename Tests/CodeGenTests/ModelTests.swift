import Schema
import Testing
@testable import CodeGen

@Suite("The language-neutral model")
struct ModelTests {
    @Test("the built-in schema: root, definitions, fields in the hand-written TabData's order")
    func builtIn() throws {
        let model = ModelBuilder().build(try Support.builtIn())
        #expect(model.declarations.map(\.nameParts) == [["MessageData"], ["TabData"], ["Deprecation"]])
        #expect(model.root == .named(model.rootID))
        guard case .structure(let root)? = model.rootDeclaration?.kind else {
            Issue.record("the root is not a struct")
            return
        }
        #expect(root.fields.map(\.jsonName) == ["active", "tabs"])
        #expect(root.fields[0].type == .nullable(.primitive(.string)) && root.fields[0].isRequired)
        #expect(root.fields[1].type == .array(.named(DeclarationID("/definitions/TabData"))))
        guard case .structure(let tab)? = model[DeclarationID("/definitions/TabData")]?.kind else {
            Issue.record("TabData is not a struct")
            return
        }
        #expect(tab.fields.map(\.jsonName) == ["id", "title", "icon", "path", "deprecated", "replaces"])
        #expect(tab.fields.map(\.isRequired) == [true, true, true, true, false, false])
        #expect(tab.additionalProperties)
        #expect(model.contract?.component == "navigation")
        #expect(model.rules.map(\.code) == ["TG101", "TG102", "TG103", "TG104", "TG105", "TG106", "TG107", "TG108"])
        guard case .enumeration(let deprecation)? = model[DeclarationID("/definitions/Deprecation")]?.kind else {
            Issue.record("Deprecation is not an enum")
            return
        }
        #expect(deprecation.cases.map(\.value) == ["soft", "hard"])
        #expect(deprecation.cases[0].docs?.hasPrefix("Remove the tab") == true)
    }

    @Test("inline types are named parent + property, jtd-codegen style")
    func inlineNames() throws {
        let model = ModelBuilder().build(try Support.document(at: Support.schemasDirectory.appendingPathComponent("roundtrip_strict/type_collisions.jtd.json")))
        #expect(model.declarations.map(\.nameParts) == [["Root"], ["Root", "foo"], ["Root", "foo", "bar"], ["Root", "foo_bar"]])
    }

    @Test("null is never added twice through nullable aliases")
    func nullableAliases() throws {
        let model = ModelBuilder().build(try Support.document(at: Support.schemasDirectory.appendingPathComponent("roundtrip_strict/nullable_references.jtd.json")))
        let names = SwiftTarget().nameTable(for: model)
        var aliases: [String: String] = [:]
        for declaration in model.declarations {
            if case .alias(let type) = declaration.kind {
                aliases[names.typeName(declaration.id)] = SwiftTarget().typeExpression(type, names: names)
            }
        }
        #expect(aliases["NullString"] == "String?")
        #expect(aliases["NullRefNullString"] == "NullString")
        #expect(aliases["NullRefNotnullString"] == "NotnullString?")
        #expect(aliases["NotnullRefNullString"] == "NullString")
    }

    @Test("a struct that contains itself is marked for boxing; arrays and unions break cycles")
    func recursion() throws {
        let model = ModelBuilder().build(try Support.document(at: Support.schemasDirectory.appendingPathComponent("tabgen/recursive.jtd.json")))
        guard case .structure(let node)? = model[DeclarationID("/definitions/node")]?.kind else {
            Issue.record("node is not a struct")
            return
        }
        #expect(node.fields.map(\.isRecursive) == [false, true, false, true])
        let variantFields = model.declarations.filter { $0.unionID != nil }.flatMap { declaration -> [Field] in
            if case .structure(let structure) = declaration.kind { return structure.fields }
            return []
        }
        #expect(variantFields.allSatisfy { !$0.isRecursive })
    }

    @Test("roots that are not objects become aliases; a nullable object root is used as T?")
    func roots() throws {
        let string = ModelBuilder().build(try Support.document(json: #"{"type": "uint32"}"#))
        if case .alias(let type)? = string.rootDeclaration?.kind {
            #expect(type == .primitive(.uint32))
        } else {
            Issue.record("the root is not an alias")
        }
        let nullable = ModelBuilder().build(try Support.document(json: #"{"nullable": true, "properties": {"a": {"type": "string"}}}"#))
        #expect(nullable.root == .nullable(.named(nullable.rootID)))
    }
}
