#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Locating many pointers at once, in one pass over the text: a payload with a
/// million findings must not be re-scanned a million times.
extension JSONLocator {
    /// One request: a path, and whether a final key should be located instead of its value.
    public struct Request: Sendable {
        public var path: [PathToken]
        public var preferKey: Bool

        public init(path: [PathToken], preferKey: Bool = false) {
            self.path = path
            self.preferKey = preferKey
        }
    }

    /// The byte offset of one request: `offsets(of: [request], in: bytes)[0]`.
    public static func offset(of request: Request, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        directOffset(of: request, in: bytes)
    }

    /// Byte offsets for each request, with the same meaning as `offset(of:in:preferKey:)`.
    public static func offsets(of requests: [Request], in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        // A payload usually has a finding or two: walking the text once per request,
        // stopping at its value, costs far less than building the trie of classes.
        if requests.count <= directLimit {
            return requests.map { directOffset(of: $0, in: bytes) }
        }
        let root = TrieNode()
        var leaves: [[TrieNode]] = []
        leaves.reserveCapacity(requests.count)
        for request in requests {
            var node = root
            var chain = [root]
            for token in request.path {
                node = node.child(token)
                chain.append(node)
            }
            leaves.append(chain)
        }
        var walker = TrieWalker(bytes: bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { walker.index = 3 }
        walker.skipWhitespace()
        walker.visit(root, keyOffset: nil)
        return zip(requests, leaves).map { request, chain in
            // The deepest node that was reached stands for the request.
            guard let reached = chain.last(where: { $0.valueOffset != nil }) else { return 0 }
            if request.preferKey, reached === chain.last, let key = reached.keyOffset { return key }
            return reached.valueOffset ?? 0
        }
    }
}

extension JSONLocator {
    /// Up to this many requests are located one by one (`directOffset`), more by the trie.
    static let directLimit = 4

    /// One request located by walking the text along its path, with the meaning of
    /// `offsets(of:in:)`: the deepest value reached, or the final key with `preferKey`.
    /// Keys match by Unicode scalars, as the payload's own keys were read.
    static func directOffset(of request: Request, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var walker = TrieWalker(bytes: bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { walker.index = 3 }
        walker.skipWhitespace()
        var reached = walker.index
        var reachedKey: Int?
        var reachedLeaf = request.path.isEmpty
        for (depth, token) in request.path.enumerated() {
            guard walker.index < bytes.count else { break }
            switch bytes[walker.index] {
            case UInt8(ascii: "{"):
                guard case .key(let wanted) = token, let (key, value) = walker.seekMember(wanted) else { return located(reached, reachedKey, reachedLeaf, request) }
                reached = value
                reachedKey = key
            case UInt8(ascii: "["):
                let position: Int
                switch token {
                case .index(let index): position = index
                case .key(let text):
                    // As the trie (and PatternMatcher) read a name on an array: a canonical index.
                    guard let index = Int(text), index >= 0, String(index) == text else { return located(reached, reachedKey, reachedLeaf, request) }
                    position = index
                }
                guard let value = walker.seekElement(position) else { return located(reached, reachedKey, reachedLeaf, request) }
                reached = value
                reachedKey = nil
            default:
                return located(reached, reachedKey, reachedLeaf, request)
            }
            if depth == request.path.count - 1 { reachedLeaf = true }
        }
        return located(reached, reachedKey, reachedLeaf, request)
    }

    private static func located(_ value: Int, _ key: Int?, _ leaf: Bool, _ request: Request) -> Int {
        if request.preferKey, leaf, let key { return key }
        return value
    }
}

private final class TrieNode {
    var children: [PathToken: TrieNode] = [:]
    var valueOffset: Int?
    var keyOffset: Int?
    /// The key children by their UTF-8, when every key is ASCII (nil otherwise, or
    /// before the first object is visited): an unescaped ASCII key in the text is then
    /// matched on its bytes, without making a String of it.
    lazy var asciiKeys: [(bytes: [UInt8], node: TrieNode)]? = {
        var result: [(bytes: [UInt8], node: TrieNode)] = []
        for (token, node) in children {
            guard case .key(let key) = token else { continue }
            guard key.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            result.append((Array(key.utf8), node))
        }
        return result
    }()
    /// The key children by their UTF-8 (the same bytes, the same scalars), looked up
    /// instead of scanned when a node has more than `scanLimit`: a scan per member made
    /// locating every definition of a schema quadratic.
    lazy var keysByUTF8: [[UInt8]: TrieNode] = {
        var result: [[UInt8]: TrieNode] = [:]
        for (token, node) in children {
            if case .key(let key) = token { result[Array(key.utf8)] = node }
        }
        return result
    }()
    static let scanLimit = 8
    /// The element children by position: `.index(n)`, else `.key("n")` (as PatternMatcher
    /// reads a name on an array), without making a String per element.
    lazy var elements: [Int: TrieNode] = {
        var result: [Int: TrieNode] = [:]
        for (token, node) in children {
            switch token {
            case .index(let position):
                result[position] = node
            case .key(let key):
                if let position = Int(key), position >= 0, String(position) == key, children[.index(position)] == nil {
                    result[position] = node
                }
            }
        }
        return result
    }()

