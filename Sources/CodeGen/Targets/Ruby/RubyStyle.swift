/// The house style of the generated Ruby. The templates are written so that the two
/// styles differ in exactly two things, string quotes and the spaces inside one-line
/// array brackets, which RuboCop's defaults and rubocop-rails-omakase set oppositely;
/// everything else (multi-line `if`/`case` never assigned, `when` aligned with `case`
/// and `end`...) is clean under both. Templates are written in RuboCop's default style
/// and `omakase` is derived from it here, token by token, so one set of templates serves
/// both (Tests/CodeGenTests/RubyStyleTests.swift runs the real RuboCop on both).
public enum RubyStyle: String, Sendable, Equatable, CaseIterable {
    /// rubocop-rails-omakase (what `rails new` sets up since 7.2): `"home"`, `[ 1, 2 ]`.
    case omakase
    /// RuboCop's defaults: `'home'`, `[1, 2]`.
    case rubocop

    /// `source` (Ruby in RuboCop's default style) in this style.
    func apply(_ source: String) -> String {
        switch self {
        case .rubocop: return source
        case .omakase:
            var rewriter = RubyOmakaseRewriter(source)
            return rewriter.rewrite()
        }
    }
}

/// Turns Ruby written in RuboCop's default style into omakase's: a single-quoted string
/// that needs no single quotes becomes double-quoted (as RuboCop's `double_quotes` style
/// wants it: no `"`, no backslash other than `\\` and `\'`, no `#{`, `#@`, `#$`), and a
/// non-empty array literal opened and closed on one line gets a space inside each bracket.
/// A small lexer over the generated code only: comments, double-quoted strings with
/// interpolation, `%` literals and regular expressions are copied as they are.
struct RubyOmakaseRewriter {
    private let input: [Character]
    private var index = 0
    private var output: [Character] = []
    /// Open square brackets: where `[` went in `output`, and whether it opens an array literal.
    private var brackets: [(position: Int, literal: Bool, line: Int)] = []
    private var line = 0

    init(_ source: String) {
        input = Array(source)
    }

    mutating func rewrite() -> String {
        code(until: nil)
        return String(output)
    }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < input.count ? input[index + offset] : nil
    }

    private mutating func copy() {
        let character = input[index]
        if character == "\n" { line += 1 }
        output.append(character)
        index += 1
    }

    /// The last character written that is not a space or tab.
    private var previousSignificant: Character? {
        output.last(where: { $0 != " " && $0 != "\t" })
    }

    /// The identifier just before the current position (for `when /x/`, `return [a]`).
    private var previousWord: String {
        var end = output.count
        while end > 0, output[end - 1] == " " { end -= 1 }
        var start = end
        while start > 0, output[start - 1].isLetter || output[start - 1] == "_" { start -= 1 }
        return String(output[start..<end])
    }

    private static let expressionKeywords: Set<String> = [
        "when", "if", "elsif", "unless", "and", "or", "not", "return", "then", "in", "while", "until", "puts", "else",
    ]

    /// Whether an operand starts here (after an operator, an opening bracket, a comma, a
    /// keyword or at the start of a line), so that `/` opens a regexp and `[` an array.
    private var atOperandStart: Bool {
        guard let previous = previousSignificant, previous != "\n" else { return true }
        if "(,=[{|&!?:;~<>+-*%^".contains(previous) { return true }
        if previous.isLetter || previous == "_" { return Self.expressionKeywords.contains(previousWord) }
        return false
    }

    /// Copies code up to (and including) `terminator` at nesting level zero, or to the end.
    private mutating func code(until terminator: Character?) {
        var braces = 0
        while let character = peek() {
            switch character {
            case "{":
                braces += 1
                copy()
            case "}":
                if braces == 0, terminator == "}" { copy(); return }
                braces -= 1
                copy()
            case "#":
                while let next = peek(), next != "\n" { copy() }
            case "'":
                singleQuoted()
            case "\"":
                copy()
                doubleQuoted(closing: "\"")
            case "`":
                copy()
                doubleQuoted(closing: "`")
            case "%":
                if let kind = peek(1), let opening = percentOpening(kind) {
                    percentLiteral(opening: opening)
                } else {
                    copy()
                }
            case "/":
                if atOperandStart { regexp() } else { copy() }
            case "?":
                // A character literal (`?'`) never appears in the templates; a ternary's
                // `?` is followed by a space.
                copy()
            case "[":
                // `foo [1]` passes an array; `foo[1]` indexes.
                let spaced = output.last == " " && previousSignificant?.isLetter == true
                brackets.append((output.count, atOperandStart || spaced, line))
                copy()
            case "]":
                closeBracket()
            case "\\":
                copy()
                if peek() != nil { copy() }
            default:
                copy()
            }
        }
    }

    private mutating func closeBracket() {
        guard let open = brackets.popLast() else { copy(); return }
        let empty = output.count == open.position + 1
        if open.literal, open.line == line, !empty, output[open.position + 1] != " " {
            output.insert(" ", at: open.position + 1)
            if output.last != " " { output.append(" ") }
        }
        copy()
    }

    /// `'...'`: double-quoted unless it needs the single quotes.
    private mutating func singleQuoted() {
        var end = index + 1
        var content: [Character] = []
        var convertible = true
        while end < input.count, input[end] != "'" {
            if input[end] == "\\", end + 1 < input.count {
                let escaped = input[end + 1]
                if escaped == "'" {
                    content.append("'")
                } else if escaped == "\\" {
                    content += ["\\", "\\"]
                } else {
                    convertible = false
                }
                end += 2
                continue
            }
            if input[end] == "\"" || input[end] == "\n" { convertible = false }
            if input[end] == "#", end + 1 < input.count, "{@$".contains(input[end + 1]) { convertible = false }
            content.append(input[end])
            end += 1
        }
        guard convertible, end < input.count else {
            while index <= end, index < input.count { copy() }
            return
        }
        output.append("\"")
        output += content
        output.append("\"")
        index = end + 1
    }

    /// The rest of a double-quoted string (or backquoted command) after its opening quote.
    private mutating func doubleQuoted(closing: Character) {
        while let character = peek() {
            if copyEscapeOrInterpolation() { continue }
            copy()
            if character == closing { return }
        }
    }

    /// Copies the escape (`\x`) or interpolation (`#{...}`) at the cursor, if there is one:
    /// inside either, a closing delimiter does not close.
    private mutating func copyEscapeOrInterpolation() -> Bool {
        if peek() == "\\" {
            copy()
            if peek() != nil { copy() }
            return true
        }
        if peek() == "#", peek(1) == "{" {
            copy()
            copy()
            code(until: "}")
            return true
        }
        return false
    }

    private func percentOpening(_ kind: Character) -> Character? {
        if "([{<".contains(kind) { return kind }
        if "wWiIqQr".contains(kind), let delimiter = peek(2), "([{<|!/".contains(delimiter) { return delimiter }
        return nil
    }

    private mutating func percentLiteral(opening: Character) {
        let pairs: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">"]
        let closing = pairs[opening] ?? opening
        while peek() != opening { copy() }
        copy()
        var depth = 1
        while let character = peek() {
            if copyEscapeOrInterpolation() { continue }
            copy()
            if character == closing, closing != opening || depth == 1 {
                depth -= 1
                if depth == 0 { return }
            } else if character == opening, closing != opening {
                depth += 1
            }
        }
    }

    private mutating func regexp() {
        copy()
        while let character = peek() {
            if copyEscapeOrInterpolation() { continue }
            copy()
            if character == "/" {
                while let flag = peek(), "imxo".contains(flag) { copy() }
                return
            }
        }
    }
}
