#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// https:// through the curl program (on PATH), so that tabgen carries no TLS library
/// and follows the system's certificate store and proxy settings as curl does. The
/// URL and headers go to curl on its standard input (`--config -`), never on its
/// command line, where `ps` would show a session cookie; `-q` skips any ~/.curlrc.
struct CurlTransport: HTTPTransport {
    func get(_ url: URL, headers: [(String, String)], deadline: Deadline, maxBytes: Int) -> HTTPExchange {
        let config = Self.config(url, headers: headers, seconds: max(deadline.remainingSeconds, 1))
        let child: ChildProcess
        do {
            child = try ChildProcess(["curl", "-q", "--config", "-"], input: Array(config.utf8))
        } catch {
            return .failed("https:// URLs need the curl program, which is not on PATH (\(error.reason))")
        }
        var reader = HTTPResponseReader(maxBytes: maxBytes, framing: .untilEnd)
        var event = HTTPResponseReader.Event.needMore
        let finished = child.read(until: deadline) { bytes in
            event = reader.feed(bytes)
            return event == .needMore
        }
        guard finished else {
            child.kill()
            return event == .needMore ? .timedOut : HTTPExchange(event, reader)
        }
        let status = child.wait()
        if status == 0 { return HTTPExchange(reader.finish(), reader) }
        return Self.failure(exitStatus: status, message: child.errorText)
    }

    /// curl's config file (its `--config` syntax): quoted strings with `\"` and `\\`.
    static func config(_ url: URL, headers: [(String, String)], seconds: Int) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
        var lines = [
            "url = \(quoted(url.absoluteString))",
            "silent", "show-error", "include", "globoff", "suppress-connect-headers",
            "proto = \"=https\"", "max-time = \(seconds)",
        ]
        lines += headers.map { "header = \(quoted("\($0.0): \($0.1)"))" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Why curl gave up, in the words the socket transport uses where they mean the same.
    static func failure(exitStatus: Int32, message: String) -> HTTPExchange {
        // curl's first line says what failed ("curl: (60) SSL certificate problem: ..."); the
        // lines after it are advice about curl's own options.
        let line = message.split(separator: "\n").first { $0.hasPrefix("curl: (") } ?? message.split(separator: "\n").first ?? ""
        let afterCode = line.drop { $0 != ")" }.dropFirst().drop { $0 == " " }
        let detail = afterCode.isEmpty ? String(line) : String(afterCode)
        switch exitStatus {
        case 6: return .failed("could not resolve the host name")
        case 7: return .failed("could not connect to the server")
        case 28: return .timedOut
        case 52: return .failed("the server closed the connection without answering")
        case 55, 56: return .failed("the connection was lost")
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91:
            return .failed("TLS failed: \(detail)")
        default: return .failed("curl failed (exit status \(exitStatus)): \(detail)")
        }
    }
}
