import Foundation
import Testing
import JSON
@testable import CodeGen

/// The TypeScript runtime as the generator reads it (Runtime/typescript): runtime.ts and
/// runtime.js, compiled from it, are one source with one set of features, which are the
/// ones TypeScriptContexts selects. Tests/Runtime/typescript/run.sh compiles and tests the
/// runtime itself.
@Suite("TypeScript runtime source")
struct TypeScriptRuntimeTests {
    static func source(_ file: String) throws -> RuntimeSource {
        try Support.templates.runtime("typescript/\(file)", comment: "//")
    }

    @Test("runtime.ts and runtime.js declare the features TypeScriptContexts selects, and the standalone block")
    func features() throws {
        let selected = Set(TypeScriptContexts.features(schema: .object(JSONObject([])), rules: []).keys)
        for file in ["runtime.ts", "runtime.js"] {
            #expect(try Self.source(file).features == selected.union(["standalone"]), "\(file)")
        }
    }

    @Test("generated files hold no marker and no part of the standalone block, in either flavour", arguments: TypeScriptOptions.Flavor.allCases)
    func noMarkers(flavor: TypeScriptOptions.Flavor) throws {
        for file in try TypeScriptEndToEndTests.generate(try Support.builtIn(), flavor: flavor) {
            #expect(!file.contents.contains("tabgen:"), "\(file.path)")
            #expect(!file.contents.contains("function configure(tables"), "\(file.path)")
        }
    }

    /// A schema type named like one the runtime declares would be declared twice.
    @Test("every type the runtime declares is a reserved type name")
    func reservedNames() throws {
        let text = try Self.source("runtime.ts").text
        let declared = text.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ").drop { $0 == "export" }
            guard words.count > 1, ["type", "interface"].contains(words[words.startIndex]) else { return nil }
            return String(words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber })
        }
        #expect(declared.count >= 6)
        for name in declared { #expect(TypeScriptNaming.reservedTypeNames.contains(name), "\(name)") }
    }
}
