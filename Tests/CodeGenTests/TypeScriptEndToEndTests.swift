import Foundation
import Schema
import Testing
@testable import CodeGen

/// The TypeScript target with the real toolchain: the built-in schema and every test
/// schema (jtd-codegen's conformance set and tabgen's own) are generated in both
/// flavours, type-checked by Debian's tsc under Tests/TypeScript/tsconfig.json (strict,
/// noUnusedLocals, exactOptionalPropertyTypes, ...; the `javascript` flavour with
/// --checkJs), and the generated `node:test` suites run under Node against the package
/// doubles of Tests/TypeScript/doubles. One tsc and one `node --test` per flavour.
@Suite("TypeScript target", .serialized)
struct TypeScriptEndToEndTests {
    static let harness = Support.packageRoot.appendingPathComponent("Tests/TypeScript")

    static func executable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static func generate(_ document: SchemaDocument, flavor: TypeScriptOptions.Flavor) throws -> [GeneratedFile] {
        var options = TypeScriptOptions()
        options.flavor = flavor
        return try Generator(templates: Support.templates).generate(
            document, target: TypeScriptTarget(options: options),
            header: GenerationHeader(version: "0.0.0-test", schema: document.sourceName, command: "tabgen emit --lang typescript"))
    }

    @Test("generated code compiles with tsc and its node:test suites pass", arguments: TypeScriptOptions.Flavor.allCases)
    func toolchain(flavor: TypeScriptOptions.Flavor) throws {
        let tsc = try #require(Self.executable("tsc"), "tsc not on PATH (scripts/web-env installs node-typescript)")
        let node = try #require(Self.executable("node"), "node not on PATH (scripts/web-env installs it)")
        let root = try Support.temporaryDirectory("tabgen-typescript-\(flavor.rawValue)")
        defer { try? FileManager.default.removeItem(at: root) }
        let fileManager = FileManager.default

        var schemas: [(name: String, document: SchemaDocument)] = [("builtin", try Support.builtIn())]
        for schema in Support.testSchemas {
            schemas.append((schema.name, try Support.document(at: schema.url, name: "\(schema.name).jtd.json")))
        }
        var testFiles: [String] = []
        for (name, document) in schemas {
            let files = try Self.generate(document, flavor: flavor)
            try Support.write(files, to: root.appendingPathComponent(name))
            for file in files where file.path.contains(".test.") {
                testFiles.append("\(name)/\(file.path.replacingOccurrences(of: ".ts", with: ".js"))")
            }
        }
        #expect(testFiles.count == schemas.count)

        try fileManager.createDirectory(at: root.appendingPathComponent("node_modules"), withIntermediateDirectories: true)
        try fileManager.copyItem(at: Self.harness.appendingPathComponent("doubles/@hotwired"),
                                 to: root.appendingPathComponent("node_modules/@hotwired"))
        try Data(#"{"type": "module"}"#.utf8).write(to: root.appendingPathComponent("package.json"))
        let nodeTypes = Self.harness.appendingPathComponent("doubles/node.d.ts").path
        let tsconfig: String
        let runDirectory: URL
        switch flavor {
        case .typescript:
            tsconfig = """
            {"extends": "\(Self.harness.appendingPathComponent("tsconfig.json").path)",
             "compilerOptions": {"rootDir": ".", "outDir": "out"},
             "include": ["*/*.ts", "\(nodeTypes)"]}
            """
            runDirectory = root.appendingPathComponent("out")
        case .javascript:
            tsconfig = """
            {"extends": "\(Self.harness.appendingPathComponent("tsconfig.checkjs.json").path)",
             "compilerOptions": {"rootDir": "."},
             "include": ["*/*.js", "\(nodeTypes)"]}
            """
            runDirectory = root
        }
        try Data(tsconfig.utf8).write(to: root.appendingPathComponent("tsconfig.json"))

        let compiled = try Support.run(tsc, ["-p", root.appendingPathComponent("tsconfig.json").path], in: root)
        #expect(compiled.status == 0, "tsc failed:\n\(compiled.stdout)\(compiled.stderr)")
        guard compiled.status == 0 else { return }
        if flavor == .typescript {
            for (name, _) in schemas {
                try fileManager.copyItem(at: root.appendingPathComponent("\(name)/fixtures"),
                                         to: runDirectory.appendingPathComponent("\(name)/fixtures"))
            }
        }
        let tests = try Support.run(node, ["--test"] + testFiles, in: runDirectory)
        let failures = tests.stdout.split(separator: "\n").filter { $0.hasPrefix("# fail ") }
        #expect(tests.status == 0, "node --test failed:\n\(tests.stdout.suffix(6000))\(tests.stderr)")
        #expect(failures == ["# fail 0"])
        #expect(tests.stdout.contains("# pass "))
    }

    @Test("the built-in schema's controller: files, header, contract and schema literal")
    func builtInLayout() throws {
        let files = try Self.generate(try Support.builtIn(), flavor: .typescript)
        #expect(files.map(\.path) == ["fixtures/MessageData.fixtures.json", "navigation_controller.test.ts", "navigation_controller.ts"])
        let source = Support.file(files, "navigation_controller.ts")
        #expect(source.hasPrefix("// Generated by tabgen 0.0.0-test from schema.json (built in). Do not edit.\n// Regenerate with: tabgen emit --lang typescript\n"))
        #expect(source.contains("export default class extends BridgeComponent {\n  static component = \"navigation\"\n  static values = { config: String }"))
        #expect(source.contains("  deprecated?: Deprecation | UnknownEnumValue\n"))
        #expect(source.contains("export function parseMessageData(text: string): ParseResult {"))
        #expect(!source.contains("A tab bar with one tab is not a tab bar"))  // rule descriptions are dropped
        let javascript = try Self.generate(try Support.builtIn(), flavor: .javascript)
        #expect(javascript.map(\.path) == ["fixtures/MessageData.fixtures.json", "navigation_controller.js", "navigation_controller.test.js"])
        #expect(Support.file(javascript, "navigation_controller.js").contains(" * @typedef {\"soft\" | \"hard\"} Deprecation\n"))
    }

    @Test("a property named __proto__ is an own member of the schema literal, and */ cannot end a comment")
    func hostileNames() throws {
        let document = try Support.document(json: #"""
        {"metadata": {"description": "ends */ here"},
         "properties": {"__proto__": {"type": "string"}, "a*/b": {"enum": ["x*/y"]}}}
        """#)
        for flavor in TypeScriptOptions.Flavor.allCases {
            let files = try Self.generate(document, flavor: flavor)
            let source = Support.file(files, flavor == .typescript ? "root.ts" : "root.js")
            #expect(source.contains(#"["__proto__"]: {"#))
            #expect(source.contains(#""a*\/b": {"#))
            #expect(source.contains(#"enum: ["x*\/y"]"#))
            #expect(!source.contains("ends */"))
        }
    }

    @Test("options: flavor and tests")
    func options() throws {
        #expect(try TypeScriptOptions(["flavor": "javascript"]).flavor == .javascript)
        #expect(try TypeScriptOptions(["tests": "false"]).tests == false)
        #expect(throws: CodeGenError.self) { try TypeScriptOptions(["flavor": "coffeescript"]) }
        #expect(throws: CodeGenError.self) { try TypeScriptOptions(["nope": "1"]) }
        #expect(TargetRegistry.languages.contains("typescript"))
    }
}
