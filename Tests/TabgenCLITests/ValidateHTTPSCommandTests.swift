import Foundation
import Testing
import TestSupport

/// `validate --url` over https://, which tabgen fetches with the curl program: against
/// server.py with a certificate made for the test (openssl), trusted through curl's
/// CURL_CA_BUNDLE or not at all. The chunked route checks the http:// reader's
/// transfer decoding against a real server too.
struct ValidateHTTPSCommandTests {
    let tg104 = #"error[TG104] /tabs/1/path: "https://evil.example/x" is not a relative reference (it has scheme "https")"#

    /// A self-signed certificate for 127.0.0.1, valid for a day, and its key.
    static func certificate(in directory: URL) throws -> (certificate: String, key: String) {
        let certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                             "-keyout", key, "-out", certificate]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestServerError(message: "openssl could not make a certificate") }
        return (certificate, key)
    }

    @Test func fetchesPagesOverTLSWithCurl() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tls = try Self.certificate(in: directory)
        let server = try TestHTTPServer(tls: tls)
        defer { server.stop() }
        let trusted = ["CURL_CA_BUNDLE": tls.certificate]
        let result = try CLI.run(["validate", "--url", server.url("/pages/invalid.html"), server.url("/redirect-same")],
                                 environment: trusted)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdoutLines == [
            "\(server.url("/pages/invalid.html")):3:81: \(tg104)",
            "\(server.url("/redirect-same")):1:1: note: followed a redirect to \(server.url("/ok.html")) (same origin)",
        ])
        // Headers reach the server, and a status is reported as over http://.
        let auth = try CLI.run(["validate", "--header", "Authorization: Bearer tabgen-test", "--url", server.url("/auth"), server.url("/native-only")],
                               environment: trusted)
        #expect(auth.status == 0, "\(auth.stderr)")
        let refused = try CLI.run(["validate", "--url", server.url("/auth")], environment: trusted)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("cannot fetch \(server.url("/auth")): HTTP 401 unauthorized"))
        // The body limit holds while curl streams.
        let big = try CLI.run(["validate", "--max-bytes", "100000", "--url", server.url("/big"), server.url("/big-declared")], environment: trusted)
        #expect(big.stdoutLines.count == 2)
        #expect(big.stdoutLines.allSatisfy { $0.contains("error[TG002] (root): page is larger than the limit of 100000 bytes") })
    }

    @Test func untrustedCertificateFails() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try TestHTTPServer(tls: try Self.certificate(in: directory))
        defer { server.stop() }
        let result = try CLI.run(["validate", "--url", server.url("/ok.html")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot fetch \(server.url("/ok.html")): TLS failed: SSL certificate problem: self-signed certificate\n"), "\(result.stderr)")
    }

    @Test func chunkedResponseIsDecoded() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let result = try CLI.run(["validate", "--url", server.url("/chunked")])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("checked 1 page: 1 valid"))
    }

    @Test func curlMissingIsExplained() throws {
        let empty = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = try CLI.run(["validate", "--url", "https://127.0.0.1:1/"], environment: ["PATH": empty.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("https:// URLs need the curl program, which is not on PATH"), "\(result.stderr)")
    }
}
