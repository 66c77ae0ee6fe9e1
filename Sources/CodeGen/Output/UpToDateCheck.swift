import Foundation

extension OutputDirectory {
    /// How many files (the manifest included) the directory holds when it holds exactly
    /// what a generation with `inputs` and `header` writes, found without generating:
    /// the manifest on disk records `inputs` and is, byte for byte, the manifest tabgen
    /// writes for the files it lists; each of them is a regular file, reached through no
    /// symbolic link, whose contents have the hash the manifest records; and no file
    /// that looks like tabgen's (its header, JSON in `fixtures/`, an emit's temporary
    /// file) lies unlisted beside them. Generation is deterministic, so the same inputs
    /// make the same files: emit has nothing to write and check nothing to report.
    /// Nil when any of that does not hold; the caller then generates, as it always did.
    public func upToDateCount(inputs: String, header: GenerationHeader) -> Int? {
        let manifestPath = fileURL(Manifest.fileName).path
        guard FileKind(path: manifestPath) == .regular, let data = FileManager.default.contents(atPath: manifestPath) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        let manifest = Manifest(text: text)
        guard manifest.inputs == inputs, !manifest.paths.contains(Manifest.fileName),
              manifest.hashes.count == manifest.paths.count, manifest.text(header: header) == text else { return nil }
        var directories: Set<String> = []
        for path in manifest.paths {
            var relative = ""
            for component in path.split(separator: "/").dropLast() {
                relative = relative.isEmpty ? String(component) : relative + "/" + component
                guard directories.insert(relative).inserted else { continue }
                guard FileKind(path: fileURL(relative).path) == .directory else { return nil }
            }
            let file = fileURL(path).path
            guard FileKind(path: file) == .regular, let contents = FileManager.default.contents(atPath: file),
                  contents.withUnsafeBytes({ ContentHash.of(bytes: $0) }) == manifest.hashes[path] else { return nil }
        }
        guard unexplained(paths: manifest.paths + [Manifest.fileName], manifest: manifest).isEmpty else { return nil }
        return manifest.paths.count + 1
    }
}
