import Foundation
import Testing
@testable import tabgen

/// `tabgen init` names hand-written types the generated code declares again inside files
/// of other names (issue 24: `struct TabData` in `TabManager.swift`, a `data class TabData`
/// under `src/main/java` while the output is `src/main/kotlin`), with file and line.
struct InitHandWrittenTypeTests {
    static let files: [String: String] = [
        "ios/App.xcodeproj/project.pbxproj": InitCommandTests.pbxproj(app: "App", tests: "AppTests"),
        // Line 5 declares TabData; the comment, the string, the block comment and the
        // nested type declare nothing at the top level.
        "ios/App/TabManager.swift": """
            import Foundation
            // struct MessageData {}
            let text = "struct Deprecation { {"
            /* enum TabData {} /* nested */ struct MessageData {} */
            struct TabData: Codable, Hashable {
                struct MessageData {}
                let multiline = \"\"\"
                }
                struct Deprecation {}
                \"\"\"
            }
            @MainActor final class TabManager {}

            """,
        // Line 8 nests a twin in an extension (the reference iOS client's private
        // MessageData): it hides the generated type inside NavigationComponent. The local
        // type of a function (line 3) is no scope's.
        "ios/App/NavigationComponent.swift": """
            final class NavigationComponent {
                func decode() {
                    struct Deprecation {}
                }
            }

            private extension NavigationComponent {
                struct MessageData: Codable {
                    let tabs: [TabData]
                }
            }

            """,
        // A whole-file twin: named once, by the existing check.
        "ios/App/MessageData.swift": "struct MessageData {}\n",
        "android/app/build.gradle.kts": "plugins {\n    id(\"com.android.application\")\n}\n\nandroid {\n    namespace = \"com.shop\"\n}\n",
        "android/app/src/main/java/com/shop/TabManager.kt": """
            package com.shop

            @Serializable
            data class TabData(val id: String)

            class TabManager {
                companion object {}
            }

            """,
        "android/app/src/main/java/com/shop/navigation/Legacy.kt": "package com.shop.navigation\n\nenum class Deprecation { SOFT }\n",
    ]

    @Test func namesEachHandWrittenTypeWithFileAndLine() throws {
        let directory = try CLI.directory(holding: Self.files)
        defer { try? FileManager.default.removeItem(at: directory) }
        let initialized = try CLI.run(["init"], in: directory)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let lines = initialized.stderr.split(separator: "\n").map(String.init)
        let expected = [
            "tabgen: ios/App/TabManager.swift:5: struct TabData is hand-written and the generated ios/App/Generated/Tabgen/TabData.swift declares TabData too: both compile into one module (a redeclaration); delete it (the generated type replaces it) or rename it",
            "tabgen: android/app/src/main/java/com/shop/TabManager.kt:4: data class TabData is hand-written and the generated android/app/src/main/kotlin/com/shop/navigation/TabData.kt declares TabData too (in package com.shop.navigation, this one in com.shop): the generated type replaces it; delete it, or rename it so no import picks the wrong one",
            "tabgen: android/app/src/main/java/com/shop/navigation/Legacy.kt:3: enum class Deprecation is hand-written and the generated android/app/src/main/kotlin/com/shop/navigation/Deprecation.kt declares Deprecation too: both compile into one module (a redeclaration); delete it (the generated type replaces it) or rename it",
            "tabgen: ios/App/NavigationComponent.swift:8: struct MessageData in extension NavigationComponent is hand-written and the generated ios/App/Generated/Tabgen/MessageData.swift declares MessageData too: inside NavigationComponent it hides the generated type, which NavigationComponent then never uses; delete it (the generated type replaces it) or rename it",
            "tabgen: ios/App/MessageData.swift is hand-written and tabgen generates ios/App/Generated/Tabgen/MessageData.swift: replace it with the generated one (delete it after emit)",
        ]
        for line in expected {
            #expect(lines.contains(line), "\(line)\nnot in\n\(initialized.stderr)")
        }
        // Nothing else: not the commented, quoted or nested declarations, not the twin again.
        let named = lines.filter { $0.contains(" is hand-written ") }
        #expect(named.count == expected.count, "\(named.joined(separator: "\n"))")
        #expect(initialized.stderr.contains("next: deal with the files above"))
        // init edits no user file.
        for (path, text) in Self.files {
            #expect(try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8) == text, "\(path)")
        }
    }

    // A braceless declaration (Marker) does not lend its scope to the function after it.
    @Test func theNestedScanKeepsTheScopeOfAConstructorOnItsOwnLines() {
        let text = """
            class NavigationComponent(
                name: String,
            ) : BridgeComponent(name) {
                private data class MessageData(val tabs: List<TabData>)
                fun handle() {
                    class TabData
                }
            }
            object Marker
            fun helper() {
                class Deprecation
            }
            private extension Shop.Component {
                @MainActor enum Deprecation {}
            }
            """
        #expect(DeclarationScan.nestedDeclarations(in: text) == [
            .init(kind: "data class", name: "MessageData", line: 4, enclosing: .init(kind: "class", name: "NavigationComponent")),
            .init(kind: "enum", name: "Deprecation", line: 14, enclosing: .init(kind: "extension", name: "Shop.Component")),
        ])
    }

    @Test func theScanSeesTopLevelDeclarationsOnly() {
        let text = """
            package a.b // c
            /* class Hidden { */
            @Serializable(with = X::class) internal data class One(val s: String = "}")
            sealed class Two {
                object Nested
            }
            enum class Three { A }
            private typealias Four = Int
            object Five
            val x = '{'
            interface Six
            public struct Seven {}
            indirect enum Eight {}
            extension Seven {}
            func nine() {}
            """
        let found = DeclarationScan.declarations(in: text)
        #expect(found == [
            .init(kind: "data class", name: "One", line: 3), .init(kind: "sealed class", name: "Two", line: 4),
            .init(kind: "enum class", name: "Three", line: 7), .init(kind: "typealias", name: "Four", line: 8),
            .init(kind: "object", name: "Five", line: 9), .init(kind: "interface", name: "Six", line: 11),
            .init(kind: "struct", name: "Seven", line: 12), .init(kind: "indirect enum", name: "Eight", line: 13),
        ])
        #expect(DeclarationScan.package(in: text) == "a.b")
        // One level in: Two's object, nothing of Seven's empty extension or of nine().
        #expect(DeclarationScan.nestedDeclarations(in: text) == [
            .init(kind: "object", name: "Nested", line: 5, enclosing: .init(kind: "sealed class", name: "Two")),
        ])
        #expect(DeclarationScan.package(in: "// package x\nclass A") == nil)
    }
}
