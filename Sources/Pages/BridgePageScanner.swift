import JSON

/// One pass over a page for every bridge component of a project: the elements whose
/// `data-controller` names one of the contracts' Stimulus identifiers, with the value
/// attributes of their events, and the identifiers that look like a bridge component's
/// but name no contract (`unknownPrefix`).
///
/// It sees elements as `BridgeElementFinder` does (the same tokenizer, token splitting
/// and inert `<template>` content); that finder answers for one identifier and one value.
package struct BridgePageScanner: Sendable {
    /// A Stimulus identifier and the value attributes wanted from its elements.
    package struct Component: Sendable {
        package var identifier: String
        package var valueAttributes: [String]
        /// Whether the data is read from the element itself (a contract's `fromElement`):
        /// its attributes and text are kept (`Element.node`).
        package var readsElement: Bool
        /// The Stimulus targets read (`data-<identifier>-target="item"` inside the element):
        /// their elements are kept (`Element.targets`).
        package var targets: [String]

        package init(identifier: String, valueAttributes: [String], readsElement: Bool = false, targets: [String] = []) {
            self.identifier = identifier
            self.valueAttributes = valueAttributes.map(HTMLTokenizer.lowercased)
            self.readsElement = readsElement
            self.targets = targets
        }

        /// `data-<identifier>-target`, where Stimulus 3 names an element's targets.
        var targetAttribute: String { "data-\(identifier)-target" }
    }

    package var components: [Component]
    /// Identifiers with this prefix that no component has are reported (`bridge--`, the
    /// prefix of Hotwire Native's bridge controllers), and so are, unless it is empty
    /// (which reports none), those in the Stimulus namespace of a component's identifier
    /// (`native--` of `native--menu`). An identifier without a namespace (the guides'
    /// `button`) is checked when a component has it; one that none has cannot be told from
    /// the page's other controllers.
    package var unknownPrefix: String
    /// At most this many unknown identifiers are kept (0 keeps all); the others are
    /// counted in `Scan.hiddenUnknown`, so a page of millions costs no more than the page's bytes.
    package var unknownLimit: Int
    /// Platforms (`ios`, `android`) whose opt-out attribute is read from each element:
    /// `data-controller-optout-<platform>`. The bridge's `BridgeComponent` is opted out
    /// (`platformOptingOut`, so not `enabled`) when that attribute's whole value is its
    /// identifier, compared as `==` compares strings: no token list, no trimming.
    package var optOutPlatforms: [String]

    package init(components: [Component], unknownPrefix: String = "bridge--", unknownLimit: Int = 0, optOutPlatforms: [String] = []) {
        self.components = components
        self.unknownPrefix = unknownPrefix
        self.unknownLimit = unknownLimit
        self.optOutPlatforms = optOutPlatforms
    }

    /// An element of one component, with the wanted attributes it has.
    package struct Element: Sendable {
        package var tagName: String
        package var position: SourcePosition
        /// By attribute name (lowercased): the decoded value and where it starts.
        package var values: [String: (value: String, position: SourcePosition)]
        /// The platforms of `optOutPlatforms` that opt this element's controller out.
        package var optedOut: [String] = []
        /// The element itself, kept when its component `readsElement`.
        package var node: PageNode?
        /// By target name, the elements of that Stimulus target inside this element, in
        /// page order, for the component's `targets`.
        package var targets: [String: [PageNode]] = [:]

        /// The element as `BridgeElementFinder` reports it for one value attribute.
        package func bridgeElement(valueAttribute: String) -> BridgeElement {
            let value = values[HTMLTokenizer.lowercased(valueAttribute)]
            return BridgeElement(tagName: tagName, position: position, value: value?.value, valuePosition: value?.position)
        }
    }

    package struct Scan: Sendable {
        /// Per component (in the order of `components`), its elements in document order.
        package var elements: [[Element]]
        /// Identifiers with `unknownPrefix` that name no component, each once, where it
        /// first appears, in page order.
        package var unknown: [(identifier: String, position: SourcePosition)]
        /// How many distinct identifiers past `unknownLimit` named no component: the
        /// summary counts them, though they are not listed.
        package var hiddenUnknown = 0
        /// The text of the kept elements (`PageNode.textRange` indexes it), UTF-8.
        package var text: [UInt8] = []

        /// The element's `textContent`, as far as the scan reads it: its text up to its end
        /// tag (the first one of its name that closes it, counting nested elements of that
        /// name), character references decoded, comments left out.
        package func text(of node: PageNode) -> String {
            String(decoding: text[node.textRange], as: UTF8.self)
        }
    }

    package func scan(_ bytes: [UInt8]) -> Scan {
        var tokenizer = HTMLTokenizer(bytes)
        var result = Scan(elements: Array(repeating: [], count: components.count), unknown: [])
        var templateDepth = 0
        // The unknown identifiers kept, by their UTF-8 (equal as scalars, as Stimulus
        // compares them): one lookup each, where a scan of the list made the page quadratic.
        var seen: Set<[UInt8]> = []
        let watched = unknownPrefix.isEmpty ? nil : Watched(prefix: unknownPrefix, identifiers: components.map(\.identifier))
        var kept = KeptElements()
        while let tag = tokenizer.next() {
            let live = templateDepth == 0
            if tag.name == "template", !tag.inForeignContent {
                templateDepth = tag.kind == .start ? templateDepth + 1 : max(0, templateDepth - 1)
            }
            if tag.kind == .end {
                kept.close(tag, textEnd: tokenizer.text.count, in: &result)
                tokenizer.collectsText = kept.isOpen
                continue
            }
            kept.enter(tag)
            guard live else { continue }
            keepTargets(of: tag, kept: &kept, textStart: tokenizer.text.count, in: &result)
            tokenizer.collectsText = kept.isOpen
            guard let controllers = tag.attribute("data-controller") else { continue }
            for token in BridgeElementFinder.tokens(of: controllers.value) {
                guard let index = components.firstIndex(where: { $0.identifier.unicodeScalars.elementsEqual(token.unicodeScalars) }) else {
                    let identifier = String(token)
                    if let watched, watched.contains(identifier), seen.insert(Array(identifier.utf8)).inserted {
                        if unknownLimit > 0, result.unknown.count == unknownLimit {
                            result.hiddenUnknown += 1
                        } else {
                            result.unknown.append((identifier, tag.position))
                        }
                    }
                    continue
                }
                // The same identifier twice in one list connects one controller.
                if result.elements[index].last?.position == tag.position { continue }
                var values: [String: (value: String, position: SourcePosition)] = [:]
                for name in components[index].valueAttributes {
                    if let attribute = tag.attribute(name) { values[name] = (attribute.value, attribute.valuePosition) }
                }
                let optedOut = optOutPlatforms.filter { platform in
                    tag.attribute("data-controller-optout-\(platform)").map { $0.value.unicodeScalars.elementsEqual(token.unicodeScalars) } ?? false
                }
                let component = components[index]
                let keeps = component.readsElement || !component.targets.isEmpty
                let node = keeps ? PageNode(tag) : nil
                result.elements[index].append(Element(tagName: tag.name, position: tag.position, values: values, optedOut: optedOut,
                                                      node: component.readsElement ? node : nil))
                if let node {
                    kept.open(node, tag: tag, .element(component: index, element: result.elements[index].count - 1), textStart: tokenizer.text.count, in: &result)
                }
            }
            tokenizer.collectsText = kept.isOpen
        }
        kept.closeAll(textEnd: tokenizer.text.count, in: &result)
        result.text = tokenizer.text
        return result
    }

    /// Keeps `tag` as a target of each open element whose component reads one of its
    /// target names: the innermost element of that component, as Stimulus scopes targets.
    private func keepTargets(of tag: HTMLTag, kept: inout KeptElements, textStart: Int, in result: inout Scan) {
        for (index, component) in components.enumerated() where !component.targets.isEmpty {
            guard let list = tag.attribute(component.targetAttribute), let element = kept.innermost(component: index) else { continue }
            for token in BridgeElementFinder.tokens(of: list.value) {
                guard let name = component.targets.first(where: { $0.unicodeScalars.elementsEqual(token.unicodeScalars) }) else { continue }
                result.elements[index][element].targets[name, default: []].append(PageNode(tag))
                let position = result.elements[index][element].targets[name, default: []].count - 1
                kept.open(PageNode(tag), tag: tag, .target(component: index, element: element, name: name, index: position), textStart: textStart, in: &result)
            }
        }
    }

    /// The identifiers reported when no component has them (see `unknownPrefix`), by
    /// UTF-8 (equal as scalars, as Stimulus compares them).
    struct Watched {
        /// `unknownPrefix` and the namespaces (`x--`) of the components' identifiers.
        let prefixes: [[UInt8]]

        init(prefix: String, identifiers: [String]) {
            var prefixes = [Array(prefix.utf8)]
            for identifier in identifiers.map({ Array($0.utf8) }) {
                let namespace = Array(identifier[..<BridgePageScanner.lastSegment(of: identifier).startIndex])
                if !namespace.isEmpty, !prefixes.contains(namespace) { prefixes.append(namespace) }
            }
            self.prefixes = prefixes
        }

        func contains(_ identifier: String) -> Bool {
            let utf8 = Array(identifier.utf8)
            return prefixes.contains { utf8.starts(with: $0) }
        }
    }

    /// What follows the last `--` of an identifier (Stimulus's folder separator:
    /// `controllers/bridge/menu_controller.js` is `bridge--menu`), or all of it.
    package static func lastSegment(of utf8: [UInt8]) -> ArraySlice<UInt8> {
        var index = utf8.count
        while index >= 2 {
            if utf8[index - 1] == UInt8(ascii: "-"), utf8[index - 2] == UInt8(ascii: "-") { return utf8[index...] }
            index -= 1
        }
        return utf8[...]
    }
}
