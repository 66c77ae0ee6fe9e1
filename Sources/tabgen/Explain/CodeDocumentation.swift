/// docs/reference/codes.md, compiled into the binary: one `### CODE: title` section per code.
enum CodeDocumentation {
    static let text: String = EmbeddedResources.data(named: "codes.md").map { String(decoding: $0, as: UTF8.self) } ?? ""

    /// The codes that have a section, in file order.
    static let codes: [String] = text.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("### ") else { return nil }
        return line.dropFirst(4).split(whereSeparator: { $0 == ":" || $0 == " " }).first.map(String.init)
    }

    /// The section of `code` (upper case), up to the next heading, or nil.
    static func section(for code: String) -> String? {
        var lines: [Substring] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                if inside { break }
                let heading = line.drop(while: { $0 == "#" }).drop(while: { $0 == " " })
                inside = line.hasPrefix("### ") && (heading == code || heading.hasPrefix(code + ":") || heading.hasPrefix(code + " "))
            }
            if inside { lines.append(line) }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.isEmpty ? nil : lines.joined(separator: "\n") + "\n"
    }
}
