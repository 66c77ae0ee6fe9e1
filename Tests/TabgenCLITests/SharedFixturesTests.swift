import Foundation
import Testing

/// tabgen.yml's `fixtures:` (issue 24, lighter output): one copy of the fixtures per
/// project, read by every output's tests, instead of a `fixtures/` folder in each output.
struct SharedFixturesTests {
    static let root = CLI.packageRoot

    /// The reference product's layout: two iOS apps, an Android module, a Rails app with
    /// its controller's tests and the Ruby models.
    static let config = """
        version: 1
        fixtures: fixtures
        outputs:
          - lang: swift
            out: ios/App/Generated/Tabgen
          - lang: swift
            out: ios-uikit/App/Generated/Tabgen
          - lang: kotlin
            out: android/app
          - lang: typescript
            out: rails/test/javascript/bridge
            options: {flavor: javascript}
          - lang: ruby
            out: rails

        """

    func project(_ config: String = Self.config) throws -> URL {
        try CLI.directory(holding: ["tabgen.yml": config])
    }

    /// Every JSON file below `directory`, relative to it.
    func jsonFiles(_ directory: URL) -> [String] {
        CLI.files(below: directory, endingIn: ".json")
    }

    /// The quoted text after `marker` in a generated test.
    func literal(in test: URL, after marker: String, quote: Character) throws -> String? {
        let text = try String(contentsOf: test, encoding: .utf8)
        guard let start = text.range(of: marker)?.upperBound, let end = text[start...].firstIndex(of: quote) else { return nil }
        return String(text[start..<end])
    }

    /// The file a generated test reads: the quoted path after `marker`, resolved from the test's folder.
    func readPath(in test: URL, after marker: String, quote: Character) throws -> URL? {
        try literal(in: test, after: marker, quote: quote).map { test.deletingLastPathComponent().appendingPathComponent($0).standardizedFileURL }
    }

    @Test func oneCopyPerProjectReadByEveryTest() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let emit = try CLI.emit(in: directory)
        #expect(emit.stderr.contains("fixtures: fixtures: 2 written"), "\(emit.stderr)")  // the file and its manifest
        // Main wrote rails/fixtures/, and a fixtures/ in each of the other four outputs.
        #expect(jsonFiles(directory) == ["fixtures/MessageData.fixtures.json"])
        let shared = directory.appendingPathComponent("fixtures/MessageData.fixtures.json").standardizedFileURL

