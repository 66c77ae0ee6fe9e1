import Foundation
import Schema
import Testing
import PathConfiguration
import GrowthTesting

/// The bound on each pattern search (`BoundedMatch`), the backtracking check (PC008)
/// and the dialect table that real Java and ICU both confirm.
struct PatternBoundTests {
    static func regex(_ pattern: String) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    // MARK: The bound

    /// Each of these ran for minutes unbounded (issue 27): each now gives up within its
    /// bound, a few tenths of a second.
    @Test(arguments: [
        ("a.*a.*a.*a.*a.*b", "/" + String(repeating: "a", count: 100)),
        ("^/(.+)+/edit$", "/" + String(repeating: "x", count: 40)),
        (".+\\.(?:bmp|gif|heic|jpg|jpeg|png|svg|webp)", "/" + String(repeating: "a", count: 8_191)),
    ])
    func aHostileSearchGivesUp(_ pattern: String, _ text: String) throws {
        let regex = try Self.regex(pattern)
        var outcome = BoundedMatch.Outcome.noMatch
        let seconds = threadCPUSeconds { outcome = BoundedMatch.firstMatch(regex, in: text) }
        #expect(outcome == .gaveUp)
        #expect(seconds < 5)
    }

    @Test func ordinarySearchesDecide() throws {
        let long = "/" + String(repeating: "a", count: 8_191)
        #expect(BoundedMatch.firstMatch(try Self.regex("/new$"), in: "/recipes/new") == .match)
        #expect(BoundedMatch.firstMatch(try Self.regex("/new$"), in: "/recipes/1") == .noMatch)
        // One progress report per start position is within the bound, however long the URL.
        #expect(BoundedMatch.firstMatch(try Self.regex("/zzz"), in: long) == .noMatch)
        #expect(BoundedMatch.firstMatch(try Self.regex("a$"), in: long) == .match)
        // The demo's unanchored rule on a URL of ordinary length.
        #expect(BoundedMatch.firstMatch(try Self.regex(".+\\.(?:png|jpg)"), in: "/" + String(repeating: "a", count: 1_000)) == .noMatch)
    }

    @Test func aSearchThatGaveUpIsReportedAsPC205AndTakenAsNotMatching() throws {
        let resolver = try PathConfigurationTests.resolver(#"{"rules": [{"patterns": ["^/(.+)+/edit$"], "properties": {"context": "modal"}}]}"#)
        let url = "https://a.example/" + String(repeating: "x", count: 40)
        let ios = resolver.resolve(url, on: .ios)
        let android = resolver.resolve(url, on: .android)
        #expect(ios.matchedRules.isEmpty && android.matchedRules.isEmpty)
        #expect(ios.boundedPatterns.map(\.pattern) == ["^/(.+)+/edit$"])
        let findings = PlatformComparison.differences(ios: ios, android: android, resolver: resolver).filter { $0.code == "PC205" }
        #expect(findings.count == 1)
        #expect(findings.first?.pointer.description == "/rules/0/patterns/0")
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.contains("one ICU progress report per character of the URL and 1,000 more") == true)
    }

    // MARK: PC008

    @Test(arguments: ["a.*a.*a.*a.*a.*b", "^/(.+)+/edit$", "(\\w+/?)*$", "(a|b*)+c", ".*.*x", "\\d+\\d+", "\\S+/\\S+/\\S+/x", "(?:/.*)+"])
    func backtrackingShapesAreFlagged(_ pattern: String) {
        #expect(Backtracking.risk(in: pattern) != nil)
    }

