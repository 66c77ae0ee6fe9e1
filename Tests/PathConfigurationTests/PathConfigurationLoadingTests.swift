import Foundation
import Schema
import Testing
import PathConfiguration
import GrowthTesting

/// How each library loads a document and reads its values (PathConfigurationLoading):
/// Gson on Android (lenient, LONG_OR_DOUBLE, nulls that throw where they are reached),
/// JSONSerialization and casts on iOS (a bad rule drops the whole document). The
/// expectations were checked against two oracles running Gson 2.10 with java.util.regex
/// and Foundation's JSONSerialization with NSRegularExpression.
struct PathConfigurationLoadingTests {
    /// A resolver that loads `text` as `paths` does: each platform its own way.
    static func resolver(_ text: String) throws -> PathResolver {
        let document = try #require(PathConfigurationTests.contract)
        let bytes = Array(text.utf8)
        let loaded: [AppPlatform: PathConfigurationLoading.Loaded] = [.ios: PathConfigurationLoading.ios(bytes), .android: PathConfigurationLoading.android(bytes)]
        let configuration = loaded.values.first { $0.dropped == nil }?.configuration ?? PathConfiguration(rules: [])
        return PathResolver(configuration: configuration, catalog: PathPropertyCatalog(document: document), loaded: loaded)
    }

    static func android(_ resolver: PathResolver, _ path: String, _ name: String) -> PathResolver.Value? {
        PathConfigurationTests.value(resolver.resolve("https://a.example" + path, on: .android), name)
    }

    static func ios(_ resolver: PathResolver, _ path: String, _ name: String) -> PathResolver.Value? {
        PathConfigurationTests.value(resolver.resolve("https://a.example" + path, on: .ios), name)
    }

    @Test func androidReadsNumbersAsLongOrDoubleAndOtherValuesWithToString() throws {
        let resolver = try Self.resolver("""
        {"rules": [
          {"patterns": ["/a"], "properties": {"title": 5, "uri": 5.0, "fallback_uri": 12345678901234567890}},
          {"patterns": ["/b"], "properties": {"title": {"en": "Hi", "fr": "Salut"}, "uri": ["a", 1, null, true], "fallback_uri": 1e7}},
          {"patterns": ["/c"], "properties": {"title": 0.0001, "uri": -0, "fallback_uri": 1.5e-3}},
          {"patterns": ["/d"], "properties": {"title": -12.5, "uri": 9223372036854775807, "fallback_uri": 9223372036854775808}}
        ]}
        """)
        let expected: [(String, [String: String])] = [
            ("/a", ["title": "5", "uri": "5.0", "fallback_uri": "1.2345678901234567E19"]),
            ("/b", ["title": "{en=Hi, fr=Salut}", "uri": "[a, 1, null, true]", "fallback_uri": "1.0E7"]),
            ("/c", ["title": "1.0E-4", "uri": "0", "fallback_uri": "0.0015"]),
            ("/d", ["title": "-12.5", "uri": "9223372036854775807", "fallback_uri": "9.223372036854776E18"]),
        ]
        for (path, values) in expected {
            for (name, text) in values {
                guard case .value(let value, _)? = Self.android(resolver, path, name) else {
                    Issue.record("\(path) \(name): no value")
                    continue
                }
                #expect(value == .string(text), "\(path) \(name)")
            }
        }
    }

