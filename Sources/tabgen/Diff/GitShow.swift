import Foundation

/// Reads a file as it is at a git revision, by running `git show REV:PATH` in the
/// current directory (so PATH is relative to the repository root, or to the current
/// directory when it starts with `./`, as git takes it).
enum GitShow {
    static func read(revision: String, path: String, limit: Int) throws(CLIError) -> [UInt8] {
        let object = "\(revision):\(path)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "show", "--no-textconv", object]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CLIError("cannot read git:\(object): cannot run git: \(error.localizedDescription)")
        }
        // git writes little to standard error, so reading standard output first cannot
        // leave git blocked on a full error pipe. Reading stops past the limit, so a
        // huge blob is refused without being held in memory.
        var data = Data()
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
            if data.count > limit {
                process.terminate()
                process.waitUntilExit()
                throw CLIError("git:\(object) is larger than \(limit) bytes")
            }
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // env exits 127 when it cannot find the program; git's own failures exit 128.
            let why = process.terminationStatus == 127 ? "git is not installed or not on PATH"
                : message.isEmpty ? "git show failed with status \(process.terminationStatus)" : message
            throw CLIError("cannot read git:\(object): \(why)")
        }
        // For a directory git show lists the tree instead of failing.
        if data.starts(with: Data("tree \(object)\n".utf8)) {
            throw CLIError("cannot read git:\(object): it is a directory")
        }
        guard data.count <= limit else { throw CLIError("git:\(object) is larger than \(limit) bytes") }
        return Array(data)
    }

    /// Whether `revision` is a commit that has no file at `path`: the pull request that
    /// adds the schema. Asked only after `read` failed, so a normal diff runs git once.
    static func lacksFile(revision: String, path: String) -> Bool {
        succeeds(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"]) && !succeeds(["cat-file", "-e", "\(revision):\(path)"])
    }

    private static func succeeds(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }
}