    /// Every pattern of the demos' and the libraries' bundled configurations
    /// (hotwire-native-ios Demo and test fixtures, hotwire-native-android demo and core
    /// assets, the dynamic-tab-bar reference apps), and other ordinary ones.
    @Test(arguments: [".*", ".*\\?.*open_in_external_browser=true.*", ".+", ".+\\.(?:bmp|gif|heic|jpg|jpeg|png|svg|webp)", "/$",
                      "/custom/modal", "/edit$", "/new$", "/numbers/[0-9]+$", "^$", "^/$", "/recede_historical_location", "/newFormSheet$",
                      "[a-z]+[0-9]+", "(?>a+)+b", "a*+a*+b", "/users/(?<id>\\d+)/edit", "/(?:posts|articles)/\\d+(?:/edit)?$",
                      "^/[^/]+/[^/]+/[^/]+/x", ".*foo.*$", "(a|b)+", "\\Q.*.*.*(a+)+\\E", "/x{2,}y{3,}"])
    func ordinaryPatternsAreNot(_ pattern: String) {
        #expect(Backtracking.risk(in: pattern) == nil, "\(Backtracking.risk(in: pattern) ?? "")")
    }

    @Test func pc008IsAWarningOfValidate() throws {
        let document = try #require(PathConfigurationTests.contract)
        let json = try JSONReader().parse(Array(#"{"rules": [{"patterns": ["/new$", "^/(.+)+/edit$"], "properties": {}}]}"#.utf8))
        let findings = PathConfigurationChecker(platforms: [.ios], catalog: PathPropertyCatalog(document: document))
            .findings(for: PathConfiguration(json: json))
        #expect(findings.map { "\($0.code) \($0.severity) \($0.pointer)" } == ["PC008 warning /rules/0/patterns/1"])
    }

    // MARK: The dialect table

    struct OracleRow: Sendable, CustomTestStringConvertible {
        var pattern: String
        var text: String
        var icu: String
        var java: String
        var testDescription: String { "\(pattern) on \(text)" }
    }

    /// Tests/Java/regex-dialect/dialect-oracle.tsv: what ICU and OpenJDK 17 make of each
    /// pattern, ignoring case; its Java column is checked against a JVM by run.sh there.
    static let oracle: [OracleRow] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Java/regex-dialect/dialect-oracle.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return OracleRow(pattern: fields[0], text: fields.count > 1 ? fields[1] : "", icu: fields.count > 2 ? fields[2] : "",
                             java: fields.count > 3 ? fields[3] : "")
        }
    }()

    @Test func theTableIsThere() {
        #expect(Self.oracle.count >= 40)
    }

    @Test(arguments: oracle) func theICUColumnIsWhatICUDoes(_ row: OracleRow) {
        let actual: String
        if let regex = try? Self.regex(row.pattern) {
            actual = regex.firstMatch(in: row.text, range: NSRange(row.text.startIndex..., in: row.text)) != nil ? "match" : "nomatch"
        } else {
            actual = "rejects"
        }
        #expect(actual == row.icu)
    }

    /// RegexDialect's verdict on each pattern follows from the table: PC001 where ICU
    /// rejects it, PC002 where OpenJDK alone does, PC003 where the two match a text
    /// differently, nothing where they agree on every text.
    @Test func theDialectVerdictsFollowTheTable() {
        var patterns: [String] = []
        for row in Self.oracle where !patterns.contains(row.pattern) { patterns.append(row.pattern) }
        for pattern in patterns {
            let rows = Self.oracle.filter { $0.pattern == pattern }
            let kinds = Set(RegexDialect.problems(in: pattern).map(\.kind))
            if rows.contains(where: { $0.icu == "rejects" }) {
                #expect(kinds.contains(.icuRejects), "\(pattern)")
            } else if rows.contains(where: { $0.java == "rejects" }) {
                #expect(kinds == [.javaRejects], "\(pattern)")
            } else if rows.contains(where: { $0.java != $0.icu }) {
                #expect(kinds == [.readDifferently], "\(pattern)")
            } else {
                #expect(kinds.isEmpty, "\(pattern): \(RegexDialect.problems(in: pattern))")
            }
        }
    }

    @Test func pc002SuggestsWhatBothEnginesTake() {
        let detail = RegexDialect.problems(in: "\\p{Alphabetic}").first?.detail ?? ""
        #expect(detail.contains("\\p{IsAlphabetic}"))
        #expect(!detail.contains("script="))
        #expect(RegexDialect.problems(in: "\\p{IsAlphabetic}").isEmpty)
    }
}
