import Foundation
import Testing

/// tabgen.yml's `runtime:` (issue 25, item 2): one Swift and one Kotlin runtime per project,
/// which every app of the platform compiles, instead of a copy in each output.
struct SharedRuntimeTests {
    static let root = CLI.packageRoot

    /// The reference product's layout: two iOS apps, two Android modules, a Rails app.
    static func config(runtime: String? = "tabgen/runtime", uikitAccess: String = "internal", runtimePackages: (String, String)? = nil) -> String {
        """
        version: 1
        fixtures: fixtures
        \(runtime.map { "runtime: \($0)" } ?? "")
        outputs:
          - lang: swift
            out: ios-swiftui/Shop/Generated/Tabgen
            options: {accessLevel: internal, testableImport: ShopSwiftUI}
          - lang: swift
            out: ios-uikit/Shop/Generated/Tabgen
            options: {accessLevel: \(uikitAccess), testableImport: ShopUIKit}
          - lang: kotlin
            out: android-compose/app
            options: {package: dev.example.shop.compose\(runtimePackages.map { ", runtimePackage: \($0.0)" } ?? "")}
          - lang: kotlin
            out: android-fragments/app
            options: {package: dev.example.shop.fragments\(runtimePackages.map { ", runtimePackage: \($0.1)" } ?? "")}
          - lang: ruby
            out: rails

        """
    }

    func project(_ config: String = Self.config()) throws -> URL {
        try CLI.directory(holding: ["tabgen.yml": config])
    }

    static let swiftRuntime = "tabgen/runtime/swift/TabgenRuntime.swift"
    static let kotlinRuntime = "tabgen/runtime/kotlin/dev/example/shop/tabgen/TabgenRuntime.kt"

