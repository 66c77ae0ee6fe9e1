import Foundation
import Schema
import Testing
@testable import CodeGen
import TestSupport

/// A rule kind's code is in a generated runtime exactly when the schema uses the kind, or
/// a contract whose code shares the runtime does (`TargetInput.sharingRuntime`, tabgen.yml
/// `contracts:`): the nonEmpty check (`tabgen:begin usesNonEmpty`) in each runtime.
@Suite("rule kinds in generated runtimes")
struct RuntimeRuleKindTests {
    /// Each language's target, the path of its runtime file, and a line of the nonEmpty check.
    static let languages: [(language: String, target: any LanguageTarget, runtime: String, check: String)] = [
        ("swift", SwiftTarget(), "TabgenRuntime.swift", "case nonEmpty(path: [Token])"),
        ("kotlin", KotlinTarget(), "/TabgenRuntime.kt", "public class NonEmpty("),
        ("typescript", TypeScriptTarget(), "tabgen_runtime.ts", #"case "nonEmpty":"#),
    ]

    static func nonEmptySchema() throws -> SchemaDocument {
        try Support.document(at: Support.packageRoot.appendingPathComponent("Tests/Conformance/schemas/non_empty.jtd.json"))
    }

    /// The runtime file `language` generates for `document` sharing its runtime with `others`.
    func runtime(_ language: String, _ document: SchemaDocument, sharing others: [SchemaDocument] = []) throws -> String {
        let entry = try #require(Self.languages.first { $0.language == language })
        let files = try Generator(templates: Support.templates).generate(document, target: entry.target, header: Support.header(schema: document.sourceName),
                                                                          sharingRuntime: others)
        return try #require(files.first { $0.path.hasSuffix(entry.runtime) }, "\(files.map(\.path))").contents
    }

    @Test(arguments: ["swift", "kotlin", "typescript"])
    func theNonEmptyCheckIsThereOnlyWhereAKindUsesIt(language: String) throws {
        let check = try #require(Self.languages.first { $0.language == language }).check
        let builtIn = try Support.builtIn()
        let nonEmpty = try Self.nonEmptySchema()
        #expect(builtIn.extensions.rules.allSatisfy { !($0.kind is NonEmptyRule) })
        #expect(nonEmpty.extensions.rules.contains { $0.kind is NonEmptyRule })
        #expect(!(try runtime(language, builtIn)).contains(check), "the built-in schema has no nonEmpty rule")
        #expect(try runtime(language, nonEmpty).contains(check))
        // Only a contract sharing the runtime uses the kind: the runtime has it.
        #expect(try runtime(language, builtIn, sharing: [builtIn, nonEmpty]).contains(check))
        #expect(!(try runtime(language, builtIn, sharing: [builtIn])).contains(check))
    }

    /// A TypeScript runtime with only the parts a contract uses still type-checks: each part
    /// names only code its own markers or the parts it implies keep. The demo menu's count
    /// rule has no `distinct`, and its runtime called `distinctCount`, which `usesDistinct`
    /// had left out (tsc: cannot find name).
    @Test(arguments: ["contracts/demo/menu.json", "contracts/demo/form.json", "contracts/demo/button.json",
                      "contracts/demo/overflow-menu.json", "contracts/menu.json", "contracts/form.json"])
    func aTypeScriptRuntimeWithTheContractsPartsTypeChecks(contract: String) throws {
        let tsc = try TypeScriptEndToEndTests.requireTSC()
        let document = try Support.document(at: Support.packageRoot.appendingPathComponent(contract))
        let root = try temporaryDirectory("tabgen-runtime-parts")
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(try runtime("typescript", document).utf8).write(to: root.appendingPathComponent("tabgen_runtime.ts"))
        let tsconfig = """
        {"extends": "\(TypeScriptEndToEndTests.harness.appendingPathComponent("tsconfig.json").path)",
         "compilerOptions": {"noEmit": true, "rootDir": "."}, "include": ["tabgen_runtime.ts"]}
        """
        try Data(tsconfig.utf8).write(to: root.appendingPathComponent("tsconfig.json"))
        let checked = try Support.run(tsc, ["-p", root.appendingPathComponent("tsconfig.json").path], in: root)
        #expect(checked.status == 0, "\(contract): \(checked.stdout)\(checked.stderr)")
    }

    /// Two outputs compiled into one module without `contracts:` (the second with
    /// `runtime: false`, as scripts/conformance builds its Swift executor): the first keeps
    /// every kind with `runtime: all`.
    @Test func swiftRuntimeAllKeepsEveryKind() throws {
        let options = try SwiftOptions(["runtime": "all"])
        #expect(options.runtime && options.runtimeAll)
        let files = try Support.generate(try Support.builtIn(), options: options)
        #expect(Support.file(files, "TabgenRuntime.swift").contains("case nonEmpty(path: [Token])"))
        #expect(throws: CodeGenError.self) { try SwiftOptions(["runtime": "every"]) }
    }
}
