import Foundation
import Testing
@testable import Pages
import Schema

/// Finding the bridge element of a page and reading its JSON the way Stimulus does.
struct BridgeElementFinderTests {
    let finder = BridgeElementFinder(contract: BridgeContract(
        component: "navigation", event: "configure", stimulusIdentifier: "bridge--navigation", value: "config"))

    func elements(_ html: String) -> [BridgeElement] { finder.elements(in: Array(html.utf8)) }

    /// Escapes text for a double-quoted attribute value, as Rails' `html_escape` does.
    func htmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    @Test func usesTheContractsAttribute() {
        #expect(finder.identifier == "bridge--navigation")
        #expect(finder.valueAttribute == "data-bridge--navigation-config-value")
    }

    @Test func findsTheControllerInATokenList() {
        let html = """
        <body data-controller="turbo">
          <nav data-controller="tabs  bridge--navigation\tother"
               data-bridge--navigation-config-value='{"active":null,"tabs":[]}'></nav>
        """
        let found = elements(html)
        #expect(found.count == 1)
        #expect(found.first?.tagName == "nav")
        #expect(found.first?.value == #"{"active":null,"tabs":[]}"#)
        #expect(found.first?.position == SourcePosition(line: 2, column: 3))
        #expect(found.first?.valuePosition == SourcePosition(line: 3, column: 46))
    }

    @Test func identifierMustMatchAWholeToken() {
        for controller in ["bridge--navigation-x", "bridge--navigationx", "xbridge--navigation", "Bridge--Navigation", "bridge navigation"] {
            #expect(elements(#"<div data-controller="\#(controller)" data-bridge--navigation-config-value="{}">"#).isEmpty, "\(controller)")
        }
        // Any ASCII whitespace separates tokens, including newlines.
        #expect(elements("<div data-controller=\"a\nbridge--navigation\r\nb\">").count == 1)
    }

    /// Stimulus splits data-controller with JavaScript's `/\s+/`: ECMAScript WhiteSpace
    /// and LineTerminator, wider than HTML's ASCII whitespace.
    @Test func controllerTokensSplitAsStimulusDoes() {
        let separators: [Unicode.Scalar] = ["\u{A0}", "\u{0B}", "\u{FEFF}", "\u{1680}", "\u{2000}", "\u{2007}", "\u{200A}",
                                            "\u{202F}", "\u{205F}", "\u{3000}", "\u{2028}", "\u{2029}", "\u{0C}", "\r"]
        for separator in separators {
            let html = "<div data-controller=\"tabs\(separator)bridge--navigation\(separator)\">"
            #expect(elements(html).count == 1, "U+\(String(separator.value, radix: 16))")
        }
        // Not `\s` in JavaScript: ZERO WIDTH SPACE, NEXT LINE, MONGOLIAN VOWEL SEPARATOR (Cf since Unicode 6.3).
        for joiner: Unicode.Scalar in ["\u{200B}", "\u{85}", "\u{180E}"] {
            #expect(elements("<div data-controller=\"tabs\(joiner)bridge--navigation\">").isEmpty, "U+\(String(joiner.value, radix: 16))")
        }
        // A character reference decodes before the split: &nbsp; separates too.
        #expect(elements(#"<div data-controller="tabs&nbsp;bridge--navigation">"#).count == 1)
        #expect(BridgeElementFinder.tokens(of: "\u{FEFF} a\u{A0}\u{2003}b\u{2029}") == ["a", "b"])
    }

    /// Template content is an inert fragment outside the document: Stimulus never sees it.
    @Test func elementsInsideTemplatesAreNotLive() {
        let nav = #"<nav data-controller="bridge--navigation" data-bridge--navigation-config-value="{}"></nav>"#
        #expect(elements("<template>\(nav)</template>").isEmpty)
        #expect(elements(#"<turbo-stream action="append" target="x"><template>\#(nav)</template></turbo-stream>"#).isEmpty)
        #expect(elements("<TEMPLATE><template></template>\(nav)</TEMPLATE>").isEmpty, "nested: the inner end tag closes only the inner one")
        #expect(elements("<template/>\(nav)</template>").isEmpty, "the self-closing flag does not close a template")
        #expect(elements("<template></template>\(nav)").count == 1, "after the template, elements are live again")
        #expect(elements("</template>\(nav)").count == 1, "a stray end tag opens nothing")
        #expect(elements("<script>'<template>'</script>\(nav)").count == 1, "script text is not a tag")
        // The template element itself is in the document.
        let found = elements(#"<template data-controller="bridge--navigation" data-bridge--navigation-config-value="1">\#(nav)</template>"#)
        #expect(found.map(\.tagName) == ["template"])
    }

    @Test func attributeNamesMatchInAnyCase() {
        let found = elements(#"<NAV DATA-CONTROLLER="bridge--navigation" Data-Bridge--Navigation-Config-Value="{}">"#)
        #expect(found.map(\.value) == ["{}"])
    }

    @Test func elementWithoutTheValueAttribute() {
        let found = elements(#"<nav data-controller="bridge--navigation" data-bridge--navigation-other-value="{}">"#)
        #expect(found.count == 1)
        #expect(found[0].value == nil)
        #expect(found[0].valuePosition == nil)
    }

    @Test func firstDuplicateValueWins() {
        let found = elements(#"<nav data-controller="bridge--navigation" data-bridge--navigation-config-value="1" data-bridge--navigation-config-value="2">"#)
        #expect(found.map(\.value) == ["1"])
    }

    @Test func textContentAndCommentsAreNotElements() {
        let html = """
        <!-- <nav data-controller="bridge--navigation"> -->
        <script>const t = '<nav data-controller="bridge--navigation">'</script>
        <style>/* <nav data-controller="bridge--navigation"> */</style>
        <textarea><nav data-controller="bridge--navigation"></textarea>
        <title><nav data-controller="bridge--navigation"></title>
        <p data-x='<nav data-controller="bridge--navigation">'>
        """
        #expect(elements(html).isEmpty)
    }

    @Test func multipleElementsInDocumentOrder() {
        let html = "<a data-controller=bridge--navigation data-bridge--navigation-config-value=1>\n<b data-controller=bridge--navigation>"
        let found = elements(html)
        #expect(found.map(\.tagName) == ["a", "b"])
        #expect(found.map(\.value) == ["1", nil])
        #expect(found.map(\.position.line) == [1, 2])
    }

    @Test(arguments: [
        #"{"active": "home", "tabs": [{"id": "home", "title": "Fish & Chips <b>", "icon": "it's", "path": "/?a=1&copy=2&amp;"}, {"id": "x", "title": "Ünïcödé 😀 \"q\" \\ \u0026", "icon": "&quot;", "path": "/x"}]}"#,
        #"{"active":null,"tabs":[]}"#,
    ])
    func escapedPayloadRoundTrips(_ json: String) throws {
        let original = try JSONReader().parse(Array(json.utf8))
        for quote in ["\"", "'"] {
            let html = "<nav data-controller=\"bridge--navigation\" data-bridge--navigation-config-value=\(quote)\(htmlEscaped(json))\(quote)></nav>"
            let value = try #require(elements(html).first?.value)
            #expect(value == json)
            #expect(try JSONReader().parse(Array(value.utf8)) == original)
        }
        // Numeric escaping of every character decodes too.
        let numeric = json.unicodeScalars.map { "&#x\(String($0.value, radix: 16));" }.joined()
        let value = try #require(elements("<nav data-controller=bridge--navigation data-bridge--navigation-config-value=\(numeric)>").first?.value)
        #expect(value == json)
    }
}
