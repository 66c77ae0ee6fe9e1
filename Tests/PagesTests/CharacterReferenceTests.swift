import Testing
@testable import Pages

/// HTML character references, decoded as the WHATWG tokenizer decodes them.
struct CharacterReferenceTests {
    func text(_ input: String) -> String { CharacterReferences.decode(input, inAttribute: false) }
    func attribute(_ input: String) -> String { CharacterReferences.decode(input, inAttribute: true) }

    @Test func namedReferences() {
        #expect(attribute("&quot;a&quot; &amp; &lt;b&gt; &apos;c&apos;") == #""a" & <b> 'c'"#)
        #expect(attribute("caf&eacute; &hearts; &NotNestedGreaterGreater;") == "café ♥ \u{2AA2}\u{0338}")
        // Names are case-sensitive.
        #expect(attribute("&AMP; &Amp;") == "& &Amp;")
    }

    @Test func decimalAndHexadecimalReferences() {
        #expect(attribute("&#34;&#x22;&#X22;&#0034;&#x00022;") == "\"\"\"\"\"")
        #expect(attribute("&#x1F600;&#128512;") == "😀😀")
        #expect(attribute("&#x2f;&#x2F;") == "//")
        // The semicolon may be missing.
        #expect(attribute("&#34x &#x22g") == "\"x \"g")
    }

    @Test func numericRepairsFollowTheSpec() {
        #expect(text("&#0;") == "\u{FFFD}")
        #expect(text("&#xD800;&#xDFFF;") == "\u{FFFD}\u{FFFD}")
        #expect(text("&#x110000;") == "\u{FFFD}")
        #expect(text("&#99999999999999999999999999;") == "\u{FFFD}")
        #expect(text("&#x10FFFF;") == "\u{10FFFF}")
        // C1 controls that Windows-1252 assigns are remapped; the five it leaves
        // undefined stay as they are.
        #expect(text("&#x80;&#150;&#x9F;&#x99;") == "€–Ÿ™")
        #expect(text("&#x81;&#x8D;&#x8F;&#x90;&#x9D;") == "\u{81}\u{8D}\u{8F}\u{90}\u{9D}")
        // Carriage return and other controls are kept (parse errors only).
        #expect(text("&#13;&#1;") == "\r\u{01}")
    }

    @Test func notReferencesStayAsWritten() {
        #expect(attribute("a & b && c &") == "a & b && c &")
        #expect(attribute("&#; &#x; &#xZ; &#a") == "&#; &#x; &#xZ; &#a")
        #expect(attribute("&unknown; &zz") == "&unknown; &zz")
    }

    @Test func longestNameWins() {
        #expect(text("&notin;") == "∉")
        // `notit;` is not a name, but its prefix `not` is (a legacy name without `;`).
        #expect(text("&notit;") == "¬it;")
        #expect(text("&ampx") == "&x")
    }

    @Test func legacyNamesWithoutSemicolon() {
        #expect(text("&copy 2024 &amp") == "© 2024 &")
        #expect(attribute("&copy 2024") == "© 2024")
        // The attribute-value rule: followed by `=` or a letter or digit, a legacy
        // name without `;` is not decoded (query strings such as `?a=1&copy=2`).
        #expect(attribute("/x?a=1&copy=2&not3&ampy") == "/x?a=1&copy=2&not3&ampy")
        #expect(text("/x?a=1&copy=2&not3") == "/x?a=1©=2¬3")
        // With its `;` a name is always decoded.
        #expect(attribute("&copy;=2") == "©=2")
        // Names that need their `;` are never decoded without it.
        #expect(attribute("&hearts &quot") == "&hearts \"")
    }

    @Test func everyTableEntryDecodes() {
        #expect(NamedCharacterReferences.table.count == NamedCharacterReferences.count)
        #expect(NamedCharacterReferences.count == 2231)
        for (name, scalars) in NamedCharacterReferences.table {
            var expected = ""
            expected.unicodeScalars.append(contentsOf: scalars)
            #expect(text("&" + name) == expected, "&\(name)")
            // Every legacy name also exists with its semicolon.
            if !name.hasSuffix(";") { #expect(NamedCharacterReferences.table[name + ";"] == scalars, "\(name);") }
        }
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        #expect(CharacterReferences.decode([0x61, 0xFF, 0x26, 0x61, 0x6D, 0x70, 0x3B], inAttribute: true) == "a\u{FFFD}&")
    }
}
