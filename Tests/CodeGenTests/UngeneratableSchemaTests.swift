import Foundation
import Testing
@testable import CodeGen

/// Valid JTD that no target can compile is refused before anything is generated.
@Suite("Schemas no target can generate are refused")
struct UngeneratableSchemaTests {
    func generate(_ json: String, target: any LanguageTarget = SwiftTarget()) throws -> [GeneratedFile] {
        let document = try Support.document(json: json)
        return try Generator(templates: Support.templates).generate(document, target: target, header: Support.header())
    }

    func refusal(_ json: String) -> String? {
        do {
            _ = try generate(json)
            return nil
        } catch {
            return (error as? CodeGenError)?.message ?? "\(error)"
        }
    }

    @Test("an alias of itself through arrays, maps or aliases (it crashed the Ruby target)")
    func recursiveAlias() {
        #expect(refusal(#"{"definitions":{"A":{"elements":{"ref":"A"}}},"ref":"A"}"#)
            == #"test.json: /definitions/A: A -> A is an array, map or alias of itself with no object in between; no target language can declare such a type. Wrap it in an object ("properties") to generate code for it"#)
        #expect(refusal(#"{"definitions":{"A":{"values":{"ref":"B"}},"B":{"ref":"A","nullable":true}},"ref":"A"}"#)?.contains("A -> B -> A is an array") == true)
        for language in TargetRegistry.languages {
            #expect(throws: CodeGenError.self, "\(language)") {
                try generate(#"{"definitions":{"A":{"elements":{"ref":"A"}}},"ref":"A"}"#, target: try TargetRegistry.target(language: language))
            }
        }
    }

    @Test("a struct that holds itself through required, non-null members")
    func infiniteStruct() {
        #expect(refusal(#"{"definitions":{"A":{"properties":{"a":{"ref":"A"}}}},"ref":"A"}"#)?
            .hasPrefix("test.json: /definitions/A: A -> A contains itself through required members that cannot be null") == true)
        #expect(refusal(#"{"definitions":{"A":{"properties":{"b":{"ref":"B"}}},"B":{"properties":{"a":{"ref":"A"}}}},"ref":"A"}"#)?.contains("A -> B -> A contains itself") == true)
    }

    @Test("recursion a finite value can end is generated: nullable, optional, through an array or map")
    func finiteRecursion() throws {
        for schema in [#"{"definitions":{"A":{"properties":{"a":{"ref":"A","nullable":true}}}},"ref":"A"}"#,
                       #"{"definitions":{"A":{"optionalProperties":{"a":{"ref":"A"}}}},"ref":"A"}"#,
                       #"{"definitions":{"A":{"properties":{"a":{"elements":{"ref":"A"}}}}},"ref":"A"}"#,
                       #"{"definitions":{"A":{"properties":{"a":{"values":{"ref":"A"}}}}},"ref":"A"}"#] {
            #expect(refusal(schema) == nil, "\(schema)")
        }
    }

    @Test("inline types nested deeper than maxNesting")
    func nesting() {
        func nested(_ depth: Int) -> String {
            var schema = #"{"type":"string"}"#
            for _ in 0..<depth { schema = #"{"properties":{"a":\#(schema)}}"# }
            return schema
        }
        #expect(refusal(nested(UngeneratableSchema.maxNesting)) == nil)
        #expect(refusal(nested(UngeneratableSchema.maxNesting + 2))?.contains("types nested 33 levels deep; tabgen generates at most 32") == true)
    }
}

/// Enum values named like Optional's cases.
@Suite("Swift enum cases none and some")
struct SwiftOptionalCaseNameTests {
    @Test("`none` and `some` become none2 and some2: `.none` on an optional member stays Optional's, without a warning")
    func optionalCaseNames() throws {
        let document = try Support.document(json: #"{"definitions":{"Mode":{"enum":["none","some","all"]}},"optionalProperties":{"mode":{"ref":"Mode"}}}"#)
        let files = try Generator(templates: Support.templates).generate(document, target: SwiftTarget(), header: Support.header())
        let mode = Support.file(files, "Mode.swift")
        #expect(mode.contains("case none2\n") && mode.contains("case some2\n") && mode.contains("case all\n"), "\(mode)")
        #expect(!mode.contains("case none\n") && !mode.contains("case some\n"))
        #expect(mode.contains(#""none""#))  // the JSON value is unchanged
    }
}
