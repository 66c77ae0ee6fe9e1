import Foundation
import Schema
import Testing
@testable import CodeGen

/// The Swift options of issue 9 and what they change in the output (the compiled
/// behaviour is in SwiftPackageSettingsTests and SwiftValidateParityTests).
@Suite("Swift options: decoding policy, isolation, imports")
struct SwiftDecodingOptionTests {
    @Test("decoding is tolerant by default, takes tolerant or strict, and rejects anything else")
    func parsing() throws {
        #expect(SwiftOptions().decoding == .tolerant)
        #expect(try SwiftOptions(["decoding": "strict"]).decoding == .strict)
        #expect(try SwiftOptions(["decoding": "tolerant"]).decoding == .tolerant)
        #expect(throws: CodeGenError.self) { try SwiftOptions(["decoding": "lenient"]) }
    }

    @Test("tolerant output notes null optional members and missing nullable ones; strict output throws on them and on unknown enum values")
    func policies() throws {
        let document = try Support.builtIn()
        let tolerant = try Support.generate(document)
        var strictOptions = SwiftOptions()
        strictOptions.decoding = .strict
        let strict = try Support.generate(document, options: strictOptions)
        #expect(Support.file(tolerant, "TabData.swift").contains("container.tabgenDecodeOptional(Deprecation.self, forKey: .deprecated, notes: &notes)"))
        #expect(Support.file(tolerant, "MessageData.swift").contains("container.tabgenDecodeNullable(String.self, forKey: .active, notes: &notes)"))
        #expect(!Support.file(tolerant, "Deprecation.swift").contains("guard isKnown else"))
        #expect(!Support.file(strict, "TabData.swift").contains("tabgenDecod"))
        #expect(Support.file(strict, "MessageData.swift").contains("container.decode(String?.self, forKey: .active)"))
        #expect(Support.file(strict, "Deprecation.swift").contains("guard isKnown else"))
    }

    @Test("every top-level declaration is nonisolated; public output imports Foundation publicly")
    func isolationAndImports() throws {
        let document = try Support.builtIn()
        var publicOptions = SwiftOptions()
        publicOptions.accessLevel = .public
        let files = try Support.generate(document, options: publicOptions).filter { $0.path.hasSuffix(".swift") && !$0.path.hasPrefix("Tests/") }
        for file in files {
            let declarations = file.contents.split(separator: "\n").filter { line in
                ["struct ", "enum ", "protocol ", "extension ", "final class ", "public struct ", "public enum "].contains { line.hasPrefix($0) }
            }
            #expect(declarations.isEmpty, "\(file.path): \(declarations)")
        }
        #expect(Support.file(files, "TabgenRuntime.swift").contains("\npublic import Foundation\n"))
        #expect(Support.file(files, "TabData.swift").contains("\nimport Foundation\n"))
        #expect(Support.file(try Support.generate(document), "TabgenRuntime.swift").contains("\nimport Foundation\n"))
        #expect(Support.file(files, "Deprecation.swift").contains("nonisolated public enum Deprecation: RawRepresentable, Codable, Hashable, Sendable, ExpressibleByStringLiteral"))
    }
}
