import Foundation
import Schema
import Testing
@testable import CodeGen

/// Where the generated `decode(json:)` entry points go (docs/decoding.md, "The JSON
/// text"): on the root struct or union only, with the import `Data` in a public signature
/// needs. That they behave is `SwiftStrictTextTests` and `KotlinStrictTextCheck`.
@Suite("decode(json:) entry points: on the root type only")
struct DecodeEntryPointTests {
    /// The file named `name`, at the top or in a folder (Kotlin's package directories).
    static func file(_ files: [GeneratedFile], _ name: String) throws -> String {
        try #require(files.first { $0.path == name || $0.path.hasSuffix("/" + name) }, "no \(name) in \(files.map(\.path))").contents
    }

    /// The built-in schema's Swift files with `options`, and its root's file (MessageData.swift).
    static func builtInSwift(_ options: SwiftOptions = SwiftOptions()) throws -> (files: [GeneratedFile], root: String) {
        let files = try Support.generate(try Support.builtIn(), options: options)
        return (files, try file(files, "MessageData.swift"))
    }

    @Test("Swift: the root struct has decode(json:) and decode(jsonData:); other types do not; imports stay internal")
    func swiftInternal() throws {
        let (files, root) = try Self.builtInSwift()
        #expect(root.contains("    static func decode(json: String) throws -> Self {"))
        #expect(root.contains("    static func decode(jsonData: Data) throws -> Self {"))
        #expect(root.contains("\nimport Foundation\n"))
        #expect(!(try Self.file(files, "TabData.swift")).contains("func decode("))
        #expect(try Self.file(files, "TabgenRuntime.swift").contains("enum TabgenJSONText {"))
    }

    @Test("Swift: the schema is parsed once per root, and only when a decoding fails")
    func swiftSchemaParsedOnce() throws {
        let (files, root) = try Self.builtInSwift()
        // The root's `static let` goes in as an autoclosure: a valid message never reads it.
        #expect(root.contains("        try TabgenSchema.decode(Self.self, from: jsonData, schema: tabgenSchema)\n"))
        #expect(root.contains("    private static let tabgenSchema = TabgenSchema(\n"))
        let runtime = try Self.file(files, "TabgenRuntime.swift")
        #expect(runtime.contains("definition: String? = nil, schema: @autoclosure () -> TabgenSchema\n"))
        #expect(runtime.contains("guard let first = schema().errors(in: data, definition: definition).first else { throw error }"))
        // Parsed when made, so once per `static let`; `errors(in:)` parses only the text.
        #expect(runtime.contains("        tree = TabgenTree.parse(Data(json.utf8))\n"))
        #expect(runtime.contains("guard let schema = tree, let value = TabgenTree.parse(data) else { return [] }"))
        #expect(runtime.components(separatedBy: "TabgenTree.parse(").count - 1 == 2)
    }

    @Test("Swift, public: the root's file imports Foundation publicly (Data in its signature), the others do not")
    func swiftPublic() throws {
        var options = SwiftOptions()
        options.accessLevel = .public
        let (files, root) = try Self.builtInSwift(options)
        #expect(root.contains("\npublic import Foundation\n"))
        #expect(root.contains("    public static func decode(jsonData: Data) throws -> Self {"))
        #expect(try Self.file(files, "TabData.swift").contains("\nimport Foundation\n"))
        #expect(try Self.file(files, "TabgenRuntime.swift").contains("public enum TabgenJSONText {"))
    }

    @Test("Swift: a union root has the entry points, its variants do not")
    func swiftUnion() throws {
        let url = Support.schemasDirectory.appendingPathComponent("roundtrip_strict/basic_discriminator.jtd.json")
        let files = try Support.generate(try Support.document(at: url))
        let root = try Self.file(files, "Root.swift")
        #expect(root.components(separatedBy: "static func decode(").count - 1 == 2)
    }

    @Test("Kotlin: the root class's companion has decode(json); other classes have none")
    func kotlin() throws {
        let files = try KotlinSupport.generate(try Support.builtIn(), options: KotlinSupport.options())
        let root = try Self.file(files, "MessageData.kt")
        #expect(root.contains("        public fun decode(json: String): MessageData =\n            tabgenSchema.decode(MessageData.serializer(), json)"))
        // The schema the failures are explained by: the file's own, with the decoding policy.
        #expect(root.contains("\nprivate val tabgenSchema: TabgenSchema = TabgenSchema(\n    \"{\\\"definitions\\\":{\\\"TabData\\\":"))
        #expect(root.contains("    strict = false,\n)\n"))
        #expect(!(try Self.file(files, "TabData.kt")).contains("fun decode("))
        let runtime = try Self.file(files, "TabgenRuntime.kt")
        #expect(runtime.contains("public object TabgenJsonText {"))
        #expect(runtime.contains("public class TabgenJsonTextException internal constructor("))
        #expect(runtime.contains("public class TabgenSchema(public val json: String, public val strict: Boolean) {"))
        #expect(runtime.contains("public class TabgenDecodingException internal constructor("))
    }
}
