import Testing
@testable import CodeGen

/// Templates are parsed when first rendered, with the partials they name: the scan
/// for those names must find every one, whatever the delimiters.
struct TemplatePartialTests {
    @Test func findsPartialsWithTheDefaultDelimiters() {
        #expect(TemplateRenderer.partialNames(in: "a {{>docs}} b {{> struct }}{{name}}{{< union}}") == ["docs", "struct", "union"])
    }

    @Test func findsPartialsWithDelimitersSetAtTheStart() {
        #expect(TemplateRenderer.partialNames(in: "{{=<% %>=}}\nx <%> runtime-ts%> {{> not-a-tag}} <%name%>") == ["runtime-ts"])
    }

    @Test func givesUpWhenDelimitersChangeLater() {
        #expect(TemplateRenderer.partialNames(in: "{{a}} {{=<% %>=}} <%> hidden%>") == nil)
    }

    /// swift-mustache recursed on a partial that includes itself until the stack
    /// overflowed (issue 23, item 13): the cycle is refused, and named, before rendering.
    @Test func partialCyclesAreRefusedAndNamed() throws {
        func refusal(_ templates: [String: String], render name: String) throws -> String? {
            let renderer = try TemplateRenderer(source: InMemoryTemplateSource(templates), folder: "t")
            do {
                _ = try renderer.render(name, ["items": [["a": 1]]])
                return nil
            } catch {
                return error.description
            }
        }
        #expect(try refusal(["t/struct.mustache": "x {{> struct}}"], render: "struct")
            == "template t/struct.mustache includes itself through its partials: struct -> struct")
        // Through others, inside a section, with data that would end it as well.
        #expect(try refusal([
            "t/main.mustache": "{{> a}}",
            "t/a.mustache": "{{> docs}}{{#items}}{{> b}}{{/items}}",
            "t/b.mustache": "{{< a}}{{/a}}",
            "t/docs.mustache": "docs",
        ], render: "main") == "template t/a.mustache includes itself through its partials: a -> b -> a")
        // Delimiters changed midway: still found.
        #expect(try refusal(["t/s.mustache": "{{a}} {{=<% %>=}} <%> s%>"], render: "s")
            == "template t/s.mustache includes itself through its partials: s -> s")
        // A partial used twice, and a chain as deep as the limit, are no cycle.
        var chain = ["t/p0.mustache": "{{> p1}}{{> p1}}"]
        for level in 1..<TemplateRenderer.maxPartialDepth { chain["t/p\(level).mustache"] = "{{> p\(level + 1)}}" }
        chain["t/p\(TemplateRenderer.maxPartialDepth).mustache"] = "end"
        #expect(try refusal(chain, render: "p0") == nil)
        chain["t/p\(TemplateRenderer.maxPartialDepth).mustache"] = "{{> p\(TemplateRenderer.maxPartialDepth + 1)}}"
        chain["t/p\(TemplateRenderer.maxPartialDepth + 1).mustache"] = "end"
        #expect(try refusal(chain, render: "p0")?.hasPrefix("template t/p0.mustache nests partials more than 64 deep (the limit): p0 -> p1") == true)
    }

    /// A renderer parses only what a render needs: a broken template nobody renders is
    /// never parsed, and a broken partial of a rendered one is still reported.
    @Test func parsesOnlyWhatARenderUses() throws {
        let source = InMemoryTemplateSource([
            "t/main.mustache": "{{> part}}!",
            "t/part.mustache": "{{value}}",
            "t/broken.mustache": "{{#open}}",
            "t/uses-broken.mustache": "{{> broken}}",
        ])
        let renderer = try TemplateRenderer(source: source, folder: "t")
        #expect(try renderer.render("main", ["value": "x"]) == "x!")
        #expect(throws: CodeGenError.self) { try renderer.render("uses-broken", [:]) }
    }
}
