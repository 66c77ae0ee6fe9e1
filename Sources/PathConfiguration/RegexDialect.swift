import Foundation

/// How one path-configuration pattern fares in the regular-expression dialects the
/// apps use. iOS compiles patterns with NSRegularExpression, which is ICU; Android
/// devices compile them with java.util.regex, which Android implements on ICU too
/// (libcore hands patterns to ICU4C), while OpenJDK's own engine, the one JVM unit
/// tests (Robolectric) and Java servers run, is a different dialect.
///
/// ICU is checked by compiling (Foundation's NSRegularExpression is ICU on Linux as
/// well). OpenJDK is checked by a table of the constructs where the two part ways,
/// confirmed against a real JVM by the tests (docs/path-configuration.md lists it).
package enum RegexDialect {
    package struct Problem: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            /// ICU does not compile the pattern: iOS skips it, Android throws in debug builds.
            case icuRejects
            /// OpenJDK's java.util.regex does not compile it (ICU does).
            case javaRejects
            /// Both compile it, but match different strings.
            case readDifferently
        }

        package var kind: Kind
        /// What is wrong, for a message.
        package var detail: String
    }

    /// The ICU compile error of `pattern`, or nil when it compiles.
    package static func icuError(_ pattern: String, caseInsensitive: Bool = false) -> String? {
        do {
            _ = try NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
            return nil
        } catch {
            return "ICU cannot compile it"
        }
    }

    /// Every problem of `pattern`: ICU's verdict first, then the OpenJDK table.
    package static func problems(in pattern: String) -> [Problem] {
        var problems: [Problem] = []
        if let error = icuError(pattern) {
            problems.append(Problem(kind: .icuRejects, detail: error))
        }
        problems += JavaDialectScanner(pattern).problems()
        return problems
    }

    /// Whether the pattern has letters that match differently with and without case
    /// folding (outside escapes such as `\D` and `\p{Lu}`): Android matches ignoring
    /// case, iOS does not.
    package static func hasCaseSensitiveLetters(_ pattern: String) -> Bool {
        JavaDialectScanner(pattern).literalLetters().contains { $0.isUppercase }
    }
}

/// Walks a pattern the way java.util.regex tokenizes it (escapes, `\Q…\E`, classes,
/// groups) to find the constructs where OpenJDK and ICU disagree.
struct JavaDialectScanner {
    let scalars: [Character]

    init(_ pattern: String) {
        scalars = Array(pattern)
    }

    /// Escapes OpenJDK knows (outside the hex, octal, control and property forms,
    /// which take arguments). Any other escaped ASCII letter is an error there; ICU
    /// takes most of them as the letter itself.
    static let javaLetterEscapes: Set<Character> = [
        "t", "n", "r", "f", "a", "e", "c", "0", "x", "u", "N",
        "d", "D", "h", "H", "s", "S", "v", "V", "w", "W", "p", "P",
        "b", "B", "A", "G", "Z", "z", "R", "X", "Q", "E", "k",
    ]

    /// `\p{…}` names OpenJDK takes bare: general categories and the POSIX classes.
    static let javaBarePropertyNames: Set<String> = [
        "L", "Lu", "Ll", "Lt", "Lm", "Lo", "LC", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No",
        "P", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "S", "Sm", "Sc", "Sk", "So",
        "Z", "Zs", "Zl", "Zp", "C", "Cc", "Cf", "Cs", "Co", "Cn",
        "Lower", "Upper", "ASCII", "Alpha", "Digit", "Alnum", "Punct", "Graph", "Print",
        "Blank", "Cntrl", "XDigit", "Space", "all",
    ]

    static let javaPropertyKeys: Set<String> = ["script", "sc", "block", "blk", "general_category", "gc"]

    /// Inline flags: OpenJDK knows i d m s u x U c; ICU knows i m s x w (and rejects the rest itself).
    static let javaFlags: Set<Character> = ["i", "d", "m", "s", "u", "x", "U", "c", "-"]

