import CodeGen
import Foundation

/// Every iOS app, Android app module and Rails app below a directory, as far as
/// `tabgen init` can tell from well-known files.
struct ProjectLayout: Equatable {
    struct IOSApp: Equatable {
        /// The folder holding the app's sources (beside `App.xcodeproj`, the `App` folder).
        var sources: String
        var module: String
        /// The unit test target the project declares, if any (the generated `Tests/` belong there).
        var testTarget: String?
        /// What the app was found by: `App.xcodeproj` or `Package.swift`, relative to the root.
        var foundBy: String
        /// For an Xcode 16 project whose app target is a synchronized folder: the project's
        /// folder (the output), and the app's and test target's synchronized folders below it.
        var synchronized: Synchronized? = nil

        struct Synchronized: Equatable {
            var projectFolder: String
            var appFolder: String
            var testsFolder: String?
        }
    }

    struct AndroidApp: Equatable {
        /// The Gradle module directory (`android/app`).
        var module: String
        /// The Kotlin package for the generated code, and where it came from.
        var package: String
        var packageSource: String
    }

    var ios: [IOSApp] = []
    var android: [AndroidApp] = []
    /// Each Rails app's root (`.` or `web`).
    var rails: [String] = []

    /// The walk's bounds: folders at most `maxDepth` levels below the root, and at most
    /// `maxEntries` directory entries read in all (a huge tree ends the walk early; what
    /// was found so far is kept).
    static let maxDepth = 4
    static let maxEntries = 20_000
    /// Folders never entered: hidden ones (`.git`, `.build`), dependencies and build products.
    static let skipped: Set<String> = ["node_modules", "build", "Pods", "vendor", "tmp", "DerivedData", "generated", "Carthage"]
    /// The package `init` writes when neither Gradle nor the manifest names one.
    static let fallbackPackage = "com.example.app.tabs"

