import Foundation
import Testing
@testable import tabgen

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

    func layout() throws -> URL {
        let directory = try CLI.temporaryDirectory()
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
        let initialized = try CLI.run(["init"], in: directory)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let config = try ProjectConfig.load(path: directory.appendingPathComponent("tabgen.yml").path)
        #expect(config.schema == "schema.json")
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
        let directory = try CLI.temporaryDirectory()
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
}
