import Foundation
import Schema
import Testing
@testable import CodeGen

/// The built-in schema's Swift, with its generated tests, built and tested by SwiftPM
/// (swift-tools-version 6.2) in the settings apps compile it in, each with warnings as
/// errors. One scratch package; each setting is a library target and its test target:
/// - `Swift6Models`: Swift 6, public, `InternalImportsByDefault`, tolerant decoding;
/// - `MainActorModels`: Swift 6 with default main-actor isolation (Xcode 26 app
///   targets), internal, tolerant decoding;
/// - `Swift5Models`: Swift 5 language mode, public, `InternalImportsByDefault`, strict decoding.
/// Besides the generated round trips, each test target holds app-style code written
/// against `String` fields and the decoding-policy checks below.
struct SwiftPackageRun: ScratchRun {
    struct Setting: Sendable {
        var module: String
        var settings: String
        var options: SwiftOptions
    }

    static let settings: [Setting] = {
        var swift6 = SwiftOptions()
        swift6.accessLevel = .public
        swift6.testableImport = "Swift6Models"
        var mainActor = SwiftOptions()
        mainActor.testableImport = "MainActorModels"
        var swift5 = SwiftOptions()
        swift5.accessLevel = .public
        swift5.decoding = .strict
        swift5.testableImport = "Swift5Models"
        let strictWarnings = #".unsafeFlags(["-warnings-as-errors"])"#
        return [
            Setting(module: "Swift6Models", settings: "[.swiftLanguageMode(.v6), .enableUpcomingFeature(\"InternalImportsByDefault\"), \(strictWarnings)]", options: swift6),
            Setting(module: "MainActorModels", settings: "[.swiftLanguageMode(.v6), .defaultIsolation(MainActor.self), \(strictWarnings)]", options: mainActor),
            Setting(module: "Swift5Models", settings: "[.swiftLanguageMode(.v5), .enableUpcomingFeature(\"InternalImportsByDefault\"), \(strictWarnings)]", options: swift5),
        ]
    }()

    var setupError: String?
    var buildOutput: String?
    var testOutput: String?
    var testStatus: Int32 = -1

    static let shared: SwiftPackageRun = run()

    static func run() -> SwiftPackageRun {
        // swift sits beside swiftc.
        Support.swiftcRun("tabgen-swiftpm") { swiftc, root, result in
            let swift = swiftc.deletingLastPathComponent().appendingPathComponent("swift")
            let builtIn = try Support.builtIn()
            var targets: [String] = []
            for setting in settings {
                let files = try Support.generate(builtIn, options: setting.options)
                let sources = root.appendingPathComponent("Sources/\(setting.module)")
                let tests = root.appendingPathComponent("Tests/\(setting.module)Tests")
                try Support.write(files.filter { $0.path.hasSuffix(".swift") && !$0.path.hasPrefix("Tests/") }, to: sources)
                try Support.write(files.filter { $0.path.hasPrefix("Tests/") }.map { GeneratedFile(path: String($0.path.dropFirst("Tests/".count)), contents: $0.contents) }, to: tests)
                try Data(appCode(module: setting.module).utf8).write(to: tests.appendingPathComponent("AppCode.swift"))
                try Data(policyTests(module: setting.module, strict: setting.options.decoding == .strict).utf8).write(to: tests.appendingPathComponent("DecodingPolicyTests.swift"))
                targets.append("        .target(name: \"\(setting.module)\", swiftSettings: \(setting.settings)),")
                targets.append("        .testTarget(name: \"\(setting.module)Tests\", dependencies: [\"\(setting.module)\"], swiftSettings: \(setting.settings)),")
            }
            let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "GeneratedSwiftSettings",
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
            try Data(manifest.utf8).write(to: root.appendingPathComponent("Package.swift"))
            let build = try Support.run(swift, ["build", "--build-tests", "--package-path", root.path, "-j", "2"])
            guard build.status == 0 else {
                result.buildOutput = build.stdout + build.stderr
                return
            }
            let test = try Support.run(swift, ["test", "--skip-build", "--package-path", root.path])
            result.testStatus = test.status
            result.testOutput = test.stdout + test.stderr
        }
    }

