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
