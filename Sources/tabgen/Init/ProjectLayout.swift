import CodeGen
import Foundation

/// Where an iOS app, an Android app and a Rails app live below a directory, as far as
/// `tabgen init` can tell from well-known files; each part is optional.
struct ProjectLayout: Equatable {
    /// The folder holding the Xcode project's sources (beside `App.xcodeproj`, the `App` folder).
    var iosSources: String?
    var iosModule: String?
    /// The Gradle module directory (`android/app`).
    var androidModule: String?
    /// The Rails app's root (`.` or `web`).
    var railsRoot: String?

    /// Looks at most three levels down, skipping hidden, dependency and build folders.
    static func scan(_ root: URL) -> ProjectLayout {
        var layout = ProjectLayout()
        let manager = FileManager.default
        func visit(_ relative: String, depth: Int) {
            let url = relative.isEmpty ? root : root.appendingPathComponent(relative)
            let names = ((try? manager.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
            let prefix = relative.isEmpty ? "" : relative + "/"
            if layout.railsRoot == nil, names.contains("app"), manager.fileExists(atPath: url.appendingPathComponent("app/javascript").path),
               names.contains("config") {
                layout.railsRoot = relative.isEmpty ? "." : relative
            }
            if layout.androidModule == nil, names.contains("src"),
               ["src/main/java", "src/main/kotlin"].contains(where: { manager.fileExists(atPath: url.appendingPathComponent($0).path) }),
               names.contains(where: { $0.hasPrefix("build.gradle") }) {
                layout.androidModule = relative.isEmpty ? "." : relative
            }
            if layout.iosSources == nil, let project = names.first(where: { $0.hasSuffix(".xcodeproj") }) {
                let name = String(project.dropLast(".xcodeproj".count))
                // The app target is named after the project; Xcode derives its module name.
                layout.iosModule = SwiftModuleName.derived(fromProductName: name)
                layout.iosSources = names.contains(name) ? prefix + name : (relative.isEmpty ? "." : relative)
            }
            guard depth < 3 else { return }
            for name in names where !name.hasPrefix(".") && !["node_modules", "build", "Pods", "vendor", "tmp", "DerivedData", "generated"].contains(name) {
                var isDirectory: ObjCBool = false
                if manager.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory), isDirectory.boolValue,
                   !name.hasSuffix(".xcodeproj") {
                    visit(prefix + name, depth: depth + 1)
                }
            }
        }
        visit("", depth: 0)
        return layout
    }

    var summary: String {
        var parts: [String] = []
        if let iosSources { parts.append("iOS sources in \(iosSources)") }
        if let androidModule { parts.append("Android module \(androidModule)") }
        if let railsRoot { parts.append("Rails app in \(railsRoot)") }
        return parts.isEmpty ? "no app found: every output is commented out" : parts.joined(separator: ", ")
    }

    /// The config text: an output per part found, and the others commented out. Every
    /// string is written double-quoted (`YAMLScalar`), so folder names read back exactly.
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
            "validate:",
            "  strict: false                     # true: warnings fail tabgen validate too",
            "breaking:",
            "  clients: \"lenient\"                # tabgen-generated clients ignore unknown members and enum values",
            "outputs:",
        ]
        func block(_ active: Bool, _ output: [String]) {
            lines += output.map { active ? $0 : "# " + $0 }
        }
        let ios = iosSources.map { $0 == "." ? "Generated/Tabgen" : "\($0)/Generated/Tabgen" } ?? "ios/App/Generated/Tabgen"
        block(iosSources != nil, [
            "  - lang: \"swift\"                   # iOS: add the folder to the app target, Tests/ to the test target",
            "    out: \(q(ios))",
            "    options:",
            "      accessLevel: \"internal\"",
            "      testableImport: \(q(iosModule ?? "App"))",
        ])
        block(androidModule != nil, [
            "  - lang: \"kotlin\"                  # Android: a Gradle module layout (src/main/kotlin, src/test/kotlin)",
            "    out: \(q(androidModule ?? "android/app"))",
            "    options:",
            "      package: \"com.example.app.tabs\"",
        ])
        let rails = railsRoot.map { $0 == "." ? "" : $0 + "/" } ?? "web/"
        block(railsRoot != nil, [
            "  - lang: \"typescript\"              # Rails with importmap: the Stimulus bridge controller",
            "    out: \(q(rails + "app/javascript/controllers/bridge"))",
            "    options:",
            "      flavor: \"javascript\"",
            "      tests: false                  # pin_all_from would pin the tests too",
        ])
        return lines.joined(separator: "\n") + "\n"
    }
}
