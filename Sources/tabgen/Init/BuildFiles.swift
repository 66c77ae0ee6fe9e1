import CodeGen
import Foundation

/// What `tabgen init` reads from a Gradle build script and an Android manifest.
enum GradleScript {
    /// The module's `namespace = "io.example.app"` (Kotlin DSL) or `namespace "io.example.app"`
    /// (Groovy), when it is a valid package name; a line with `//` before it does not count.
    static func namespace(_ text: String) -> String? {
        firstCapture(#"^[^/\n]*?\bnamespace[ \t]*=?[ \t]*["']([^"'\n]+)["']"#, in: text).flatMap(validPackage)
    }

    /// The manifest's `package="io.example.app"`.
    static func manifestPackage(_ text: String) -> String? {
        firstCapture(#"\bpackage[ \t\r\n]*=[ \t\r\n]*["']([^"'\n]+)["']"#, in: text).flatMap(validPackage)
    }

    /// Whether the script applies the Android application plugin (`com.android.application`,
    /// or the version catalog's `libs.plugins.android.application`), not merely declares
    /// it with `apply false` as a root project does.
    static func appliesAndroidApplication(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            return !code.hasPrefix("//") && (code.contains("com.android.application") || code.contains("plugins.android.application"))
                && !code.contains("apply false")
        }
    }

    static func validPackage(_ name: String) -> String? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else { return false }
            return part.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
        }
        return valid ? name : nil
    }

    static func firstCapture(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }
}

/// What `tabgen init` reads from `App.xcodeproj/project.pbxproj`: the application target
/// and the unit test target, and the folders Xcode 16 keeps in sync with each.
enum XcodeProject {
    struct Targets: Equatable {
        var app: String?
        var tests: String?
        /// The target's first `PBXFileSystemSynchronizedRootGroup` (objectVersion 77), relative
        /// to the project's folder: Xcode compiles every file in it into that target.
        var appFolder: String?
        var testsFolder: String?
    }

    static func targets(_ project: URL) -> Targets {
        guard let text = ProjectLayout.readSmall(project.appendingPathComponent("project.pbxproj")) else { return Targets() }
        let folders = synchronizedFolders(text)
        var targets = Targets()
        for block in text.components(separatedBy: "isa = PBXNativeTarget;").dropFirst() {
            let body = block.components(separatedBy: "\n\t\t};").first ?? block
            guard let name = targetName(body) else { continue }
            let folder = GradleScript.firstCapture(#"fileSystemSynchronizedGroups = \(\s*([0-9A-Za-z_]+)"#, in: body).flatMap { folders[$0] }
            if body.contains("com.apple.product-type.application\""), targets.app == nil { (targets.app, targets.appFolder) = (name, folder) }
            if body.contains("com.apple.product-type.bundle.unit-test\""), targets.tests == nil { (targets.tests, targets.testsFolder) = (name, folder) }
        }
        return targets
    }

    /// Each synchronized root group's object id and folder, relative to the project's folder:
    /// its `path`, below the paths of the groups that hold it.
    static func synchronizedFolders(_ text: String) -> [String: String] {
        guard let object = try? NSRegularExpression(
            pattern: #"^\s*([0-9A-Za-z_]+)(?: /\*[^\n]*?\*/)? = \{\s*isa = (PBXGroup|PBXFileSystemSynchronizedRootGroup);(.*?)\n\s*\};"#,
            options: [.anchorsMatchLines, .dotMatchesLineSeparators]) else { return [:] }
        var paths: [String: String] = [:], parent: [String: String] = [:], synchronized: [String] = []
        for match in object.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let id = Range(match.range(at: 1), in: text).map({ String(text[$0]) }),
                  let isa = Range(match.range(at: 2), in: text).map({ String(text[$0]) }),
                  let body = Range(match.range(at: 3), in: text).map({ String(text[$0]) }) else { continue }
            // Only folders relative to their group (`<group>`, the default) chain; others have no place in the project folder.
            let relative = GradleScript.firstCapture(#"^\s*sourceTree = ("<group>"|SOURCE_ROOT);"#, in: body) ?? "\"<group>\""
            paths[id] = GradleScript.firstCapture(#"^\s*path = "?([^";\n]*)"?;"#, in: body) ?? ""
            if relative == "SOURCE_ROOT" { parent[id] = "" }
            if isa == "PBXGroup", let children = GradleScript.firstCapture(#"children = \(([^)]*)\)"#, in: body) {
                for child in children.split(separator: ",") {
                    if let childID = child.split(whereSeparator: \.isWhitespace).first, parent[String(childID)] == nil {
                        parent[String(childID)] = id
                    }
                }
            }
            if isa == "PBXFileSystemSynchronizedRootGroup" { synchronized.append(id) }
        }
        var folders: [String: String] = [:]
        for id in synchronized {
            var parts: [String] = []
            var current: String? = id
            var seen: Set<String> = []
            while let here = current, !here.isEmpty, seen.insert(here).inserted {
                if let path = paths[here], !path.isEmpty { parts.insert(path, at: 0) }
                current = parent[here]
            }
            let folder = parts.joined(separator: "/")
            if !folder.isEmpty, OutputDirectory.isSafeRelativePath(folder) { folders[id] = folder }
        }
        return folders
    }

    /// The target's `name = X;` or `name = "X Y";`.
    static func targetName(_ body: String) -> String? {
        if let quoted = GradleScript.firstCapture(#"^\s*name = "((?:[^"\\]|\\.)*)";"#, in: body) {
            return quoted.replacingOccurrences(of: #"\""#, with: "\"").replacingOccurrences(of: #"\\"#, with: "\\")
        }
        return GradleScript.firstCapture(#"^\s*name = ([^";\n]+);"#, in: body)
    }
}
