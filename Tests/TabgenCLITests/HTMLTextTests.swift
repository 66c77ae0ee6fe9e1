import Testing
@testable import tabgen

/// The text tabgen puts into its HTML pages (plan --format html, report).
struct HTMLTextTests {
    @Test func theFiveMarkupCharactersAreEscaped() {
        #expect(HTMLText.escaped(#"<a href="x">Tom & 'Jerry'</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
    }

    /// A quote followed by a combining mark is one Swift Character, but an HTML parser
    /// reads code points: the quote alone ends the attribute value.
    @Test func aQuoteWithACombiningMarkIsEscapedToo() {
        #expect(HTMLText.escaped("\"\u{301} onmouseover=alert(1) x='\u{301}") == "&quot;\u{301} onmouseover=alert(1) x=&#39;\u{301}")
        #expect(HTMLText.escaped("a&\u{301}<\u{301}>\u{301}") == "a&amp;\u{301}&lt;\u{301}&gt;\u{301}")
    }
}