        // node --test and bin/rails test read it relative to the test file, wherever they run.
        let nodeTest = directory.appendingPathComponent("rails/test/javascript/bridge/navigation_controller.test.js")
        #expect(try readPath(in: nodeTest, after: "readFileSync(new URL(\"", quote: "\"") == shared)
        for test in ["rails/test/contracts/navigation_test.rb"] {
            let url = directory.appendingPathComponent(test)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            #expect(try readPath(in: url, after: "File.expand_path(\"", quote: "\"") == shared, "\(test)")
        }
        // Swift Testing reads it relative to the test file's #filePath; JUnit relative to the
        // module directory, where Gradle runs unit tests. Neither transcribes the fixtures.
        for app in ["ios/App", "ios-uikit/App"] {
            let swiftFixtures = directory.appendingPathComponent("\(app)/Generated/Tabgen/Tests/MessageDataFixtures.swift")
            #expect(try readPath(in: swiftFixtures, after: "#filePath).deletingLastPathComponent().appendingPathComponent(\"", quote: "\"") == shared)
            let text = try String(contentsOf: swiftFixtures, encoding: .utf8)
            #expect(!text.contains("payload: \""), "\(text)")
        }
        let kotlinTest = directory.appendingPathComponent("android/app/src/test/kotlin/tabgen/generated/navigation/MessageDataFixtures.kt")
        let kotlinFixtures = try String(contentsOf: kotlinTest, encoding: .utf8)
        let folder = try #require(try literal(in: kotlinTest, after: "System.getProperty(\"tabgen.fixtures\") ?: \"", quote: "\""))
        #expect(directory.appendingPathComponent("android/app").appendingPathComponent(folder).appendingPathComponent("MessageData.fixtures.json")
                    .standardizedFileURL == shared)
        #expect(kotlinFixtures.contains("readShared(folder, \"MessageData.fixtures.json\", relabeled)"), "\(kotlinFixtures)")
        #expect(!kotlinFixtures.contains("payload = \""), "\(kotlinFixtures)")
        #expect(try CLI.run(["check", "-q"], in: directory).status == 0)
    }

    @Test func checkReportsAMissingOrStaleSharedFile() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try CLI.run(["emit", "-q"], in: directory).status == 0)
        let shared = directory.appendingPathComponent("fixtures/MessageData.fixtures.json")
        let text = try String(contentsOf: shared, encoding: .utf8)
        try FileManager.default.removeItem(at: shared)
        let missing = try CLI.run(["check"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("fixtures/MessageData.fixtures.json is missing"), "\(missing.stdout)")
        try Data(text.replacingOccurrences(of: "\"minimal\"", with: "\"edited\"").utf8).write(to: shared)
        let stale = try CLI.run(["check", "--diff", "none"], in: directory)
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("fixtures/MessageData.fixtures.json differs from what tabgen generates"), "\(stale.stdout)")
        #expect(try CLI.run(["emit", "-q"], in: directory).status == 0)
        #expect(try CLI.run(["check", "-q"], in: directory).status == 0)
    }

    /// Several contracts: each event data type's fixtures in its contract's folder.
    @Test func everyContractOnceWithContracts() throws {
        let directory = try project("version: 1\ncontracts: [schema.json, menu.json]\nfixtures: shared/fixtures\noutputs:\n  - lang: typescript\n    out: web/bridge\n  - lang: kotlin\n    out: android/app\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("schema.json"), to: directory.appendingPathComponent("schema.json"))
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("contracts/menu.json"), to: directory.appendingPathComponent("menu.json"))
        try CLI.emit(["-q"], in: directory)
        let files = jsonFiles(directory).filter { !["schema.json", "menu.json"].contains($0) }
        #expect(files.contains("shared/fixtures/MessageData.fixtures.json"), "\(files)")
        #expect(files.contains { $0.hasPrefix("shared/fixtures/menu/") }, "\(files)")
        #expect(files.allSatisfy { $0.hasPrefix("shared/fixtures/") }, "\(files)")
        let menuTest = directory.appendingPathComponent("web/bridge/menu.menu_data.test.ts")
        if FileManager.default.fileExists(atPath: menuTest.path), let read = try readPath(in: menuTest, after: "new URL(\"", quote: "\"") {
            #expect(FileManager.default.fileExists(atPath: read.path), "\(read.path)")
        }
        #expect(try CLI.run(["check", "-q"], in: directory).status == 0)
    }

    /// The shared folder is written like an output, so it needs a folder of its own; in a
    /// Rails root it may take `fixtures`, which the ruby output then does not write.
    @Test func sharedFolderMayNotOverlapAnOutput() throws {
        try expectRefused("version: 1\nfixtures: ios/Generated/fixtures\noutputs:\n  - lang: swift\n    out: ios/Generated\n",
                          "tabgen.yml:2:11: fixtures ios/Generated/fixtures is inside outputs[0].out ios/Generated: the shared fixtures need a folder of their own")
        // The tests hold the path in string literals: plain characters only.
        try expectRefused("version: 1\nfixtures: \"it's here\"\noutputs:\n  - lang: typescript\n    out: web\n",
                          "tabgen.yml:2:11: fixtures must be a folder relative to this file, of ASCII letters, digits, '.', '-', '_' and '/' (not 'it's here')")

        let rails = try project("version: 1\nfixtures: fixtures\noutputs:\n  - lang: ruby\n    out: .\n  - lang: typescript\n    out: test/javascript/bridge\n")
        defer { try? FileManager.default.removeItem(at: rails) }
        try CLI.emit(["-q"], in: rails)
        #expect(jsonFiles(rails) == ["fixtures/MessageData.fixtures.json"])
        #expect(try CLI.run(["check", "-q"], in: rails).status == 0)
    }

    /// emit with `config` as tabgen.yml exits 2 saying `message`, and writes no fixtures.
    func expectRefused(_ config: String, _ message: String) throws {
        let directory = try project(config)
        defer { try? FileManager.default.removeItem(at: directory) }
        let refused = try CLI.run(["emit"], in: directory)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(message), "\(refused.stderr)")
        #expect(jsonFiles(directory).isEmpty)
    }

    /// Without the key, each output keeps its own fixtures/, as before.
    @Test func withoutTheKeyEachOutputKeepsItsOwn() throws {
        let directory = try project("version: 1\noutputs:\n  - lang: swift\n    out: ios\n  - lang: typescript\n    out: web\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try CLI.run(["emit", "-q"], in: directory).status == 0)
        #expect(jsonFiles(directory) == ["ios/fixtures/MessageData.fixtures.json", "web/fixtures/MessageData.fixtures.json"])
        let test = directory.appendingPathComponent("web/navigation_controller.test.ts")
        #expect(try String(contentsOf: test, encoding: .utf8).contains("new URL(\"./fixtures/MessageData.fixtures.json\", import.meta.url)"))
    }
}
