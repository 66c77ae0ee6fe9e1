import Schema

/// Text in the HTML pages tabgen writes (plan --format html, report).
enum HTMLText {
    /// A page's start, up to and with `</head>` and its line break: every page has the same
    /// policy (no network, only its own inline style and script).
    static func head(title: String, style: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escaped(title))</title>
        <style>\(style)</style>
        </head>

        """
    }

    /// Text for HTML content and attribute values: control characters as visible escapes
    /// (ControlCharacters), then the five characters HTML gives meaning, by scalar: a
    /// quote with a combining mark is one Character, but the quote alone ends an attribute.
    static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        markup.append(ControlCharacters.escaped(text), to: &output)
        return output
    }

    private static let markup = ScalarEscaper(escapes: ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"],
                                              isPlain: { _ in true }) { String($0) }
}
