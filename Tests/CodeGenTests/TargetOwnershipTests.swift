import Foundation
import Testing
@testable import CodeGen

/// A language is known to its target only (docs/architecture.md, "Adding a language"):
/// the command line and the other modules speak to targets through `LanguageTarget` and
/// `TargetRegistry`, never by a language's name.
@Suite("Targets own their language")
struct TargetOwnershipTests {
    /// Files outside `Sources/CodeGen/Targets/` that may name a language, and why.
    static let allowed: [String: String] = [
        // The Swift build plugin's runner generates Swift, and only Swift.
        "Sources/tabgen-plugin-runner/main.swift": "the Swift build plugin",
        // <ruby> is an HTML element.
        "Sources/Pages/ForeignContent.swift": "an HTML tag",
        // Issue 25: moves into the targets with the shared runtimes (its contract layout).
        "Sources/tabgen/Emit/ContractPart.swift": "pending",
    ]

    @Test("no file outside the targets names a language")
    func noLanguageNamesOutsideTargets() throws {
        let found = try Self.literals(TargetRegistry.languages + ["javascript"], outside: Set(Self.allowed.keys))
        #expect(found.isEmpty, "ask the target (LanguageTarget, TargetRegistry) instead: \(found)")
    }

    @Test("no file outside the targets names a target's flag: the command line reads them from the registry")
    func noFlagNamesOutsideTargets() throws {
        let names = TargetRegistry.flags.map(\.flag.name)
        #expect(!names.isEmpty)
        // `paths accessors --kotlin-package` is that command's own option (its file's package).
        let found = try Self.literals(names, outside: ["Sources/tabgen/Paths/PathsAccessorsCommand.swift"])
        #expect(found.isEmpty, "declare the flag in its target (TargetOptions.flags): \(found)")
    }

    /// Each string literal of `names` in a Swift file of Sources/ outside the targets and `allowed`.
    static func literals(_ names: [String], outside allowed: Set<String>) throws -> [String] {
        let sources = Support.packageRoot.appendingPathComponent("Sources")
        var found: [String] = []
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = "Sources/" + url.standardizedFileURL.path.dropFirst(sources.standardizedFileURL.path.count + 1)
            guard !path.hasPrefix("Sources/CodeGen/Targets/"), !allowed.contains(path) else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for name in names where text.contains("\"\(name)\"") {
                found.append("\(path): \"\(name)\"")
            }
        }
        return found
    }

    @Test("flags set documented options of their own language, and no two share a name")
    func flagsAreTheTargets() {
        var seen: Set<String> = []
        for entry in TargetRegistry.entries {
            for flag in entry.flags {
                #expect(seen.insert(flag.name).inserted, "\(flag.name)")
                #expect(entry.options.contains { $0.name == flag.option }, "\(entry.language): \(flag.name) sets \(flag.option)")
                #expect(TargetRegistry.flag(named: flag.name)?.language == entry.language)
            }
        }
        #expect(TargetRegistry.flag(named: "no-such-flag") == nil)
    }

    @Test("where an app keeps hand-written types the generated ones replace")
    func handWrittenCounterparts() {
        let swift = SwiftTarget()
        // Generated/Tabgen in the app target's folder: the types beside Generated/.
        #expect(swift.handWrittenCounterpart(of: "TabData.swift", outputFolders: ["ios", "App", "App", "Generated", "Tabgen"])
                == HandWrittenCounterpart(levelsUp: 2, path: "TabData.swift"))
        // sourcesFolder App/Generated/Tabgen (Xcode 16 synchronized folders): below the output.
        #expect(swift.handWrittenCounterpart(of: "App/Generated/Tabgen/TabData.swift", outputFolders: ["ios"])
                == HandWrittenCounterpart(levelsUp: 0, path: "App/TabData.swift"))
        #expect(swift.handWrittenCounterpart(of: "TabData.swift", outputFolders: ["Generated"]) == nil)
        #expect(swift.handWrittenCounterpart(of: "fixtures/MessageData.fixtures.json", outputFolders: ["a", "Generated", "Tabgen"]) == nil)
        #expect(KotlinTarget().handWrittenCounterpart(of: "src/main/kotlin/a/b/TabData.kt", outputFolders: ["app"])
                == HandWrittenCounterpart(levelsUp: 0, path: "src/main/java/a/b/TabData.kt"))
        #expect(KotlinTarget().handWrittenCounterpart(of: "src/test/kotlin/a/T.kt", outputFolders: ["app"]) == nil)
        #expect(RubyTarget().handWrittenCounterpart(of: "app/models/tab_data.rb", outputFolders: ["."]) == nil)
    }

    @Test("only the Ruby target shares its directory, and names the folders it writes")
    func sharedRootFolders() throws {
        for language in TargetRegistry.languages {
            let folders = try TargetRegistry.target(language: language).sharedRootFolders
            #expect((folders != nil) == (language == "ruby"), "\(language)")
        }
        // Every file the Ruby target writes for the built-in schema is in one of them, or
        // is one of them (test/tabgen_test_support.rb, its one file in test/ itself).
        let files = try Generator(templates: Support.templates).generate(try Support.builtIn(), target: RubyTarget(), header: Support.header())
        let folders = try #require(RubyTarget().sharedRootFolders)
        for file in files {
            #expect(folders.contains { file.path == $0 || file.path.hasPrefix($0 + "/") }, "\(file.path)")
        }
    }
}
