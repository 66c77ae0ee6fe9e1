#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches one page over HTTP(S) for `validate --url`: within a time limit, with a
/// body limit enforced while the body streams in, following redirects only within
/// the page's origin (the headers it sends, such as a session cookie, are for that
/// origin alone).
struct PageFetcher: Sendable {
    var timeout: Double
    var maxBytes: Int
    var headers: [HTTPHeader]
    /// Sent unless a `--header` sets User-Agent: Rails' `hotwire_native_app?` looks
    /// for "Hotwire Native", and a page may render the bridge element only then.
    var userAgent: String
    var maxRedirects = 10

    enum Outcome: Sendable {
        /// The body of a 2xx response.
        case page([UInt8])
        /// The body is larger than `maxBytes` (reading stopped there).
        case tooLarge
        /// A redirect to another origin, not followed.
        case crossOriginRedirect(to: URL)
        /// No page: connection, TLS, timeout, HTTP status. The text says why.
        case failed(String)

        var isFailure: Bool {
            if case .failed = self { return true }
            return false
        }
    }

    struct Result: Sendable {
        var outcome: Outcome
        /// Same-origin redirects followed, in order.
        var redirects: [URL]
    }

    /// Fetches `url`, blocking the calling thread until done (at most `timeout`
    /// seconds in all, redirects included).
    func fetch(_ url: URL) -> Result {
        guard let origin = Origin(url) else { return Result(outcome: .failed("not an http or https URL"), redirects: []) }
        let fields = headerFields()
        let deadline = Deadline(secondsFromNow: timeout)
        var current = url
        var redirects: [URL] = []
        while true {
            let transport: any HTTPTransport = Origin(current)?.scheme == "https" ? CurlTransport() : SocketTransport()
            let exchange = deadline.hasPassed ? .timedOut : transport.get(current, headers: fields, deadline: deadline, maxBytes: maxBytes)
            switch exchange {
            case .tooLarge: return Result(outcome: .tooLarge, redirects: redirects)
            case .timedOut: return Result(outcome: .failed("timed out after \(Self.seconds(timeout))"), redirects: redirects)
            case .failed(let reason): return Result(outcome: .failed(reason), redirects: redirects)
            case .response(let status, let headers, let body):
                if [301, 302, 303, 307, 308].contains(status),
                   let location = headers.first(where: { $0.name.lowercased() == "location" })?.value {
                    guard let target = Self.redirectTarget(location, from: current) else {
                        return Result(outcome: .failed("HTTP \(status) redirects to \(PageURL.redacted(location).debugDescription), which is not a URL"), redirects: redirects)
                    }
                    guard Origin(target) == origin else { return Result(outcome: .crossOriginRedirect(to: target), redirects: redirects) }
                    guard redirects.count < maxRedirects else {
                        return Result(outcome: .failed("more than \(maxRedirects) redirects"), redirects: redirects)
                    }
                    redirects.append(target)
                    current = target
                    continue
                }
                guard (200..<300).contains(status) else {
                    return Result(outcome: .failed("HTTP \(status) \(HTTPStatus.reason(status))"), redirects: redirects)
                }
                return Result(outcome: .page(body), redirects: redirects)
            }
        }
    }

    /// Where a redirect goes: its Location resolved against the URL that answered
    /// (RFC 3986 section 5, as browsers do), the path kept as sent (`/dir/` keeps its
    /// slash; a relative path climbs from the current directory).
    static func redirectTarget(_ location: String, from base: URL) -> URL? {
        URL(string: location[...].trimmingASCIISpaces(), relativeTo: base)?.absoluteURL
    }

    /// The request headers: the defaults, unless a --header names the same field.
    func headerFields() -> [(String, String)] {
        var fields: [(String, String)] = []
        let given = Set(headers.map { $0.name.lowercased() })
        if !given.contains("user-agent") { fields.append(("User-Agent", userAgent)) }
        if !given.contains("accept") { fields.append(("Accept", "text/html,application/xhtml+xml")) }
        return fields + headers.map { ($0.name, $0.value) }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }
}

/// A URL's origin: scheme, host and port (RFC 6454).
struct Origin: Equatable, Sendable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }
}