    static func scan(_ root: URL) -> ProjectLayout {
        var layout = ProjectLayout()
        let manager = FileManager.default
        var entries = 0
        func visit(_ relative: String, depth: Int) {
            guard entries < maxEntries else { return }
            let url = relative.isEmpty ? root : root.appendingPathComponent(relative)
            let names = ((try? manager.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
            entries += names.count
            let here = relative.isEmpty ? "." : relative
            let prefix = relative.isEmpty ? "" : relative + "/"
            func exists(_ path: String) -> Bool { manager.fileExists(atPath: url.appendingPathComponent(path).path) }
            let hasRailsApp = exists("config/application.rb")
                || (names.contains("app") && exists("app/javascript") && names.contains("config"))
            if hasRailsApp { layout.rails.append(here) }
            if let android = androidModule(url, names: names, here: here) { layout.android.append(android) }
            let projects = names.filter { $0.hasSuffix(".xcodeproj") }
            for project in projects {
                let name = String(project.dropLast(".xcodeproj".count))
                // The app target's name (else the project's) gives the module, as Xcode derives it.
                let targets = XcodeProject.targets(url.appendingPathComponent(project))
                let module = SwiftModuleName.derived(fromProductName: targets.app ?? name)
                let sources = names.contains(targets.app ?? name) ? prefix + (targets.app ?? name) : names.contains(name) ? prefix + name : here
                // Two projects over one sources folder get one output (two may not share a directory).
                // Xcode 16 compiles every file of a synchronized folder into its target: the
                // output then spans the project's folder, types in the app's, tests in the test target's.
                let synchronized = targets.appFolder.map {
                    IOSApp.Synchronized(projectFolder: here, appFolder: $0, testsFolder: targets.testsFolder)
                }
                let appSources = synchronized.map { prefix + $0.appFolder } ?? sources
                if !layout.ios.contains(where: { $0.sources == appSources }) {
                    layout.ios.append(IOSApp(sources: appSources, module: module, testTarget: targets.tests, foundBy: prefix + project,
                                             synchronized: synchronized))
                }
            }
            if projects.isEmpty, names.contains("Package.swift"), let target = packageTarget(url) {
                layout.ios.append(IOSApp(sources: prefix + "Sources/" + target, module: SwiftModuleName.derived(fromProductName: target),
                                         testTarget: nil, foundBy: prefix + "Package.swift"))
            }
            guard depth < maxDepth else { return }
            for name in names where !name.hasPrefix(".") && !skipped.contains(name) && !name.hasSuffix(".xcodeproj") {
                var isDirectory: ObjCBool = false
                if manager.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory), isDirectory.boolValue {
                    visit(prefix + name, depth: depth + 1)
                }
            }
        }
        visit("", depth: 0)
        return layout
    }

    /// A Gradle module that builds an Android app: its build script applies the Android
    /// application plugin, or it has `src/main/AndroidManifest.xml`, or (as before) a
    /// build script beside `src/main/java` or `src/main/kotlin`.
    static func androidModule(_ url: URL, names: [String], here: String) -> AndroidApp? {
        let manager = FileManager.default
        let script = ["build.gradle.kts", "build.gradle"].first(where: names.contains)
        let scriptText = script.flatMap { readSmall(url.appendingPathComponent($0)) }
        let manifestText = readSmall(url.appendingPathComponent("src/main/AndroidManifest.xml"))
        let appliesPlugin = scriptText.map(GradleScript.appliesAndroidApplication) ?? false
        let hasSources = script != nil && ["src/main/java", "src/main/kotlin"].contains { manager.fileExists(atPath: url.appendingPathComponent($0).path) }
        guard appliesPlugin || manifestText != nil || hasSources else { return nil }
        if let script, let namespace = scriptText.flatMap(GradleScript.namespace) {
            return AndroidApp(module: here, package: namespace, packageSource: "namespace in \(script)")
        }
        if let package = manifestText.flatMap(GradleScript.manifestPackage) {
            return AndroidApp(module: here, package: package, packageSource: "package in AndroidManifest.xml")
        }
        return AndroidApp(module: here, package: fallbackPackage, packageSource: "a guess: no namespace in the build script or package in the manifest")
    }

    /// A Swift package's first target folder (`Sources/NAME`), alphabetically.
    static func packageTarget(_ url: URL) -> String? {
        let sources = url.appendingPathComponent("Sources")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).sorted()
        return names.first { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: sources.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
    }

    /// A text file's contents when it is at most 1 MiB (build scripts, manifests, project files).
    static func readSmall(_ url: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 1 << 20 + 1), data.count <= 1 << 20 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Where each output goes: iOS into `SOURCES/Generated/Tabgen`, Android into the module,
    /// Rails into `app/javascript/controllers/bridge`; each inside its own app's folder.
    var iosOutputs: [String] {
        ios.map { $0.synchronized?.projectFolder ?? ($0.sources == "." ? "Generated/Tabgen" : "\($0.sources)/Generated/Tabgen") }
    }
    var railsOutputs: [String] { rails.map { ($0 == "." ? "" : $0 + "/") + "app/javascript/controllers/bridge" } }

    /// Where init puts the runtime two or more apps of one platform share (tabgen.yml `runtime:`).
    static let runtimeFolder = "tabgen/runtime"

    /// Whether two or more apps of one platform compile a runtime: then they share one.
    var sharesRuntime: Bool { ios.count > 1 || android.count > 1 }

    /// One line per app found: platform, folder, module or package.
    var foundLines: [String] {
        ios.map { app in
            "iOS app \(app.foundBy): sources in \(app.sources), module \(app.module)" + (app.testTarget.map { ", test target \($0)" } ?? "")
                + (app.synchronized.map { folders in
                    "; Xcode 16 synchronized folders: the types go to \(folders.appFolder)/Generated/Tabgen"
                        + (folders.testsFolder.map { ", the tests to \($0)/Generated/Tabgen" + (sharesRuntime ? " (add \(Self.runtimeFolder)/swift, the runtime every iOS app shares, to the app target)" : " (no project edit needed)") }
                           ?? ", the tests to Tests (add it to a unit test target)")
                } ?? "")
        }
            + android.map { "Android module \($0.module): package \($0.package) (\($0.packageSource))" }
            + rails.map { "Rails app \($0)" }
    }

    /// The short form, for the last line: `iOS sources in ios/App, Android module android/app, Rails app in web`.
    var summary: String {
        let parts = ios.map { "iOS sources in \($0.sources)" } + android.map { "Android module \($0.module)" } + rails.map { "Rails app in \($0)" }
        return parts.isEmpty ? "no app found: every output is commented out" : parts.joined(separator: ", ")
    }

    /// The config text: an output per app found, and, for a platform with none, a
    /// commented example. Every string is written double-quoted (`YAMLScalar`), so folder
    /// names read back exactly.
    func config(schema: String?) -> String {
        let q = YAMLScalar.quoted
        var lines = [
            "# tabgen's project config (tabgen init wrote it; tabgen --help and the README explain each key).",
            "# tabgen emit regenerates every output below; tabgen check (in CI) fails when one is stale.",
            "# Paths are relative to this file. Two outputs may not share a directory.",
            "version: 1",
        ]
        lines.append(schema.map { "schema: \(q($0))               # the contract; tabgen diff tells which changes break clients" }
                     ?? "# schema: \"schema.json\"           # default: the schema built into tabgen")
        lines += [
            "fixtures: \"fixtures\"               # the fixtures every output's tests share, one copy per project",
        ]
        if sharesRuntime {
            // Two apps of one platform: one runtime file that each compiles, not a copy in each.
            lines.append("runtime: \(q(Self.runtimeFolder))          # one runtime per platform for every app: add \(Self.runtimeFolder)/swift to each iOS app target, \(Self.runtimeFolder)/kotlin to each Android module's source set")
        }
        lines += [
            "validate:",
            "  strict: false                     # true: warnings fail tabgen validate too",
            "breaking:",
            "  clients: \"lenient\"                # tabgen-generated clients ignore unknown members and enum values",
            "outputs:",
        ]
        func block(_ active: Bool, _ output: [String]) {
            lines += output.map { active ? $0 : "# " + $0 }
        }
        func swift(_ out: String, _ module: String, _ synchronized: IOSApp.Synchronized? = nil) -> [String] {
            guard let synchronized else {
                return ["  - lang: \"swift\"                   # iOS: add the folder to the app target, Tests/ to the test target",
                        "    out: \(q(out))",
                        "    options:",
                        "      accessLevel: \"internal\"",
                        "      testableImport: \(q(module))"]
            }
            return ["  - lang: \"swift\"                   # iOS, Xcode 16 synchronized folders: each file is in its target already",
                    "    out: \(q(out))",
                    "    options:",
                    "      accessLevel: \"internal\"",
                    "      testableImport: \(q(module))",
                    "      sourcesFolder: \(q(synchronized.appFolder + "/Generated/Tabgen"))"]
                + (synchronized.testsFolder.map { ["      testsFolder: \(q($0 + "/Generated/Tabgen"))"] } ?? [])
        }
        func kotlin(_ out: String, _ package: String) -> [String] {
            ["  - lang: \"kotlin\"                  # Android: a Gradle module layout (src/main/kotlin, src/test/kotlin)",
             "    out: \(q(out))",
             "    options:",
             "      package: \(q(package))"]
        }
        func typescript(_ out: String) -> [String] {
            ["  - lang: \"typescript\"              # Rails with importmap: the Stimulus bridge controller",
             "    out: \(q(out))",
             "    options:",
             "      flavor: \"javascript\"",
             "      tests: false                  # pin_all_from would pin the tests too"]
        }
        if ios.isEmpty { block(false, swift("ios/App/Generated/Tabgen", "App")) }
        for (app, out) in zip(ios, iosOutputs) { block(true, swift(out, app.module, app.synchronized)) }
        if android.isEmpty { block(false, kotlin("android/app", Self.fallbackPackage)) }
        for app in android { block(true, kotlin(app.module, app.package)) }
        if rails.isEmpty { block(false, typescript("web/app/javascript/controllers/bridge")) }
        for out in railsOutputs { block(true, typescript(out)) }
        return lines.joined(separator: "\n") + "\n"
    }
}