    func child(_ token: PathToken) -> TrieNode {
        if let existing = children[token] { return existing }
        let node = TrieNode()
        children[token] = node
        return node
    }
}

/// Walks text the reader already accepted: descends only where the trie asks, and
/// skips everything else without building values.
private struct TrieWalker {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Open brackets while a value is skipped.
    let stack = JSONSkipper.Stack()

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    mutating func visit(_ node: TrieNode, keyOffset: Int?) {
        node.valueOffset = index
        node.keyOffset = keyOffset
        guard !node.children.isEmpty, index < bytes.count else {
            skipValue()
            return
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { break }
                let keyStart = index
                var found: TrieNode?
                if let asciiKeys = node.asciiKeys, let end = plainASCIIKeyEnd(from: keyStart) {
                    let raw = UnsafeBufferPointer(rebasing: bytes[(keyStart + 1)..<end])
                    found = asciiKeys.count <= TrieNode.scanLimit ? asciiKeys.first { $0.bytes.elementsEqual(raw) }?.node : node.keysByUTF8[Array(raw)]
                    index = end + 1
                } else {
                    let key = escapedString()
                    // By Unicode scalars, as the one-request walk and the reader's duplicate-key
                    // check compare keys: `String ==` would take "\u{212A}" for "K".
                    found = node.children.count > TrieNode.scanLimit ? node.keysByUTF8[Array(key.utf8)] : node.children.first { token, _ in
                        if case .key(let name) = token { name.unicodeScalars.elementsEqual(key.unicodeScalars) } else { false }
                    }?.value
                }
                skipWhitespace()
                index += 1  // ":"
                skipWhitespace()
                if let child = found {
                    visit(child, keyOffset: keyStart)
                } else {
                    skipValue()
                }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { break }
                index += 1
            }
            index += 1  // "}"
        case UInt8(ascii: "["):
            index += 1
            var position = 0
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { break }
                if let child = node.elements[position] {
                    visit(child, keyOffset: nil)
                } else {
                    skipValue()
                }
                skipWhitespace()
                position += 1
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { break }
                index += 1
            }
            index += 1  // "]"
        default:
            skipValue()
        }
    }

    /// The string at `index`, unescaped, with the walker past it ("" where it is
    /// malformed): for the keys the byte comparisons cannot take.
    private mutating func escapedString() -> String {
        var scanner = Scanner(buffer: bytes, maxDepth: Int.max)
        scanner.index = index
        let text = (try? scanner.string()) ?? ""
        index = scanner.index
        return text
    }

    /// In the object whose `{` is at `index`: the offsets of the key `wanted` and of its
    /// value (the walker then stands on the value), or nil when the object lacks it.
    mutating func seekMember(_ wanted: String) -> (key: Int, value: Int)? {
        var text = wanted
        return text.withUTF8 { seekMember(wanted, utf8: $0) }
    }

