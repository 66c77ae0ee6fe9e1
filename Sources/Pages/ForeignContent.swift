/// The SVG and MathML elements open at the tokenizer's position, as the HTML tree
/// builder tracks them (13.2.6.5, "the rules for parsing tokens in foreign content"),
/// to the extent that decides where tags are: inside foreign content `<style>`,
/// `<script>`, `<title>`, `<textarea>`... hold markup, not text, and `<![CDATA[` is a
/// CDATA section; at an HTML integration point (`<foreignObject>`, SVG `<desc>` and
/// `<title>`, `<annotation-xml encoding="text/html">`) and a MathML text integration
/// point (`<mi>`, `<mo>`, `<mn>`, `<ms>`, `<mtext>`) the HTML rules apply again; an
/// HTML "breakout" start tag (`<div>`, `<p>`, `<table>`...) closes every foreign
/// element. It does not model the rest of the tree builder (insertion modes, the
/// adoption agency, foster parenting), which never changes whether a tag is a tag.
struct ForeignContent: Sendable {
    private struct Open: Sendable {
        var name: String
        /// MathML rather than SVG.
        var math: Bool
        /// HTML rules apply to what this element contains.
        var integrationPoint: Bool
    }

    private var stack: [Open] = []

    /// Whether the next token is processed by the foreign-content rules.
    var isForeign: Bool {
        guard let top = stack.last else { return false }
        return !top.integrationPoint
    }

    /// Start tags that close foreign content (13.2.6.5), and `font` with color, face or size.
    static let breakout: Set<String> = [
        "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed",
        "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr",
        "ol", "p", "pre", "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u",
        "ul", "var",
    ]

    static let mathTextIntegrationPoints: Set<String> = ["mi", "mo", "mn", "ms", "mtext"]
    static let svgIntegrationPoints: Set<String> = ["foreignobject", "desc", "title"]

    /// Updates the stack for `tag`; returns whether the tag is an HTML element (so a
    /// text element's content is text).
    mutating func process(_ tag: HTMLTag) -> Bool {
        if tag.kind == .end {
            if let index = stack.lastIndex(where: { $0.name == tag.name }) {
                stack.removeSubrange(index...)
            } else if isForeign, tag.name == "br" || tag.name == "p" {
                stack.removeAll()  // `</br>` and `</p>` break out as their start tags do
            }
            return stack.isEmpty
        }
        if isForeign {
            let breaksOut = Self.breakout.contains(tag.name)
                || (tag.name == "font" && ["color", "face", "size"].contains { tag.attribute($0) != nil })
            if breaksOut {
                while let top = stack.last, !top.integrationPoint { stack.removeLast() }
                return true
            }
            let inMath = tag.name != "svg" && (stack.last?.math ?? false)
            let integration = inMath
                ? Self.mathTextIntegrationPoints.contains(tag.name)
                    || (tag.name == "annotation-xml" && ["text/html", "application/xhtml+xml"].contains(tag.attribute("encoding")?.value.lowercased() ?? ""))
                : Self.svgIntegrationPoints.contains(tag.name)
            if !tag.selfClosing { stack.append(Open(name: tag.name, math: inMath, integrationPoint: integration)) }
            return false
        }
        if tag.name == "svg" || tag.name == "math" {
            if !tag.selfClosing { stack.append(Open(name: tag.name, math: tag.name == "math", integrationPoint: false)) }
            return false
        }
        return true
    }
}
