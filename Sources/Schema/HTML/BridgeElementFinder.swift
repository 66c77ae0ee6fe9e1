/// An element that connects the bridge's Stimulus controller.
public struct BridgeElement: Sendable, Equatable {
    /// The element's tag name, lowercased.
    public var tagName: String
    /// Line and column of the element's `<`.
    public var position: SourcePosition
    /// The value attribute, decoded; nil when the element does not have one.
    public var value: String?
    /// Line and column where the value attribute's value starts.
    public var valuePosition: SourcePosition?

    public init(tagName: String, position: SourcePosition, value: String? = nil, valuePosition: SourcePosition? = nil) {
        self.tagName = tagName
        self.position = position
        self.value = value
        self.valuePosition = valuePosition
    }
}

/// Finds the elements of an HTML page whose `data-controller` token list contains a
/// Stimulus identifier, and reads their value attribute, as Stimulus would see them.
public struct BridgeElementFinder: Sendable {
    /// The Stimulus identifier, e.g. `bridge--navigation` (compared exactly, as Stimulus does).
    public var identifier: String
    /// The attribute that holds the value, e.g. `data-bridge--navigation-config-value`.
    public var valueAttribute: String

    public init(identifier: String, valueAttribute: String) {
        self.identifier = identifier
        self.valueAttribute = HTMLTokenizer.lowercased(valueAttribute)
    }

    public init(contract: BridgeContract) {
        self.init(identifier: contract.stimulusIdentifier, valueAttribute: contract.valueAttribute)
    }

    /// The matching elements of the page in `bytes` (UTF-8), in document order.
    public func elements(in bytes: [UInt8]) -> [BridgeElement] {
        var tokenizer = HTMLTokenizer(bytes)
        var found: [BridgeElement] = []
        while let tag = tokenizer.next() {
            guard tag.kind == .start, let controllers = tag.attribute("data-controller"),
                  Self.tokens(of: controllers.value).contains(where: { $0 == identifier[...] }) else { continue }
            let value = tag.attribute(valueAttribute)
            found.append(BridgeElement(tagName: tag.name, position: tag.position, value: value?.value, valuePosition: value?.valuePosition))
        }
        return found
    }

    /// A token list split on ASCII whitespace (tab, LF, FF, CR, space), the HTML
    /// rule for attributes such as `class` and `data-controller`.
    public static func tokens(of list: String) -> [Substring] {
        list.split(whereSeparator: { character in
            character.unicodeScalars.allSatisfy { scalar in
                scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r"
            }
        })
    }
}