    /// The shared runtimes keep the code of the rule kinds the schema uses (here nonEmpty),
    /// and leave it out when no output's schema uses it, as each output's own runtime does.
    @Test func theSharedRuntimesKeepTheRuleKindsTheSchemaUses() throws {
        for (schema, keeps) in [("Tests/Conformance/schemas/non_empty.jtd.json", true), ("schema.json", false)] {
            let directory = try project("schema: schema.json\n" + Self.config())
            defer { try? FileManager.default.removeItem(at: directory) }
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent(schema), to: directory.appendingPathComponent("schema.json"))
            try CLI.emit(in: directory)
            let swift = try String(contentsOf: directory.appendingPathComponent(Self.swiftRuntime), encoding: .utf8)
            let kotlin = try String(contentsOf: directory.appendingPathComponent(Self.kotlinRuntime), encoding: .utf8)
            #expect(swift.contains("case nonEmpty(path: [Token])") == keeps, "\(schema)")
            #expect(kotlin.contains("class NonEmpty(") == keeps, "\(schema)")
        }
    }

    @Test func oneRuntimePerPlatformForEveryApp() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let emit = try CLI.emit(in: directory)
        #expect(emit.stderr.contains("swift: tabgen/runtime/swift: 2 written"), "\(emit.stderr)")  // the file and its manifest
        #expect(emit.stderr.contains("kotlin: tabgen/runtime/kotlin: 2 written"), "\(emit.stderr)")
        // One per platform; the Rails app keeps its own (Rails autoloads only its app/).
        #expect(CLI.files(below: directory, endingIn: "TabgenRuntime.swift") == [Self.swiftRuntime])
        #expect(CLI.files(below: directory, endingIn: "TabgenRuntime.kt") == [Self.kotlinRuntime])
        #expect(CLI.files(below: directory, endingIn: "tabgen_runtime.rb") == ["rails/app/models/tabgen_runtime.rb"])
        // Internal, as both Swift outputs are; one package for both Android apps, which their code imports.
        let swift = try String(contentsOf: directory.appendingPathComponent(Self.swiftRuntime), encoding: .utf8)
        #expect(swift.contains("\nnonisolated struct TabgenViolation") && !swift.contains("public "), "\(swift.prefix(800))")
        let kotlin = try String(contentsOf: directory.appendingPathComponent(Self.kotlinRuntime), encoding: .utf8)
        #expect(kotlin.contains("package dev.example.shop.tabgen\n"))
        for app in ["compose", "fragments"] {
            let types = try String(contentsOf: directory.appendingPathComponent("android-\(app)/app/src/main/kotlin/dev/example/shop/\(app)/navigation/MessageData.kt"), encoding: .utf8)
            #expect(types.contains("import dev.example.shop.tabgen.*"), "\(types.prefix(600))")
        }
        #expect(try CLI.run(["check", "-q"], in: directory).status == 0)

        // Each app's module compiles with the shared file (Swift 6, warnings as errors).
        for app in ["ios-swiftui", "ios-uikit"] {
            let compile = try typecheck(app, in: directory)
            #expect(compile.status == 0, "\(app): \(compile.stdout)\(compile.stderr)")
        }
    }

    /// swiftc's type check (Swift 6, warnings as errors) of `app`'s generated types with the shared runtime.
    func typecheck(_ app: String, in directory: URL) throws -> CLIResult {
        let output = directory.appendingPathComponent("\(app)/Shop/Generated/Tabgen")
        let sources = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".swift") }.map { output.appendingPathComponent($0).path }
        return try PathAccessorsCompileTests.run("swiftc", ["-swift-version", "6", "-warnings-as-errors", "-typecheck", "-module-name", "Shop"]
                                                 + sources + [directory.appendingPathComponent(Self.swiftRuntime).path], in: directory)
    }

    /// The shared Kotlin runtime holds the parts the outputs use (the same as one output's
    /// own runtime for one schema), not every part.
    @Test func theSharedKotlinRuntimeHoldsThePartsTheOutputsUse() throws {
        let shared = try project()
        let own = try project(Self.config(runtime: nil))
        defer {
            try? FileManager.default.removeItem(at: shared)
            try? FileManager.default.removeItem(at: own)
        }
        #expect(try CLI.run(["emit", "-q"], in: shared).status == 0)
        #expect(try CLI.run(["emit", "-q"], in: own).status == 0)
        let sharedText = try String(contentsOf: shared.appendingPathComponent(Self.kotlinRuntime), encoding: .utf8)
        let ownText = try String(contentsOf: own.appendingPathComponent("android-compose/app/src/main/kotlin/dev/example/shop/compose/navigation/TabgenRuntime.kt"), encoding: .utf8)
        func body(_ text: String) -> [Substring] {
            text.split(separator: "\n").filter { !$0.hasPrefix("package ") && !$0.hasPrefix("//") }
        }
        #expect(body(sharedText) == body(ownText))
        #expect(!sharedText.contains("object TabgenBooleanSerializer"), "a part the built-in schema does not use")
    }

    @Test func checkReportsAnEditedOrMissingSharedRuntime() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try CLI.run(["emit", "-q"], in: directory).status == 0)
        let file = directory.appendingPathComponent(Self.kotlinRuntime)
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data((text + "// edited\n").utf8).write(to: file)
        let edited = try CLI.run(["check"], in: directory)
        #expect(edited.status == 1)
        #expect(edited.stdout.contains("-// edited") && edited.stdout.contains("tabgen/runtime/kotlin/dev/example/shop/tabgen/TabgenRuntime.kt"), "\(edited.stdout)")
        try FileManager.default.removeItem(at: directory.appendingPathComponent(Self.swiftRuntime))
        let missing = try CLI.run(["check"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("\(Self.swiftRuntime) is missing"), "\(missing.stdout)")
        #expect(try CLI.run(["emit", "-q"], in: directory).status == 0)
        #expect(try CLI.run(["check", "-q"], in: directory).status == 0)

        // Adding the key to a project emitted without it: the outputs' own runtimes go.
        let before = try project(Self.config(runtime: nil))
        defer { try? FileManager.default.removeItem(at: before) }
        #expect(try CLI.run(["emit", "-q"], in: before).status == 0)
        #expect(CLI.files(below: before, endingIn: "TabgenRuntime.swift").count == 2)
        try Data(Self.config().utf8).write(to: before.appendingPathComponent("tabgen.yml"))
        let stale = try CLI.run(["check"], in: before)
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("ios-uikit/Shop/Generated/Tabgen/TabgenRuntime.swift is no longer generated (emit removes it)"), "\(stale.stdout)")
        #expect(stale.stdout.contains("\(Self.swiftRuntime) is missing"), "\(stale.stdout)")
        #expect(try CLI.run(["emit", "-q"], in: before).status == 0)
        #expect(CLI.files(below: before, endingIn: "TabgenRuntime.swift") == [Self.swiftRuntime])
    }

    /// Swift outputs of different access levels share the widest: one public output makes
    /// the shared file public, which the internal app's module compiles too.
    @Test func differingSwiftAccessLevelsShareThePublicRuntime() throws {
        let directory = try project(Self.config(uikitAccess: "public"))
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLI.emit(["-q"], in: directory)
        let swift = try String(contentsOf: directory.appendingPathComponent(Self.swiftRuntime), encoding: .utf8)
        #expect(swift.contains("\nnonisolated public struct TabgenViolation"), "\(swift.prefix(800))")
        let compile = try typecheck("ios-swiftui", in: directory)
        #expect(compile.status == 0, "\(compile.stdout)\(compile.stderr)")
    }

    /// Kotlin outputs naming two runtime packages cannot share one file: refused, nothing written.
    @Test func differingKotlinRuntimePackagesAreRefused() throws {
        let directory = try project(Self.config(runtimePackages: ("dev.example.one", "dev.example.other")))
        defer { try? FileManager.default.removeItem(at: directory) }
        let emit = try CLI.run(["emit"], in: directory)
        #expect(emit.status == 2)
        #expect(emit.stderr.contains("kotlin outputs set runtimePackage to dev.example.one and dev.example.other, but runtime: gives all of them one shared runtime"), "\(emit.stderr)")
        #expect(CLI.files(below: directory, endingIn: ".kt").isEmpty && CLI.files(below: directory, endingIn: ".swift").isEmpty)
    }

    /// Two apps' Kotlin outputs (`a`, `b`) of the navigation, menu and form contracts, with
    /// the project's shared runtime in `shared`; `options` is added to each output's.
    static func contractsProject(options: String) throws -> URL {
        try ContractsCommandTests.project(ContractsCommandTests.menuFormNavigation, config: """
            version: 1
            contracts: contracts
            runtime: shared
            outputs:
              - {lang: kotlin, out: a, options: {package: com.example.a\(options)}}
              - {lang: kotlin, out: b, options: {package: com.example.b\(options)}}

            """)
    }

    /// With `contracts:`, the shared runtime unites the parts of every contract of every
    /// output: two apps' navigation, menu and form code compile against it (kotlinc,
    /// warnings as errors, explicit API mode).
    @Test func theSharedKotlinRuntimeServesEveryContractOfEveryApp() throws {
        let directory = try Self.contractsProject(options: ", tests: false")
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLI.emit(in: directory)
        let files = CLI.files(below: directory, endingIn: ".kt")
        #expect(files.filter { $0.hasSuffix("/TabgenRuntime.kt") } == ["shared/kotlin/com/example/tabgen/TabgenRuntime.kt"], "\(files)")
        #expect(try CLI.run(["check", "-q"], in: directory).status == 0)
        let kotlinc = Self.root.appendingPathComponent("Tests/Kotlin/kotlinc").path
        let compile = try PathAccessorsCompileTests.run(kotlinc, ["-Xexplicit-api=strict", "-d", "out"] + files, in: directory)
        #expect(compile.status == 0, "\(compile.stdout)\(compile.stderr)")
    }

    /// With `contracts:` and `runtime:`, the tests tabgen writes (each output's round trips
    /// of every contract's fixtures, which they read from src/test/resources) land where they
    /// compile against the shared runtime, and pass: both apps' code and tests compile with
    /// kotlinc (warnings as errors, explicit API mode) and run in one JVM, one case per fixture.
    @Test func theContractsTestsPassWithTheSharedKotlinRuntime() throws {
        let directory = try Self.contractsProject(options: "")
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLI.emit(in: directory)
        #expect(try CLI.run(["check", "-q"], in: directory).status == 0)
        let kotlin = Self.root.appendingPathComponent("Tests/Kotlin")
        // Each app is a Gradle module of its own: its files and the shared runtime, its test resources.
        for app in ["a", "b"] {
            func files(_ suffix: String) -> [String] { CLI.files(below: directory, endingIn: suffix).filter { $0.hasPrefix(app + "/") } }
            var fixtures = 0
            for file in files(".fixtures.json") {
                let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(file))) as? [String: Any]
                fixtures += (json?["fixtures"] as? [Any])?.count ?? 0
            }
            #expect(fixtures > 0, "\(app)")
            let sources = files(".kt") + CLI.files(below: directory, endingIn: ".kt").filter { $0.hasPrefix("shared/") }
            let compile = try PathAccessorsCompileTests.run(kotlin.appendingPathComponent("kotlinc").path,
                                                            ["--junit", "-Xexplicit-api=strict", "-d", "classes-\(app)"] + sources, in: directory)
            #expect(compile.status == 0, "\(app): \(compile.stdout)\(compile.stderr)")
            guard compile.status == 0 else { continue }
            let classpath = (["classes-\(app)"] + files("/src/test/resources")).joined(separator: ":")
            let run = try PathAccessorsCompileTests.run(kotlin.appendingPathComponent("krun").path, ["--junit", "-cp", classpath], in: directory)
            #expect(run.status == 0 && run.stdout.contains("kotlin: \(fixtures) passed, 0 failed, 0 skipped"), "\(app): \(run.stdout)\(run.stderr)")
        }
    }

    @Test(arguments: [
        ("ios-uikit/Shop/Generated/Tabgen", "runtime ios-uikit/Shop/Generated/Tabgen is the same directory as outputs[1].out ios-uikit/Shop/Generated/Tabgen: the shared runtimes need a folder of their own"),
        ("android-compose", "runtime android-compose is around outputs[2].out android-compose/app"),
        ("fixtures", "runtime fixtures is the same directory as fixtures fixtures"),
        ("tab gen", "runtime must be a folder relative to this file"),
    ])
    func aRuntimeFolderOfItsOwn(folder: String, message: String) throws {
        let directory = try project(Self.config(runtime: folder))
        defer { try? FileManager.default.removeItem(at: directory) }
        let emit = try CLI.run(["emit"], in: directory)
        #expect(emit.status == 2)
        #expect(emit.stderr.contains("tabgen.yml:3:10: " + message), "\(emit.stderr)")
    }
}
