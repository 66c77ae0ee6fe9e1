import Foundation
import Schema
import Testing
@testable import CodeGen

/// The Swift runtime is `Runtime/swift/TabgenRuntime.swift`, copied with the code of the
/// rule kinds the schema does not use left out: public as written, internal with the
/// `public` of each declaration dropped.
struct SwiftRuntimeTests {
    static let source: String = {
        let url = Support.packageRoot.appendingPathComponent("Runtime/swift/TabgenRuntime.swift")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    @Test(arguments: SwiftOptions.AccessLevel.allCases)
    func generatedRuntimeIsTheSourceAfterTheHeader(accessLevel: SwiftOptions.AccessLevel) throws {
        var options = SwiftOptions()
        options.accessLevel = accessLevel
        let runtime = Support.file(try Support.generate(try Support.builtIn(), options: options), "TabgenRuntime.swift")
        let body = try #require(runtime.range(of: "\n//\n")).upperBound
        let kinds = Set(try Support.builtIn().extensions.rules.map { type(of: $0.kind).runtimeFeature })
        let selected = try RuntimeSource(Self.source, path: SwiftRuntime.path, comment: "//").selecting(kinds)
        let expected = accessLevel == .public ? selected : SwiftRuntime.internalized(selected)
        #expect(String(runtime[body...]) == expected)
        #expect(!Self.source.isEmpty)
    }

    /// Every `public` of the source opens a declaration: an internal runtime has none left,
    /// and loses nothing else.
    @Test func internalRuntimeHasNoPublicWord() {
        let internalRuntime = SwiftRuntime.internalized(Self.source)
        #expect(!internalRuntime.contains("public"))
        let publicCount = Self.source.components(separatedBy: "public ").count - 1
        #expect(publicCount > 30)
        #expect(internalRuntime.utf8.count == Self.source.utf8.count - publicCount * "public ".utf8.count)
    }

    @Test func internalizedDropsOnlyALeadingPublic() {
        let text = "public import Foundation\n    nonisolated public struct A {}\n    public static let b = 1\n// a public word\nlet c = \"public \"\n"
        #expect(SwiftRuntime.internalized(text) == "import Foundation\n    nonisolated struct A {}\n    static let b = 1\n// a public word\nlet c = \"public \"\n")
    }

    /// The generator puts a runtime's selected text where a `RuntimeText` value is, and
    /// keeps which parts it holds, with what they need.
    @Test func generatorResolvesRuntimeTextValues() throws {
        let templates = InMemoryTemplateSource(["runtime/x/r.swift": "// tabgen:features a b\nkept\n// tabgen:begin a\n// tabgen:needs b\nselected\n// tabgen:end a\n"])
        let context: [String: Any] = ["runtime": RuntimeText(path: "x/r.swift", comment: "//", features: ["a"], adjust: { $0.uppercased() }), "other": "o"]
        let (resolved, runtime) = try RuntimeText.resolving(context, from: templates)
        #expect(resolved["runtime"] as? String == "KEPT\nSELECTED\n")
        #expect(resolved["other"] as? String == "o")
        #expect(runtime?.path == "x/r.swift")
        #expect(runtime?.features == ["a", "b"])
        #expect(throws: CodeGenError("no runtime source runtime/x/missing.swift")) {
            try RuntimeText.resolving(["r": RuntimeText(path: "x/missing.swift", comment: "//")], from: templates)
        }
    }
}
