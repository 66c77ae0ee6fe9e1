import Foundation
import Testing

/// Input built to crash or exhaust tabgen (issue 23): each must end with exit status 2
/// and a message that says what was refused, never a signal. The real binary runs with
/// the limits any user's machine has.
struct HostileInputCommandTests {
    /// Exit status 2 and `message` on stderr (a crash shows as the signal's number: 4, 5, 6, 11).
    func expectRefused(_ result: CLIResult, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "stderr: \(result.stderr.prefix(500))", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr.prefix(500))", sourceLocation: sourceLocation)
    }

    // MARK: item 9: HTTP framing with a sign

    @Test func signedChunkSizeOrContentLengthIsRefused() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        for chunk in ["-1", "%2B5", "-0"] {
            let url = server.url("/framing?chunk=\(chunk)")
            expectRefused(try CLI.run(["validate", "--url", url]), "cannot fetch \(url): a chunk size is not a hexadecimal number")
            // --path-config reads its URL with the same reader.
            let config = try CLI.run(["validate", "--path-config", url])
            #expect(config.status == 2)
            #expect(config.stderr.contains("a chunk size is not a hexadecimal number"), "\(config.stderr)")
        }
        let url = server.url("/framing?length=%2B5")
        expectRefused(try CLI.run(["validate", "--url", url]), "cannot fetch \(url): the Content-Length +5 is not a number")
        // The same page framed properly is read.
        let length = try Data(contentsOf: URL(fileURLWithPath: CLI.payload("html/valid.html"))).count
        let valid = server.url("/framing?length=\(length)")
        #expect(try CLI.run(["validate", "--url", valid]).status == 0)
    }
}
