import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// The HTTP server in Payloads/http/server.py, on 127.0.0.1 and a free port, for
/// one test. `stop()` ends it; it also ends by itself when this process goes away.
final class TestHTTPServer {
    private let process = Process()
    private let input = Pipe()
    let port: Int
    let scheme: String

    /// `tls`: a certificate and its key, to serve https:// instead.
    init(tls: (certificate: String, key: String)? = nil) throws {
        scheme = tls == nil ? "http" : "https"
        process.standardInput = input
        let line = try startTestServer(process, ["python3", CLI.payload("http/server.py")] + (tls.map { ["--tls", $0.certificate, $0.key] } ?? []))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(line) else {
            kill(process.processIdentifier, SIGKILL)
            throw TestServerError(message: "server.py did not print its port (got \(line.debugDescription))")
        }
        self.port = port
    }

    /// `http://127.0.0.1:PORT` (or https) + `path`.
    func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// `tabgen validate`'s arguments: `options`, then `--url` and the URLs of `paths`.
    func validateArguments(_ paths: [String], options: [String] = []) -> [String] {
        ["validate"] + options + ["--url"] + paths.map(url)
    }

    /// Runs `tabgen validate` on the URLs of `paths` (see `validateArguments`).
    func validate(_ paths: [String], options: [String] = []) throws -> CLIResult {
        try CLI.run(validateArguments(paths, options: options))
    }

    /// The most /slow requests the server had in flight at once; resets the count.
    func maxInFlight() throws -> Int {
        let data = try Data(contentsOf: try #require(URL(string: url("/stats?reset=1"))))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["maxInFlight"] as? Int)
    }

    /// Closes the server's standard input, which ends it, and kills it to be sure:
    /// children of test threads may inherit a mask that blocks SIGTERM.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

struct TestServerError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Starts a test server (`arguments` under /usr/bin/env, standard error discarded) and
/// reads what it prints up to the end of its first line, where it says its port.
func startTestServer(_ process: Process, _ arguments: [String]) throws -> String {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var data = Data()
    while !data.contains(0x0A) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        data.append(chunk)
    }
    return String(decoding: data, as: UTF8.self)
}

/// Runs tabgen and measures how long it took.
func timedRun(_ arguments: [String], in directory: URL? = nil) throws -> (CLIResult, Double) {
    let start = Date()
    let result = try CLI.run(arguments, in: directory)
    return (result, Date().timeIntervalSince(start))
}

/// `tabgen validate --url` and `--urls-from` against a real server on 127.0.0.1: each
/// test has a server of its own (Swift Testing makes an instance of the suite per test),
/// stopped when the test ends.
final class ValidateURLCommandTests {
    let server: TestHTTPServer

    init() throws { server = try TestHTTPServer() }

    deinit { server.stop() }

    @Test func fetchesAndValidatesPages() throws {
        let result = try server.validate(["/ok.html", "/pages/invalid.html"])
        #expect(result.status == 1)
        #expect(result.stdoutLines == ["\(server.url("/pages/invalid.html")):3:81: \(ValidateHTMLCommandTests.tg104)"])
        #expect(result.stderr.contains("checked 2 pages: 1 valid, 0 invalid") == false)
        #expect(result.stderr.contains("checked 2 pages: 1 valid, 1 invalid (1 error, 0 warnings)"))
    }

    @Test func pageChecksApplyToFetchedPages() throws {
        let missing = try server.validate(["/pages/missing.html"])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("\(server.url("/pages/missing.html")):1:1: error[TG003]"))
        let allowed = try server.validate(["/pages/missing.html"], options: ["--allow-missing"])
        #expect(allowed.status == 0)
        let decoys = try server.validate(["/pages/decoys.html", "/pages/spellings.html"])
        #expect(decoys.stdoutLines.count == 1)
        #expect(decoys.stdout.contains("decoys.html:1:1: error[TG003]"))
    }

    @Test func slowResponseTimesOut() throws {
        let (result, seconds) = try timedRun(server.validateArguments(["/slow?seconds=10"], options: ["--timeout", "1"]))
        #expect(result.status == 2)
        #expect(result.stderr.contains("tabgen: error: cannot fetch \(server.url("/slow?seconds=10")): timed out after 1 s"))
        #expect(result.stderr.contains("1 URL could not be read"))
        #expect(seconds < 8, "took \(seconds) s")
    }

