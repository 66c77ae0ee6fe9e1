import Foundation
import Testing
@testable import Pages
import GrowthTesting

/// One pass over a page for several bridge components sees what BridgeElementFinder sees
/// for each, and names the `bridge--*` identifiers no component has.
@Suite struct BridgePageScannerTests {
    static let page = """
    <div data-controller="bridge--navigation" data-bridge--navigation-config-value="{}"></div>
    <a data-controller="bridge--share  bridge--share" data-bridge--share-share-value='{"url":"/a"}'></a>
    <template><a data-controller="bridge--share bridge--ghost" data-bridge--share-share-value="x"></a></template>
    <b data-controller="bridge--overflow other bridge--overflow"></b>
    <i data-controller="bridge--overflow"></i>
    """

    @Test func findsEachComponentsElementsAndTheUnknownOnes() {
        let scanner = BridgePageScanner(components: [
            .init(identifier: "bridge--navigation", valueAttributes: ["data-bridge--navigation-config-value"]),
            .init(identifier: "bridge--share", valueAttributes: ["data-bridge--share-share-value", "data-bridge--share-other-value"]),
        ])
        let bytes = Array(Self.page.utf8)
        let scan = scanner.scan(bytes)
        // The same identifier twice in one list is one controller; template content is inert.
        #expect(scan.elements.map(\.count) == [1, 1])
        let share = scan.elements[1][0]
        #expect(share.values["data-bridge--share-share-value"]?.value == #"{"url":"/a"}"#)
        #expect(share.values["data-bridge--share-other-value"] == nil)
        #expect(share.bridgeElement(valueAttribute: "data-bridge--share-other-value").value == nil)
        // Once per identifier, at its first element; `other` lacks the prefix.
        #expect(scan.unknown.map(\.identifier) == ["bridge--overflow"])
        #expect(scan.unknown.first?.position.line == 4)
        // The same elements as the one-identifier finder.
        for (index, identifier, attribute) in [(0, "bridge--navigation", "data-bridge--navigation-config-value"), (1, "bridge--share", "data-bridge--share-share-value")] {
            let single = BridgeElementFinder(identifier: identifier, valueAttribute: attribute).elements(in: bytes)
            #expect(scan.elements[index].map { $0.bridgeElement(valueAttribute: attribute) } == single)
        }
    }

    /// Issue 26: TG023 watched `bridge--*` only. The namespaces of the components' own
    /// identifiers are watched too; an identifier without one (the guides' `button`) is a
    /// component's, and a plain controller (`dropdown`) is nobody's business.
    @Test func watchesTheNamespacesOfTheComponentsIdentifiers() {
        let scanner = BridgePageScanner(components: [
            .init(identifier: "native--menu", valueAttributes: []),
            .init(identifier: "button", valueAttributes: []),
        ])
        let page = """
        <a data-controller="native--menu button dropdown"></a>
        <b data-controller="native--share bridge--form native-share other--button"></b>
        """
        let scan = scanner.scan(Array(page.utf8))
        #expect(scan.elements.map(\.count) == [1, 1])
        #expect(scan.unknown.map(\.identifier) == ["native--share", "bridge--form"])
        #expect(BridgePageScanner(components: [], unknownPrefix: "").scan(Array(page.utf8)).unknown.isEmpty)
        #expect(Array(BridgePageScanner.lastSegment(of: Array("bridge--overflow-menu".utf8))) == Array("overflow-menu".utf8))
        #expect(Array(BridgePageScanner.lastSegment(of: Array("a--b---c".utf8))) == Array("c".utf8))
        #expect(Array(BridgePageScanner.lastSegment(of: Array("button".utf8))) == Array("button".utf8))
    }

    @Test func anEmptyPrefixReportsNothing() {
        let scan = BridgePageScanner(components: [], unknownPrefix: "").scan(Array(Self.page.utf8))
        #expect(scan.unknown.isEmpty && scan.elements.isEmpty)
    }

    @Test func unknownIdentifiersStopAtTheLimit() {
        // Canonically equivalent but different scalars: two identifiers, as Stimulus sees them.
        let page = "<b data-controller=\"bridge--caf\u{E9} bridge--cafe\u{301} bridge--caf\u{E9}\"></b><i data-controller=\"bridge--x bridge--y\"></i>"
        let all = BridgePageScanner(components: []).scan(Array(page.utf8))
        #expect(all.unknown.map(\.identifier.unicodeScalars.count) == [12, 13, 9, 9])
        #expect(all.hiddenUnknown == 0)
        let limited = BridgePageScanner(components: [], unknownLimit: 3).scan(Array(page.utf8))
        #expect(limited.unknown.map(\.identifier) == Array(all.unknown.map(\.identifier).prefix(3)))
        #expect(limited.hiddenUnknown == 1, "the repeated bridge--café is counted once")
        #expect(BridgePageScanner(components: [], unknownLimit: 4).scan(Array(page.utf8)).hiddenUnknown == 0)
        #expect(BridgePageScanner(components: [], unknownLimit: 1).scan(Array(page.utf8)).hiddenUnknown == 3)
    }

    /// Issue 23, item 21: each unknown identifier was looked for in the list of those
    /// already seen (21.8 s for 40,000 in one attribute).
    @Test func unknownIdentifiersAreLinear() {
        func page(_ count: Int) -> [UInt8] {
            Array("<div data-controller=\"\((0..<count).map { "bridge--c\($0)" }.joined(separator: " "))\"></div>".utf8)
        }
        let scanner = BridgePageScanner(components: [])
        let (small, large) = (page(10_000), page(40_000))
        #expect(scanner.scan(large).unknown.count == 40_000)
        let ratio = threadCPUSeconds { _ = scanner.scan(large) } / threadCPUSeconds { _ = scanner.scan(small) }
        #expect(ratio < 8, "4 times the identifiers took \(ratio) times as long")
    }
}
