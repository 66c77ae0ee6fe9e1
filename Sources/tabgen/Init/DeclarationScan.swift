import Foundation

/// A light scan of Swift, Kotlin and Java source for the types a file declares at its top
/// level (`struct TabData`, `data class TabData`, `enum class Level`, `typealias Id`,
/// `object Codec`), so `tabgen init` can name a hand-written type the generated code
/// declares again inside a file of another name (`TabManager.swift`). Not a parser:
/// comments and string literals are blanked out, braces counted, and a line that starts
/// at depth 0 is matched against the declaration keywords. It reads at most
/// `maxFileBytes` of a file and `maxFiles` files per scan (docs/generate.md).
enum DeclarationScan {
    static let maxFileBytes = 1 << 20
    static let maxFiles = 5_000

    struct Declaration: Equatable {
        var kind: String
        var name: String
        /// 1-based.
        var line: Int
        /// For a nested declaration: the top-level type or extension around it.
        var enclosing: Scope? = nil
    }

    /// A top-level type (`class NavigationComponent`) or extension (`extension NavigationComponent`).
    struct Scope: Equatable {
        var kind: String
        var name: String
    }

    /// `package io.tilde.app` of a Kotlin or Java file, or nil.
    static func package(in text: String) -> String? {
        for line in code(text).split(separator: "\n", omittingEmptySubsequences: false) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" })
            if words.count >= 2, words[0] == "package" { return String(words[1]) }
        }
        return nil
    }

    /// The declarations at the top level of `text`, in order.
    static func declarations(in text: String) -> [Declaration] {
        var found: [Declaration] = []
        var depth = 0
        for (index, line) in code(text).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if depth == 0, let (kind, name) = declaration(line) {
                found.append(Declaration(kind: kind, name: name, line: index + 1))
            }
            for character in line {
                if character == "{" { depth += 1 } else if character == "}" { depth = max(0, depth - 1) }
            }
        }
        return found
    }

    /// The declarations one level inside a top-level type or extension, each with its
    /// scope: `private extension NavigationComponent { struct MessageData ... }` (the
    /// reference iOS client's), whose nested type hides a generated one of the same name
    /// inside that scope. Local types of functions are not listed.
    static func nestedDeclarations(in text: String) -> [Declaration] {
        var found: [Declaration] = []
        var depth = 0
        // The scope a depth-0 line declares; it opens at that line's (or a later line's) `{`.
        var pending: Scope? = nil
        var current: Scope? = nil
        for (index, line) in code(text).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if depth == 0 {
                if let (kind, name) = declaration(line) ?? declaration(line, keywords: ["extension"]) {
                    pending = Scope(kind: kind, name: name)
                } else if declaration(line, keywords: ["func", "fun", "var", "val", "let"]) != nil {
                    // A function's or property's body is no type scope; other lines (a
                    // constructor's parameters on their own lines) keep the pending one.
                    pending = nil
                }
            } else if depth == 1, let scope = current, let (kind, name) = declaration(line) {
                found.append(Declaration(kind: kind, name: name, line: index + 1, enclosing: scope))
            }
            for character in line {
                if character == "{" {
                    if depth == 0 { current = pending; pending = nil }
                    depth += 1
                } else if character == "}" {
                    depth = max(0, depth - 1)
                    if depth == 0 { current = nil }
                }
            }
        }
        return found
    }

    /// Modifiers that may stand before the keyword (Swift, Kotlin, Java).
    static let modifiers: Set<Substring> = [
        "public", "internal", "private", "fileprivate", "open", "final", "data", "sealed", "abstract", "indirect",
        "inline", "value", "annotation", "inner", "static", "protected", "nonisolated", "package", "expect", "actual",
    ]
    static let keywords: Set<Substring> = ["struct", "class", "enum", "typealias", "object", "interface", "actor", "protocol", "record"]

    /// `("data class", "TabData")` for a line that declares a type, else nil. An
    /// attribute or annotation before it (`@MainActor`, `@Serializable`) is skipped.
    static func declaration(_ line: Substring, keywords: Set<Substring> = keywords) -> (kind: String, name: String)? {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        while rest.first == "@" {
            // `@Serializable(with = X::class)`: the name, then its arguments if any.
            rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == ":" }
            if rest.first == "(" {
                var depth = 0
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if character == "(" { depth += 1 } else if character == ")" { depth -= 1; if depth == 0 { break } }
                }
            }
            rest = rest.drop { $0 == " " || $0 == "\t" }
        }
        var words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        var kind: [Substring] = []
        while let word = words.first {
            words = words.dropFirst()
            // `enum class` (Kotlin): `enum` is then a modifier.
            if keywords.contains(word), !(word == "enum" && words.first == "class") {
                guard let next = words.first else { return nil }
                // An extension may extend a nested type: `extension Shop.Component`.
                let name = next.prefix { $0.isLetter || $0.isNumber || $0 == "_" || (word == "extension" && $0 == ".") }
                guard let head = name.first, head.isLetter || head == "_" else { return nil }
                return ((kind + [word]).filter { !["public", "internal", "private", "fileprivate", "open", "final", "protected", "static"].contains($0) }
                    .joined(separator: " "), String(name))
            }
            guard modifiers.contains(word) || word == "enum" else { return nil }
            kind.append(word)
        }
        return nil
    }

    /// `text` with comments and the contents of string and character literals replaced
    /// by spaces, newlines kept, so braces and keywords in them count for nothing. Block
    /// comments nest (Swift, Kotlin); `"""` strings span lines; `#"..."#` is read as a
    /// plain string, close enough for counting braces.
    static func code(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        var commentDepth = 0
        var quote: String? = nil
        func at(_ string: String) -> Bool {
            let pattern = Array(string.unicodeScalars)
            return index + pattern.count <= scalars.count && Array(scalars[index..<index + pattern.count]) == pattern
        }
        func blank(_ count: Int) {
            for offset in 0..<count where index + offset < scalars.count {
                out.append(scalars[index + offset] == "\n" ? "\n" : " ")
            }
            index += count
        }
        while index < scalars.count {
            if commentDepth > 0 {
                if at("*/") { commentDepth -= 1; blank(2) } else if at("/*") { commentDepth += 1; blank(2) } else { blank(1) }
            } else if let open = quote {
                if scalars[index] == "\\" { blank(2) } else if at(open) { quote = nil; blank(open.unicodeScalars.count) } else if open != "\"\"\"" && scalars[index] == "\n" {
                    // An unterminated one-line literal ends with its line.
                    quote = nil
                    blank(1)
                } else { blank(1) }
            } else if at("//") {
                while index < scalars.count, scalars[index] != "\n" { blank(1) }
            } else if at("/*") {
                commentDepth = 1
                blank(2)
            } else if at("\"\"\"") {
                quote = "\"\"\""
                blank(3)
            } else if scalars[index] == "\"" || scalars[index] == "'" {
                quote = String(scalars[index])
                blank(1)
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    /// The source files below `root` with one of `extensions`, skipping hidden folders and
    /// `skipping` (the generated output), at most `maxFiles`; sorted, for a stable report.
    static func files(below root: URL, extensions: Set<String>, skipping: Set<String>) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: [.skipsHiddenFiles, .skipsPackageDescendants]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            let path = url.standardizedFileURL.path
            if skipping.contains(path) || ["build", "node_modules", "Pods", "DerivedData"].contains(url.lastPathComponent) {
                walker.skipDescendants()
                continue
            }
            if extensions.contains(url.pathExtension) { found.append(url) }
            if found.count >= maxFiles { break }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The text of a source file, or nil when it cannot be read or is over `maxFileBytes`.
    static func text(of url: URL) -> String? {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size <= maxFileBytes,
              let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