    private mutating func seekMember(_ wanted: String, utf8 wantedBytes: UnsafeBufferPointer<UInt8>) -> (key: Int, value: Int)? {
        index += 1
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let keyStart = index
            let matches: Bool
            if let end = unescapedStringEnd(from: keyStart) {
                // No escape: the key's UTF-8 is its text, equal by scalars exactly when
                // equal by bytes.
                matches = Self.equal(UnsafeBufferPointer(rebasing: bytes[(keyStart + 1)..<end]), wantedBytes)
                index = end + 1
            } else {
                let key = escapedString()
                matches = key.scalarEquals(wanted)
            }
            skipWhitespace()
            index += 1  // ":"
            skipWhitespace()
            if matches { return (keyStart, index) }
            skipValue()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    /// In the array whose `[` is at `index`: the offset of element `wanted` (the walker
    /// then stands on it), or nil when the array is shorter.
    mutating func seekElement(_ wanted: Int) -> Int? {
        index += 1
        var position = 0
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return nil }
            if position == wanted { return index }
            skipValue()
            skipWhitespace()
            position += 1
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    /// The index of the closing quote of the key whose opening quote is at `start`,
    /// when the key is ASCII without escapes (its bytes are then its text); else nil.
    func plainASCIIKeyEnd(from start: Int) -> Int? {
        var position = start + 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { return position }
            if byte == UInt8(ascii: "\\") || byte >= 0x80 || byte < 0x20 { return nil }
            position += 1
        }
        return nil
    }

    /// Skips one value; to the end of the text when it does not end (the text the
    /// reader accepted always does).
    mutating func skipValue() {
        var skipper = JSONSkipper(bytes: bytes, index: index)
        do throws(JSONSkipper.Failure) {
            try skipper.skipValue(stack: stack, limit: .max)
            index = skipper.index
        } catch {
            index = bytes.count
        }
    }

    /// The index of the closing quote of the string whose opening quote is at `start`,
    /// when it has no escape (its bytes are then its text, the reader having accepted
    /// it as UTF-8); else nil.
    func unescapedStringEnd(from start: Int) -> Int? {
        var skipper = JSONSkipper(bytes: bytes, index: start)
        guard let escaped = try? skipper.skipString(), !escaped else { return nil }
        return skipper.index - 1
    }

    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for position in 0..<a.count where a[position] != b[position] { return false }
        return true
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09: true
        default: false
        }
    }
}

extension SourcePosition {
    /// How many of the `count` bytes at `base` continue a UTF-8 sequence: none in ASCII
    /// text (most payloads), which one pass of ORed words tells; else counted word by word.
    static func continuationCount(_ base: UnsafePointer<UInt8>, count: Int) -> Int {
        var index = 0
        var ored: UInt64 = 0
        while index + 8 <= count {
            ored |= ByteWords.load(base + index)
            index += 8
        }
        var rest = index
        while rest < count {
            ored |= UInt64(base[rest])
            rest += 1
        }
        guard ored & ByteWords.highs != 0 else { return 0 }
        var total = 0
        index = 0
        while index + 8 <= count {
            total += ByteWords.continuationCount(ByteWords.load(base + index))
            index += 8
        }
        while index < count {
            if base[index] & 0xC0 == 0x80 { total += 1 }
            index += 1
        }
        return total
    }

    /// Positions of many offsets in one sweep over the text.
    public static func positions(of offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [SourcePosition] {
        // One offset (the usual payload's one finding): nothing to order.
        if offsets.count == 1 {
            var position = SourcePosition(line: 1, column: 1)
            position.advance(over: bytes, from: 0, to: min(max(offsets[0], 0), bytes.count))
            return [position]
        }
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [SourcePosition](repeating: SourcePosition(line: 1, column: 1), count: offsets.count)
        var position = SourcePosition(line: 1, column: 1)
        var cursor = 0
        for index in order {
            let target = min(max(offsets[index], 0), bytes.count)
            if cursor < target {
                position.advance(over: bytes, from: cursor, to: target)
                cursor = target
            }
            result[index] = position
        }
        return result
    }

    /// Moves this position (that of byte `start`) to that of byte `end`: a newline
    /// starts a line, and every byte but a UTF-8 continuation byte is a column. Eight
    /// bytes at a time where they hold no newline.
    public mutating func advance(over bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        guard let base = bytes.baseAddress, start < end, end <= bytes.count else { return }
        // No newline on the way (always so in a JSON Lines payload): the column moves by
        // the bytes less the continuation bytes. `memchr` finds that out far faster than
        // the word loop below, which tests every word for a newline as it counts.
        if memchr(base + start, 0x0A, end - start) == nil {
            column += end - start - Self.continuationCount(base + start, count: end - start)
            return
        }
        var index = start
        while index < end {
            if index + 8 <= end {
                let word = ByteWords.load(base + index)
                if !ByteWords.has(word, 0x0A) {
                    column += 8 - ByteWords.continuationCount(word)
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
    }
}
