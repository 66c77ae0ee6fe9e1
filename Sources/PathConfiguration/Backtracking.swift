/// Finds the shapes of pattern that make a backtracking engine such as ICU (both apps'
/// engine) take exponential or high-polynomial time on a URL that almost matches:
///
/// - nested: an unbounded quantifier (`*`, `+`, `{n,}`) on a group with one inside,
///   `^/(.+)+/edit$`, `(\w+/?)*`: exponential;
/// - adjacent: two unbounded quantifiers in a row that can take the same characters,
///   `.*.*`, `\d+\d*`: every split of the run is tried;
/// - chained: three or more unbounded quantifiers over wide atoms (`.`, `\S`, `\W`,
///   `\D`, `\P{…}`; not `[^/]`, which stops at its separator) in one sequence, `a.*a.*a.*b`: each adds a power of the URL's
///   length. A last one that only takes the rest of the URL (`….*` or `….*$`) does not
///   count, so `.*\?.*open_in_external_browser=true.*` (the iOS demo's) is not flagged.
///
/// Possessive quantifiers (`a*+`) and atomic groups (`(?>…)`) do not backtrack and are not counted.
package enum Backtracking {
    package static let chainLimit = 3

    /// Why `pattern` may backtrack catastrophically, or nil.
    package static func risk(in pattern: String) -> String? {
        var scanner = Scanner(Array(pattern))
        return scanner.run()
    }

    private struct Atom {
        var text: String
        var wide: Bool
        /// A group with a backtracking unbounded quantifier inside.
        var nestsUnbounded = false
    }

    private struct Frame {
        var atomic = false
        var hasUnbounded = false
        var hasWide = false
        var chain = 0
        /// The unbounded quantifier just before, when nothing has come after it.
        var lastUnbounded: Atom?
        /// Whether the sequence ends with a wide unbounded quantifier (anchors aside).
        var endsWithWideUnbounded = false
    }

    private struct Scanner {
        let characters: [Character]
        var index = 0
        var frames = [Frame()]
        var risk: String?

        init(_ characters: [Character]) {
            self.characters = characters
        }

        mutating func run() -> String? {
            while index < characters.count, risk == nil {
                let character = characters[index]
                switch character {
                case "(":
                    openGroup()
                case ")":
                    guard frames.count > 1 else { index += 1; continue }
                    endBranch(atPatternEnd: false)
                    let frame = frames.removeLast()
                    index += 1
                    let nests = frame.hasUnbounded && !frame.atomic
                    frames[frames.count - 1].hasWide = frames[frames.count - 1].hasWide || frame.hasWide
                    atom(Atom(text: "(…)", wide: frame.hasWide, nestsUnbounded: nests))
                case "|":
                    endBranch(atPatternEnd: false)
                    index += 1
                case "^", "$":
                    index += 1
                case "[":
                    // Narrow even when negated: [^/]+/[^/]+ cannot split a run two ways.
                    let start = index
                    skipClass()
                    atom(Atom(text: String(characters[start..<index]), wide: false))
                case "\\":
                    escape()
                case ".":
                    index += 1
                    atom(Atom(text: ".", wide: true))
                default:
                    index += 1
                    atom(Atom(text: String(character), wide: false))
                }
            }
            if risk == nil { endBranch(atPatternEnd: true) }
            return risk
        }

        mutating func openGroup() {
            index += 1
            var frame = Frame()
            if index < characters.count, characters[index] == "?" {
                let kind = index + 1 < characters.count ? characters[index + 1] : ")"
                if kind == "#" {
                    // A comment: nothing inside is syntax.
                    while index < characters.count, characters[index] != ")" { index += 1 }
                    index += 1
                    return
                }
                frame.atomic = kind == ">"
                var cursor = index + 1
                while cursor < characters.count, characters[cursor].isLetter || characters[cursor] == "-" { cursor += 1 }
                if cursor < characters.count, characters[cursor] == ")", cursor > index + 1 {
                    // Flags only, (?i): no group.
                    index = cursor + 1
                    return
                }
                if kind == "<", index + 2 < characters.count, characters[index + 2] != "=", characters[index + 2] != "!",
                   let close = characters[index...].firstIndex(of: ">") {
                    index = close + 1
                } else {
                    index = min(index + 2, characters.count)
                    if kind == "<" { index = min(index + 1, characters.count) }
                }
            }
            frames.append(frame)
        }

        mutating func escape() {
            let start = index
            guard index + 1 < characters.count else { index += 1; return }
            let letter = characters[index + 1]
            index += 2
            if letter == "Q" {
                while index + 1 < characters.count, !(characters[index] == "\\" && characters[index + 1] == "E") { index += 1 }
                index = min(index + 2, characters.count)
                atom(Atom(text: "\\Q", wide: false))
                return
            }
            if "pPxNk".contains(letter), index < characters.count, characters[index] == "{" || characters[index] == "<",
               let close = characters[index...].firstIndex(where: { $0 == "}" || $0 == ">" }) {
                index = close + 1
            }
            if "bBAzZG".contains(letter) { return }
            atom(Atom(text: String(characters[start..<index]), wide: "SWDHVP".contains(letter)))
        }

        mutating func skipClass() {
            var depth = 0
            while index < characters.count {
                let character = characters[index]
                if character == "\\" { index += 2; continue }
                if character == "[" {
                    depth += 1
                    index += 1
                    // A ] right after [ or [^ is a literal.
                    if index < characters.count, characters[index] == "^" { index += 1 }
                    if index < characters.count, characters[index] == "]" { index += 1 }
                    continue
                }
                index += 1
                if character == "]" {
                    depth -= 1
                    if depth == 0 { return }
                }
            }
        }

        /// An atom, then its quantifier if any.
        mutating func atom(_ atom: Atom) {
            var frame = frames[frames.count - 1]
            frame.hasWide = frame.hasWide || atom.wide
            var unbounded = false
            var optional = false
            if index < characters.count {
                switch characters[index] {
                case "*": unbounded = true; index += 1
                case "+": unbounded = true; index += 1
                case "?": optional = true; index += 1
                case "{":
                    if let close = characters[index...].firstIndex(of: "}") {
                        let body = String(characters[(index + 1)..<close])
                        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
                        if parts.allSatisfy({ $0.allSatisfy(\.isNumber) }), parts.first?.isEmpty == false {
                            unbounded = parts.count == 2 && parts[1].isEmpty
                            optional = parts.first == "0"
                            index = close + 1
                        }
                    }
                default: break
                }
            }
            var possessive = false
            if index < characters.count, characters[index] == "+" || characters[index] == "?", unbounded || optional {
                possessive = characters[index] == "+"
                index += 1
            }
            if unbounded && !possessive {
                if atom.nestsUnbounded {
                    risk = "nested quantifiers: \(atom.text == "(…)" ? "a group" : atom.text) with an unbounded quantifier inside is itself repeated without bound, which backtracks exponentially"
                } else if let last = frame.lastUnbounded, last.wide || atom.wide || last.text == atom.text {
                    risk = "adjacent quantifiers: \(last.text) and \(atom.text), both repeated without bound one after the other, can split the same characters every way"
                }
                if atom.wide { frame.chain += 1 }
                frame.hasUnbounded = true
                frame.lastUnbounded = atom
                frame.endsWithWideUnbounded = atom.wide
            } else {
                if atom.nestsUnbounded { frame.hasUnbounded = true }
                if !optional { frame.lastUnbounded = nil }
                frame.endsWithWideUnbounded = false
            }
            frames[frames.count - 1] = frame
        }

        mutating func endBranch(atPatternEnd: Bool) {
            var frame = frames[frames.count - 1]
            let chain = frame.chain - (atPatternEnd && frames.count == 1 && frame.endsWithWideUnbounded ? 1 : 0)
            if risk == nil, chain >= chainLimit {
                risk = "\(chain) unbounded quantifiers over wide atoms such as .* in one sequence: each adds a power of the URL's length to the search (the limit is \(chainLimit - 1))"
            }
            frame.chain = 0
            frame.lastUnbounded = nil
            frame.endsWithWideUnbounded = false
            frames[frames.count - 1] = frame
        }
    }
}
