import JSON

/// An element kept by `BridgePageScanner` so that its data can be read from it as the
/// page's script reads it (a contract's `fromElement`): its attributes and its text.
package struct PageNode: Sendable {
    package var tagName: String
    /// Line and column of the element's `<`.
    package var position: SourcePosition
    /// Every attribute, in source order (names lowercased, the first of a name kept).
    package var attributes: [HTMLAttribute]
    /// Where its text is in `BridgePageScanner.Scan.text`.
    package var textRange: Range<Int> = 0..<0

    init(_ tag: HTMLTag) {
        tagName = tag.name
        position = tag.position
        attributes = tag.attributes
    }

    /// The attribute named `name` (compared ASCII case-insensitively).
    package func attribute(_ name: String) -> HTMLAttribute? {
        let wanted = HTMLTokenizer.lowercased(name)
        return attributes.first { $0.name == wanted }
    }
}

/// The kept elements whose end tag has not come yet, so that their text can be cut out
/// of the page. An element ends at the first end tag of its name that is not taken by a
/// nested element of that name (a tree builder's implied end tags, as of an unclosed
/// `<p>`, are not modelled: the element then runs on to an end tag of its name, or to
/// the end of the page); a void element (`<input>`) and a self-closing foreign one have
/// no text. An end tag that closes a kept element closes the kept ones inside it too.
struct KeptElements {
    enum Reference {
        case element(component: Int, element: Int)
        case target(component: Int, element: Int, name: String, index: Int)
    }

    private struct Open {
        var name: String
        var level: Int
        var reference: Reference
        var textStart: Int
    }

    private struct Key: Hashable {
        var name: String
        var level: Int
    }

    private var stack: [Open] = []
    /// Per tag name, how many elements of that name are open since the outermost kept
    /// element opened: an element's level tells its end tag from a nested one's.
    private var levels: [String: Int] = [:]
    /// How many kept elements are open per name and level: most end tags close none,
    /// and this answers them without a look at the stack.
    private var openKeys: [Key: Int] = [:]
    /// Per component, its open elements, innermost last: where a target belongs, found
    /// without a walk of the stack (n nested targets made that quadratic).
    private var openElements: [Int: [Int]] = [:]

    var isOpen: Bool { !stack.isEmpty }

    /// The elements the HTML parser never gives content (13.1.2).
    static let void: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
        "param", "keygen", "basefont", "bgsound", "frame",
    ]

    private static func hasContent(_ tag: HTMLTag) -> Bool {
        tag.inForeignContent ? !tag.selfClosing : !void.contains(tag.name)
    }

    /// Counts a start tag, before any of its elements is kept.
    mutating func enter(_ tag: HTMLTag) {
        guard isOpen, Self.hasContent(tag) else { return }
        levels[tag.name, default: 0] += 1
    }

    /// The innermost open element of `component`.
    func innermost(component: Int) -> Int? {
        openElements[component]?.last
    }

    /// Keeps the element of `tag` (already `enter`ed); its text starts at `textStart`.
    mutating func open(_ node: PageNode, tag: HTMLTag, _ reference: Reference, textStart: Int, in result: inout BridgePageScanner.Scan) {
        guard Self.hasContent(tag) else {
            Self.setText(textStart..<textStart, of: reference, in: &result)
            return
        }
        if stack.isEmpty { levels = [tag.name: 1] }
        let level = levels[tag.name, default: 1]
        stack.append(Open(name: tag.name, level: level, reference: reference, textStart: textStart))
        if case .element(let component, let element) = reference { openElements[component, default: []].append(element) }
        openKeys[Key(name: tag.name, level: level), default: 0] += 1
    }

    /// An end tag: closes the kept element it ends, and those open inside it.
    mutating func close(_ tag: HTMLTag, textEnd: Int, in result: inout BridgePageScanner.Scan) {
        guard isOpen, let level = levels[tag.name] else { return }
        levels[tag.name] = max(0, level - 1)
        guard openKeys[Key(name: tag.name, level: level), default: 0] > 0,
              let index = stack.lastIndex(where: { $0.name == tag.name && $0.level == level }) else { return }
        pop(from: index, textEnd: textEnd, in: &result)
    }

    /// The end of the page closes every kept element.
    mutating func closeAll(textEnd: Int, in result: inout BridgePageScanner.Scan) {
        pop(from: 0, textEnd: textEnd, in: &result)
    }

    private mutating func pop(from index: Int, textEnd: Int, in result: inout BridgePageScanner.Scan) {
        while stack.count > index, let open = stack.popLast() {
            Self.setText(open.textStart..<textEnd, of: open.reference, in: &result)
            if case .element(let component, _) = open.reference { openElements[component]?.removeLast() }
            openKeys[Key(name: open.name, level: open.level), default: 1] -= 1
        }
        if stack.isEmpty {
            levels = [:]
            openKeys = [:]
            openElements = [:]
        }
    }

    private static func setText(_ range: Range<Int>, of reference: Reference, in result: inout BridgePageScanner.Scan) {
        switch reference {
        case .element(let component, let element):
            result.elements[component][element].node?.textRange = range
        case .target(let component, let element, let name, let index):
            result.elements[component][element].targets[name]?[index].textRange = range
        }
    }
}
