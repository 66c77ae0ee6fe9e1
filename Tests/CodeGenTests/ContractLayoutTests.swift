@testable import CodeGen
import Foundation
import Testing

/// Each target's `contractLayout`: what the command line's `ContractPart` asks a target
/// about an output of several contracts, instead of comparing language names.
@Suite struct ContractLayoutTests {
    func layout(_ language: String) throws -> ContractLayout {
        try TargetRegistry.target(language: language).contractLayout
    }

    @Test func foldersFollowTheLoaders() throws {
        // Stimulus and Rails find files by name in the output itself; Swift and Kotlin take a folder per contract.
        #expect(try layout("swift").componentFolders)
        #expect(try layout("kotlin").componentFolders)
        #expect(try !layout("typescript").componentFolders)
        #expect(try !layout("ruby").componentFolders)
        // One Swift module refuses two files of one name: only Swift prefixes them.
        #expect(try TargetRegistry.languages.filter { try layout($0).namespacePrefixesFileNames } == ["swift"])
    }

    @Test func namespacesInEachLanguagesCase() throws {
        #expect(try layout("swift").namespace("overflow-menu", nil) == "OverflowMenuContract")
        #expect(try layout("swift").namespace("overflow-menu", "App") == "AppOverflowMenu")
        #expect(try layout("kotlin").namespace("overflow-menu", "ignored") == "overflowmenu")
        #expect(try layout("typescript").namespace("overflow-menu", nil) == "overflow_menu")
        #expect(try layout("ruby").namespace("overflow-menu", nil) == "OverflowMenu")
    }

    @Test func oneRuntimePerModule() throws {
        // The first contract's runtime (Swift, Kotlin and TypeScript with the parts any
        // contract uses: TargetInput.sharingRuntime); a runtime the config sets is kept.
        for language in ["swift", "kotlin", "ruby", "typescript"] {
            let contractOptions = try layout(language).contractOptions
            #expect(contractOptions([:], 0, 2)["runtime"] == nil)
            #expect(contractOptions([:], 1, 2)["runtime"] == "false")
            #expect(contractOptions(["runtime": "true"], 1, 2)["runtime"] == "true")
        }
        // Kotlin: the runtime in the output's package, which the others import.
        let kotlin = try layout("kotlin").contractOptions
        #expect(kotlin(["package": "com.app"], 0, 2) == ["package": "com.app", "runtimePackage": "com.app"])
        #expect(kotlin(["package": "com.app"], 1, 2) == ["package": "com.app", "runtime": "false", "runtimePackage": "com.app"])
        #expect(kotlin([:], 0, 2)["runtimePackage"] == KotlinOptions().package)
        #expect(kotlin(["package": "com.app"], 0, 1) == ["package": "com.app"])
        #expect(kotlin(["runtimePackage": "com.shared"], 1, 2) == ["runtimePackage": "com.shared"])
        #expect(try layout("typescript").contractOptions([:], 0, 1) == [:])
    }
}
