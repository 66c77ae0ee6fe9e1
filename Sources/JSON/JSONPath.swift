import Foundation

/// One step into a JSON value: an object key or an array index.
public enum PathToken: Sendable, Hashable {
    case key(String)
    case index(Int)

    public var text: String {
        switch self {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }

    /// The array element the token names, as RFC 6901 reads it against an array: an index,
    /// or a key that is `0` or decimal digits not starting with `0` (`-`, past the last
    /// element, and `01` name none).
    public var arrayIndex: Int? {
        switch self {
        case .index(let index): index >= 0 ? index : nil
        case .key(let key): JSONPointer.arrayIndex(key)
        }
    }
}

/// An RFC 6901 JSON Pointer, kept as tokens.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, Comparable {
    public var tokens: [PathToken]

    public init(_ tokens: [PathToken] = []) {
        self.tokens = tokens
    }

    public static let root = JSONPointer()

    public func appending(_ token: PathToken) -> JSONPointer {
        JSONPointer(tokens + [token])
    }

    public func appending(key: String) -> JSONPointer { appending(.key(key)) }
    public func appending(index: Int) -> JSONPointer { appending(.index(index)) }

    /// The pointer as RFC 6901 text: `/tabs/0/id`, with `~` and `/` escaped. Built as
    /// bytes (`~` and `/` are ASCII, so escaping byte by byte is escaping by scalar).
    public var description: String {
        guard !tokens.isEmpty else { return "" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tokens.count * 12)
        for token in tokens {
            bytes.append(UInt8(ascii: "/"))
            switch token {
            case .key(let key):
                // Most keys need no escape: copied in one go when their bytes are contiguous.
                let copied = key.utf8.withContiguousStorageIfAvailable { raw -> Bool in
                    guard !raw.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return false }
                    bytes.append(contentsOf: raw)
                    return true
                }
                if copied == true { continue }
                for byte in key.utf8 {
                    switch byte {
                    case UInt8(ascii: "~"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "0")]
                    case UInt8(ascii: "/"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "1")]
                    default: bytes.append(byte)
                    }
                }
            case .index(let index):
                bytes += String(index).utf8
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the pointer is `prefix` or below it. Tokens compare as text (`0` names an
    /// array index or a key alike, as RFC 6901 reads a pointer against the value).
    public func isInside(_ prefix: JSONPointer) -> Bool {
        tokens.count >= prefix.tokens.count && zip(tokens, prefix.tokens).allSatisfy { $0.text == $1.text }
    }

    /// The array index an RFC 6901 reference token names: `0`, or decimal digits without a
    /// leading zero that fit an Int; nil for any other text (`-`, `01`, `+1`, `1e2`).
    public static func arrayIndex(_ token: String) -> Int? {
        let digits = token.utf8
        guard let first = digits.first, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        return Int(token)
    }

    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Parses RFC 6901 text. Returns nil for text that is not a pointer (it must be
    /// empty or start with `/`, and `~` must be followed by `0` or `1`).
    public static func parseTokens(_ text: String) -> [String]? {
        if text.isEmpty { return [] }
        guard text.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var iterator = raw.makeIterator()
            while let character = iterator.next() {
                if character == "~" {
                    switch iterator.next() {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: return nil
                    }
                } else {
                    token.append(character)
                }
            }
            tokens.append(token)
        }
        return tokens
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        for (a, b) in zip(lhs.tokens, rhs.tokens) where a != b {
            switch (a, b) {
            case (.index(let x), .index(let y)): return x < y
            case (.index, .key): return true
            case (.key, .index): return false
            case (.key(let x), .key(let y)): return x < y
            }
        }
        return lhs.tokens.count < rhs.tokens.count
    }
}
