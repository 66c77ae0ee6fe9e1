import Foundation

/// A search for a pattern in a URL that gives up instead of running for ever: patterns
/// such as `^/(.+)+/edit$` or `a.*a.*a.*b` backtrack exponentially or polynomially in
/// ICU (the apps' engine too), and `tabgen paths` fed from access logs must not stall.
///
/// The bound counts ICU's progress reports (`.reportProgress`), not time, so it is the
/// same on every machine: ICU reports once per start position it tries and once every
/// 10,000 steps of its matching engine (its time-limit tick), and the two cannot be told
/// apart. A search may use one report per UTF-16 unit of the text plus `tickLimit` more:
/// about 10,000,000 steps on a URL of ordinary length, at most about 92,000,000 on one of
/// the 8 KiB `tabgen paths` takes.
package enum BoundedMatch {
    package static let tickLimit = 1_000
    /// The bound, for messages.
    package static let boundDescription = "one ICU progress report per character of the URL and 1,000 more (ICU reports each start position it tries and every 10,000 matching steps)"

    package enum Outcome: Sendable, Equatable {
        case match
        case noMatch
        /// The search used up its bound before deciding.
        case gaveUp
    }

    package static func firstMatch(_ regex: NSRegularExpression, in text: String) -> Outcome {
        let budget = text.utf16.count + 1 + tickLimit
        var reports = 0
        var outcome = Outcome.noMatch
        regex.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) { result, flags, stop in
            if result != nil {
                outcome = .match
                stop.pointee = true
            } else if flags.contains(.progress) {
                reports += 1
                if reports > budget {
                    outcome = .gaveUp
                    stop.pointee = true
                }
            }
        }
        return outcome
    }
}
