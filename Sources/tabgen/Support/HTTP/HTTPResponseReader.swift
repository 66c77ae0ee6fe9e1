/// Reads one HTTP/1.x response as its bytes arrive: the status line and headers, then
/// the body of a 2xx response, framed by Content-Length, chunked transfer coding or the
/// end of the connection. The body limit applies while reading, so a 50 MB page costs
/// no more than the limit. Used by both transports of `validate --url` (a socket for
/// http://, curl's `--include` output for https://).
struct HTTPResponseReader {
    /// How the body ends.
    enum Framing: Equatable {
        /// As the headers say (a socket): Content-Length, chunked, or the connection's end.
        case fromHeaders
        /// At the end of the stream (curl has already removed the transfer coding).
        case untilEnd
    }

    enum Event: Equatable {
        /// Feed more bytes (or call `finish()` at the end of the stream).
        case needMore
        /// `status`, `headers` and (for a 2xx response) `body` are complete.
        case complete
        /// The body would pass `maxBytes` (reading can stop).
        case tooLarge
        /// Not an HTTP response, or one cut short; the text says what.
        case failed(String)
    }

    let maxBytes: Int
    let framing: Framing
    private(set) var status = 0
    private(set) var headers: [(name: String, value: String)] = []
    private(set) var body: [UInt8] = []

    private enum State {
        case head, fixed(remaining: Int), chunkSize, chunkData(remaining: Int), chunkDataEnd, trailers, untilEnd, done
    }
    private var state = State.head
    private var pending: [UInt8] = []
    private var position = 0
    /// Headers larger than this are refused (a server that never ends them).
    static let maxHeadBytes = 64 * 1024

    init(maxBytes: Int, framing: Framing) {
        self.maxBytes = maxBytes
        self.framing = framing
    }

    /// The value of the first header named `name` (any letter case).
    func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    mutating func feed(_ bytes: some Sequence<UInt8>) -> Event {
        if position > 0 && position == pending.count {
            pending.removeAll(keepingCapacity: true)
            position = 0
        } else if position > 1 << 16 {
            pending.removeFirst(position)
            position = 0
        }
        pending.append(contentsOf: bytes)
        return advance()
    }

    /// The stream ended.
    mutating func finish() -> Event {
        switch state {
        case .done: return .complete
        case .untilEnd:
            state = .done
            return .complete
        case .head where pending.isEmpty && position == 0:
            return .failed("the server closed the connection without answering")
        case .head: return .failed("the server closed the connection in the middle of the response headers")
        default: return .failed("the connection was lost before the whole page arrived")
        }
    }

    private mutating func advance() -> Event {
        while true {
            switch state {
            case .done:
                return .complete
            case .head:
                guard let end = lineBlockEnd() else {
                    return pending.count - position > Self.maxHeadBytes ? .failed("the response headers are larger than 64 KiB") : .needMore
                }
                let block = Array(pending[position..<end.start])
                position = end.next
                if let failure = parseHead(block) { return .failed(failure) }
                if (100..<200).contains(status) && status != 101 {
                    headers = []
                    continue  // an interim response; the real one follows
                }
                guard (200..<300).contains(status) else {
                    state = .done
                    return .complete  // the page is refused from its status; its body does not matter
                }
                if let event = startBody() { return event }
            case .fixed(let remaining):
                guard takeBody(remaining, waiting: State.fixed(remaining:), then: .done) else { return .needMore }
            case .untilEnd:
                let count = pending.count - position
                if body.count + count > maxBytes { return tooLarge() }
                body.append(contentsOf: pending[position...])
                position = pending.count
                return .needMore
            case .chunkSize:
                guard let line = nextLine() else {
                    return pending.count - position > 1024 ? .failed("a chunk size line is longer than 1 KiB") : .needMore
                }
                let digits = line.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
                // Hexadecimal digits only: Int(_:radix:) also takes a sign, and a size of -1
                // made the body's range run backwards (a trap).
                guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy(Self.isHexDigit),
                      let size = Int(String(decoding: digits, as: UTF8.self), radix: 16) else {
                    return .failed("a chunk size is not a hexadecimal number")
                }
                if size == 0 {
                    state = .trailers
                } else if body.count + size > maxBytes {
                    return tooLarge()
                } else {
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                guard takeBody(remaining, waiting: State.chunkData(remaining:), then: .chunkDataEnd) else { return .needMore }
            case .chunkDataEnd:
                guard let line = nextLine() else { return .needMore }
                guard line.isEmpty else { return .failed("a chunk does not end where its size says") }
                state = .chunkSize
            case .trailers:
                guard let line = nextLine() else { return .needMore }
                if line.isEmpty { state = .done }
            }
        }
    }

    /// Moves up to `remaining` pending bytes into the body (a fixed-length body or one
    /// chunk), then goes on in `next`; false when the input ran out first, the state then
    /// `waiting` for the bytes still to come.
    private mutating func takeBody(_ remaining: Int, waiting: (Int) -> State, then next: State) -> Bool {
        let take = min(remaining, pending.count - position)
        body.append(contentsOf: pending[position..<(position + take)])
        position += take
        state = remaining == take ? next : waiting(remaining - take)
        return remaining == take
    }

    private mutating func tooLarge() -> Event {
        body = []
        state = .done
        return .tooLarge
    }

    /// Chooses the body's framing once the head of a 2xx response is read; an event
    /// when that alone decides the outcome.
    private mutating func startBody() -> Event? {
        if framing == .untilEnd {
            if let length = header("Content-Length").flatMap(Self.contentLength), length > maxBytes { return tooLarge() }
            state = .untilEnd
            return nil
        }
        if let coding = header("Transfer-Encoding"), coding.lowercased().contains("chunked") {
            state = .chunkSize
        } else if let text = header("Content-Length") {
            guard let length = Self.contentLength(text) else { return .failed("the Content-Length \(text) is not a number") }
            if length > maxBytes { return tooLarge() }
            state = .fixed(remaining: length)
        } else {
            state = .untilEnd
        }
        return nil
    }

    /// A Content-Length value: decimal digits only (RFC 9110 8.6), so not `+5` or `-1`,
    /// which Int(_:) takes; nil when it is not one or does not fit an Int.
    static func contentLength(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }

    /// Parses the status line and the header fields; a message when they are not HTTP.
    private mutating func parseHead(_ block: [UInt8]) -> String? {
        var lines = block.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? String(decoding: line.dropLast(), as: UTF8.self) : String(decoding: line, as: UTF8.self)
        }
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3, let code = Int(parts[1]) else {
            return "the server did not answer with HTTP (it sent \(String(statusLine.prefix(40)).debugDescription))"
        }
        status = code
        headers = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingASCIISpaces()))
        }
        return nil
    }

    /// Where the head ends: the empty line after it (CRLF or a bare LF).
    private func lineBlockEnd() -> (start: Int, next: Int)? {
        var index = position
        while index < pending.count {
            if pending[index] == UInt8(ascii: "\n") {
                var after = index + 1
                if after < pending.count, pending[after] == UInt8(ascii: "\r") { after += 1 }
                if after < pending.count, pending[after] == UInt8(ascii: "\n") {
                    return (index, after + 1)
                }
            }
            index += 1
        }
        return nil
    }

    /// The next line (without its CRLF or LF), if it is complete.
    private mutating func nextLine() -> ArraySlice<UInt8>? {
        guard let newline = pending[position...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        var line = pending[position..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        position = newline + 1
        return line
    }
}