    func problems() -> [RegexDialect.Problem] {
        var problems: [RegexDialect.Problem] = []
        func javaRejects(_ detail: String) {
            problems.append(.init(kind: .javaRejects, detail: detail))
        }
        func differs(_ detail: String) {
            problems.append(.init(kind: .readDifferently, detail: detail))
        }
        var index = 0
        var classDepth = 0
        // In a class, the character before the current one when it stood for itself (nil: an escape).
        var previousInClass: Character?
        while index < scalars.count {
            let character = scalars[index]
            if character == "\\", index + 1 < scalars.count {
                let next = scalars[index + 1]
                previousInClass = nil
                if next == "Q" {
                    // Quoted to \E (or the end): nothing inside is syntax.
                    index = endOfQuote(from: index + 2)
                    continue
                }
                if next == "p" || next == "P", index + 2 < scalars.count, scalars[index + 2] == "{",
                   let close = scalars[(index + 3)...].firstIndex(of: "}") {
                    let name = String(scalars[(index + 3)..<close])
                    if !Self.javaAcceptsProperty(name) {
                        // Not \p{script=…}: neither engine takes a binary property such as Alphabetic there.
                        javaRejects("\\\(next){\(name)}: OpenJDK needs \\\(next){Is\(name)}")
                    }
                    index = close + 1
                    continue
                }
                if next == "E" {
                    // \Q…\E was skipped whole: this \E closes nothing.
                    javaRejects("\\E without \\Q: OpenJDK has no such escape (ICU reads it as the letter E)")
                } else if next.isASCII, next.isLetter, !Self.javaLetterEscapes.contains(next) {
                    javaRejects("\\\(next): OpenJDK has no such escape (ICU reads it as the letter \(next))")
                }
                index += 2
                continue
            }
            if classDepth > 0 {
                if character == "[", index + 1 < scalars.count, scalars[index + 1] == ":",
                   let end = posixClassEnd(from: index + 2) {
                    let name = String(scalars[(index + 2)..<end])
                    differs("[:\(name):] is a POSIX class in ICU but the characters [, :, \(name.first.map(String.init) ?? "")… in OpenJDK")
                    index = end + 2
                    continue
                }
                if character == "-", index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] == "[" {
                    differs("-- before [ in a class subtracts a set in ICU but is a literal - in OpenJDK")
                    index += 2
                    continue
                }
                if character == "-", index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] != "]" {
                    // ICU subtracts whatever follows; OpenJDK reads a range ending at - from the
                    // character before (which must not be above -), or a literal - after a class escape.
                    if let previous = previousInClass {
                        if previous <= "-" {
                            differs("\(previous)-- in a class subtracts a set in ICU but is the range \(previous) to - in OpenJDK")
                        } else {
                            javaRejects("\(previous)-- in a class (ICU subtracts a set; OpenJDK reads an illegal range \(previous) to -)")
                        }
                    } else if scalars[index + 2] == "\\" {
                        javaRejects("-- between escapes in a class (ICU subtracts a set; OpenJDK rejects it)")
                    } else {
                        differs("-- after an escape in a class subtracts a set in ICU but is a literal - in OpenJDK")
                    }
                    previousInClass = nil
                    index += 2
                    continue
                }
                previousInClass = character
                if character == "[" { classDepth += 1 }
                if character == "]" { classDepth -= 1 }
                index += 1
                continue
            }
            if character == "[" {
                classDepth = 1
                previousInClass = nil
                index += 1
                // A ] right after [ or [^ is a literal in both dialects.
                if index < scalars.count, scalars[index] == "^" { index += 1 }
                if index < scalars.count, scalars[index] == "]" { index += 1 }
                continue
            }
            if character == "(", index + 2 < scalars.count, scalars[index + 1] == "?" {
                let kind = scalars[index + 2]
                if kind == "#" {
                    javaRejects("(?#…) comments: OpenJDK has none")
                } else if kind.isLetter || kind == "-" {
                    var cursor = index + 2
                    while cursor < scalars.count, scalars[cursor].isLetter || scalars[cursor] == "-" {
                        if !Self.javaFlags.contains(scalars[cursor]) {
                            javaRejects("(?\(scalars[cursor])): OpenJDK has no inline flag \(scalars[cursor])")
                        }
                        cursor += 1
                    }
                }
            }
            index += 1
        }
        if let letter = literalLetters().first(where: Self.foldsDifferently) {
            if letter == "\u{130}" || letter == "\u{131}" {
                differs("ignoring case, OpenJDK matches \(letter) with i and I (it compares upper and lower case one character at a time), ICU does not")
            } else {
                differs("ignoring case, ICU matches \(letter) with \(letter.uppercased().lowercased()) (full case folding), OpenJDK does not")
            }
        }
        return problems
    }

    /// Letters ICU and OpenJDK match differently ignoring case: those whose case mapping
    /// is several characters (ß, ﬀ, ŉ; ICU folds them fully, OpenJDK one character at a
    /// time) and the Turkish dotted and dotless i (OpenJDK matches them with i and I).
    static func foldsDifferently(_ letter: Character) -> Bool {
        if letter == "\u{130}" || letter == "\u{131}" { return true }
        return letter.unicodeScalars.contains { scalar in
            !scalar.isASCII && (scalar.properties.uppercaseMapping.unicodeScalars.count > 1
                                || scalar.properties.lowercaseMapping.unicodeScalars.count > 1)
        }
    }

    /// Letters that stand for themselves: outside escapes, `\Q…\E` counts, classes too.
    func literalLetters() -> [Character] {
        var letters: [Character] = []
        var index = 0
        while index < scalars.count {
            let character = scalars[index]
            if character == "\\", index + 1 < scalars.count {
                let next = scalars[index + 1]
                if next == "Q" {
                    let end = endOfQuote(from: index + 2)
                    letters += scalars[(index + 2)..<min(end, scalars.count)].filter(\.isLetter)
                    index = end
                    continue
                }
                if (next == "p" || next == "P" || next == "N" || next == "k" || next == "x"), index + 2 < scalars.count,
                   scalars[index + 2] == "{" || scalars[index + 2] == "<",
                   let close = scalars[(index + 3)...].firstIndex(where: { $0 == "}" || $0 == ">" }) {
                    index = close + 1
                    continue
                }
                index += 2
                continue
            }
            if character == "(", index + 2 < scalars.count, scalars[index + 1] == "?" {
                // Group syntax: (?<name>, (?i), (?:…
                var cursor = index + 2
                if scalars[cursor] == "<", cursor + 1 < scalars.count, scalars[cursor + 1] != "=", scalars[cursor + 1] != "!",
                   let close = scalars[cursor...].firstIndex(of: ">") {
                    index = close + 1
                    continue
                }
                while cursor < scalars.count, scalars[cursor].isLetter || scalars[cursor] == "-" { cursor += 1 }
                index = cursor
                continue
            }
            if character.isLetter { letters.append(character) }
            index += 1
        }
        return letters
    }

    static func javaAcceptsProperty(_ name: String) -> Bool {
        if let equals = name.firstIndex(of: "=") {
            return javaPropertyKeys.contains(name[..<equals].lowercased())
        }
        if javaBarePropertyNames.contains(name) { return true }
        for prefix in ["Is", "In", "java"] where name.hasPrefix(prefix) && name.count > prefix.count {
            return !name.dropFirst(prefix.count).hasPrefix("_")
        }
        return false
    }

    /// The index just past `\E`, or the end of the pattern.
    private func endOfQuote(from start: Int) -> Int {
        var cursor = start
        while cursor + 1 < scalars.count {
            if scalars[cursor] == "\\", scalars[cursor + 1] == "E" { return cursor + 2 }
            cursor += 1
        }
        return scalars.count
    }

    /// For `[:name:]` starting after `[:`, the index of the closing `:` when `:]` follows a name.
    private func posixClassEnd(from start: Int) -> Int? {
        var cursor = start
        while cursor < scalars.count, scalars[cursor].isASCII, scalars[cursor].isLetter { cursor += 1 }
        guard cursor > start, cursor + 1 < scalars.count, scalars[cursor] == ":", scalars[cursor + 1] == "]" else { return nil }
        return cursor
    }
}
