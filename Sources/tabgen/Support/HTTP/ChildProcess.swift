#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run with posix_spawn: writes `input` to its standard input, reads its
/// standard output as it comes and keeps its standard error (a few KiB) for messages.
/// Foundation's Process is not in FoundationEssentials; this is the little curl needs.
final class ChildProcess {
    struct SpawnError: Error {
        var reason: String
    }

    private let pid: pid_t
    private var output: Int32
    private var errors: Int32
    private var errorBytes: [UInt8] = []
    private var exited: Int32?

    /// Starts `arguments[0]`, looked up on PATH.
    init(_ arguments: [String], input: [UInt8]) throws(SpawnError) {
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        // Close-on-exec: another thread's curl must not inherit these pipes (it would
        // keep them open, and this reader would wait for its end too). The lock makes
        // pipe-then-FD_CLOEXEC atomic with respect to the other threads' spawns.
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        guard Self.pipe(&inPipe) else { throw SpawnError(reason: "no pipe") }
        guard Self.pipe(&outPipe) else { Self.close(inPipe); throw SpawnError(reason: "no pipe") }
        guard Self.pipe(&errPipe) else { Self.close(inPipe + outPipe); throw SpawnError(reason: "no pipe") }
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for descriptor in inPipe + outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let status = posix_spawnp(&child, arguments[0], &actions, nil, argv, environment)
        Self.close([inPipe[0], outPipe[1], errPipe[1]])
        guard status == 0 else {
            Self.close([inPipe[1], outPipe[0], errPipe[0]])
            throw SpawnError(reason: String(cString: strerror(status)))
        }
        pid = child
        output = outPipe[0]
        errors = errPipe[0]
        Self.write(input, to: inPipe[1])
        systemClose(inPipe[1])
    }

    /// Writes the (small: a config of a few lines, which fits the pipe's buffer) input.
    /// A program that exits without reading it must not end tabgen with SIGPIPE.
    private static func write(_ input: [UInt8], to descriptor: Int32) {
        #if os(Linux)
        var block = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var none = timespec()
                _ = sigtimedwait(&block, nil, &none)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        #else
        _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
        #endif
        var offset = 0
        while offset < input.count {
            let written = input[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
    }

    /// A pipe whose ends close on exec (posix_spawn's dup2 gives the child its own copies).
    private static func pipe(_ ends: inout [Int32]) -> Bool {
        guard systemPipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static let spawnLock = SpawnLock()

    deinit {
        if exited == nil { kill(); _ = wait() }
        if output >= 0 { systemClose(output) }
        if errors >= 0 { systemClose(errors) }
    }

    /// Reads standard output until it ends (true), `consume` returns false, or the
    /// deadline passes (false for both).
    func read(until deadline: Deadline, _ consume: ([UInt8]) -> Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while output >= 0 {
            var entries = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&entries, errors >= 0 ? 2 : 1, deadline.remainingMilliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return false }
            if errors >= 0, entries[1].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { systemRead(errors, $0.baseAddress, $0.count) }
                if count <= 0 {
                    systemClose(errors)
                    errors = -1
                } else if errorBytes.count < 16 * 1024 {
                    errorBytes += buffer[0..<count]
                }
            }
            if entries[0].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { systemRead(output, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 {
                    systemClose(output)
                    output = -1
                } else if !consume(Array(buffer[0..<count])) {
                    return false
                }
            }
        }
        // Standard error, to its end (the program is exiting).
        while errors >= 0 {
            let count = buffer.withUnsafeMutableBytes { systemRead(errors, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                systemClose(errors)
                errors = -1
            } else if errorBytes.count < 16 * 1024 {
                errorBytes += buffer[0..<count]
            }
        }
        return true
    }

    var errorText: String { String(decoding: errorBytes, as: UTF8.self) }

    func kill() {
        if exited == nil { _ = systemKill(pid, SIGKILL) }
    }

    /// Waits for the program to end: its exit status, or 128 + the signal that ended it.
    func wait() -> Int32 {
        if let exited { return exited }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exited = code
        return code
    }

    private static func close(_ descriptors: [Int32]) {
        for descriptor in descriptors { systemClose(descriptor) }
    }
}

// The C calls, under names that ChildProcess's own read, write, kill, pipe and close do not hide.
private func systemClose(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemKill(_ pid: pid_t, _ signal: Int32) -> Int32 {
    kill(pid, signal)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func systemPipe(_ ends: inout [Int32]) -> Int32 {
    pipe(&ends)
}

/// A pthread mutex (NSLock is not in FoundationEssentials).
private final class SpawnLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}
