import Foundation
import Testing
import TestSupport

/// docs/android.md's Gradle task runs the installed tabgen with the tabgen.yml the doc
/// shows: this runs that command line, read from the doc, in a folder holding that
/// tabgen.yml, and checks that the files land in the directory the task declares as
/// its output (so Gradle's up-to-date check sees every one).
struct AndroidGradleTaskTests {
    static let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/android.md")

    /// The fenced blocks of `text` whose info string is `language`.
    static func blocks(_ language: String, in text: String) -> [String] {
        var found: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if let lines = current, line == "```" {
                found.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return found
    }

    /// The quoted strings of the first `name(...)` call in `text`.
    static func quotedArguments(of name: String, in text: String) -> [String]? {
        guard let start = text.range(of: "\(name)(") else { return nil }
        guard let end = text[start.upperBound...].firstIndex(of: ")") else { return nil }
        return text[start.upperBound..<end].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
    }

    @Test func gradleExecTaskCommandWritesIntoItsDeclaredOutput() throws {
        let text = try String(contentsOf: Self.doc, encoding: .utf8)
        let task = try #require(Self.blocks("kotlin", in: text).first { $0.contains("tasks.registering(Exec::class)") })
        #expect(task.contains("workingDir = rootDir"))
        #expect(task.contains("tasks.withType<KotlinCompile>().configureEach { dependsOn(tabgenEmit) }"))
        let command = try #require(Self.quotedArguments(of: "commandLine", in: task))
        #expect(command.first == "tabgen", "the task runs the installed binary")
        let declared = try #require(Self.quotedArguments(of: "outputs.dir", in: task)?.first)
        let config = try #require(text.components(separatedBy: "`tabgen.yml` at the repository root").dropFirst().first
            .flatMap { Self.blocks("yaml", in: $0).first })

        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(config.utf8).write(to: root.appendingPathComponent("tabgen.yml"))
        let emit = try CLI.run(Array(command.dropFirst()), in: root)
        #expect(emit.status == 0, "\(emit.stderr)")
        // The module is `app` (the task's project): its declared output is relative to it.
        let output = root.appendingPathComponent("app").appendingPathComponent(declared)
        let sources = try FileManager.default.contentsOfDirectory(atPath: output.path)
        #expect(sources.contains("MessageData.kt"), "\(sources)")
        let main = root.appendingPathComponent("app/src/main")
        let everyMain = try #require(FileManager.default.enumerator(atPath: main.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".kt") }
        #expect(!everyMain.isEmpty && everyMain.allSatisfy { "app/src/main/\($0)".hasPrefix("app/\(declared)/") }, "\(everyMain)")
        let check = try CLI.run(["check"], in: root)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
