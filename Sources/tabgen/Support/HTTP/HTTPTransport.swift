#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sends one GET and reads its answer, following no redirect (PageFetcher decides
/// which to follow). tabgen has two, so that the binary needs no HTTP library: a
/// socket for http:// (SocketTransport) and the curl program for https://
/// (CurlTransport).
protocol HTTPTransport: Sendable {
    func get(_ url: URL, headers: [(String, String)], deadline: Deadline, maxBytes: Int) -> HTTPExchange
}

/// What one request came to.
enum HTTPExchange {
    /// A response; `body` is read for a 2xx status only.
    case response(status: Int, headers: [(name: String, value: String)], body: [UInt8])
    /// The body would pass the limit (reading stopped there).
    case tooLarge
    /// The deadline passed.
    case timedOut
    /// No response: the text says why ("could not connect to the server").
    case failed(String)

    /// The outcome of a reader that has seen the whole response, or an error.
    init(_ event: HTTPResponseReader.Event, _ reader: HTTPResponseReader) {
        switch event {
        case .complete: self = .response(status: reader.status, headers: reader.headers, body: reader.body)
        case .tooLarge: self = .tooLarge
        case .failed(let reason): self = .failed(reason)
        case .needMore: self = .failed("the response ended early")
        }
    }
}

/// A point in time on the monotonic clock, for one fetch and its redirects.
struct Deadline: Sendable {
    private let instant: ContinuousClock.Instant

    init(secondsFromNow seconds: Double) {
        instant = .now + .seconds(max(0, min(seconds, 1e9)))
    }

    var hasPassed: Bool { ContinuousClock.now >= instant }

    /// Milliseconds left, for poll(2): at least 0, at most Int32.max.
    var remainingMilliseconds: Int32 {
        let left = instant - .now
        guard left > .zero else { return 0 }
        // Rounded up, so that a wait does not end just before the deadline.
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// Seconds left, rounded up (curl's --max-time).
    var remainingSeconds: Int { (Int(remainingMilliseconds) + 999) / 1000 }
}
