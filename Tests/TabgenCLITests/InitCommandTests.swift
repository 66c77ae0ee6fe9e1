import Foundation
import Testing
@testable import tabgen
import TestSupport

/// `tabgen init` on folder names a plain YAML scalar misreads (issue 23 item 24): what it
/// writes must load back to exactly those names, and emit must then succeed.
struct InitCommandTests {
    /// Spaces, `#` (a comment after a space), `:` (a map), quotes, a backslash, YAML's
    /// words (`true`, `null`) and non-ASCII letters.
    static let iosFolder = #"iOS: "Ünïcode" \ #1"#
    static let project = #"My App #2: 'ß' "x"\y"#
    static let module = "My_App__2___ß___x__y"
    static let androidFolder = "true #3: null"
    static let railsFolder = "Rails App #1"

    /// `tabgen init` in `directory`, which must succeed, and the tabgen.yml it wrote.
    static func initialize(_ directory: URL) throws -> (result: CLIResult, config: ProjectConfig) {
        let result = try CLI.run(["init"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        return (result, try config(in: directory))
    }

    /// The tabgen.yml in `directory`.
    static func config(in directory: URL) throws -> ProjectConfig {
        try ProjectConfig.load(path: directory.appendingPathComponent("tabgen.yml").path)
    }

    func layout() throws -> URL {
        let directory = try temporaryDirectory()
        let manager = FileManager.default
        for folder in ["\(Self.iosFolder)/\(Self.project).xcodeproj", "\(Self.iosFolder)/\(Self.project)",
                       "\(Self.androidFolder)/src/main/java", "\(Self.railsFolder)/app/javascript/controllers",
                       "\(Self.railsFolder)/config"] {
            try manager.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("plugins {}\n".utf8).write(to: directory.appendingPathComponent("\(Self.androidFolder)/build.gradle.kts"))
        return directory
    }

    @Test func folderNamesReadBackExactlyAndEmitSucceeds() throws {
        let directory = try layout()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = try Self.initialize(directory).config
        #expect(config.schema == "schema.json")
        #expect(config.runtime == nil, "one app per platform: each output keeps its runtime")
        let swift = "\(Self.iosFolder)/\(Self.project)/Generated/Tabgen"
        let rails = "\(Self.railsFolder)/app/javascript/controllers/bridge"
        #expect(config.outputs.map(\.language) == ["swift", "kotlin", "typescript"])
        #expect(config.outputs.map(\.out) == [swift, Self.androidFolder, rails])
        #expect(config.outputs.first?.options == ["accessLevel": "internal", "testableImport": Self.module])
        #expect(config.outputs.last?.options == ["flavor": "javascript", "tests": "false"])

        let emit = try CLI.run(["emit", "-q"], in: directory)
        #expect(emit.status == 0, "\(emit.stderr)")
        let swiftTests = directory.appendingPathComponent("\(swift)/Tests/MessageDataRoundTripTests.swift")
        let tests = try String(contentsOf: swiftTests, encoding: .utf8)
        #expect(tests.contains("@testable import \(Self.module)\n"), "\(tests.prefix(400))")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(rails)/navigation_controller.js").path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(Self.androidFolder)/src/main/kotlin").path))
        #expect(try CLI.run(["check", "-q"], in: directory).status == 0)
    }

    /// Every string survives the writer and Yams: escapes, controls, YAML's line breaks
    /// (U+0085, U+2028, U+2029), the BOM, and characters outside the BMP.
    @Test func everyStringReadsBackThroughTheConfigLoader() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let texts = [
            "plain", "a b", "a #b", "a: b", "- a", "true", "null", "~", "1.5", "'", "\"", "\\", #"\"\\"#, " lead", "trail ",
            "tab\there", "line\nbreak", "cr\rlf", "\u{0}\u{1}\u{1B}\u{7F}", "\u{85}\u{A0}\u{2028}\u{2029}\u{FEFF}",
            "\u{FFFE}\u{FFFF}", "Café 日本 𝄞", "%TAG", "&anchor", "*alias", "!tag", "{a}", "[a]", "@", "`", "?", "|", ">",
        ]
        let path = directory.appendingPathComponent("tabgen.yml").path
        for text in texts {
            try Data("version: 1\nschema: \(YAMLScalar.quoted(text))\n".utf8).write(to: URL(fileURLWithPath: path))
            let config = try ProjectConfig.load(path: path)
            #expect(config.schema == text, "\(Array(text.unicodeScalars)) wrote \(YAMLScalar.quoted(text))")
        }
    }

    // MARK: - The reference product's layout (issue 24 item 6)

    static func pbxproj(app: String, tests: String) -> String {
        func target(_ name: String, _ type: String) -> String {
            "\t\tA1 /* \(name) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tname = \(name);\n\t\t\tproductName = \(name);\n"
                + "\t\t\tproductType = \"com.apple.product-type.\(type)\";\n\t\t};\n"
        }
        return "// !$*UTF8*$!\n{\n\tobjects = {\n" + target(tests, "bundle.unit-test") + target(app, "application") + "\t};\n}\n"
    }

    /// tildeio/hotwire-native-dynamic-tab-bar in miniature: two iOS apps with the same
    /// project name, two Android apps with the same namespace (Kotlin DSL and Groovy), a
    /// module known by its manifest only, a Rails app with its hand-written bridge
    /// controller, and a Rails app inside node_modules that must be skipped.
    func productLayout() throws -> URL {
        try CLI.directory(holding: [
            "rails/Gemfile": "source \"https://rubygems.org\"\n",
            "rails/config/application.rb": "module Demo; class Application < Rails::Application; end; end\n",
            "rails/app/javascript/controllers/bridge/navigation_controller.js": "// hand-written\n",
            "ios-swiftui/DynamicTabBar/DynamicTabBar.xcodeproj/project.pbxproj": Self.pbxproj(app: "DynamicTabBar", tests: "DynamicTabBarTests"),
            "ios-swiftui/DynamicTabBar/DynamicTabBar/DynamicTabBarApp.swift": "import SwiftUI\n",
            "ios-swiftui/DynamicTabBar/DynamicTabBarTests/DynamicTabBarTests.swift": "import XCTest\n",
            "ios-uikit/DynamicTabBar/DynamicTabBar.xcodeproj/project.pbxproj": Self.pbxproj(app: "DynamicTabBar", tests: "DynamicTabBarTests"),
            "ios-uikit/DynamicTabBar/DynamicTabBar/AppDelegate.swift": "import UIKit\n",
            "ios-uikit/DynamicTabBar/DynamicTabBar/TabData.swift": "struct TabData {}\n",
            "android-compose/build.gradle.kts": "plugins {\n    alias(libs.plugins.android.application) apply false\n}\n",
            "android-compose/settings.gradle.kts": "include(\":app\")\n",
            "android-compose/app/build.gradle.kts": "plugins {\n    alias(libs.plugins.android.application)\n}\n\nandroid {\n    // namespace = \"com.wrong\"\n    namespace = \"io.tilde.dynamictabbar\"\n}\n",
            "android-compose/app/src/main/java/io/tilde/dynamictabbar/MainActivity.kt": "package io.tilde.dynamictabbar\n",
            "android-fragments/app/build.gradle": "plugins {\n    id 'com.android.application'\n}\n\nandroid {\n    namespace 'io.tilde.dynamictabbar'\n}\n",
            "android-fragments/app/src/main/java/io/tilde/dynamictabbar/MainActivity.kt": "package io.tilde.dynamictabbar\n",
            "legacy/app/src/main/AndroidManifest.xml": "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"\n    package=\"com.legacy.app\">\n</manifest>\n",
            "node_modules/pkg/config/application.rb": "",
            ".git/x/config/application.rb": "",
        ])
    }

    @Test func everyAppOfTheProductGetsItsOwnOutput() throws {
        let directory = try productLayout()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (initialized, config) = try Self.initialize(directory)
        #expect(config.outputs.map(\.language) == ["swift", "swift", "kotlin", "kotlin", "kotlin", "typescript"])
        #expect(config.outputs.map(\.out) == [
            "ios-swiftui/DynamicTabBar/DynamicTabBar/Generated/Tabgen", "ios-uikit/DynamicTabBar/DynamicTabBar/Generated/Tabgen",
            "android-compose/app", "android-fragments/app", "legacy/app", "rails/app/javascript/controllers/bridge",
        ])
        #expect(config.outputs.map { $0.options["testableImport"] ?? $0.options["package"] ?? "" }
                == ["DynamicTabBar", "DynamicTabBar", "io.tilde.dynamictabbar", "io.tilde.dynamictabbar", "com.legacy.app", ""])
        for line in [
            "found iOS app ios-swiftui/DynamicTabBar/DynamicTabBar.xcodeproj: sources in ios-swiftui/DynamicTabBar/DynamicTabBar, module DynamicTabBar, test target DynamicTabBarTests",
            "found iOS app ios-uikit/DynamicTabBar/DynamicTabBar.xcodeproj",
            "found Android module android-compose/app: package io.tilde.dynamictabbar (namespace in build.gradle.kts)",
            "found Android module android-fragments/app: package io.tilde.dynamictabbar (namespace in build.gradle)",
            "found Android module legacy/app: package com.legacy.app (package in AndroidManifest.xml)",
            "found Rails app rails\n",
            "rails/app/javascript/controllers/bridge/navigation_controller.js exists and tabgen did not write it",
            "ios-uikit/DynamicTabBar/DynamicTabBar/TabData.swift is hand-written and tabgen generates ios-uikit/DynamicTabBar/DynamicTabBar/Generated/Tabgen/TabData.swift",
            "wrote tabgen.yml (iOS sources in ios-swiftui/DynamicTabBar/DynamicTabBar, iOS sources in ios-uikit/DynamicTabBar/DynamicTabBar, Android module android-compose/app, Android module android-fragments/app, Android module legacy/app, Rails app in rails); next: deal with the files above",
        ] {
            #expect(initialized.stderr.contains(line), "\(line) not in \(initialized.stderr)")
        }
        #expect(!initialized.stderr.contains("node_modules") && !initialized.stderr.contains(".git"), "\(initialized.stderr)")

