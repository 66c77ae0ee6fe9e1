#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// http:// over a plain TCP socket: HTTP/1.1 with `Connection: close`, one request per
/// connection (a page check sends a handful). Non-blocking, so every step waits at
/// most until the deadline.
struct SocketTransport: HTTPTransport {
    func get(_ url: URL, headers: [(String, String)], deadline: Deadline, maxBytes: Int) -> HTTPExchange {
        guard let origin = Origin(url) else { return .failed("not an http URL") }
        let socket: Int32
        switch Self.openConnection(host: origin.host, port: origin.port, deadline: deadline) {
        case .success(let descriptor): socket = descriptor
        case .failure(let failure): return failure.exchange
        }
        defer { close(socket) }
        let request = Self.request(url, origin: origin, headers: headers)
        if let failure = Self.sendAll(request, to: socket, deadline: deadline) { return failure.exchange }
        var reader = HTTPResponseReader(maxBytes: maxBytes, framing: .fromHeaders)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            guard Self.wait(socket, for: Int16(POLLIN), deadline: deadline) else { return .timedOut }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                return .failed("the connection was lost")
            }
            let event = count == 0 ? reader.finish() : reader.feed(buffer[0..<count])
            if event != .needMore { return HTTPExchange(event, reader) }
        }
    }

    /// The request's bytes. Credentials in the URL (`user:secret@`) go as Basic
    /// authentication unless a header sets Authorization, as curl and browsers do.
    static func request(_ url: URL, origin: Origin, headers: [(String, String)]) -> [UInt8] {
        var target = url.path(percentEncoded: true)
        if target.isEmpty { target = "/" }
        if let query = url.query(percentEncoded: true) { target += "?" + query }
        let host = origin.host.contains(":") ? "[\(origin.host)]" : origin.host
        var lines = ["GET \(target) HTTP/1.1", "Host: \(host)" + (origin.port == 80 ? "" : ":\(origin.port)")]
        let named = Set(headers.map { $0.0.lowercased() })
        if let user = url.user(percentEncoded: false), !named.contains("authorization") {
            let credentials = user + ":" + (url.password(percentEncoded: false) ?? "")
            lines.append("Authorization: Basic " + Data(credentials.utf8).base64EncodedString())
        }
        lines += headers.map { "\($0.0): \($0.1)" }
        lines += ["Accept-Encoding: identity", "Connection: close"]
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    struct Failure: Error {
        var exchange: HTTPExchange
    }

    /// A connected non-blocking socket to the first address of `host` that answers.
    static func openConnection(host: String, port: Int, deadline: Deadline) -> Result<Int32, Failure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if os(Linux)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            return .failure(Failure(exchange: .failed("could not resolve the host name")))
        }
        defer { freeaddrinfo(first) }
        var failure = Failure(exchange: .failed("could not connect to the server"))
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            #if os(Linux)
            // Close-on-exec, so a curl started by another thread does not hold it open.
            let type = address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue)
            #else
            let type = address.pointee.ai_socktype
            #endif
            let descriptor = socket(address.pointee.ai_family, type, address.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL, 0) | O_NONBLOCK)
            #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                return .success(descriptor)
            }
            if errno == EINPROGRESS {
                if !wait(descriptor, for: Int16(POLLOUT), deadline: deadline) {
                    close(descriptor)
                    return .failure(Failure(exchange: .timedOut))
                }
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 {
                    return .success(descriptor)
                }
            }
            close(descriptor)
            failure = Failure(exchange: .failed("could not connect to the server"))
        }
        return .failure(failure)
    }

    /// Writes all of `bytes`, waiting for room until the deadline.
    static func sendAll(_ bytes: [UInt8], to socket: Int32, deadline: Deadline) -> Failure? {
        var offset = 0
        while offset < bytes.count {
            guard wait(socket, for: Int16(POLLOUT), deadline: deadline) else { return Failure(exchange: .timedOut) }
            #if os(Linux)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let written = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, flags) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                return Failure(exchange: .failed("the connection was lost"))
            }
            offset += written
        }
        return nil
    }

    /// Waits until `socket` is ready for `events`; false when the deadline passes first.
    static func wait(_ socket: Int32, for events: Int16, deadline: Deadline) -> Bool {
        while true {
            var entry = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&entry, 1, deadline.remainingMilliseconds)
            if ready > 0 { return true }
            if ready == 0 || errno != EINTR { return ready != 0 }
            if deadline.hasPassed { return false }
        }
    }
}
