import Foundation
import Mustache
import Testing
@testable import CodeGen

/// Templates are parsed with their `{{ }}` delimiters rewritten to U+0001/U+0002
/// (`TagDelimiters`), which swift-mustache parses faster: the output must not change.
struct TagDelimiterTests {
    @Test("every kind of tag is rewritten, every other byte kept")
    func rewritesTags() {
        #expect(TagDelimiters.rewrite("a {{name}} { b } {{{raw}}} {{& amp}}") == "a \u{1}name\u{2} { b } \u{1}{raw\u{2}} \u{1}& amp\u{2}")
        #expect(TagDelimiters.rewrite("{{#s}}\n  {{> part}}\n{{/s}}{{! a } comment }}{{^n}}x{{/n}}")
                == "\u{1}#s\u{2}\n  \u{1}> part\u{2}\n\u{1}/s\u{2}\u{1}! a } comment \u{2}\u{1}^n\u{2}x\u{1}/n\u{2}")
        #expect(TagDelimiters.rewrite("func f() { if x { y() } } // é") == "func f() { if x { y() } } // é")
    }

    @Test("what it cannot rewrite with certainty is left to be parsed as written")
    func declines() {
        #expect(TagDelimiters.rewrite("{{=<% %>=}}<%name%>") == nil)         // delimiters set
        #expect(TagDelimiters.rewrite("a {{name} b") == nil)                  // a tag never closed
        #expect(TagDelimiters.rewrite("a \u{1} {{name}}") == nil)             // the new delimiters already there
        #expect(TagDelimiters.rewrite("{{name}}\u{301}") == nil)              // a mark that joins the brace
        #expect(TagDelimiters.rewrite("\u{600}{{name}}") == nil)              // a prefix that joins it
        #expect(TagDelimiters.rewrite("{{! x\u{600}}} y }}") == nil)
    }

    /// The same tokens: rendered alike, standalone lines, indented partials and all.
    @Test("templates render the same rewritten as written")
    func sameOutput() throws {
        let templates = [
            "main": "head {\n{{#items}}\n  - {{name}} { {{{raw}}} }\n  {{> part}}\n{{/items}}\n{{^items}}none{{/items}}\n{{! comment }}\n}\n",
            "part": "  part of {{name}}{{#last}}, last{{/last}}\n",
        ]
        let context: [String: Any] = ["items": [["name": "a", "raw": "<b>"], ["name": "c", "raw": "&", "last": true]]]
        func render(_ rewrite: Bool) throws -> String {
            var library = MustacheLibrary()
            for (name, text) in templates {
                let source = rewrite ? TagDelimiters.pragma + (TagDelimiters.rewrite(text) ?? "declined") : "{{% CONTENT_TYPE: TEXT}}\n" + text
                library.register(try MustacheTemplate(string: source), named: name)
            }
            return library.render(context, withTemplate: "main") ?? "missing"
        }
        let written = try render(false)
        #expect(written.contains("  - c { & }\n"))
        #expect(try render(true) == written)
    }

    /// Every built-in template, through every target, on the built-in schema and a few of
    /// the conformance schemas: byte for byte the files of the templates parsed as written.
    @Test("every target generates the same files with rewritten delimiters")
    func sameFiles() throws {
        var documents = [try Support.builtIn()]
        for (name, url) in Support.testSchemas where ["basic_discriminator", "empty_and_nonascii_properties", "hostile", "recursive"].contains(name) {
            documents.append(try Support.document(at: url, name: name + ".jtd.json"))
        }
        for language in TargetRegistry.languages {
            let target = try TargetRegistry.target(language: language)
            for document in documents {
                let fast = try Generator(templates: Support.templates).generate(document, target: target, header: Support.header())
                var asWritten = Generator(templates: Support.templates)
                asWritten.rewritesTemplateDelimiters = false
                let slow = try asWritten.generate(document, target: target, header: Support.header())
                #expect(fast == slow, "\(language), \(document.sourceName)")
            }
        }
    }
}
