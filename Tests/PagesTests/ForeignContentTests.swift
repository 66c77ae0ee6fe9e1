import Testing
@testable import Pages

/// Bridge elements in and around SVG and MathML, found where the HTML tree builder puts
/// them (Tests/Scripts/html_differential.rb compares with Nokogiri::HTML5 at scale).
struct ForeignContentTests {
    let finder = BridgeElementFinder(identifier: "bridge--navigation", valueAttribute: "data-bridge--navigation-config-value")

    func names(_ html: String) -> [String] {
        finder.elements(in: Array(html.utf8)).map(\.tagName)
    }

    let bridge = #"data-controller="bridge--navigation""#

    @Test("inside SVG, <style>, <script>, <textarea> and <plaintext> hold markup, not text")
    func textElementsInSVG() {
        #expect(names("<svg><style><g \(bridge)></g></style></svg>") == ["g"])
        #expect(names("<svg><script><g \(bridge)></g></script></svg>") == ["g"])
        #expect(names("<math><textarea><mi \(bridge)></mi></textarea></math>") == ["mi"])
        // Outside foreign content they are still text.
        #expect(names("<style><div \(bridge)></div></style>").isEmpty)
    }

    @Test("integration points: SVG <title>, <desc>, <foreignObject> and MathML <mtext> read HTML again")
    func integrationPoints() {
        #expect(names("<svg><title><textarea><div \(bridge)></div></textarea></title></svg>").isEmpty)
        #expect(names("<svg><foreignObject><style><div \(bridge)></div></style></foreignObject></svg>").isEmpty)
        #expect(names("<math><mtext><xmp><div \(bridge)></div></xmp></mtext></math>").isEmpty)
        #expect(names("<svg><title></title><style><g \(bridge)></g></style></svg>") == ["g"])
    }

    @Test("CDATA is text in foreign content and a bogus comment outside it")
    func cdata() {
        #expect(names("<svg><![CDATA[<g \(bridge)></g>]]></svg>").isEmpty)
        #expect(names("<div><![CDATA[x]]><div \(bridge)></div></div>") == ["div"])
    }

    @Test("a breakout tag leaves SVG: the <style> after it is HTML's, text again")
    func breakout() {
        #expect(names("<svg><p></p><style><div \(bridge)></div></style>").isEmpty)
        #expect(names(#"<svg><font color="red"></font><style><div \#(bridge)></div></style>"#).isEmpty)
        #expect(names("<svg><font></font><style><g \(bridge)></g></style></svg>") == ["g"])
    }

    @Test("a <template> inside SVG is an SVG element: its children are live")
    func templateInSVG() {
        #expect(names("<svg><template><g \(bridge)></g></template></svg>") == ["g"])
        #expect(names("<template><div \(bridge)></div></template>").isEmpty)
    }
}
