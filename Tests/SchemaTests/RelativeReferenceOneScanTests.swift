import Testing
@testable import Schema

/// The one-scan form of the report's relative-reference filter against the two scans it
/// replaces. (`problem` on ASCII bytes is compared with the scalar form it replaced in
/// RuleEngineAgreementTests.relativeReferenceProblemsAreWordedAsBefore.)
struct RelativeReferenceOneScanTests {
    static let pieces = ["/", "//", "a", ":", "?", "#", "%", "%4", "%41", "[", "]", " ", "\\", "h", "x:y", ".", "@", "-", "~",
                         "https:", "\u{7F}", "\u{1}", "\"", "z+.-9:", "é"]

    @Test func plainPathsWithoutADoubleSlashAreFoundInOneScan() {
        var generator = StringShortcutTests.Pieces(seed: 31)
        for _ in 0..<20000 {
            let text = generator.text(from: Self.pieces, upTo: 6)
            for allow in [false, true] {
                let twoScans = RelativeReference.isPlainPath(text) && (allow || !RelativeReference.hasDoubleSlash(text))
                #expect(RelativeReference.isPlainPath(text, allowingDoubleSlash: allow) == twoScans, "\(text.debugDescription) \(allow)")
            }
        }
    }
}
