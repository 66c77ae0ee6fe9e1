/// A GitHub Actions workflow command that puts a message on a line of a file:
/// `::warning file=after.json,line=3,col=13,title=P009::message`.
struct GitHubAnnotation {
    enum Level: String {
        case warning, error
    }

    var level: Level
    var file: String
    var line: Int
    var column: Int
    var title: String
    var message: String

    var text: String {
        "::\(level.rawValue) file=\(Self.escapeProperty(file)),line=\(line),col=\(column),title=\(Self.escapeProperty(title))::\(Self.escapeData(message))"
    }

    /// The runner decodes %25, %0D and %0A in messages.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Properties also escape the separators `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }
}
