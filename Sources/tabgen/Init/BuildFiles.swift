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
/// and the unit test target.
enum XcodeProject {
    struct Targets: Equatable {
        var app: String?
        var tests: String?
    }

    static func targets(_ project: URL) -> Targets {
        guard let text = ProjectLayout.readSmall(project.appendingPathComponent("project.pbxproj")) else { return Targets() }
        var targets = Targets()
        for block in text.components(separatedBy: "isa = PBXNativeTarget;").dropFirst() {
            let body = block.components(separatedBy: "\n\t\t};").first ?? block
            guard let name = targetName(body) else { continue }
            if body.contains("com.apple.product-type.application\""), targets.app == nil { targets.app = name }
            if body.contains("com.apple.product-type.bundle.unit-test\""), targets.tests == nil { targets.tests = name }
        }
        return targets
    }

    /// The target's `name = X;` or `name = "X Y";`.
    static func targetName(_ body: String) -> String? {
        if let quoted = GradleScript.firstCapture(#"^\s*name = "((?:[^"\\]|\\.)*)";"#, in: body) {
            return quoted.replacingOccurrences(of: #"\""#, with: "\"").replacingOccurrences(of: #"\\"#, with: "\\")
        }
        return GradleScript.firstCapture(#"^\s*name = ([^";\n]+);"#, in: body)
    }
}
