import JSON
import Schema

/// The data of a web-to-native event that the page's script builds from the DOM (the
/// contract's `fromElement`), read from a scanned element as the bridge JavaScript reads
/// it (`BridgeElement.title`, `bridgeAttribute`, `disabled`): what `validate --html`
/// then checks as the event's data.
package struct ElementData: Sendable {
    /// Where a field's value was read, or looked for in vain: findings about the field
    /// are placed there.
    package struct Origin: Sendable {
        package var position: SourcePosition
        /// What the page gave, for messages: `<button> at 12:5 has no data-bridge-title, aria-label, text or value`.
        package var note: String
    }

    /// The data, an object; a field whose value is missing is left out (the script sends
    /// `null` or `undefined` there, which no String of the apps accepts).
    package var data: JSON
    /// By the JSON pointer of each field read (array items included).
    package var origins: [JSONPointer: Origin]
    /// Targets the data needs that the element does not contain: Stimulus throws
    /// `Missing target element` and the script sends nothing.
    package var missingTargets: [String]
    /// Fields whose read throws (`BridgeElement.title` trimming an element without text
    /// or value: `undefined.trim()`), so the script sends nothing.
    package var throwingFields: [JSONPointer]

    /// Builds the data of `fields` from `element` of `scan`. `platform` (`ios`,
    /// `android`) is the page's `data-bridge-platform`: an element whose
    /// `data-bridge-disabled` is `true`, or is that platform, is disabled; without one,
    /// only `true` disables.
    package init(fields: [ElementField], element: BridgePageScanner.Element, scan: BridgePageScanner.Scan, platform: String? = nil) {
        data = .null
        origins = [:]
        missingTargets = []
        throwingFields = []
        var members: [JSONObject.Member] = []
        for field in fields {
            let pointer = JSONPointer.root.appending(key: field.name)
            switch field.source {
            case .read(let read):
                let node: PageNode?
                if let target = read.target {
                    node = element.targets[target]?.first
                    if node == nil {
                        if !missingTargets.contains(target) { missingTargets.append(target) }
                        continue
                    }
                } else {
                    node = element.node
                }
                guard let node else { continue }
                if let value = self.read(read, on: node, index: nil, at: pointer, scan: scan) {
                    members.append(JSONObject.Member(key: field.name, value: value))
                }
            case .each(let target, let skipDisabled, let itemFields):
                var items: [JSON] = []
                for (index, node) in (element.targets[target] ?? []).enumerated() {
                    if skipDisabled, Self.isDisabled(node, platform: platform) { continue }
                    let itemPointer = pointer.appending(index: items.count)
                    origins[itemPointer] = Origin(position: node.position, note: "item \(items.count) is <\(node.tagName)> at \(node.position)")
                    var itemMembers: [JSONObject.Member] = []
                    for itemField in itemFields {
                        guard case .read(let read) = itemField.source else { continue }
                        if let value = self.read(read, on: node, index: index, at: itemPointer.appending(key: itemField.name), scan: scan) {
                            itemMembers.append(JSONObject.Member(key: itemField.name, value: value))
                        }
                    }
                    items.append(.object(JSONObject(itemMembers)))
                }
                origins[pointer] = Origin(position: element.node?.position ?? element.position,
                                          note: "\(items.count) of \((element.targets[target] ?? []).count) elements of target \"\(target)\"")
                members.append(JSONObject.Member(key: field.name, value: .array(items)))
            }
        }
        data = .object(JSONObject(members))
    }

    /// `BridgeElement.disabled`: `data-bridge-disabled` is `true` or the platform.
    package static func isDisabled(_ node: PageNode, platform: String?) -> Bool {
        guard let value = node.attribute("data-bridge-disabled")?.value else { return false }
        return value == "true" || (platform != nil && value == platform)
    }

    /// One value: the first of `read.names` that is not empty (JavaScript's `||`), else
    /// the last one's, trimmed when asked; nil when it is missing.
    private mutating func read(_ read: ElementRead, on node: PageNode, index: Int?, at pointer: JSONPointer, scan: BridgePageScanner.Scan) -> JSON? {
        var value: JSON?
        var position = node.position
        var source = ""
        for name in read.names {
            (value, position) = Self.value(name, of: node, index: index, scan: scan)
            source = name
            if let value, Self.isTruthy(value) { break }
        }
        if read.trim {
            guard case .string(let text)? = value else {
                throwingFields.append(pointer)
                origins[pointer] = Origin(position: node.position, note: "<\(node.tagName)> at \(node.position) has no \(Self.list(read.names)), so trim() throws")
                return nil
            }
            value = .string(Self.trimmed(text))
        }
        guard let value else {
            origins[pointer] = Origin(position: node.position, note: "<\(node.tagName)> at \(node.position) has no \(Self.list(read.names))")
            return nil
        }
        let what = source.hasPrefix("#") ? "its \(source.dropFirst())" : source
        origins[pointer] = Origin(position: position, note: "read from \(what) of <\(node.tagName)> at \(node.position)")
        return value
    }

    private static func value(_ name: String, of node: PageNode, index: Int?, scan: BridgePageScanner.Scan) -> (JSON?, SourcePosition) {
        switch name {
        case "#text":
            return (.string(scan.text(of: node)), node.position)
        case "#index":
            return (index.map { .number(Double($0)) }, node.position)
        case "#value":
            // The `value` property as HTML defines it: the attribute of these elements, ""
            // without it ("on" for a checkbox or radio button); the text of an `<option>`
            // without one (white space stripped and collapsed), of a `<textarea>` and an
            // `<output>`; undefined elsewhere. (A `<select>`'s is its selected option's,
            // which the scanner does not keep: it reads as missing.)
            switch node.tagName {
            case "button", "input", "data":
                let attribute = node.attribute("value")
                let type = node.attribute("type").map { HTMLTokenizer.lowercased($0.value) }
                let missing = node.tagName == "input" && (type == "checkbox" || type == "radio") ? "on" : ""
                return (.string(attribute?.value ?? missing), attribute?.valuePosition ?? node.position)
            case "option":
                if let attribute = node.attribute("value") { return (.string(attribute.value), attribute.valuePosition) }
                return (.string(Self.strippedAndCollapsed(scan.text(of: node))), node.position)
            case "textarea", "output":
                return (.string(scan.text(of: node)), node.position)
            default:
                return (nil, node.position)
            }
        default:
            let attribute = node.attribute(name)
            return (attribute.map { .string($0.value) }, attribute?.valuePosition ?? node.position)
        }
    }

    /// HTML's "strip and collapse ASCII whitespace": runs of tab, LF, FF, CR and space become
    /// one space, none at either end.
    static func strippedAndCollapsed(_ text: String) -> String {
        text.unicodeScalars.split { "\t\n\u{0C}\r ".unicodeScalars.contains($0) }.map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
    }

    /// JavaScript truthiness of what a read gives: a non-empty string, a non-zero number.
    private static func isTruthy(_ value: JSON) -> Bool {
        switch value {
        case .string(let text): !text.isEmpty
        case .number(let number): number != 0 && !number.isNaN
        default: false
        }
    }

    /// `String.prototype.trim`: JavaScript's white space and line terminators off both ends.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !BridgeElementFinder.isJavaScriptWhitespace($0) }),
              let last = scalars.lastIndex(where: { !BridgeElementFinder.isJavaScriptWhitespace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// `data-bridge-title, aria-label, text or value`.
    private static func list(_ names: [String]) -> String {
        let words = names.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        guard words.count > 1, let last = words.last else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
