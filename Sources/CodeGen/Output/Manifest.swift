/// The list of files tabgen generated in an output directory, kept in the directory as
/// `.tabgen-manifest`. tabgen removes a file only when an earlier manifest lists it, the
/// new generation no longer produces it and its contents are still what tabgen wrote
/// (the manifest records a hash of each file): files tabgen did not generate, and
/// generated files someone edited, are never deleted.
public struct Manifest: Sendable, Equatable {
    public static let fileName = ".tabgen-manifest"

    /// Relative paths, sorted.
    public var paths: [String]
    /// The content hash of each path as written (`ContentHash`); absent for manifests
    /// written before tabgen recorded hashes.
    public var hashes: [String: String]
    /// The hash of what the files were generated from (`GenerationInputs`); nil in
    /// manifests written before tabgen recorded it.
    public var inputs: String?

    static let inputsPrefix = "# Inputs: "

    public init(paths: [String], hashes: [String: String] = [:], inputs: String? = nil) {
        self.paths = paths.sorted()
        self.hashes = hashes
        self.inputs = inputs
    }

    /// The manifest of `files`, with their hashes.
    public init(files: [GeneratedFile], inputs: String? = nil) {
        var hashes: [String: String] = [:]
        for file in files { hashes[file.path] = ContentHash.of(file.contents) }
        self.init(paths: files.map(\.path), hashes: hashes, inputs: inputs)
    }

    /// The manifest file's text: the header as `#` comments, then one line per file: its
    /// path, a tab and its hash.
    public func text(header: GenerationHeader) -> String {
        var lines = header.lines.map { "# " + $0 }
        lines.append("# The files tabgen generated here. It removes them when it no longer generates them and touches no other file.")
        if let inputs { lines.append(Self.inputsPrefix + inputs) }
        lines += paths.map { path in hashes[path].map { "\(path)\t\($0)" } ?? path }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a manifest's text: every line that is not empty and not a comment is a path,
    /// optionally followed by a tab and its hash. Paths that could leave the directory
    /// are ignored. The `# Inputs: ` comment gives `inputs`.
    public init(text: String) {
        var paths: [String] = []
        var hashes: [String: String] = [:]
        var inputs: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix(Self.inputsPrefix), ContentHash.isHash(line.dropFirst(Self.inputsPrefix.count)) {
                inputs = String(line.dropFirst(Self.inputsPrefix.count))
            }
            guard !line.hasPrefix("#") else { continue }
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0])
            guard OutputDirectory.isSafeRelativePath(path) else { continue }
            paths.append(path)
            if parts.count == 2, ContentHash.isHash(parts[1]) { hashes[path] = String(parts[1]) }
        }
        self.init(paths: paths, hashes: hashes, inputs: inputs)
    }

    /// Whether two manifest texts are equal but for their `# Inputs: ` line: `check`
    /// calls such a manifest current, since every file it lists is (a schema reformatted
    /// without a change of meaning changes the inputs, not the files).
    static func equalButForInputs(_ one: String, _ other: String) -> Bool {
        func withoutInputs(_ text: String) -> [Substring] {
            text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(inputsPrefix) }
        }
        return withoutInputs(one) == withoutInputs(other)
    }
}