    @Test func androidTurnsNonStringPatternsIntoStringsAndIOSDropsTheDocument() throws {
        let resolver = try Self.resolver(#"{"rules": [{"patterns": ["/new$", 7, true], "properties": {"context": "modal"}}]}"#)
        #expect(Self.android(resolver, "/recipes/7", "context") == .value(.string("modal"), rule: 0))
        #expect(Self.android(resolver, "/is/true", "context") == .value(.string("modal"), rule: 0))
        let ios = resolver.resolve("https://a.example/recipes/new", on: .ios)
        #expect(ios.dropped == "rule 0 has no patterns array of strings")
        #expect(PathConfigurationTests.value(ios, "context") == .value(.string("default"), rule: nil))
    }

    @Test func nullsThrowOnAndroidWhereTheAppReachesThem() throws {
        // No patterns: every URL; no properties: where the rule applies.
        let noPatterns = try Self.resolver(#"{"rules": [{"patterns": ["/a$"], "properties": {}}, {"properties": {"title": "B"}}]}"#)
        #expect(noPatterns.resolve("https://a.example/zzz", on: .android).exception?.reason == "NullPointerException: rule 1 has no patterns")
        let noProperties = try Self.resolver(#"{"rules": [{"patterns": [".*"], "properties": {"title": "all"}}, {"patterns": ["/edit$"]}]}"#)
        #expect(noProperties.resolve("https://a.example/show", on: .android).exception == nil)
        let edit = noProperties.resolve("https://a.example/x/edit", on: .android)
        #expect(edit.exception?.reason == "NullPointerException: rule 1 applies and has no properties")
        #expect(PathConfigurationTests.value(edit, "title") == .crash("NullPointerException: rule 1 applies and has no properties"))
        // A null pattern: only when the patterns before it do not match.
        let nullPattern = try Self.resolver(#"{"rules": [{"patterns": ["/first$", null, "/never$"], "properties": {"title": "N"}}]}"#)
        #expect(Self.android(nullPattern, "/first", "title") == .value(.string("N"), rule: 0))
        let other = nullPattern.resolve("https://a.example/never", on: .android)
        #expect(other.exception?.reason == "NullPointerException: pattern 1 of rule 0 is null")
        #expect(other.exception?.pointer.description == "/rules/0/patterns/1")
        // A null rules or settings: as the document is applied, so for every URL.
        for text in [#"{"rules": null}"#, #"{"settings": null, "rules": []}"#] {
            let resolver = try Self.resolver(text)
            #expect(resolver.resolve("https://a.example/", on: .android).exception != nil, "\(text)")
            #expect(resolver.resolve("https://a.example/", on: .ios).exception == nil, "\(text)")
        }
    }

    @Test func androidTakesCommentsAndSingleQuotesWhichIOSRefuses() throws {
        let resolver = try Self.resolver("""
        // bundled
        {
          /* shared */ "settings": {},
          'rules': [
            {'patterns': ['/new$'], "properties": {"context": 'modal'}}, # modal forms
            {patterns: ["/numbers$"], properties: {uri: "hotwire://fragment/numbers", title: Numbers}}
          ]
        }
        """)
        #expect(Self.android(resolver, "/new", "context") == .value(.string("modal"), rule: 0))
        #expect(Self.android(resolver, "/numbers", "title") == .value(.string("Numbers"), rule: 1))
        #expect(resolver.resolve("https://a.example/new", on: .android).dropped == nil)
        #expect(resolver.resolve("https://a.example/new", on: .ios).dropped?.hasPrefix("not well-formed JSON") == true)
    }

    @Test func aTrailingCommaIsANullRuleOnAndroidAndNothingOnIOS() throws {
        // The guides' overview example: a comma after the last rule.
        let resolver = try Self.resolver("""
        {"settings": {}, "rules": [
          {"patterns": ["/new$"], "properties": {"context": "modal"}},
          {"patterns": ["/numbers$"], "properties": {"uri": "hotwire://fragment/numbers"}},
        ]}
        """)
        let android = resolver.resolve("https://a.example/new", on: .android)
        #expect(android.exception?.reason == "NullPointerException: rule 2 is null")
        #expect(Self.ios(resolver, "/new", "context") == .value(.string("modal"), rule: 0))
    }

    @Test func aRepeatedKeyInPropertiesDropsTheDocumentOnAndroid() throws {
        let repeated = try Self.resolver(#"{"rules": [{"patterns": [".*"], "properties": {"title": "one", "title": "two", "context": "modal"}}]}"#)
        #expect(repeated.resolve("https://a.example/", on: .android).dropped == #"Gson: duplicate key "title" in rule 0's properties"#)
        #expect(Self.android(repeated, "/", "context") == .value(.string("default"), rule: nil))
        #expect(Self.ios(repeated, "/", "context") == .value(.string("modal"), rule: 0))
        // Gson's map adapter lets a key follow its null; a repeated root key keeps the last.
        let afterNull = try Self.resolver(#"{"rules": [{"patterns": [".*"], "properties": {"title": null, "title": "two"}}]}"#)
        #expect(Self.android(afterNull, "/", "title") == .value(.string("two"), rule: 0))
        let root = try Self.resolver(#"{"rules": [{"patterns": [".*"], "properties": {"title": "first"}}], "rules": [{"patterns": [".*"], "properties": {"title": "second"}}]}"#)
        #expect(Self.android(root, "/", "title") == .value(.string("second"), rule: 0))
    }

    @Test(arguments: [
        (#"{"rules": [{"patterns": [".*"], "properties": {}}, {"patterns": "/new$", "properties": {"context": "modal"}}]}"#, "rule 1 has no patterns array of strings"),
        (#"{"rules": [{"patterns": ["/new$"], "properties": {"context": "modal"}}, {"patterns": ["/x$"]}]}"#, "rule 1 has no properties object"),
        (#"{"rules": [{"patterns": ["/new$"], "properties": {"context": "modal"}}, "/x$"]}"#, "rule 1 is not an object"),
        (#"{"rules": [{"patterns": ["/new$"], "properties": ["context", "modal"]}]}"#, "rule 0 has no properties object"),
        (#"{"settings": {}}"#, "rules is not an array"),
        (#"[]"#, "the document is not an object"),
    ])
    func iosDropsTheWholeDocumentForOneBadRule(_ text: String, _ reason: String) throws {
        let resolver = try Self.resolver(text)
        let resolution = resolver.resolve("https://a.example/recipes/new", on: .ios)
        #expect(resolution.dropped == reason)
        #expect(resolution.matchedRules.isEmpty)
        #expect(PathConfigurationTests.value(resolution, "context") == .value(.string("default"), rule: nil))
        // What the app then applies: the built-in rules.
        #expect(Self.ios(resolver, "/recede_historical_location", "presentation") == .value(.string("pop"), rule: -1))
    }

    @Test func androidsBuiltInRulesHoldTheEnumNames() throws {
        let resolver = try Self.resolver(#"{"rules": []}"#)
        let android = resolver.resolve("https://a.example/recede_historical_location", on: .android)
        #expect(android.merged["presentation"] == .string("POP") && android.merged["context"] == .string("DEFAULT"))
        #expect(PathConfigurationTests.value(android, "presentation") == .value(.string("pop"), rule: -1))
        let ios = resolver.resolve("https://a.example/recede_historical_location", on: .ios)
        #expect(ios.merged["presentation"] == .string("pop") && ios.merged["context"] == .string("default"))
    }

    @Test func androidMatchesTheLocationAsHandedAndIOSItsPercentEncodedPath() throws {
        let resolver = try Self.resolver(#"{"rules": [{"patterns": ["/café$"], "properties": {"title": "raw"}}, {"patterns": ["/caf%C3%A9$"], "properties": {"context": "modal"}}]}"#)
        #expect(resolver.resolve("https://a.example/café?q=é#top", on: .android).matchedText == "/café?q=é")
        #expect(resolver.resolve("https://a.example/café", on: .ios).matchedText == "/caf%C3%A9")
        #expect(Self.android(resolver, "/café", "title") == .value(.string("raw"), rule: 0))
        #expect(Self.android(resolver, "/café", "context") == .value(.string("default"), rule: nil))
        #expect(Self.android(resolver, "/caf%C3%A9", "context") == .value(.string("modal"), rule: 1))
        #expect(Self.ios(resolver, "/café", "context") == .value(.string("modal"), rule: 1))
    }

    @Test(arguments: [
        (1.0, "1.0"), (100.0, "100.0"), (1e7, "1.0E7"), (9999999.0, "9999999.0"), (0.001, "0.001"), (0.0001, "1.0E-4"),
        (-12.5, "-12.5"), (1.2345678901234567e19, "1.2345678901234567E19"), (1.5e-10, "1.5E-10"), (123456.789, "123456.789"),
    ])
    func javaDoubleToString(_ value: Double, _ text: String) {
        #expect(GsonValue.number(String(value)).kotlinString == text)
    }

    /// Loading is linear in the document: many keys, many rules, long comments and strings.
    @Test func loadingIsLinear() {
        func document(_ count: Int) -> [UInt8] {
            let keys = (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
            let rules = (0..<count).map { "{\"patterns\": [\"/r\($0)$\"], \"properties\": {}}" }.joined(separator: ",\n")
            return Array("{\"rules\": [{\"patterns\": [\"\(String(repeating: "a", count: count))\"], \"properties\": {\(keys)}},\n\(rules)]}".utf8)
        }
        let small = document(3_000)
        let large = document(12_000)
        let time = { (bytes: [UInt8]) in
            (0..<3).map { _ in threadCPUSeconds { _ = PathConfigurationLoading.android(bytes); _ = PathConfigurationLoading.ios(bytes) } }.min() ?? 0
        }
        let ratio = time(large) / max(time(small), 1e-6)
        #expect(ratio < 9, "4 times the document took \(ratio) times as long")
    }

    @Test(arguments: ["", "{", #"{"rules": [1}"#, #"{"a": 1,}"#, "{} {}", #"{"rules": [{"patterns": [{}], "properties": {}}]}"#, String(repeating: "[", count: 600)])
    func androidDropsWhatGsonRefuses(_ text: String) {
        #expect(PathConfigurationLoading.android(Array(text.utf8)).dropped != nil)
    }
}
