import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
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
    /// seconds, and a moment to wind down).
    func fetch(_ url: URL) -> Result {
        guard let origin = Origin(url) else { return Result(outcome: .failed("not an http or https URL"), redirects: []) }
        let fields = headerFields()
        let delegate = FetchDelegate(origin: origin, headers: fields, maxBytes: maxBytes, maxRedirects: maxRedirects)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        // Cookies come from --header only, never from a store.
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        // FoundationNetworking hands each piece of the body (16 KiB, inflated when the
        // response is compressed) to the delegate asynchronously, without back-pressure:
        // pieces wait in this queue until the delegate drops them past --max-bytes. A
        // serial dispatch queue of its own drains them several times faster than the
        // default OperationQueue, which let a 2 GB body pile up (1.1 GB peak).
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        // OperationQueue holds its underlying queue unowned: the delegate owns it (and
        // every pending delivery holds the delegate).
        queue.underlyingQueue = delegate.queue
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        for (name, value) in fields { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: request)
        task.resume()
        if !delegate.wait(seconds: timeout) {
            delegate.fail("timed out after \(Self.seconds(timeout))")
            task.cancel()
            _ = delegate.wait(seconds: 5)
        }
        session.invalidateAndCancel()
        return delegate.result(timeout: timeout)
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

/// Collects one fetch. URLSession calls it on its own queue; the fetching thread
/// waits on `done` and then reads the result, so every field is behind `lock`.
private final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let origin: Origin
    private let headers: [(String, String)]
    private let maxBytes: Int
    private let maxRedirects: Int
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    /// Where URLSession calls this delegate (see `PageFetcher.fetch`).
    let queue = DispatchQueue(label: "tabgen.fetch")
    private var body: [UInt8] = []
    private var redirects: [URL] = []
    /// Decided before completion: too large, a refused redirect, an HTTP error, a timeout.
    private var early: PageFetcher.Outcome?
    private var completion: Error??

    init(origin: Origin, headers: [(String, String)], maxBytes: Int, maxRedirects: Int) {
        self.origin = origin
        self.headers = headers
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func wait(seconds: Double) -> Bool {
        done.wait(timeout: .now() + seconds) == .success
    }

    /// Records an outcome unless one is already known.
    func fail(_ reason: String) {
        locked { if early == nil { early = .failed(reason) } }
    }

    func result(timeout: Double) -> PageFetcher.Result {
        locked {
            let outcome: PageFetcher.Outcome
            if let early {
                outcome = early
            } else if case .some(.some(let error)) = completion {
                outcome = .failed(Self.describe(error, timeout: timeout))
            } else if completion != nil {
                outcome = .page(body)
            } else {
                outcome = .failed("the request did not finish")
            }
            return PageFetcher.Result(outcome: outcome, redirects: redirects)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @Sendable @escaping (URLRequest?) -> Void) {
        let next: URLRequest? = locked {
            guard early == nil, let target = Self.redirectTarget(response) ?? request.url else { return nil }
            guard Origin(target) == origin else {
                early = .crossOriginRedirect(to: target)
                return nil
            }
            guard redirects.count < maxRedirects else {
                early = .failed("more than \(maxRedirects) redirects")
                return nil
            }
            redirects.append(target)
            // Same origin: the --header fields go along, whatever URLSession kept.
            var followed = request
            followed.url = target
            for (name, value) in headers { followed.setValue(value, forHTTPHeaderField: name) }
            return followed
        }
        completionHandler(next)
        if next == nil { task.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @Sendable @escaping (URLSession.ResponseDisposition) -> Void) {
        let proceed: Bool = locked {
            guard early == nil else { return false }
            guard let http = response as? HTTPURLResponse else { return true }
            if !(200..<300).contains(http.statusCode) {
                early = .failed("HTTP \(http.statusCode) \(HTTPURLResponse.localizedString(forStatusCode: http.statusCode))")
                return false
            }
            if http.expectedContentLength > Int64(maxBytes) {
                early = .tooLarge
                return false
            }
            return true
        }
        completionHandler(proceed ? .allow : .cancel)
        // FoundationNetworking ignores the disposition; cancel explicitly, off this
        // queue (see the body's limit below).
        if !proceed {
            DispatchQueue.global().async { dataTask.cancel() }
            done.signal()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow: Bool = locked {
            guard early == nil else { return false }
            if body.count + data.count > maxBytes {
                early = .tooLarge
                body = []
                return true
            }
            body.append(contentsOf: data)
            return false
        }
        // cancel() waits for the session's work queue, which is busy delivering (and
        // inflating) the rest of the body: called here it would block this queue while
        // the pieces pile up behind it (a 4 MB gzip body peaked at 4.5 GB). So cancel
        // elsewhere, drop what still arrives, and let the fetching thread go now.
        if overflow {
            DispatchQueue.global().async { dataTask.cancel() }
            done.signal()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        locked {
            if completion == nil { completion = .some(error) }
        }
        done.signal()
    }

    /// Where a redirect goes: its Location resolved against the URL that answered
    /// (RFC 3986 section 5, as browsers do), the path kept as sent. FoundationNetworking
    /// rebuilds a relative Location from `URL.path`, which drops a trailing slash
    /// (`/dir/` becomes `/dir`, which a server redirects to `/dir/` again: a loop) and
    /// puts a relative path under `/` instead of the current directory.
    static func redirectTarget(_ response: HTTPURLResponse) -> URL? {
        guard let location = response.value(forHTTPHeaderField: "Location"), let base = response.url,
              let target = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: base) else { return nil }
        return target.absoluteURL
    }

    static func describe(_ error: Error, timeout: Double) -> String {
        guard let urlError = error as? URLError else { return (error as NSError).localizedDescription }
        switch urlError.code {
        case .timedOut: return "timed out after \(PageFetcher.seconds(timeout))"
        case .cannotConnectToHost: return "could not connect to the server"
        case .cannotFindHost, .dnsLookupFailed: return "could not resolve the host name"
        case .networkConnectionLost: return "the connection was lost"
        case .notConnectedToInternet: return "no network connection"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return "TLS failed: \(urlError.localizedDescription)"
        case .httpTooManyRedirects: return "too many redirects"
        default: return urlError.localizedDescription
        }
    }
}
