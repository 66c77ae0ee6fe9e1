import JSON

/// A start or end tag as the HTML tokenizer emits it.
package struct HTMLTag: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case start, end
    }

    package var kind: Kind
    /// The tag name, ASCII-lowercased.
    package var name: String
    /// Attributes in source order; a repeated name keeps its first occurrence.
    package var attributes: [HTMLAttribute]
    /// The tag ends in `/>`.
    package var selfClosing: Bool
    /// Byte offset of the `<`.
    package var offset: Int
    /// Line and column of the `<`.
    package var position: SourcePosition
    /// An SVG or MathML element (or the end tag of one), not an HTML one.
    package var inForeignContent = false

    package init(kind: Kind, name: String, attributes: [HTMLAttribute] = [], selfClosing: Bool = false, offset: Int, position: SourcePosition) {
        self.kind = kind
        self.name = name
        self.attributes = attributes
        self.selfClosing = selfClosing
        self.offset = offset
        self.position = position
    }

    /// The attribute named `name` (compared ASCII case-insensitively).
    package func attribute(_ name: String) -> HTMLAttribute? {
        let wanted = HTMLTokenizer.lowercased(name)
        return attributes.first { $0.name == wanted }
    }
}

/// One attribute of a tag.
package struct HTMLAttribute: Sendable, Equatable {
    /// The name, ASCII-lowercased.
    package var name: String
    /// The value with character references decoded and newlines normalized; empty
    /// for an attribute written without `=`.
    package var value: String
    /// Byte offset where the value starts: after its opening quote, or at its first
    /// character when unquoted, or just after the name when there is no value.
    package var valueOffset: Int
    /// Line and column of `valueOffset`.
    package var valuePosition: SourcePosition
}
