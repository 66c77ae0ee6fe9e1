import JSON

/// `nonEmpty`: each string at `path` has a character other than white space (a label, a
/// title). White space is Unicode's White_Space property, the characters the demos'
/// `trim()` removes from a title before showing it, bar U+FEFF, which is not white space:
/// a title of spaces shows as an empty button. Values that are not strings are the
/// schema's to judge.
package struct NonEmptyRule: RuleKind {
    package let path: PathPattern

    package static let name = "nonEmpty"
    package static let parameters: Set<String> = []
    package static let defaultMessage = "{reason}"

    package static func read(_ object: JSONObject, path: PathPattern, schemas: [Schema], root: [Schema], at pointer: JSONPointer, reader: inout RuleReader) -> NonEmptyRule? {
        reader.requireShape(schemas, at: pointer.appending(key: "path"), accepts: { if case .type(.string) = $0 { true } else if case .empty = $0 { true } else { false } },
                            what: "a string")
        return NonEmptyRule(path: path)
    }

    package var failsWhenAbsent: Bool { false }

    /// Empty, ASCII spaces, and white space beyond ASCII (U+3000, U+2028).
    package var breakingValues: [JSON] { [.string(""), .string("  "), .string("\u{3000}\u{2028}")] }

    /// Not decided by the byte pass: a schema with a nonEmpty rule takes the tree path.
    package func planBytes(_ builder: inout BytePlanBuilder, rule index: Int) throws(BytePlanBuilder.Unsupported) -> BytePlanBuilder.PendingByteRule {
        throw BytePlanBuilder.Unsupported()
    }

    package func compiled() -> any CompiledRuleKind {
        Compiled(path: CompiledPath(path))
    }

    /// Why `text` is blank, or nil when it has a character other than white space.
    static func blankness(of text: String) -> String? {
        if text.isEmpty { return "it is empty" }
        return text.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? "it has only white space" : nil
    }

    final class Compiled: CompiledRuleKind {
        let path: CompiledPath

        init(path: CompiledPath) {
            self.path = path
        }

        /// The report looks at each string once, as the pass would.
        var reportsDirectly: Bool { true }

        func passes(_ payload: JSON, buffer: inout [JSON]) -> Bool {
            path.forEach(in: payload) { value in
                guard case .string(let text) = value else { return true }
                return NonEmptyRule.blankness(of: text) == nil
            }
        }

        func report(_ payload: JSON, _ reporter: RuleReporter, into findings: inout [Finding]) {
            path.forEachLocated(in: payload) { value, positions in
                guard case .string(let text) = value, let reason = NonEmptyRule.blankness(of: text) else { return }
                findings.append(reporter.finding(path.tokens(at: positions, in: payload), value: value) { MessageBytes.append(reason, to: &$0) })
            }
        }
    }
}

// MARK: Fixtures

extension NonEmptyRule {
    /// Fixtures are not bent to it: the conformance suite breaks it with
    /// `breakingValues`, and the validator labels every fixture as it finds it.
    package func repair(_ instance: inout JSON, with fitter: inout some RuleFitter) {}

    package func breakRule(_ instance: inout JSON, with fitter: inout some RuleFitter) -> Bool { false }
}
