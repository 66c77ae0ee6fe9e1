/// docs/reference/codes.md, compiled into the binary: one `### CODE: title` section per code.
enum CodeDocumentation {
    static let text: String = BuiltIn.data(named: "codes.md").map { String(decoding: $0, as: UTF8.self) } ?? ""

    /// The codes that have a section, in file order.
    static let codes: [String] = text.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("### ") else { return nil }
        return line.dropFirst(4).split(whereSeparator: { $0 == ":" || $0 == " " }).first.map(String.init)
    }

    /// The families of `codes`, in the order the file documents them: `TGxxx, Pxxx, Dxxx,
    /// PCxxx, MNxxx`, so a message about an unknown code names every family there is.
    static var families: [String] {
        var seen: [String] = []
        for code in codes {
            let letters = code.prefix { $0.isLetter }
            let family = String(letters) + String(repeating: "x", count: code.count - letters.count)
            if !seen.contains(family) { seen.append(family) }
        }
        return seen
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
