import Schema

/// An element that connects the bridge's Stimulus controller.
package struct BridgeElement: Sendable, Equatable {
    /// The element's tag name, lowercased.
    package var tagName: String
    /// Line and column of the element's `<`.
    package var position: SourcePosition
    /// The value attribute, decoded; nil when the element does not have one.
    package var value: String?
    /// Line and column where the value attribute's value starts.
    package var valuePosition: SourcePosition?
}

/// Finds the elements of an HTML page whose `data-controller` token list contains a
/// Stimulus identifier, and reads their value attribute, as Stimulus would see them.
package struct BridgeElementFinder: Sendable {
    /// The Stimulus identifier, e.g. `bridge--navigation` (compared exactly, as Stimulus does).
    package var identifier: String
    /// The attribute that holds the value, e.g. `data-bridge--navigation-config-value`.
    package var valueAttribute: String

    package init(identifier: String, valueAttribute: String) {
        self.identifier = identifier
        self.valueAttribute = HTMLTokenizer.lowercased(valueAttribute)
    }

    package init(contract: BridgeContract) {
        self.init(identifier: contract.stimulusIdentifier, valueAttribute: contract.valueAttribute)
    }

    /// The matching elements of the page in `bytes` (UTF-8), in document order.
    ///
    /// Elements inside `<template>` (a Turbo Stream's `<turbo-stream><template>` too) do
    /// not count: the parser puts a template's children in its inert content fragment,
    /// outside the document, so Stimulus never connects them. Only a script that copies
    /// them into the document (Turbo performing a stream action on its target) makes live
    /// copies, and whether and where depends on the live page, which a scan cannot know.
    /// A declarative shadow root (`<template shadowrootmode>`) is no exception: Stimulus
    /// observes the document, not shadow trees. A `<template>` inside SVG or MathML is a
    /// foreign element with live children, and counts as any other.
    package func elements(in bytes: [UInt8]) -> [BridgeElement] {
        var tokenizer = HTMLTokenizer(bytes)
        var found: [BridgeElement] = []
        // Open templates: the tree builder nests them, and ignores a stray `</template>`.
        var templateDepth = 0
        while let tag = tokenizer.next() {
            // The template element itself is in the document (when its parent is), so it is checked.
            let live = templateDepth == 0
            if tag.name == "template", !tag.inForeignContent {
                // `<template/>` opens one too: the self-closing flag means nothing on it.
                templateDepth = tag.kind == .start ? templateDepth + 1 : max(0, templateDepth - 1)
            }
            guard live, tag.kind == .start, let controllers = tag.attribute("data-controller"),
                  Self.tokens(of: controllers.value).contains(where: { $0.unicodeScalars.elementsEqual(identifier.unicodeScalars) })
            else { continue }
            let value = tag.attribute(valueAttribute)
            found.append(BridgeElement(tagName: tag.name, position: tag.position, value: value?.value, valuePosition: value?.valuePosition))
        }
        return found
    }

    /// A token list split as Stimulus splits `data-controller`: `trim()` then
    /// `split(/\s+/)`, where JavaScript's `\s` is ECMAScript's WhiteSpace and
    /// LineTerminator: tab, LF, VT, FF, CR, space, NO-BREAK SPACE, ZWNBSP (U+FEFF), every
    /// Zs space, LINE and PARAGRAPH SEPARATOR. Wider than HTML's ASCII whitespace, so a
    /// no-break space between two identifiers separates them in the browser.
    package static func tokens(of list: String) -> [Substring] {
        list.unicodeScalars.split(whereSeparator: isJavaScriptWhitespace).map(Substring.init)
    }

    /// ECMAScript 2024 WhiteSpace (12.2) and LineTerminator (12.3): what `\s` matches.
    package static func isJavaScriptWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0xFEFF, 0x2028, 0x2029: return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }
}
