import Foundation
import Testing
@testable import Schema

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