        // As init says: emit stops on the hand-written controller; once it is moved away, emit succeeds.
        #expect(try CLI.run(["emit", "-q"], in: directory).status == 2)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("rails/app/javascript/controllers/bridge/navigation_controller.js"))
        let emit = try CLI.run(["emit", "-q"], in: directory)
        #expect(emit.status == 0, "\(emit.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("android-fragments/app/src/main/kotlin/io/tilde/dynamictabbar").path))
        #expect(try CLI.run(["check", "-q"], in: directory).status == 0)
        // Two iOS apps and three Android modules: one runtime per platform (the packages share no prefix).
        #expect(config.runtime == "tabgen/runtime")
        let runtimes = (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix("/TabgenRuntime.swift") || $0.hasSuffix("/TabgenRuntime.kt") }
        #expect(runtimes.sorted() == ["tabgen/runtime/kotlin/tabgen/runtime/TabgenRuntime.kt", "tabgen/runtime/swift/TabgenRuntime.swift"], "\(runtimes)")
    }

    @Test func packageFromGradleNamespaceOrManifest() {
        #expect(GradleScript.namespace("android {\n    namespace = \"io.tilde.dynamictabbar\"\n}") == "io.tilde.dynamictabbar")
        #expect(GradleScript.namespace("android {\n  namespace 'io.tilde.groovy'\n}") == "io.tilde.groovy")
        #expect(GradleScript.namespace("android { namespace = \"io.one.line\" }") == "io.one.line")
        #expect(GradleScript.namespace("// namespace = \"commented.out\"\n") == nil)
        #expect(GradleScript.namespace("namespace = \"not a.package\"") == nil)
        #expect(GradleScript.manifestPackage("<manifest package=\"com.legacy.app\">") == "com.legacy.app")
        #expect(GradleScript.appliesAndroidApplication("plugins {\n  id(\"com.android.application\")\n}"))
        #expect(!GradleScript.appliesAndroidApplication("plugins {\n  alias(libs.plugins.android.application) apply false\n}"))
    }

    /// Two projects in one folder with no sources folder of their own: one output, not two
    /// in the same directory (which tabgen.yml refuses).
    @Test func twoProjectsOverOneFolderGetOneOutput() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for folder in ["ios/A.xcodeproj", "ios/B.xcodeproj"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        #expect(try CLI.run(["init", "--schema-from-built-in"], in: directory).status == 0)
        let config = try Self.config(in: directory)
        #expect(config.outputs.map(\.out) == ["ios/Generated/Tabgen"])
        let emit = try CLI.run(["emit", "-q"], in: directory)
        #expect(emit.status == 0, "\(emit.stderr)")
    }
}
