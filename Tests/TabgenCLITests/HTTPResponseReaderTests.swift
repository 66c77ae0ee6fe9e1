import Testing
@testable import tabgen

/// The response reader of `validate --url`, fed in pieces as a socket delivers them.
struct HTTPResponseReaderTests {
    /// Feeds `text` in pieces of `step` bytes; the event that ended it.
    func read(_ text: String, step: Int, maxBytes: Int = 1000, framing: HTTPResponseReader.Framing = .fromHeaders)
        -> (HTTPResponseReader.Event, HTTPResponseReader) {
        var reader = HTTPResponseReader(maxBytes: maxBytes, framing: framing)
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let event = reader.feed(bytes[start..<min(start + step, bytes.count)])
            if event != .needMore { return (event, reader) }
            start += step
        }
        return (reader.finish(), reader)
    }

    @Test(arguments: [1, 3, 1000])
    func chunkedBodyWithExtensionsAndTrailers(step: Int) {
        let response = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n7\r\n, world\r\n0\r\nX-T: 1\r\n\r\n"
        let (event, reader) = read(response, step: step)
        #expect(event == .complete)
        #expect(String(decoding: reader.body, as: UTF8.self) == "hello, world")
    }

    @Test(arguments: [1, 1000])
    func contentLengthStopsAtTheLength(step: Int) {
        let (event, reader) = read("HTTP/1.0 200 OK\nContent-Length: 5\n\nhello and more", step: step)
        #expect(event == .complete)
        #expect(String(decoding: reader.body, as: UTF8.self) == "hello")
        #expect(reader.header("content-length") == "5")
    }

    @Test func interimResponseIsSkipped() {
        let (event, reader) = read("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n\r\nbody", step: 4)
        #expect(event == .complete)
        #expect(reader.status == 200)
        #expect(String(decoding: reader.body, as: UTF8.self) == "body")
    }

    /// Int(_:) and Int(_:radix:) take a sign; a chunk size of -1 trapped (issue 23, item 9).
    @Test(arguments: ["-1", "+5", "-0", "+0", " -1", "0x5"])
    func signedChunkSizeIsRefused(size: String) {
        let response = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\nhello\r\n0\r\n\r\n"
        #expect(read(response, step: 1000).0 == .failed("a chunk size is not a hexadecimal number"))
    }

    @Test func contentLengthIsDigitsOnly() {
        #expect(read("HTTP/1.1 200 OK\r\nContent-Length: +5\r\n\r\nhello", step: 100).0 == .failed("the Content-Length +5 is not a number"))
        #expect(read("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\nhello", step: 100).0 == .failed("the Content-Length -1 is not a number"))
        #expect(read("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n", step: 100).0
            == .failed("the Content-Length 99999999999999999999 is not a number"))
        // curl's output: a signed length is not believed, and the body is read to the end.
        let (event, reader) = read("HTTP/2 200\r\ncontent-length: +500000\r\n\r\nhello", step: 100, maxBytes: 10, framing: .untilEnd)
        #expect(event == .complete)
        #expect(String(decoding: reader.body, as: UTF8.self) == "hello")
    }

    @Test func limitAppliesToEachFraming() {
        #expect(read("HTTP/1.1 200 OK\r\n\r\n" + String(repeating: "x", count: 11), step: 4, maxBytes: 10).0 == .tooLarge)
        #expect(read("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n", step: 100, maxBytes: 10).0 == .tooLarge)
        #expect(read("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nb\r\n", step: 100, maxBytes: 10).0 == .tooLarge)
        // curl's output: the body is whatever follows the head.
        #expect(read("HTTP/2 200\r\ncontent-length: 11\r\n\r\n", step: 100, maxBytes: 10, framing: .untilEnd).0 == .tooLarge)
        #expect(read("HTTP/1.1 200 OK\r\n\r\n" + String(repeating: "x", count: 10), step: 4, maxBytes: 10).0 == .complete)
    }

    @Test func errorStatusEndsAtTheHead() {
        let (event, reader) = read("HTTP/1.1 404 Not Found\r\nContent-Length: 100000\r\n\r\n", step: 100, maxBytes: 10)
        #expect(event == .complete)
        #expect(reader.status == 404)
        #expect(reader.body.isEmpty)
    }

    @Test func brokenResponsesSayWhat() {
        #expect(read("", step: 1).0 == .failed("the server closed the connection without answering"))
        #expect(read("SSH-2.0-OpenSSH\r\n\r\n", step: 100).0 == .failed(#"the server did not answer with HTTP (it sent "SSH-2.0-OpenSSH")"#))
        #expect(read("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nshort", step: 100).0 == .failed("the connection was lost before the whole page arrived"))
        #expect(read("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", step: 100).0 == .failed("a chunk size is not a hexadecimal number"))
        #expect(read("HTTP/1.1 200 OK\r\nX: " + String(repeating: "y", count: 70_000), step: 8192).0 == .failed("the response headers are larger than 64 KiB"))
    }
}