    /// Code an app wrote when `deprecated` was a `String?`: it must keep compiling.
    static func appCode(module: String) -> String {
        """
        import Testing
        @testable import \(module)

        /// What an app wrote against `deprecated: String?`.
        func badge(for tab: TabData) -> String {
            switch tab.deprecated {
            case "soft": return "leaving soon"
            case "hard": return "leaving"
            default: return ""
            }
        }

        func isSunsetting(_ tab: TabData) -> Bool {
            tab.deprecated == "soft" || tab.deprecated == "hard"
        }

        @Test func appCodeWrittenAgainstStrings() {
            let tab = TabData(id: "news", title: "News", icon: "paper", path: "/news", deprecated: "soft")
            let other = TabData(id: "home", title: "Home", icon: "house", path: "/", deprecated: nil)
            let kinds: [Deprecation] = ["soft", "hard", "retired"]
            #expect(badge(for: tab) == "leaving soon")
            #expect(badge(for: other) == "")
            #expect(isSunsetting(tab) && !isSunsetting(other))
            #expect(kinds == [.soft, .hard, .unknown("retired")])
        }

        """
    }

    /// The decoding policy, checked on the five payloads of issue 9 from any isolation.
    static func policyTests(module: String, strict: Bool) -> String {
        let payloads = [
            ("nullDeprecated", #"{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"news","title":"News","icon":"paper","path":"/news","deprecated":null}]}"#, "TG011 error /tabs/1/deprecated"),
            ("nullReplaces", #"{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/","replaces":null},{"id":"news","title":"News","icon":"paper","path":"/news"}]}"#, "TG010 error /tabs/0/replaces"),
            ("missingActive", #"{"tabs":[]}"#, "TG012 error "),
            ("missingTabs", #"{"active":"home"}"#, "TG012 error "),
            ("unknownEnumValue", #"{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"news","title":"News","icon":"paper","path":"/news","deprecated":"retired"},{"id":"more","title":"More","icon":"dots","path":"/more"}]}"#, "TG011 warning /tabs/1/deprecated"),
        ]
        var tests = """
        import Foundation
        import Testing
        @testable import \(module)

        nonisolated func violations(_ json: String) throws -> [String] {
            try JSONDecoder().decode(MessageData.self, from: Data(json.utf8)).validate().map { "\\($0.code) \\($0.severity.rawValue) \\($0.pointer)" }
        }

        @Test func unknownRootMemberDecodes() async throws {
            let json = #"{"active":null,"tabs":[],"metadata":{"url":"https://x.example/"}}"#
            // Off the main actor, as a bridge component's background decode would run.
            let found = try await Task.detached { try violations(json) }.value
            #expect(found.isEmpty)
        }

        """
        for (name, json, expected) in payloads {
            let literal = "#\"" + json + "\"#"
            if strict {
                tests += """

                @Test func \(name)Throws() {
                    #expect(throws: DecodingError.self) { try violations(\(literal)) }
                }

                """
            } else {
                tests += """

                @Test func \(name)DecodesAndIsReported() async throws {
                    let found = try await Task.detached { try violations(\(literal)) }.value
                    #expect(found == [\(SwiftLiterals.string(expected))])
                }

                """
            }
        }
        return tests
    }
}

@Suite("Generated Swift in SwiftPM settings: Swift 6, main-actor default isolation, Swift 5")
struct SwiftPackageSettingsTests {
    @Test("the package builds with warnings as errors in all three settings")
    func builds() {
        let run = SwiftPackageRun.shared
        run.expectClean(run.buildOutput)
    }

    @Test("the generated round trips, app-style code and decoding-policy tests pass in every setting")
    func testsPass() {
        let run = SwiftPackageRun.shared
        #expect(run.testStatus == 0, "\(run.testOutput ?? run.buildOutput ?? run.setupError ?? "")")
        // Per setting: the round trip, the app-style code, the unknown root member and the five payloads.
        let expected = SwiftPackageRun.settings.count * 8
        #expect(run.testOutput?.contains("Test run with \(expected) tests") == true, "\(run.testOutput ?? "")")
    }
}
