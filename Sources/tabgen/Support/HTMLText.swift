/// Text in the HTML pages tabgen writes (plan --format html, report).
enum HTMLText {
    /// Text for HTML content and attribute values: control characters as visible escapes
    /// (ControlCharacters), then the five characters HTML gives meaning.
    static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in ControlCharacters.escaped(text) {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }
}
