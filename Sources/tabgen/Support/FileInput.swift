import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads files and standard input with plain file descriptors, in bounded memory.
enum FileInput {
    /// A path as errors print it: control characters escaped, and credentials hidden
    /// should it be a URL that was taken for a file (`--path-config ftp://user:pw@...`).
    static func shown(_ path: String) -> String {
        ControlCharacters.escaped(PageURL.redacted(path))
    }

    static func open(path: String) throws(CLIError) -> Int32 {
        if path == "-" { return STDIN_FILENO }
        let descriptor = Glibc.open(path, O_RDONLY)
        guard descriptor >= 0 else { throw CLIError("cannot read \(shown(path)): \(String(cString: strerror(errno)))") }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw CLIError("cannot read \(shown(path)): it is a directory")
        }
        return descriptor
    }

    /// Reads a whole file; past `limit` bytes it stops and throws `TooLarge`.
    static func readAll(path: String, limit: Int) throws(CLIError) -> [UInt8] {
        let descriptor = try open(path: path)
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        switch readAll(descriptor: descriptor, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(.tooLarge): throw CLIError("\(shown(path)) is larger than \(limit) bytes")
        case .failure(.io(let message)): throw CLIError("cannot read \(shown(path)): \(message)")
        }
    }

    enum ReadFailure: Error {
        case tooLarge
        case io(String)
    }

    static func readAll(descriptor: Int32, limit: Int) -> Result<[UInt8], ReadFailure> {
        var bytes: [UInt8] = []
        let chunk = 1 << 16
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            if Int(info.st_size) > limit { return .failure(.tooLarge) }
            // One chunk more than the file: the read that finds the end appends a chunk
            // too, and without room for it a 100 MB file's array doubled to 200 MB.
            bytes.reserveCapacity(Int(info.st_size) + chunk)
        }
        while true {
            let before = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            let count = bytes.withUnsafeMutableBufferPointer { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + before }, chunk)
            }
            if count < 0 {
                if errno == EINTR { bytes.removeLast(chunk); continue }
                return .failure(.io(String(cString: strerror(errno))))
            }
            bytes.removeLast(chunk - count)
            if count == 0 { return .success(bytes) }
            if bytes.count > limit { return .failure(.tooLarge) }
        }
    }
}
