import Foundation
import Schema
import Testing
@testable import CodeGen
import TestSupport

/// Issue 26: a component named like a type the generated Swift uses (`error`, `data`,
/// `json-decoder`) became `enum Error`, `enum Data`, ..., which shadow Swift's and
/// Foundation's types, and the module did not compile (emit still exited 0).
@Suite("Swift: components named like standard types")
struct SwiftComponentNameTests {
    static let names = ["error", "data", "date", "set", "string", "bool", "array", "dictionary", "int", "double",
                        "character", "optional", "decoder", "encoder", "json-decoder", "message"]

    @Test func theDefaultNamespaceNeverShadowsAType() {
        #expect(SwiftOptions.defaultNamespace(component: "menu") == "MenuContract")
        #expect(SwiftOptions.defaultNamespace(component: "error") == "ErrorContract")
        #expect(SwiftOptions.defaultNamespace(component: "json-decoder") == "JSONDecoderContract")
        #expect(SwiftOptions.defaultNamespace(component: "overflow-menu", prefix: "App") == "AppOverflowMenu")
        for name in Self.names {
            let namespace = SwiftOptions.defaultNamespace(component: name)
            #expect(!SwiftNaming.reservedTypeNames.contains(namespace), "\(name): \(namespace)")
        }
    }

    @Test func aNamespaceThatShadowsATypeIsRefused() {
        #expect(throws: CodeGenError.self) { try SwiftOptions(["namespace": "Error"]) }
        #expect(throws: CodeGenError.self) { try SwiftOptions(["namespace": "string"]) }
        #expect((try? SwiftOptions(["namespace": "ErrorContract"]))?.namespace == "ErrorContract")
    }

    /// Every name's contract (the menu's, renamed) in one module, type-checked in Swift 6
    /// with warnings as errors: one swiftc run for all of them.
    @Test func everyNamesContractCompilesInOneModule() throws {
        let swiftc = try #require(Support.swiftc, "swiftc not found on PATH")
        let menu = try String(contentsOf: Support.packageRoot.appendingPathComponent("contracts/menu.json"), encoding: .utf8)
        let root = try temporaryDirectory("tabgen-component-names")
        defer { try? FileManager.default.removeItem(at: root) }
        var sources: [String] = []
        for (index, name) in Self.names.enumerated() {
            let json = menu.replacingOccurrences(of: #""component": "menu""#, with: "\"component\": \"\(name)\"")
                .replacingOccurrences(of: #""stimulusIdentifier": "bridge--menu""#, with: "\"stimulusIdentifier\": \"bridge--\(name)\"")
            #expect(json.contains("\"component\": \"\(name)\""))
            var options = SwiftOptions()
            options.runtime = index == 0  // one runtime per module
            let files = try Support.generate(try Support.document(json: json, name: "\(name).json"), options: options)
            let folder = root.appendingPathComponent(name)
            try Support.write(files.filter { $0.path.hasSuffix(".swift") }, to: folder)
            sources += files.filter { $0.path.hasSuffix(".swift") }.map { folder.appendingPathComponent($0.path).path }
        }
        let outcome = try Support.run(swiftc, ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                                               "-module-name", "NamesApp"] + sources)
        #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome.stdout)\(outcome.stderr.prefix(3000))")
    }
}
