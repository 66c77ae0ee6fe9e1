import Foundation
import Schema
import Testing
import PathConfiguration
import GrowthTesting

/// The path-configuration contract: the dialect table, resolution as each platform
/// does it, and the checks `validate --path-config` adds to the schema.
struct PathConfigurationTests {
    static let contract: SchemaDocument? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("contracts/path-configuration.json")
        guard let bytes = try? [UInt8](Data(contentsOf: url)) else { return nil }
        return try? SchemaReader(fileName: "path-configuration.json").read(bytes)
    }()

    static func resolver(_ text: String, iosMatchesQueryStrings: Bool = true) throws -> PathResolver {
        let document = try #require(contract)
        let json = try JSONReader().parse(Array(text.utf8))
        return PathResolver(configuration: PathConfiguration(json: json), catalog: PathPropertyCatalog(document: document),
                            iosMatchesQueryStrings: iosMatchesQueryStrings)
    }

    static func value(_ resolution: PathResolver.Resolution, _ name: String) -> PathResolver.Value? {
        resolution.readings.first { $0.name == name }?.value
    }

    // MARK: The contract

    @Test func theContractReadsAndDeclaresEachPlatformsDefaults() throws {
        let document = try #require(Self.contract)
        #expect(document.extensions.rules.map(\.code) == ["PC101"])
        let catalog = PathPropertyCatalog(document: document)
        let pull = try #require(catalog.property(named: "pull_to_refresh_enabled"))
        #expect(pull.defaultValue(on: .ios) == .bool(true))
        #expect(pull.defaultValue(on: .android) == .bool(false))
        let viewController = try #require(catalog.property(named: "view_controller"))
        #expect(viewController.isRead(by: .ios) && !viewController.isRead(by: .android))
        let uri = try #require(catalog.property(named: "uri"))
        #expect(uri.isRead(by: .android) && uri.defaultValue(on: .android) == nil)
        guard case .enumeration(_, let values, let iosValues)? = catalog.property(named: "presentation")?.type else {
            Issue.record("presentation is not an enum")
            return
        }
        #expect(values.contains("push") && iosValues?.contains("push") == false)
    }

    // MARK: Dialects

    /// Patterns ICU (iOS, Android devices) does not compile. Each was also tried on
    /// Apple's and Android's engines' shared ICU via NSRegularExpression here.
    @Test(arguments: ["/users/{id}", "(?<user_id>\\d+)", "/**", "*abc", "a{,3}", "}", "\\b{g}", "\\pL", "(?<=a+)b", "(a)\\2", "(?U)\\w"])
    func icuRejects(_ pattern: String) {
        #expect(RegexDialect.problems(in: pattern).contains { $0.kind == .icuRejects })
    }

    @Test(arguments: ["(?#note)/a", "(?w)\\b", "\\p{Latin}", "\\p{Alphabetic}", "\\p{White_Space}", "\\K", "\\g{1}", "\\o{101}"])
    func javaRejectsWhatICUAccepts(_ pattern: String) {
        let problems = RegexDialect.problems(in: pattern)
        #expect(!problems.contains { $0.kind == .icuRejects })
        #expect(problems.contains { $0.kind == .javaRejects })
    }

    @Test(arguments: ["[[:alpha:]]+", "[a-z--[aeiou]]"])
    func readDifferently(_ pattern: String) {
        #expect(RegexDialect.problems(in: pattern).map(\.kind) == [.readDifferently])
    }

    @Test(arguments: ["/new$", "^/$", ".+\\.(?:png|jpg)", "(?<name>a)\\k<name>", "a*+", "(?>a)", "\\Q(?#x)\\E", "\\p{IsLatin}", "\\p{InGreek}",
                      "\\p{javaLowerCase}", "\\p{script=Latin}", "[a-z&&[^aeiou]]", "\\h\\R\\X", "[\\w-.]", "/recipes/*", "[]a]", "(?i)abc"])
    func bothAgree(_ pattern: String) {
        #expect(RegexDialect.problems(in: pattern).isEmpty, "\(RegexDialect.problems(in: pattern))")
    }

    @Test func caseMattersOnlyForLiteralLetters() {
        #expect(RegexDialect.hasCaseSensitiveLetters("/Settings$"))
        #expect(RegexDialect.hasCaseSensitiveLetters("\\QA\\E"))
        #expect(!RegexDialect.hasCaseSensitiveLetters("/a/\\D+\\W\\p{Lu}\\S"))
        #expect(!RegexDialect.hasCaseSensitiveLetters("(?<Name>x)\\k<Name>"))
    }

    // MARK: Resolution

    @Test func laterRulesOverrideEarlierOnesKeyByKey() throws {
        let resolver = try Self.resolver(#"{"rules": [{"patterns": [".*"], "properties": {"context": "default", "pull_to_refresh_enabled": true}}, {"patterns": ["/new$"], "properties": {"context": "modal", "pull_to_refresh_enabled": false}}]}"#)
        for platform in AppPlatform.allCases {
            let root = resolver.resolve("https://a.example/", on: platform)
            #expect(root.matchedRules == [0])
            #expect(Self.value(root, "pull_to_refresh_enabled") == .value(.bool(true), rule: 0))
            let new = resolver.resolve("https://a.example/recipes/new", on: platform)
            #expect(new.matchedRules == [0, 1])
            #expect(Self.value(new, "context") == .value(.string("modal"), rule: 1))
            #expect(Self.value(new, "pull_to_refresh_enabled") == .value(.bool(false), rule: 1))
        }
    }

    @Test func defaultsDifferAndAndroidIgnoresCase() throws {
        let resolver = try Self.resolver(#"{"rules": [{"patterns": ["/new$"], "properties": {"context": "modal"}}]}"#)
        let ios = resolver.resolve("https://a.example/recipes/NEW", on: .ios)
        let android = resolver.resolve("https://a.example/recipes/NEW", on: .android)
        #expect(ios.matchedRules.isEmpty)
        #expect(android.matchedRules == [0])
        #expect(Self.value(ios, "pull_to_refresh_enabled") == .value(.bool(true), rule: nil))
        #expect(Self.value(android, "pull_to_refresh_enabled") == .value(.bool(false), rule: nil))
        let codes = PlatformComparison.differences(ios: ios, android: android, resolver: resolver).map(\.code)
        #expect(codes == ["PC201", "PC202", "PC202"])
    }

    @Test func theQueryStringIsMatchedUnlessIOSTurnsItOff() throws {
        let config = #"{"rules": [{"patterns": ["\\?tab=2"], "properties": {"context": "modal"}}]}"#
        #expect(try Self.resolver(config).resolve("https://a.example/x?tab=2", on: .ios).matchedRules == [0])
        let resolver = try Self.resolver(config, iosMatchesQueryStrings: false)
        let ios = resolver.resolve("https://a.example/x?tab=2", on: .ios)
        #expect(ios.matchedText == "/x")
        #expect(ios.matchedRules.isEmpty)
        #expect(resolver.resolve("https://a.example/x?tab=2", on: .android).matchedRules == [0])
    }

    @Test func valuesAreReadAsEachPlatformReadsThem() throws {
        let resolver = try Self.resolver(#"{"rules": [{"patterns": ["/a"], "properties": {"presentation": "push", "context": "MODAL", "animated": "false", "view_controller": 7}}]}"#)
        let ios = resolver.resolve("https://a.example/a", on: .ios)
        let android = resolver.resolve("https://a.example/a", on: .android)
        #expect(Self.value(ios, "presentation") == .value(.string("default"), rule: nil))
        #expect(Self.value(android, "presentation") == .value(.string("push"), rule: 0))
        #expect(Self.value(ios, "context") == .value(.string("default"), rule: nil))
        #expect(Self.value(android, "context") == .value(.string("modal"), rule: 0))
        #expect(Self.value(ios, "animated") == .value(.bool(true), rule: nil))
        guard case .crash? = Self.value(android, "animated") else {
            Issue.record("Android casts \"false\" to Boolean and throws")
            return
        }
        #expect(Self.value(ios, "view_controller") == .value(.string("web"), rule: nil))
    }

    @Test func aURLWithoutAPathIsMatchedAsTheEmptyString() throws {
        // The Android demo's "^$" rule is for https://host (no path): both find an empty match.
        let resolver = try Self.resolver(#"{"rules": [{"patterns": ["^$"], "properties": {"presentation": "clear_all"}}]}"#)
        for platform in AppPlatform.allCases {
            let resolution = resolver.resolve("https://a.example", on: platform)
            #expect(resolution.matchedText == "")
            #expect(resolution.matchedRules == [0])
            #expect(resolver.resolve("https://a.example/", on: platform).matchedRules.isEmpty)
        }
        #expect(PathResolver.matchText(for: "/relative", platform: .android) == nil)
    }

    @Test func builtInHistoricalLocationRulesComeLast() throws {
        let resolver = try Self.resolver(#"{"rules": [{"patterns": [".*"], "properties": {"presentation": "replace"}}]}"#)
        let resolution = resolver.resolve("https://a.example/recede_historical_location", on: .ios)
        #expect(Self.value(resolution, "presentation") == .value(.string("pop"), rule: -1))
    }

    @Test func aBrokenPatternIsSkippedButReported() throws {
        let resolver = try Self.resolver(#"{"rules": [{"patterns": ["/users/{id}", "/users"], "properties": {"context": "modal"}}]}"#)
        let android = resolver.resolve("https://a.example/people", on: .android)
        #expect(android.brokenPatterns.map(\.pattern) == ["/users/{id}"])
        let ios = resolver.resolve("https://a.example/users/1", on: .ios)
        #expect(ios.matchedRules == [0])
        let findings = PlatformComparison.differences(ios: resolver.resolve("https://a.example/people", on: .ios), android: android, resolver: resolver)
        #expect(findings.map(\.code) == ["PC202", "PC204"])
        #expect(findings.last?.pointer.description == "/rules/0/patterns/0")
    }

    // MARK: Checks

    @Test func patternChecksOfAFileForBothPlatforms() throws {
        let document = try #require(Self.contract)
        let json = try JSONReader().parse(Array(#"{"rules": [{"patterns": ["(?i)/Settings", "/Settings", "(?#x)\\pL", "(?#x)/a"], "properties": {}}]}"#.utf8))
        let findings = PathConfigurationChecker(platforms: [.ios, .android], catalog: PathPropertyCatalog(document: document))
            .findings(for: PathConfiguration(json: json))
        // (?i) makes iOS ignore case too; a pattern ICU rejects gets PC001 alone.
        #expect(findings.map { "\($0.code) \($0.pointer)" } == [
            "PC004 /rules/0/patterns/1", "PC001 /rules/0/patterns/2", "PC002 /rules/0/patterns/3",
        ])
    }

    @Test func shadowedNativeAndPlatformSpecificChecks() throws {
        let document = try #require(Self.contract)
        let json = try JSONReader().parse(Array(#"""
        {"rules": [
          {"patterns": ["/a"], "properties": {"title": "A"}},
          {"patterns": ["/a"], "properties": {"title": "B", "context": "modal"}},
          {"patterns": ["/map"], "properties": {"view_controller": "map"}},
          {"patterns": ["/web"], "properties": {"view_controller": "web", "uri": "hotwire://fragment/web/modal"}},
          {"patterns": ["/b"], "properties": {"presentation": "push"}}
        ]}
        """#.utf8))
        let configuration = PathConfiguration(json: json)
        let catalog = PathPropertyCatalog(document: document)
        let both = PathConfigurationChecker(platforms: [.ios, .android], catalog: catalog).findings(for: configuration)
        #expect(both.map(\.code).sorted() == ["PC005", "PC006", "PC007"])
        #expect(both.first { $0.code == "PC005" }?.pointer.description == "/rules/0")
        let ios = PathConfigurationChecker(platforms: [.ios], catalog: catalog).findings(for: configuration)
        #expect(ios.map(\.code).sorted() == ["PC005", "PC007"])
        let android = PathConfigurationChecker(platforms: [.android], catalog: catalog).findings(for: configuration)
        #expect(android.map(\.code) == ["PC005"])
    }

    @Test func aRuleShadowedByTwoLaterRulesNamesBoth() throws {
        let document = try #require(Self.contract)
        let json = try JSONReader().parse(Array(#"""
        {"rules": [
          {"patterns": ["/a", "/b"], "properties": {"title": "A", "context": "modal"}},
          {"patterns": ["/b", "/a"], "properties": {"title": "B"}},
          {"patterns": ["/a"], "properties": {"context": "default"}},
          {"patterns": ["/a", "/b"], "properties": {"context": "default", "title": "C"}},
          {"patterns": ["/a", "/b"], "properties": {"title": "D"}}
        ]}
        """#.utf8))
        let checker = PathConfigurationChecker(platforms: [.ios], catalog: PathPropertyCatalog(document: document))
        let shadowed = checker.findings(for: PathConfiguration(json: json)).filter { $0.code == "PC005" }
        #expect(shadowed.map(\.message) == [
            "rule 0 never decides anything: rule 1 and rule 3, with the same patterns, override each of its properties",
            "rule 1 never decides anything: rule 3, with the same patterns, overrides each of its properties",
        ])
    }

    /// Issue 23, item 20: PC005 compared every pair of rules (24 s at 8,000 rules).
    @Test(arguments: [false, true]) func shadowingIsLinearInTheRules(samePatterns: Bool) throws {
        let document = try #require(Self.contract)
        let checker = PathConfigurationChecker(platforms: [.ios], catalog: PathPropertyCatalog(document: document))
        func configuration(_ count: Int) -> PathConfiguration {
            // One pattern repeated, each rule with a property of its own (nothing
            // shadowed), or every rule with patterns of its own.
            PathConfiguration(rules: (0..<count).map { index in
                let patterns = samePatterns ? ["/a"] : ["/p\(index)"]
                let key = samePatterns ? "x\(index)" : "title"
                return PathConfiguration.Rule(index: index, patterns: patterns, properties: JSONObject([.init(key: key, value: .string("t"))]))
            })
        }
        let small = configuration(1_500)
        let large = configuration(6_000)
        let ratio = threadCPUSeconds { _ = checker.findings(for: large) } / threadCPUSeconds { _ = checker.findings(for: small) }
        #expect(ratio < 8, "4 times the rules took \(ratio) times as long")
    }
}
