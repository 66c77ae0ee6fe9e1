import Testing
@testable import Pages
import JSON

/// The tokenizer's rules for tags and attributes, each against the WHATWG states.
struct HTMLTokenizerTests {
    func tags(_ html: String) -> [HTMLTag] { HTMLTokenizer.tags(in: Array(html.utf8)) }

    /// Start tag names, in order.
    func startTags(_ html: String) -> [String] { tags(html).filter { $0.kind == .start }.map(\.name) }

    func attributes(_ html: String) -> [String: String] {
        guard let tag = tags(html).first else { return [:] }
        return Dictionary(tag.attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func readsStartAndEndTags() {
        let result = tags("<p>Hello <b class=x>you</b></p><br/>")
        #expect(result.map(\.name) == ["p", "b", "b", "p", "br"])
        #expect(result.map(\.kind) == [.start, .start, .end, .end, .start])
        #expect(result.last?.selfClosing == true)
        #expect(result[1].attribute("class")?.value == "x")
    }

    @Test func namesAreCaseInsensitive() {
        let tag = tags(#"<DIV Data-Controller="Bridge--Navigation" ID=Main>"#)[0]
        #expect(tag.name == "div")
        #expect(tag.attributes.map(\.name) == ["data-controller", "id"])
        // Values keep their case.
        #expect(tag.attribute("DATA-CONTROLLER")?.value == "Bridge--Navigation")
        #expect(tag.attribute("id")?.value == "Main")
    }

    @Test func firstDuplicateAttributeWins() {
        #expect(attributes(#"<div a="1" b=2 A='3' a=4>"#) == ["a": "1", "b": "2"])
        #expect(tags(#"<div a="1" A='3'>"#)[0].attributes.count == 1)
    }

    @Test func quotedAndUnquotedValues() {
        let values = attributes(#"<x dq="a 'b' > c" sq='a "b" > c' uq=a"b'c dash=-x- empty="" bare last=z>"#)
        #expect(values["dq"] == "a 'b' > c")
        #expect(values["sq"] == #"a "b" > c"#)
        #expect(values["uq"] == #"a"b'c"#)
        #expect(values["dash"] == "-x-")
        #expect(values["empty"] == "")
        #expect(values["bare"] == "")
        #expect(values["last"] == "z")
    }

    @Test func spacingAroundEqualsAndOddNames() {
        #expect(attributes("<x a = 1\tb\n=\n'2'>") == ["a": "1", "b": "2"])
        // Quoted values need no space before the next attribute.
        #expect(attributes(#"<x a="1"b="2">"#) == ["a": "1", "b": "2"])
        // A missing value (`a=>`) is empty; a leading `=` belongs to the name.
        #expect(attributes("<x a=>") == ["a": ""])
        #expect(attributes("<x =b c>") == ["=b": "", "c": ""])
        // A `/` not before `>` separates attributes.
        #expect(attributes("<x a/b>") == ["a": "", "b": ""])
        // An unquoted value ends at `>`.
        #expect(tags("<x a=1>text<y>").map(\.name) == ["x", "y"])
    }

    @Test func characterReferencesInValuesBothQuoteStyles() {
        let values = attributes(#"<x a="{&quot;k&quot;:1}" b='&#x27;&#39;&apos;' c=&lt;&#62;&amp; d="?q=1&copy=2">"#)
        #expect(values["a"] == #"{"k":1}"#)
        #expect(values["b"] == "'''")
        #expect(values["c"] == "<>&")
        #expect(values["d"] == "?q=1&copy=2")
    }

    @Test func newlinesInValuesAreNormalized() {
        #expect(attributes("<x a=\"1\r\n2\r3\n4\">")["a"] == "1\n2\n3\n4")
        #expect(attributes("<x a=\"1\u{0}2\">")["a"] == "1\u{FFFD}2")
    }

    @Test func commentsHideTags() {
        #expect(startTags(#"<!-- <div data-controller="bridge--navigation"> --><p>"#) == ["p"])
        #expect(startTags("<!-- a -- b <i> --!><p>") == ["p"])
        #expect(startTags("<!-- <i> ---><p>") == ["p"])
        // Abruptly closed empty comments end at once.
        #expect(startTags("<!--><p>") == ["p"])
        #expect(startTags("<!---><p>") == ["p"])
        #expect(startTags("<!----><p>") == ["p"])
        // `--!` without `>` does not end a comment.
        #expect(startTags("<!-- --! <i> --><p>") == ["p"])
        // An unterminated comment runs to the end.
        #expect(startTags("<p><!-- <i>") == ["p"])
    }

    @Test func bogusCommentsAndDoctypeHideTags() {
        #expect(startTags("<!DOCTYPE html><html><p>") == ["html", "p"])
        #expect(startTags(#"<!doctype html PUBLIC "-//W3C//DTD HTML 4.01//EN"><p>"#) == ["p"])
        #expect(startTags("<?xml version=\"1.0\"?><p>") == ["p"])
        #expect(startTags("<!x <i> <p>") == ["p"])
        #expect(startTags("<![CDATA[ <i> ]]><p>") == ["p"])
        #expect(startTags("</ <i> <p>") == ["p"])
        #expect(startTags("</><p>") == ["p"])
    }

    @Test func scriptTextIsNotMarkup() {
        let html = #"<script>document.write('<div data-controller="bridge--navigation">'); if (a<b) {}</script><p>"#
        #expect(startTags(html) == ["script", "p"])
        #expect(startTags("<script type=module>x = '</scriptx>'; y = '<i>'</SCRIPT ><p>") == ["script", "p"])
        #expect(startTags("<script>/* <!-- <i> --> */</script/><p>") == ["script", "p"])
        // A self-closing script still starts script text.
        #expect(startTags("<script src=a.js /><i></script><p>") == ["script", "p"])
        // An unterminated script runs to the end.
        #expect(startTags("<script><p>") == ["script"])
    }

    @Test func scriptEscapesFollowTheSpec() {
        // In `<!--`, `<script>` double-escapes: its `</script>` does not end the script.
        let legacy = #"<script><!-- document.write("<script src=x></script><i>"); --></script><p>"#
        #expect(tags(legacy).map(\.name) == ["script", "script", "p"])
        #expect(startTags("<script><!-- <script> </script> <i> --> </script><p>") == ["script", "p"])
        // Only escaped, `</script>` ends it as usual.
        #expect(startTags("<script><!-- x </script><p>") == ["script", "p"])
        // `<!-->` opens and closes the escape at once; `-->` also ends a double escape.
        #expect(startTags("<script><!--> <script></script><p>") == ["script", "p"])
        #expect(startTags("<script><!--<script>--></script><p>") == ["script", "p"])
    }

    @Test(arguments: ["style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"])
    func textElementsHideTags(_ name: String) {
        let html = "<\(name)><div data-controller=\"bridge--navigation\"></\(name.uppercased())\t><p>"
        #expect(startTags(html) == [name, "p"], "\(name)")
        #expect(tags(html).filter { $0.kind == .end }.map(\.name) == [name])
    }

    @Test func plaintextRunsToTheEnd() {
        #expect(startTags("<plaintext><p></plaintext><i>") == ["plaintext"])
    }

    @Test func textThatIsNotATag() {
        #expect(startTags("a < b <1 <-x> <p>") == ["p"])
        #expect(tags("x <").isEmpty)
    }

    @Test func tagCutOffByTheEndIsDropped() {
        #expect(startTags(#"<p><div a="unterminated>"#) == ["p"])
        #expect(startTags("<p><div a") == ["p"])
        #expect(startTags("<p><div/") == ["p"])
    }

    @Test func endTagAttributesAreIgnored() {
        let end = tags("<p></p class=x>")[1]
        #expect(end.kind == .end)
        #expect(end.attributes.isEmpty)
    }

    @Test func positionsCountLinesAndScalars() {
        let html = "<!doctype html>\n<p>é😀 <b\n  a=\"v\">\r\n<i>\r<u>"
        let result = tags(html)
        #expect(result.map(\.position) == [
            SourcePosition(line: 2, column: 1),
            SourcePosition(line: 2, column: 7),
            SourcePosition(line: 4, column: 1),
            SourcePosition(line: 5, column: 1),
        ])
        #expect(result[1].attribute("a")?.valuePosition == SourcePosition(line: 3, column: 6))
        #expect(result[1].attribute("a")?.valueOffset == Array(html.utf8).firstIndex(of: UInt8(ascii: "v")))
    }

    @Test func byteOrderMarkIsSkipped() {
        let result = HTMLTokenizer.tags(in: [0xEF, 0xBB, 0xBF] + Array("<p>".utf8))
        #expect(result.map(\.name) == ["p"])
        #expect(result[0].position == SourcePosition(line: 1, column: 1))
    }
}