    @Test func serverErrorCannotBeChecked() throws {
        let result = try server.validate(["/500", "/ok.html"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("cannot fetch \(server.url("/500")): HTTP 500"))
        #expect(result.stderr.contains("checked 1 page: 1 valid, 0 invalid (0 errors, 0 warnings); 1 URL could not be read"))
    }

    @Test func connectionRefusedCannotBeChecked() throws {
        let result = try CLI.run(["validate", "--url", "http://127.0.0.1:1/"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot fetch http://127.0.0.1:1/: could not connect"))
    }

    @Test func sameOriginRedirectIsFollowedAndReported() throws {
        let result = try server.validate(["/redirect-same", "/redirect-chain"])
        #expect(result.status == 0)
        #expect(result.stdoutLines == [
            "\(server.url("/redirect-same")):1:1: note: followed a redirect to \(server.url("/ok.html")) (same origin)",
            "\(server.url("/redirect-chain")):1:1: note: followed 2 redirects (same origin): \(server.url("/redirect-same")), then \(server.url("/ok.html"))",
        ])
        let json = try server.validate(["/redirect-same"], options: ["--format", "json"])
        let note = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(note["severity"] as? String == "note")
        let github = try server.validate(["/redirect-same"], options: ["--format", "github"])
        #expect(github.stdout.hasPrefix("::notice file=http%3A//127.0.0.1%3A\(server.port)/redirect-same,line=1,col=1::followed a redirect"))
    }

    @Test func redirectToAnotherOriginIsRefused() throws {
        let result = try server.validate(["/redirect-other"])
        #expect(result.status == 1)
        #expect(result.stdoutLines.count == 1)
        #expect(result.stdout.hasPrefix("\(server.url("/redirect-other")):1:1: error[TG005] (root): redirects to http://localhost:\(server.port)/ok.html, another origin"))
    }

    @Test func redirectLoopEnds() throws {
        let result = try server.validate(["/redirect-loop"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("more than 10 redirects"))
        #expect(result.stdout.isEmpty)
    }

    /// A redirect goes where its Location says, resolved against the page like a browser
    /// does: `/dir/` keeps its slash (the server sends `/dir` back to `/dir/`, so losing it
    /// loops), its query stays, and `../` climbs from the redirecting page's directory.
    @Test func redirectKeepsThePathAsSent() throws {
        let result = try server.validate(["/redirect-dir", "/redirect-dir-query", "/nested/redirect-up"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines == [
            "\(server.url("/redirect-dir")):1:1: note: followed a redirect to \(server.url("/dir/")) (same origin)",
            "\(server.url("/redirect-dir-query")):1:1: note: followed a redirect to \(server.url("/dir/?a=1")) (same origin)",
            "\(server.url("/nested/redirect-up")):1:1: note: followed a redirect to \(server.url("/dir/?a=1")) (same origin)",
        ])
        #expect(result.stderr.contains("checked 3 pages: 3 valid"))
    }

    @Test func fiftyMegabyteBodyIsCutOff() throws {
        // Streamed without a Content-Length: the limit applies while reading.
        let (result, seconds) = try timedRun(server.validateArguments(["/big"]))
        #expect(result.status == 1)
        #expect(result.stdoutLines == ["\(server.url("/big")):1:1: error[TG002] (root): page is larger than the limit of 16777216 bytes (--max-bytes)"])
        #expect(seconds < 30, "took \(seconds) s")
        // Announced: refused from the headers; a smaller limit applies the same way.
        let declared = try server.validate(["/big-declared", "/big"], options: ["--max-bytes", "100000"])
        #expect(declared.status == 1)
        #expect(declared.stdoutLines.count == 2)
        #expect(declared.stdoutLines.allSatisfy { $0.contains("error[TG002] (root): page is larger than the limit of 100000 bytes") })
    }

    @Test func headersAreSentAndFollowSameOriginRedirects() throws {
        let without = try server.validate(["/auth"])
        #expect(without.status == 2)
        #expect(without.stderr.contains("HTTP 401"))
        let with = try server.validate(["/auth", "/redirect-auth"], options: ["--header", "Authorization: Bearer tabgen-test"])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stderr.contains("checked 2 pages: 2 valid"))
    }

    @Test func userAgentSaysHotwireNativeUnlessOverridden() throws {
        let native = try server.validate(["/native-only"])
        #expect(native.status == 0)
        let browser = try server.validate(["/native-only"], options: ["--header", "User-Agent: Mozilla/5.0"])
        #expect(browser.status == 1)
        #expect(browser.stdout.contains("error[TG003]"))
    }

    @Test func urlsFromFileRunConcurrentlyAndReportInOrder() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = ["/slow?seconds=2", "/pages/invalid.html", "/slow?seconds=2", "/pages/missing.html",
                     "/slow?seconds=2", "/ok.html", "/slow?seconds=2", "/pages/multiple.html"]
        let list = "# pages to check\n\n" + paths.map { "  \(server.url($0))  " }.joined(separator: "\n") + "\n"
        try Data(list.utf8).write(to: directory.appendingPathComponent("urls.txt"))
        let result = try CLI.run(["validate", "--urls-from", "urls.txt", "--concurrency", "4"], in: directory)
        #expect(result.status == 1)
        // The four slow pages overlap, and never more than four requests run at once.
        let inFlight = try server.maxInFlight()
        #expect(inFlight >= 3 && inFlight <= 4, "\(inFlight) slow requests at once")
        #expect(result.stdoutLines.map { $0.components(separatedBy: ": ")[0] } == [
            "\(server.url("/pages/invalid.html")):3:81",
            "\(server.url("/pages/missing.html")):1:1",
            "\(server.url("/pages/multiple.html")):4:1",
        ])
        #expect(result.stderr.contains("checked 8 pages: 6 valid, 2 invalid (2 errors, 1 warning)"))
        // Not a terminal: no progress line.
        #expect(!result.stderr.contains("checking"))
        #expect(!result.stderr.contains("\r"))
        // So does a smaller bound, with the same report.
        let two = try CLI.run(["validate", "--urls-from", "urls.txt", "--concurrency", "2"], in: directory)
        #expect(two.stdout == result.stdout)
        #expect(try server.maxInFlight() <= 2)
    }

    @Test func urlsFromStandardInputAndBadLines() throws {
        let fromStdin = try CLI.run(["validate", "--urls-from", "-"], stdin: Data("\(server.url("/ok.html"))\n".utf8))
        #expect(fromStdin.status == 0)
        let bad = try CLI.run(["validate", "--urls-from", "-"], stdin: Data("\(server.url("/ok.html"))\n\nnot a url\n".utf8))
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("<stdin>:3: not an absolute http or https URL: not a url"))
        let empty = try CLI.run(["validate", "--urls-from", "-"], stdin: Data("# nothing\n".utf8))
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("lists no URLs"))
    }

    @Test func githubFormatNamesTheURL() throws {
        let result = try server.validate(["/pages/invalid.html"], options: ["--format", "github"])
        #expect(result.status == 1)
        #expect(result.stdoutLines == [
            #"::error file=http%3A//127.0.0.1%3A\#(server.port)/pages/invalid.html,line=3,col=81,title=TG104::/tabs/1/path: "https://evil.example/x" is not a relative reference (it has scheme "https")"#,
        ])
    }

    @Test func credentialsInAURLAreNotPrinted() throws {
        let url = "http://deploy:s3cret@127.0.0.1:\(server.port)/pages/invalid.html"
        for format in ["text", "json", "github"] {
            let result = try CLI.run(["validate", "--format", format, "--url", url, "http://deploy:s3cret@127.0.0.1:1/"])
            #expect(result.status == 2, "\(format): \(result.stderr)")
            #expect(!result.stdout.contains("s3cret") && !result.stderr.contains("s3cret"), "\(format): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("127.0.0.1"), "the page is still named")
        }
        let text = try CLI.run(["validate", "--url", url])
        #expect(text.stdout.hasPrefix("http://***@127.0.0.1:\(server.port)/pages/invalid.html:3:81: error[TG104]"), "\(text.stdout)")
    }

    @Test func filesAndURLsTogether() throws {
        let result = try CLI.run(["validate", "--html", CLI.payload("html/valid.html"), "--url", server.url("/ok.html"), server.url("/500")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("checked 2 pages: 2 valid, 0 invalid (0 errors, 0 warnings); 1 file or URL could not be read"))
    }

    #if os(Linux)
    @Test
    func progressLineOnATerminal() throws {
        // script(1) from util-linux gives tabgen a terminal; its output lands in the
        // transcript file.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let transcript = directory.appendingPathComponent("typescript")
        let command = [CLI.binary.path, "validate", "--url", server.url("/ok.html"), server.url("/slow?seconds=1")]
            .map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", command, transcript.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: try Data(contentsOf: transcript), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(text.contains("\r\u{1B}[K[0/2] checking \(server.url("/ok.html"))"))
        #expect(text.contains("[1/2] checking"))
        #expect(text.contains("checked 2 pages: 2 valid"))
    }
    #endif
}
