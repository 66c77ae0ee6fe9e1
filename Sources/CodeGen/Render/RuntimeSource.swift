/// A runtime written as an ordinary source file (`Runtime/<language>/...`), compiled and
/// tested on its own, and copied into generated code with the parts a schema does not
/// use left out.
///
/// One mechanism for every language: marker lines in the language's own line comment
/// (`//` or `#`), so the file stays valid source with every part in it.
///
///     // tabgen:features timestamps integers
///     ...
///     // tabgen:begin timestamps
///     func parseTimestamp(...) { ... }
///     // tabgen:end timestamps
///
/// - `tabgen:features A B ...` declares every feature the file uses (once, anywhere); a
///   marker or a request naming an undeclared feature is an error, so a typo cannot
///   silently drop or keep code.
/// - `tabgen:begin NAME` ... `tabgen:end NAME` keeps the lines between only when NAME is
///   selected; `tabgen:begin !NAME` keeps them only when it is not. Blocks nest; the end
///   names its begin (`!` included).
/// - `tabgen:needs A B ...` inside a `begin NAME` block says NAME's code uses A and B:
///   selecting NAME selects them too (transitively), so which part needs which is
///   written beside the code that needs it.
/// - Marker lines themselves are never copied, nor is the features line.
public struct RuntimeSource: Sendable {
    /// Runtimes sit beside templates in a `TemplateSource` under this prefix.
    public static let keyPrefix = "runtime/"

    /// The text as written, with every part.
    public let text: String
    /// Where it came from (`runtime/typescript/runtime.ts`), for errors.
    public let path: String
    /// The features the file declares.
    public let features: Set<String>

    private enum Line {
        case text(Substring)
        case begin(name: String, negated: Bool)
        case end(name: String, negated: Bool)
    }

    private let lines: [(number: Int, line: Line)]
    /// Per feature, the features its blocks' `tabgen:needs` lines name.
    private let needs: [String: Set<String>]

    /// Reads `text`, with `comment` the language's line comment (`//`, `#`).
    public init(_ text: String, path: String, comment: String) throws(CodeGenError) {
        self.text = text
        self.path = path
        var declared: Set<String> = []
        var sawDeclaration = false
        var parsed: [(Int, Line)] = []
        var open: [(name: String, negated: Bool, line: Int)] = []
        var needs: [String: Set<String>] = [:]
        var needed: [(number: Int, name: String)] = []
        let prefix = comment + " tabgen:"
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let trimmed = raw.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix(prefix) else {
                parsed.append((number, .text(raw)))
                continue
            }
            let words = trimmed.dropFirst(prefix.count).split(separator: " ").map(String.init)
            guard let keyword = words.first else { throw Self.error(path, number, "a marker names no directive") }
            switch keyword {
            case "features":
                guard !sawDeclaration else { throw Self.error(path, number, "features declared twice") }
                sawDeclaration = true
                declared = Set(words.dropFirst())
            case "begin", "end":
                guard words.count == 2 else {
                    throw Self.error(path, number, "\(keyword) takes exactly one feature name, got \(words.count - 1)")
                }
                let negated = words[1].hasPrefix("!")
                let name = negated ? String(words[1].dropFirst()) : words[1]
                if keyword == "begin" {
                    open.append((name, negated, number))
                    parsed.append((number, .begin(name: name, negated: negated)))
                } else {
                    guard let last = open.popLast() else { throw Self.error(path, number, "end \(words[1]) closes no block") }
                    guard last.name == name, last.negated == negated else {
                        throw Self.error(path, number, "end \(words[1]) closes begin \(last.negated ? "!" : "")\(last.name) of line \(last.line)")
                    }
                    parsed.append((number, .end(name: name, negated: negated)))
                }
            case "needs":
                guard let block = open.last, !block.negated else {
                    throw Self.error(path, number, "needs belongs inside a begin block of the feature that needs")
                }
                guard words.count > 1 else { throw Self.error(path, number, "needs names no feature") }
                needs[block.name, default: []].formUnion(words.dropFirst())
                needed += words.dropFirst().map { (number, $0) }
            default:
                throw Self.error(path, number, "unknown marker tabgen:\(keyword) (expected features, begin, end or needs)")
            }
        }
        if let last = open.last {
            throw Self.error(path, last.line, "begin \(last.negated ? "!" : "")\(last.name) is never ended")
        }
        for case let (number, .begin(name, _)) in parsed where !declared.contains(name) {
            throw Self.error(path, number, "feature \(name) is not in the file's tabgen:features line")
        }
        for (number, name) in needed where !declared.contains(name) {
            throw Self.error(path, number, "feature \(name) is not in the file's tabgen:features line")
        }
        features = declared
        lines = parsed
        self.needs = needs
    }

    /// The source with the blocks of unselected features (and the negated blocks of
    /// selected ones) left out, marker lines removed; the features selected ones need
    /// (`tabgen:needs`) are selected too.
    public func selecting(_ requested: Set<String>) throws(CodeGenError) -> String {
        text(keeping: try kept(requested))
    }

    /// The source with exactly the features of `selected` (a result of `kept`) kept.
    func text(keeping selected: Set<String>) -> String {
        var output: [Substring] = []
        output.reserveCapacity(lines.count)
        // The depth of nested blocks being left out; inside one, everything is skipped.
        var skipping = 0
        for (_, line) in lines {
            switch line {
            case .text(let text):
                if skipping == 0 { output.append(text) }
            case .begin(let name, let negated):
                if skipping > 0 || selected.contains(name) == negated { skipping += 1 }
            case .end:
                if skipping > 0 { skipping -= 1 }
            }
        }
        return output.joined(separator: "\n")
    }

    /// The features `selecting(requested)` keeps: `requested` and what they need
    /// (`tabgen:needs`), transitively.
    public func kept(_ requested: Set<String>) throws(CodeGenError) -> Set<String> {
        let unknown = requested.subtracting(features)
        guard unknown.isEmpty else {
            throw CodeGenError("\(path): no such feature \(unknown.sorted().joined(separator: ", ")) (the file declares \(features.sorted().joined(separator: ", ")))")
        }
        var selected = requested
        var pending = Array(requested)
        while let feature = pending.popLast() {
            for next in needs[feature] ?? [] where selected.insert(next).inserted { pending.append(next) }
        }
        return selected
    }

    private static func error(_ path: String, _ line: Int, _ message: String) -> CodeGenError {
        CodeGenError("\(path):\(line): \(message)")
    }
}
