import Foundation
import Testing
@testable import tabgen
import TestSupport

/// `tabgen init` on an Xcode 16 project (issue 24 item 7): every file of a
/// `PBXFileSystemSynchronizedRootGroup` is compiled into its target, so the generated tests
/// must not land in the app's folder (they import Testing, which breaks the app build).
struct InitSynchronizedFolderTests {
    /// An objectVersion 77 project: the app's folder (with an exception set, as Xcode writes
    /// for Info.plist) and, when `tests` is set, the test target's folder, both synchronized;
    /// `nested` puts the app's folder inside a group with a path of its own.
    static func synchronizedProject(tests: Bool, nested: Bool = false) -> String {
        let appFolder = nested ? "App" : "DynamicTabBar"
        var text = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 77;
        \tobjects = {

        /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
        \t\tE1 /* Exceptions for "\(appFolder)" folder in "DynamicTabBar" target */ = {
        \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        \t\t\tmembershipExceptions = (
        \t\t\t\tInfo.plist,
        \t\t\t);
        \t\t\ttarget = T1 /* DynamicTabBar */;
        \t\t};
        /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

        /* Begin PBXFileSystemSynchronizedRootGroup section */
        \t\tG1 /* \(appFolder) */ = {
        \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
        \t\t\texceptions = (
        \t\t\t\tE1 /* Exceptions for "\(appFolder)" folder in "DynamicTabBar" target */,
        \t\t\t);
        \t\t\tpath = \(appFolder);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tG2 /* DynamicTabBarTests */ = {
        \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
        \t\t\tpath = DynamicTabBarTests;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXFileSystemSynchronizedRootGroup section */

        /* Begin PBXGroup section */
        \t\tM0 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\t\(nested ? "S1 /* Sources */" : "G1 /* \(appFolder) */"),
        \t\t\t\tG2 /* DynamicTabBarTests */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};

        """
        if nested {
            text += "\t\tS1 /* Sources */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\t\t\t\tG1 /* App */,\n\t\t\t);\n"
                + "\t\t\tpath = \"My Sources\";\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
        }
        text += "/* End PBXGroup section */\n\n/* Begin PBXNativeTarget section */\n"
        text += target("T1", "DynamicTabBar", "application", group: "G1 /* \(appFolder) */")
        if tests { text += target("T2", "DynamicTabBarTests", "bundle.unit-test", group: "G2 /* DynamicTabBarTests */") }
        return text + "/* End PBXNativeTarget section */\n\t};\n\trootObject = P1 /* Project object */;\n}\n"
    }

    static func target(_ id: String, _ name: String, _ type: String, group: String?) -> String {
        "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildPhases = (\n\t\t\t);\n"
            + (group.map { "\t\t\tfileSystemSynchronizedGroups = (\n\t\t\t\t\($0),\n\t\t\t);\n" } ?? "")
            + "\t\t\tname = \(name);\n\t\t\tproductName = \(name);\n\t\t\tproductType = \"com.apple.product-type.\(type)\";\n\t\t};\n"
    }

    /// An objectVersion 56 project (Xcode 15): groups of explicit file references, no synchronized folder.
    static let explicitProject = """
        // !$*UTF8*$!
        {
        \tobjectVersion = 56;
        \tobjects = {
        \t\tF1 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
        \t\tM0 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tA0 /* App */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tA0 /* App */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tF1 /* AppDelegate.swift */,
        \t\t\t);
        \t\t\tpath = App;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \(target("T1", "App", "application", group: nil))\(target("T2", "AppTests", "bundle.unit-test", group: nil))\t};
        }

        """

    func project(_ pbxproj: String, folder: String) throws -> URL {
        try CLI.directory(holding: ["\(folder).xcodeproj/project.pbxproj": pbxproj])
    }

    @Test func readsEachTargetsSynchronizedFolder() throws {
        for (text, expected) in [
            (Self.synchronizedProject(tests: true),
             XcodeProject.Targets(app: "DynamicTabBar", tests: "DynamicTabBarTests", appFolder: "DynamicTabBar", testsFolder: "DynamicTabBarTests")),
            (Self.synchronizedProject(tests: false),
             XcodeProject.Targets(app: "DynamicTabBar", tests: nil, appFolder: "DynamicTabBar", testsFolder: nil)),
            (Self.synchronizedProject(tests: true, nested: true),
             XcodeProject.Targets(app: "DynamicTabBar", tests: "DynamicTabBarTests", appFolder: "My Sources/App", testsFolder: "DynamicTabBarTests")),
            (Self.explicitProject, XcodeProject.Targets(app: "App", tests: "AppTests", appFolder: nil, testsFolder: nil)),
        ] {
            let directory = try project(text, folder: "P")
            defer { try? FileManager.default.removeItem(at: directory) }
            #expect(XcodeProject.targets(directory.appendingPathComponent("P.xcodeproj")) == expected)
        }
    }

    /// The reference SwiftUI app's layout: init puts the types in the app's folder and the
    /// tests in the test target's, so nothing in the app's folder imports Testing, and no
    /// membership exception has to be added by hand.
    @Test func typesGoToTheAppsFolderAndTestsToTheTestTargets() throws {
        let directory = try CLI.directory(holding: [
            "ios/DynamicTabBar/DynamicTabBar.xcodeproj/project.pbxproj": Self.synchronizedProject(tests: true),
            "ios/DynamicTabBar/DynamicTabBar/DynamicTabBarApp.swift": "import SwiftUI\n",
            "ios/DynamicTabBar/DynamicTabBar/TabData.swift": "struct TabData {}\n",
            "ios/DynamicTabBar/DynamicTabBarTests/DynamicTabBarTests.swift": "import Testing\n",
            "uikit/DynamicTabBar/DynamicTabBar.xcodeproj/project.pbxproj": Self.synchronizedProject(tests: false),
            "uikit/DynamicTabBar/DynamicTabBar/AppDelegate.swift": "import UIKit\n",
            "old/App.xcodeproj/project.pbxproj": Self.explicitProject,
            "old/App/AppDelegate.swift": "import UIKit\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let (initialized, config) = try InitCommandTests.initialize(directory)
        #expect(initialized.stderr.contains(
            "found iOS app ios/DynamicTabBar/DynamicTabBar.xcodeproj: sources in ios/DynamicTabBar/DynamicTabBar, module DynamicTabBar, "
                + "test target DynamicTabBarTests; Xcode 16 synchronized folders: the types go to DynamicTabBar/Generated/Tabgen, "
                + "the tests to DynamicTabBarTests/Generated/Tabgen (add tabgen/runtime/swift, the runtime every iOS app shares, to the app target)"),
                "\(initialized.stderr)")
        // The hand-written twin of a generated type is found beside the types' folder.
        #expect(initialized.stderr.contains("ios/DynamicTabBar/DynamicTabBar/TabData.swift is hand-written and tabgen generates "
                                            + "ios/DynamicTabBar/DynamicTabBar/Generated/Tabgen/TabData.swift"), "\(initialized.stderr)")
        #expect(config.outputs.map(\.out) == ["ios/DynamicTabBar", "old/App/Generated/Tabgen", "uikit/DynamicTabBar"])
        #expect(config.outputs.first?.options == ["accessLevel": "internal", "testableImport": "DynamicTabBar",
                                                  "sourcesFolder": "DynamicTabBar/Generated/Tabgen",
                                                  "testsFolder": "DynamicTabBarTests/Generated/Tabgen"])

        let emit = try CLI.run(["emit", "-q"], in: directory)
        #expect(emit.status == 0, "\(emit.stderr)")
        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path) }
        for path in ["ios/DynamicTabBar/DynamicTabBar/Generated/Tabgen/MessageData.swift",
                     "tabgen/runtime/swift/TabgenRuntime.swift",  // three iOS apps share one runtime (runtime:)
                     "ios/DynamicTabBar/DynamicTabBarTests/Generated/Tabgen/MessageDataRoundTripTests.swift",
                     "ios/DynamicTabBar/DynamicTabBarTests/Generated/Tabgen/MessageDataFixtures.swift",
                     "uikit/DynamicTabBar/DynamicTabBar/Generated/Tabgen/TabData.swift",
                     "uikit/DynamicTabBar/Tests/MessageDataRoundTripTests.swift",
                     "old/App/Generated/Tabgen/Tests/MessageDataRoundTripTests.swift"] {
            #expect(exists(path), "\(path) missing")
        }
        // What each app target compiles: no generated file in either app's folder imports Testing or XCTest.
        for app in ["ios/DynamicTabBar/DynamicTabBar", "uikit/DynamicTabBar/DynamicTabBar"] {
            let root = directory.appendingPathComponent(app)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            #expect(files.contains("Generated/Tabgen/MessageData.swift"))
            for file in files where file.hasSuffix(".swift") || file.hasSuffix(".json") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                #expect(!file.hasSuffix(".json") && !text.contains("import Testing") && !text.contains("import XCTest"), "\(app)/\(file)")
            }
        }
        #expect(try CLI.run(["check", "-q"], in: directory).status == 0)
    }

    /// The folder options name folders inside the output: anything else is a usage error
    /// that writes nothing.
    @Test func folderOptionsStayInsideTheOutput() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, value) in [("testsFolder", "../AppTests"), ("sourcesFolder", "/abs"), ("testsFolder", ""), ("sourcesFolder", "a/./b")] {
            let run = try CLI.run(["emit", "--lang", "swift", "--out", "out", "--option", "swift.\(name)=\(value)"], in: directory)
            #expect(run.status == 2 && run.stderr.contains("swift option \(name) must be a relative path inside the output"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
        }
        let run = try CLI.run(["emit", "-q", "--lang", "swift", "--out", "out", "--option", "swift.testsFolder=AppTests/Generated/"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/AppTests/Generated/MessageDataRoundTripTests.swift").path))
    }
}
