import JSON

/// A small HTML tokenizer after the WHATWG HTML Living Standard (13.2.5), for the
/// states that decide where tags and attributes are: it yields start and end tags
/// with their attributes and positions, and skips everything else.
///
/// What it follows from the spec:
/// - tag and attribute names are ASCII-lowercased; of two attributes with the same
///   name the first wins;
/// - attribute values double-quoted, single-quoted or unquoted, with character
///   references decoded by the attribute-value rules (`CharacterReferences`);
/// - comments (`<!-- -->`, including `<!-->` and `--!>`), bogus comments (`<!x>`,
///   `<?x>`, `</ x>`) and DOCTYPEs are skipped;
/// - the text of `<script>` (with its `<!--` escape states), of RAWTEXT elements
///   (`<style>`, `<xmp>`, `<iframe>`, `<noembed>`, `<noframes>`, and `<noscript>`
///   since the pages are read as a browser with scripting would), of RCDATA
///   elements (`<textarea>`, `<title>`) and everything after `<plaintext>` is text,
///   so tags written inside never count;
/// - a tag cut off by the end of the input is dropped.
///
/// It is a tokenizer, not a tree builder, but it tracks SVG and MathML as the tree
/// builder does (`ForeignContent`): inside them those elements hold markup, not text,
/// and `<![CDATA[` is a CDATA section. The input is read as UTF-8.
package struct HTMLTokenizer: Sendable {
    private let bytes: [UInt8]
    private var index: Int
    private var tracker: PositionTracker
    private var foreign = ForeignContent()
    /// While set, the text between tags (character references decoded, comments left
    /// out, the content of `<script>`, `<style>`... included as `textContent` has it) is
    /// appended to `text`: `BridgePageScanner` reads elements' text this way.
    package var collectsText = false
    package var text: [UInt8] = []
    /// The raw-text or RCDATA element (`<textarea>`, `<script>`) just returned: its content
    /// is read at the next call, once the caller has set `collectsText` for it (the element
    /// may be the one whose text it starts to collect).
    private var pendingContent: String?

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        index = start
        tracker = PositionTracker(offset: start)
    }

    /// Every tag in `bytes`, in order.
    package static func tags(in bytes: [UInt8]) -> [HTMLTag] {
        var tokenizer = HTMLTokenizer(bytes)
        var tags: [HTMLTag] = []
        while let tag = tokenizer.next() { tags.append(tag) }
        return tags
    }

    /// The next tag, or nil at the end of the input.
    package mutating func next() -> HTMLTag? {
        let count = bytes.count
        if let name = pendingContent {
            pendingContent = nil
            let contentStart = index
            skipTextContent(of: name)
            // RCDATA (`<textarea>`, `<title>`) decodes character references.
            appendText(contentStart..<index, decoding: name == "textarea" || name == "title")
        }
        while index < count {
            guard let open = bytes[index...].firstIndex(of: lessThan), open + 1 < count else {
                appendText(index..<count)
                index = count
                return nil
            }
            appendText(index..<open)
            let following = bytes[open + 1]
            if following == UInt8(ascii: "!") {
                if foreign.isForeign, bytes[(open + 2)...].starts(with: Array("[CDATA[".utf8)) {
                    // A CDATA section, in foreign content only: text up to `]]>`.
                    var cursor = open + 9
                    while cursor + 2 < count, !(bytes[cursor] == UInt8(ascii: "]") && bytes[cursor + 1] == UInt8(ascii: "]") && bytes[cursor + 2] == greaterThan) {
                        cursor += 1
                    }
                    appendText(min(count, open + 9)..<min(count, cursor), decoding: false)
                    index = min(count, cursor + 3)
                    continue
                }
                index = endOfMarkupDeclaration(at: open)
            } else if following == UInt8(ascii: "?") {
                index = endOfBogusComment(from: open + 1)
            } else if following == UInt8(ascii: "/") {
                guard open + 2 < count else {
                    index = count
                    return nil
                }
                let first = bytes[open + 2]
                if Self.isASCIIAlpha(first) {
                    guard var tag = readTag(at: open, kind: .end) else { return nil }
                    tag.inForeignContent = foreign.isForeign
                    _ = foreign.process(tag)
                    return tag
                } else if first == greaterThan {
                    index = open + 3  // `</>` is dropped
                } else {
                    index = endOfBogusComment(from: open + 2)
                }
            } else if Self.isASCIIAlpha(following) {
                guard var tag = readTag(at: open, kind: .start) else { return nil }
                if foreign.process(tag) {
                    pendingContent = tag.name
                } else {
                    tag.inForeignContent = true
                }
                return tag
            } else {
                appendText(open..<(open + 1))
                index = open + 1  // a `<` in text
            }
        }
        return nil
    }

    /// Appends `bytes[range]` to `text` when collecting.
    private mutating func appendText(_ range: Range<Int>, decoding: Bool = true) {
        guard collectsText, !range.isEmpty else { return }
        if decoding, bytes[range].contains(UInt8(ascii: "&")) {
            text += Array(CharacterReferences.decode(bytes[range], inAttribute: false).utf8)
        } else {
            text += bytes[range]
        }
    }

    // MARK: - Tags

    /// Reads the tag whose `<` is at `open` and moves past it; nil (and the end of
    /// the input) when the input ends inside the tag.
    private mutating func readTag(at open: Int, kind: HTMLTag.Kind) -> HTMLTag? {
        let count = bytes.count
        var cursor = open + (kind == .start ? 1 : 2)
        var name: [UInt8] = []
        while cursor < count, !Self.endsName(bytes[cursor]) {
            Self.appendNameByte(bytes[cursor], to: &name)
            cursor += 1
        }
        let position = tracker.position(at: open, in: bytes)
        var attributes: [HTMLAttribute] = []
        // The names so far: a tag of 80,000 attributes took 9.7 s searching the list.
        var attributeNames: Set<String> = []
        var selfClosing = false
        tagLoop: while true {
            // Before attribute name (also after a quoted value, and the reconsuming
            // branches of the self-closing start tag state).
            while cursor < count, Self.isWhitespace(bytes[cursor]) { cursor += 1 }
            guard cursor < count else { return endOfInput() }
            switch bytes[cursor] {
            case greaterThan:
                cursor += 1
                break tagLoop
            case UInt8(ascii: "/"):
                cursor += 1
                guard cursor < count else { return endOfInput() }
                if bytes[cursor] == greaterThan {
                    selfClosing = true
                    cursor += 1
                    break tagLoop
                }
                continue tagLoop
            default:
                break
            }
            // Attribute name: a leading `=` belongs to the name.
            var attributeName: [UInt8] = []
            Self.appendNameByte(bytes[cursor], to: &attributeName)
            cursor += 1
            while cursor < count, !Self.endsName(bytes[cursor]), bytes[cursor] != UInt8(ascii: "=") {
                Self.appendNameByte(bytes[cursor], to: &attributeName)
                cursor += 1
            }
            let nameEnd = cursor
            // After attribute name.
            while cursor < count, Self.isWhitespace(bytes[cursor]) { cursor += 1 }
            guard cursor < count else { return endOfInput() }
            var valueRange = nameEnd..<nameEnd
            if bytes[cursor] == UInt8(ascii: "=") {
                cursor += 1
                // Before attribute value.
                while cursor < count, Self.isWhitespace(bytes[cursor]) { cursor += 1 }
                guard cursor < count else { return endOfInput() }
                let quote = bytes[cursor]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = bytes[(cursor + 1)...].firstIndex(of: quote) else { return endOfInput() }
                    valueRange = (cursor + 1)..<close
                    cursor = close + 1
                } else if quote == greaterThan {
                    valueRange = cursor..<cursor  // `a=>`: missing value, empty
                } else {
                    var end = cursor
                    while end < count, !Self.isWhitespace(bytes[end]), bytes[end] != greaterThan { end += 1 }
                    guard end < count else { return endOfInput() }
                    valueRange = cursor..<end
                    cursor = end
                }
            }
            let attributeNameText = String(decoding: attributeName, as: UTF8.self)
            // End tags carry no attributes; a repeated name is dropped (first wins).
            guard kind == .start, attributeNames.insert(attributeNameText).inserted else { continue }
            attributes.append(HTMLAttribute(
                name: attributeNameText,
                value: Self.attributeValue(bytes[valueRange]),
                valueOffset: valueRange.lowerBound,
                valuePosition: tracker.position(at: valueRange.lowerBound, in: bytes)))
        }
        index = cursor
        return HTMLTag(kind: kind, name: String(decoding: name, as: UTF8.self), attributes: attributes,
                       selfClosing: selfClosing, offset: open, position: position)
    }

    /// EOF in a tag: the tag is not emitted and nothing follows.
    private mutating func endOfInput() -> HTMLTag? {
        index = bytes.count
        return nil
    }

    /// Attribute value text: newlines normalized as the input stream does (CR LF
    /// and CR become LF), NULL replaced, character references decoded.
    static func attributeValue(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(where: { $0 == 0x0D || $0 == 0x00 }) else {
            return CharacterReferences.decode(raw, inAttribute: true)
        }
        var normalized: [UInt8] = []
        normalized.reserveCapacity(raw.count)
        var previous: UInt8 = 0
        for byte in raw {
            switch byte {
            case 0x0D: normalized.append(0x0A)
            case 0x0A where previous == 0x0D: break
            case 0x00: normalized.append(contentsOf: [0xEF, 0xBF, 0xBD])
            default: normalized.append(byte)
            }
            previous = byte
        }
        return CharacterReferences.decode(normalized, inAttribute: true)
    }

    // MARK: - Text content: script, RAWTEXT, RCDATA, PLAINTEXT

    /// Elements whose content the tokenizer reads as text, up to their own end tag.
    static let textElements: Set<String> = [
        "script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title",
    ]

    /// After the start tag of a text element, moves to its end tag (`</name`
    /// followed by whitespace, `/` or `>`, in any case), or to the end.
    private mutating func skipTextContent(of name: String) {
        if name == "plaintext" {
            index = bytes.count
            return
        }
        guard Self.textElements.contains(name) else { return }
        if name == "script" {
            index = endOfScriptData(from: index)
            return
        }
        let nameBytes = Array(name.utf8)
        var cursor = index
        while let open = bytes[cursor...].firstIndex(of: lessThan) {
            if isEndTag(nameBytes, at: open) {
                index = open
                return
            }
            cursor = open + 1
        }
        index = bytes.count
    }

    /// Whether `</name` followed by whitespace, `/` or `>` (an appropriate end tag)
    /// starts at `open`.
    private func isEndTag(_ name: [UInt8], at open: Int) -> Bool {
        let end = open + 2 + name.count
        return end < bytes.count && bytes[open + 1] == UInt8(ascii: "/")
            && Self.matchesName(name, at: open + 2, in: bytes) && Self.endsTagName(bytes[end])
    }

    /// Where script text ends: the script data states (13.2.5.4, 15-31). `<!--`
    /// escapes, and inside an escape `<script` double-escapes, so that in
    /// `<!-- document.write("<script></script>") -->` the inner end tag does not end
    /// the script; `-->` ends either escape.
    private func endOfScriptData(from start: Int) -> Int {
        enum Mode { case data, escaped, doubleEscaped }
        let script = Array("script".utf8)
        let count = bytes.count
        var mode = Mode.data
        var dashes = 0
        var cursor = start
        while cursor < count {
            let byte = bytes[cursor]
            if byte == lessThan {
                dashes = 0
                switch mode {
                case .data:
                    if isEndTag(script, at: cursor) { return cursor }
                    if bytes[(cursor + 1)...].starts(with: Array("!--".utf8)) {
                        // Script data escape start: `<!--` leaves two dashes pending,
                        // so `<!-->` closes the escape at once.
                        mode = .escaped
                        dashes = 2
                        cursor += 4
                        continue
                    }
                case .escaped:
                    if isEndTag(script, at: cursor) { return cursor }
                    let nameEnd = cursor + 1 + script.count
                    if nameEnd < count, Self.matchesName(script, at: cursor + 1, in: bytes), Self.endsTagName(bytes[nameEnd]) {
                        mode = .doubleEscaped
                        cursor = nameEnd + 1
                        continue
                    }
                case .doubleEscaped:
                    if isEndTag(script, at: cursor) {
                        mode = .escaped
                        cursor += 2 + script.count + 1
                        continue
                    }
                }
            } else if mode != .data {
                if byte == UInt8(ascii: "-") {
                    dashes += 1
                } else {
                    if byte == greaterThan, dashes >= 2 { mode = .data }
                    dashes = 0
                }
            }
            cursor += 1
        }
        return count
    }

    // MARK: - Comments, DOCTYPE, bogus comments

    /// `<!` at `open`: a comment, a DOCTYPE (which ends at the first `>` in every
    /// one of its states) or a bogus comment. Returns where data resumes.
    private func endOfMarkupDeclaration(at open: Int) -> Int {
        let count = bytes.count
        let body = open + 2
        if bytes[body...].starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) {
            let content = body + 2
            // `<!-->` and `<!--->` end at once (abrupt closing of an empty comment).
            if content < count, bytes[content] == greaterThan { return content + 1 }
            if content + 1 < count, bytes[content] == UInt8(ascii: "-"), bytes[content + 1] == greaterThan { return content + 2 }
            var cursor = content
            while cursor + 2 < count {
                if bytes[cursor] == UInt8(ascii: "-"), bytes[cursor + 1] == UInt8(ascii: "-") {
                    if bytes[cursor + 2] == greaterThan { return cursor + 3 }
                    if bytes[cursor + 2] == UInt8(ascii: "!"), cursor + 3 < count, bytes[cursor + 3] == greaterThan { return cursor + 4 }
                }
                cursor += 1
            }
            return count
        }
        return endOfBogusComment(from: body)
    }

    /// A bogus comment (and a DOCTYPE) runs to the first `>`.
    private func endOfBogusComment(from start: Int) -> Int {
        guard start < bytes.count, let close = bytes[start...].firstIndex(of: greaterThan) else { return bytes.count }
        return close + 1
    }

    // MARK: - Characters

    /// Tab, LF, FF, space, and CR (which the input stream turns into LF).
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C || byte == 0x0D
    }

    static func isASCIIAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Ends a tag or attribute name: whitespace, `/`, `>`.
    private static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    /// Ends the name of an end tag in text content (whitespace, `/`, `>`).
    private static func endsTagName(_ byte: UInt8) -> Bool { endsName(byte) }

    /// Whether `bytes` at `start` spell `name` (lowercase ASCII), in any case.
    private static func matchesName(_ name: [UInt8], at start: Int, in bytes: [UInt8]) -> Bool {
        guard start + name.count <= bytes.count else { return false }
        return zip(bytes[start..<(start + name.count)], name).allSatisfy { lowercase($0) == $1 }
    }

    static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }

    /// Names are ASCII-lowercased; NULL becomes U+FFFD.
    private static func appendNameByte(_ byte: UInt8, to name: inout [UInt8]) {
        if byte == 0 {
            name.append(contentsOf: [0xEF, 0xBF, 0xBD])
        } else {
            name.append(lowercase(byte))
        }
    }

    /// ASCII-lowercases `text`, the way names are compared.
    static func lowercased(_ text: String) -> String {
        String(decoding: text.utf8.map(lowercase), as: UTF8.self)
    }
}

/// Line and column of increasing byte offsets, counted incrementally: 1-based, the
/// column in Unicode scalars; LF, CR LF and a lone CR each end a line.
struct PositionTracker: Sendable {
    private var offset: Int
    private var line = 1
    private var column = 1

    init(offset: Int = 0) {
        self.offset = offset
    }

    mutating func position(at target: Int, in bytes: [UInt8]) -> SourcePosition {
        if target < offset { self = PositionTracker() }
        let end = min(target, bytes.count)
        while offset < end {
            let byte = bytes[offset]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        return SourcePosition(line: line, column: column)
    }
}

private let lessThan = UInt8(ascii: "<")
private let greaterThan = UInt8(ascii: ">")
