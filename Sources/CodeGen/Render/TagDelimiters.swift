/// Rewrites a template's `{{` and `}}` tag delimiters to the control characters U+0001 and
/// U+0002, which swift-mustache parses far faster, for the same tokens.
///
/// Why: swift-mustache's parser measures the distance from each `{` it meets to the end
/// of the template (`String.distance`, a walk over every character left), so a template
/// costs its number of `{` times its length: code is full of braces, and parsing the
/// runtimes was most of a cold `emit --lang all` (callgrind: 756M of 1,488M
/// instructions). With one-character delimiters no brace in the text is a candidate
/// tag, and only tags pay that walk.
///
/// The rewrite keeps every other byte, so the parser sees the same text, tags, names,
/// lines and standalone tags. It declines (nil) whatever it cannot rewrite with certainty,
/// and the template is then parsed as written: a template that changes its delimiters
/// (`{{=`), holds U+0001 or U+0002 already, has a `{{` without its `}}`, or has a
/// non-ASCII byte right after a delimiter (a combining mark would join the brace into
/// another character, which swift-mustache compares by `Character`).
enum TagDelimiters {
    static let open: UInt8 = 0x01
    static let close: UInt8 = 0x02
    /// What starts a rewritten template: the delimiters, then TEXT content, each tag
    /// alone on its line, so that neither leaves a line in the output.
    static let pragma = "{{=\u{1} \u{2}=}}\n\u{1}% CONTENT_TYPE: TEXT\u{2}\n"

    static func rewrite(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let brace = UInt8(ascii: "{")
        let closing = UInt8(ascii: "}")
        guard !bytes.contains(open), !bytes.contains(close) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        let count = bytes.count
        var index = 0
        while index < count {
            guard index + 1 < count, bytes[index] == brace, bytes[index + 1] == brace else {
                output.append(bytes[index])
                index += 1
                continue
            }
            // A tag: `{{`, its content up to the first `}}`, and `}}`: swift-mustache ends
            // every kind of tag there (`{{{name}}}` is `{{`, `{name`, `}}` and `}`).
            let start = index + 2
            guard index == 0 || bytes[index - 1] < 0x80, start < count, bytes[start] < 0x80, bytes[start] != UInt8(ascii: "=") else { return nil }
            var end = start
            while end + 1 < count, !(bytes[end] == closing && bytes[end + 1] == closing) { end += 1 }
            guard end + 1 < count, end == start || bytes[end - 1] < 0x80, end + 2 >= count || bytes[end + 2] < 0x80 else { return nil }
            output.append(open)
            output += bytes[start..<end]
            output.append(close)
            index = end + 2
        }
        return String(decoding: output, as: UTF8.self)
    }
}
