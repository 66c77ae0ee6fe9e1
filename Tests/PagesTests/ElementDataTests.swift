import Foundation
import Testing
@testable import Pages
import Schema
import JSON
import GrowthTesting

/// Issue 26 item 3: data a contract reads from the element (`fromElement`) is built from a
/// scanned page as hotwire-native-bridge's `BridgeElement` builds it in the demo controllers.
@Suite struct ElementDataTests {
    /// BridgeElement.title: data-bridge-title || aria-label || textContent || value, trimmed.
    static let title = ElementRead(names: ["data-bridge-title", "aria-label", "#text", "#value"], trim: true)
    static let menuFields = [
        ElementField(name: "title", source: .read(ElementRead(target: "title", names: title.names, trim: true))),
        ElementField(name: "items", source: .each(target: "item", skipDisabled: true, fields: [
            ElementField(name: "title", source: .read(title)),
            ElementField(name: "index", source: .read(ElementRead(names: ["#index"]))),
        ])),
    ]

    static func build(_ page: String, identifier: String = "bridge--menu", fields: [ElementField] = menuFields,
                      platform: String? = nil) throws -> (ElementData, BridgePageScanner.Element) {
        let targets = fields.flatMap(\.source.targets)
        let scanner = BridgePageScanner(components: [
            .init(identifier: identifier, valueAttributes: [], readsElement: true, targets: targets),
        ])
        let scan = scanner.scan(Array(page.utf8))
        let element = try #require(scan.elements[0].first)
        return (ElementData(fields: fields, element: element, scan: scan, platform: platform), element)
    }

    static let menu = """
    <section data-controller="menu bridge--menu">
      <p data-bridge--menu-target="title">  Pick <!-- not text --><b>a</b> colour\n</p>
      <button data-bridge--menu-target="item">Red</button>
      <button data-bridge--menu-target="item"><span>Green</span> &amp; blue</button>
      <button data-bridge--menu-target="item" data-bridge-disabled="true">Grey</button>
      <button data-bridge--menu-target="item" data-bridge-disabled="ios">Pink</button>
      <button data-bridge--menu-target="item" aria-label="Yellow"><svg><rect/></svg></button>
      <input data-bridge--menu-target="item" value=" Typed ">
    </section>
    <button data-bridge--menu-target="item">outside the controller</button>
    """

    @Test func menuDataIsWhatTheDemoControllerSends() throws {
        let (built, _) = try Self.build(Self.menu)
        // Disabled items are left out but keep their index; text skips comments and
        // decodes references; aria-label beats the text; an <input> has its value.
        #expect(JSONWriter.string(built.data) == #"{"title":"Pick a colour","items":[{"title":"Red","index":0},{"title":"Green & blue","index":1},{"title":"Pink","index":3},{"title":"Yellow","index":4},{"title":"Typed","index":5}]}"#)
        #expect(built.missingTargets.isEmpty && built.throwingFields.isEmpty)
        // On iOS (`<html data-bridge-platform="ios">`), "ios" disables too.
        let (ios, _) = try Self.build(Self.menu, platform: "ios")
        #expect(JSONWriter.string(ios.data).contains(#"{"title":"Yellow","index":4}"#) && !JSONWriter.string(ios.data).contains("Pink"))
        // Findings about a field sit where it was read.
        #expect(built.origins[JSONPointer([.key("items"), .index(3), .key("title")])]?.position.line == 8)
        #expect(built.origins[JSONPointer([.key("items"), .index(3), .key("title")])]?.position.column == 55)
    }

