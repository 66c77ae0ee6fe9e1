import Foundation

/// What must hold of generated paths on every file system the files are checked out on
/// (ext4, APFS, NTFS), checked before anything is written: an emit that fails half-way
/// leaves a mix of old and new files.
public enum PortablePath {
    /// The longest file or directory name, in bytes, on Linux and macOS (NAME_MAX).
    public static let maxComponentBytes = 255

    /// Names Windows reserves in every directory, whatever the extension and letter case.
    static let reservedWindowsNames: Set<String> = {
        var names: Set<String> = ["CON", "PRN", "AUX", "NUL"]
        for digit in 0...9 {
            names.insert("COM\(digit)")
            names.insert("LPT\(digit)")
        }
        for superscript in ["\u{B9}", "\u{B2}", "\u{B3}"] {
            names.insert("COM" + superscript)
            names.insert("LPT" + superscript)
        }
        return names
    }()

    /// Characters Windows does not allow in a name.
    static let forbiddenCharacters = Set("<>:\"|?*\\")

    /// What is wrong with one path, or nil.
    public static func problem(_ path: String) -> String? {
        guard OutputDirectory.isSafeRelativePath(path) else { return "\(path): not a relative path inside the output directory" }
        for component in path.split(separator: "/") {
            let bytes = component.utf8.count
            if bytes > maxComponentBytes {
                return "\(shortened(path)): the name \(shortened(component)) is \(bytes) bytes long; file systems allow \(maxComponentBytes)"
            }
            let base = component.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces).uppercased()
            if reservedWindowsNames.contains(base) {
                return "\(path): \(component) is a reserved file name on Windows"
            }
            if let character = component.first(where: { forbiddenCharacters.contains($0) || $0.unicodeScalars.contains { $0.value < 0x20 } }) {
                return "\(path): \(component) holds \(character.debugDescription), which Windows does not allow in a file name"
            }
            if component.hasSuffix(".") || component.hasSuffix(" ") {
                return "\(path): \(component) ends with a dot or a space, which Windows removes"
            }
        }
        return nil
    }

    /// A path for a message: names longer than 60 characters cut in the middle.
    static func shortened<Text: StringProtocol>(_ path: Text) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { component in
            component.count > 60 ? "\(component.prefix(30))...\(component.suffix(20))" : String(component)
        }.joined(separator: "/")
    }

    /// The problems of a set of paths: each path's, and paths that differ only in letter
    /// case or Unicode normalization (one file on macOS and Windows).
    public static func problems(_ paths: [String]) -> [String] {
        var problems = paths.compactMap(problem)
        var seen: [String: String] = [:]
        for path in paths.sorted() {
            let key = path.precomposedStringWithCanonicalMapping.lowercased()
            if let other = seen[key] {
                problems.append("\(other) and \(path) would be the same file on a case-insensitive file system (macOS, Windows)")
            } else {
                seen[key] = path
            }
        }
        return problems
    }
}
