/// The list of files tabgen generated in an output directory, kept in the directory as
/// `.tabgen-manifest`. tabgen removes a file only when an earlier manifest lists it and
/// the new generation no longer produces it: files tabgen did not generate are never
/// touched.
public struct Manifest: Sendable, Equatable {
    public static let fileName = ".tabgen-manifest"

    /// Relative paths, sorted.
    public var paths: [String]

    public init(paths: [String]) {
        self.paths = paths.sorted()
    }

    /// The manifest file's text: the header as `#` comments, then one path per line.
    public func text(header: GenerationHeader) -> String {
        var lines = header.lines.map { "# " + $0 }
        lines.append("# The files tabgen generated here. It removes them when it no longer generates them and touches no other file.")
        lines += paths
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a manifest's text: every line that is not empty and not a comment is a path.
    /// Paths that could leave the directory are ignored.
    public init(text: String) {
        let paths = text.split(separator: "\n").map(String.init).filter { line in
            !line.isEmpty && !line.hasPrefix("#") && OutputDirectory.isSafeRelativePath(line)
        }
        self.init(paths: paths)
    }
}