    @Test func nestedElementsOfTheSameNameEndWhereTheirEndTagIs() throws {
        let page = #"<div data-controller="bridge--menu"><div data-bridge--menu-target="title"><div>a</div>b</div>c<div data-bridge--menu-target="item">d</div></div>"#
        let (built, _) = try Self.build(page)
        #expect(JSONWriter.string(built.data) == #"{"title":"ab","items":[{"title":"d","index":0}]}"#)
        // Unclosed at the end of the page: the text runs to the end.
        let (cut, _) = try Self.build(#"<div data-controller="bridge--menu"><p data-bridge--menu-target="title">x<i>y"#)
        #expect(JSONWriter.string(cut.data) == #"{"title":"xy","items":[]}"#)
    }

    /// The guides' button: `bridgeAttribute("title")`, untrimmed, null when missing.
    @Test func aBridgeAttributeAloneIsMissingWithoutIt() throws {
        let fields = [ElementField(name: "title", source: .read(ElementRead(names: ["data-bridge-title"])))]
        let (missing, element) = try Self.build(#"<a href="/p" data-controller="button">Profile</a>"#, identifier: "button", fields: fields)
        #expect(JSONWriter.string(missing.data) == "{}")
        #expect(missing.origins[JSONPointer([.key("title")])]?.position == element.position)
        let (empty, _) = try Self.build(#"<a data-controller="button" data-bridge-title=" ">x</a>"#, identifier: "button", fields: fields)
        #expect(JSONWriter.string(empty.data) == #"{"title":" "}"#)
    }

    /// `(undefined).trim()` throws: an element with no title, no text and no `value`
    /// property; a missing target throws in Stimulus. Either way nothing is sent.
    @Test func whatThrowsInTheBrowserIsReported() throws {
        let (untitled, _) = try Self.build(#"<div data-controller="bridge--menu"><p data-bridge--menu-target="title"><!-- --></p></div>"#)
        #expect(untitled.throwingFields == [JSONPointer([.key("title")])])
        // White space is text (truthy), and trims to "": sent, no throw.
        let (blank, _) = try Self.build(#"<div data-controller="bridge--menu"><p data-bridge--menu-target="title"> </p></div>"#)
        #expect(blank.throwingFields.isEmpty && JSONWriter.string(blank.data).hasPrefix(#"{"title":"""#))
        // A <button> has a value property ("" without the attribute): "" trimmed, no throw.
        let (button, _) = try Self.build(#"<div data-controller="bridge--menu"><button data-bridge--menu-target="title"></button></div>"#)
        #expect(button.throwingFields.isEmpty && JSONWriter.string(button.data).hasPrefix(#"{"title":"""#))
        let (noTarget, _) = try Self.build(#"<div data-controller="bridge--menu"></div>"#)
        #expect(noTarget.missingTargets == ["title"])
    }

    /// Kept elements are closed by a lookup, not a walk of the open ones: n nested targets
    /// then n end tags of another name scan in linear time.
    @Test func nestedTargetsScanInLinearTime() {
        func page(_ n: Int) -> [UInt8] {
            Array(("<div data-controller=\"bridge--menu\">" + String(repeating: "<p data-bridge--menu-target=\"item\">x", count: n)
                   + String(repeating: "</span>", count: n)).utf8)
        }
        let scanner = BridgePageScanner(components: [.init(identifier: "bridge--menu", valueAttributes: [], readsElement: true, targets: ["item"])])
        let (small, large) = (page(5_000), page(20_000))
        #expect(scanner.scan(large).elements[0][0].targets["item"]?.count == 20_000)
        let ratio = threadCPUSeconds { _ = scanner.scan(large) } / threadCPUSeconds { _ = scanner.scan(small) }
        #expect(ratio < 8, "4 times the targets took \(ratio) times as long")
    }

    /// A target that is a `<textarea>` or `<title>` itself: its text is read once the scan
    /// collects it (the tokenizer used to read the content with the start tag, before the
    /// scanner kept the element, so its text and value were "").
    @Test func aTextareaTargetHasItsText() throws {
        let page = #"<div data-controller="bridge--menu"><textarea data-bridge--menu-target="title"> Note &amp; more </textarea><textarea data-bridge--menu-target="item">one</textarea></div>"#
        let (built, _) = try Self.build(page)
        #expect(JSONWriter.string(built.data) == #"{"title":"Note & more","items":[{"title":"one","index":0}]}"#)
    }

    /// The demo pages (TabgenCLITests/Payloads/demo-pages) read with contracts/demo as
    /// `validate --html` reads them: the data of sent.json, which the Chromium check
    /// (Tests/TypeScript/demo) holds the generated Stimulus bases and the demo's controllers to.
    @Test func demoPagesGiveTheDataOfSentJSON() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let pages = root.appendingPathComponent("Tests/TabgenCLITests/Payloads/demo-pages")
        let sent = try JSONReader().parse(Array(try Data(contentsOf: pages.appendingPathComponent("sent.json"))))
        guard case .object(let byPage) = sent else { Issue.record("sent.json is not an object"); return }
        var contracts: [BridgeContract] = []
        for name in ["button", "form", "menu", "overflow-menu"] {
            let text = try Data(contentsOf: root.appendingPathComponent("contracts/demo/\(name).json"))
            contracts.append(try #require(try SchemaReader(fileName: "\(name).json").read(Array(text)).extensions.contract))
        }
        let scanner = BridgePageScanner(components: contracts.map { contract in
            .init(identifier: contract.stimulusIdentifier, valueAttributes: [], readsElement: true,
                  targets: contract.events.flatMap { $0.fromElement ?? [] }.flatMap(\.source.targets))
        })
        #expect(byPage.members.count == 4)
        for page in byPage.members {
            let scan = scanner.scan(Array(try Data(contentsOf: pages.appendingPathComponent(page.key))))
            var messages: [String] = []
            for (index, contract) in contracts.enumerated() {
                for element in scan.elements[index] {
                    for event in contract.events {
                        guard let fields = event.fromElement else { continue }
                        let built = ElementData(fields: fields, element: element, scan: scan)
                        #expect(built.missingTargets.isEmpty && built.throwingFields.isEmpty, "\(page.key)")
                        messages.append(JSONWriter.string(.object(JSONObject([
                            .init(key: "component", value: .string(contract.component)), .init(key: "event", value: .string(event.name)),
                            .init(key: "data", value: built.data),
                        ]))))
                    }
                }
            }
            guard case .array(let expected) = page.value else { Issue.record("\(page.key): not a list"); continue }
            // The browser sends in the order the page's script runs; compared as sets here.
            #expect(messages.sorted() == expected.map { JSONWriter.string($0) }.sorted(), "\(page.key)")
        }
    }
}
