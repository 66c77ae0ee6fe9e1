import Foundation
internal import TabgenRuntime

/// RFC 3986 section 4.2 `relative-ref`, checked so that a tab's `path` cannot send a
/// native web view to another origin.
///
/// Returns nil for a relative reference, or why the text is not one. Besides the
/// grammar it names the two dangerous cases in words: a scheme (`https:`,
/// `javascript:`) and an authority (`//host`).
public enum RelativeReference {
    public static func problem(in text: String, allowAuthority: Bool = false) -> String? {
        // ASCII text (nearly every path a payload sends) is its own scalars: checked on
        // its bytes, without the array of scalars that cost most of a finding.
        var text = text
        let ascii = text.withUTF8 { bytes -> String?? in
            for byte in bytes where byte >= 0x80 { return .none }
            return .some(problem(scalars: bytes, allowAuthority: allowAuthority))
        }
        if let ascii { return ascii }
        return problem(scalars: text.unicodeScalars.map(\.value), allowAuthority: allowAuthority)
    }

    /// `problem(in:allowAuthority:)` on the text's scalar values (its bytes, when ASCII).
    private static func problem<Scalars: RandomAccessCollection>(scalars: Scalars, allowAuthority: Bool) -> String?
    where Scalars.Index == Int, Scalars.Element: FixedWidthInteger & UnsignedInteger {
        let count = scalars.count
        func at(_ index: Int) -> UInt32 { UInt32(truncatingIfNeeded: scalars[scalars.startIndex + index]) }
        func first(_ scalar: Unicode.Scalar, in range: Range<Int>) -> Int? {
            for index in range where at(index) == scalar.value { return index }
            return nil
        }
        var pathEnd = count
        for index in 0..<count where at(index) == 0x3F || at(index) == 0x23 {  // "?", "#"
            pathEnd = index
            break
        }
        // The first segment of the hierarchical part: up to its first "/".
        let segmentEnd = first("/", in: 0..<pathEnd) ?? pathEnd
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":"
        if let colon = first(":", in: 0..<segmentEnd), colon > 0, isAlpha(at(0)),
           (0..<colon).allSatisfy({ isAlpha(at($0)) || isDigit(at($0)) || at($0) == 0x2B || at($0) == 0x2D || at($0) == 0x2E }) {
            return quoting("it has scheme ", scalars, 0..<colon, "")
        }
        let hasAuthority = pathEnd >= 2 && at(0) == 0x2F && at(1) == 0x2F
        let authorityEnd = hasAuthority ? (first("/", in: 2..<pathEnd) ?? pathEnd) : 0
        for offset in 0..<count {
            let scalar = at(offset)
            let allowed = offset < authorityEnd ? isURICharacter(scalar) || scalar == 0x5B || scalar == 0x5D : isURICharacter(scalar)
            if !allowed {
                return "it contains \(describe(Unicode.Scalar(scalar) ?? "\u{FFFD}")) at character \(offset + 1), which must be percent-encoded"
            }
        }
        var index = 0
        while index < count {
            if at(index) == 0x25 {  // "%"
                guard index + 2 < count, isHex(at(index + 1)), isHex(at(index + 2)) else {
                    return "it has a malformed percent-encoding at character \(index + 1)"
                }
                index += 3
            } else {
                index += 1
            }
        }
        if hasAuthority, !allowAuthority {
            return quoting("it has authority ", scalars, 2..<authorityEnd, ": a network-path reference leaves the app's origin")
        }
        if !hasAuthority, first(":", in: 0..<segmentEnd) != nil {
            return "its first path segment contains \":\", which reads as a scheme; write \"./\" before it"
        }
        if let hash = first("#", in: 0..<count), first("#", in: (hash + 1)..<count) != nil {
            return "it contains a second \"#\", which must be percent-encoded"
        }
        return nil
    }

    /// For a relative reference (`problem` is nil), the path it resolves to against a
    /// base whose path is `/` (RFC 3986 section 5.2: merged, dot segments removed, with
    /// `%2e` counted as a dot, as browsers and WHATWG URL parsers do) when that path
    /// starts with `//`: `/..//evil.com` and `/%2e//evil.com` resolve to
    /// `https://app.example//evil.com`, whose path, joined to a base again (a client
    /// that keeps paths and not URLs), reads as the host `evil.com`. Nil otherwise.
    public static func networkPathResolution(of text: String) -> String? {
        // Only an empty segment can become a leading "//": the filter on the bytes spares
        // almost every reference the generated runtime's resolution (its one definition).
        guard hasDoubleSlash(text) else { return nil }
        return TabgenRuntimeShared.networkPathResolution(of: text)
    }

    /// Whether the text holds "//", on its UTF-8 bytes. Foundation's `contains` goes
    /// through NSString and costs about a hundred times more; as a filter this loses
    /// nothing, since every "/" is the one byte 0x2F.
    static func hasDoubleSlash(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") { return true }
                previous = byte
            }
            return false
        }
    }

    /// The common case, decided on the bytes without allocating; false sends the text
    /// to the full check, which also explains what is wrong.
    static func isPlainPath(_ text: String) -> Bool {
        isPlainPath(text, allowingDoubleSlash: true)
    }

    /// `isPlainPath(text) && (allowingDoubleSlash || !hasDoubleSlash(text))`, in one scan.
    static func isPlainPath(_ text: String, allowingDoubleSlash: Bool) -> Bool {
        // Relative references the full check accepts, decided on bytes: no "//" at the
        // start, no ":" before the first "/", "?" or "#", at most one "#", no "%".
        var copy = text
        return copy.withUTF8 { bytes in
            guard !bytes.isEmpty else { return false }
            if bytes.count >= 2, bytes[0] == UInt8(ascii: "/"), bytes[1] == UInt8(ascii: "/") { return false }
            var inFirstSegment = true
            var sawHash = false
            var previous: UInt8 = 0
            for byte in bytes {
                defer { previous = byte }
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                     UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
                     UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"):
                    continue
                case UInt8(ascii: "/"):
                    if !allowingDoubleSlash, previous == UInt8(ascii: "/") { return false }
                    inFirstSegment = false
                case UInt8(ascii: "?"):
                    inFirstSegment = false
                case UInt8(ascii: "#"):
                    if sawHash { return false }
                    sawHash = true
                    inFirstSegment = false
                case UInt8(ascii: ":"):
                    if inFirstSegment { return false }
                default:
                    return false
                }
            }
            return true
        }
    }

    /// Whether `problem(in:allowAuthority:)` is nil, decided on UTF-8 bytes (the byte
    /// pass has no String). Every non-ASCII scalar is a problem there, so only ASCII
    /// can pass, and on ASCII bytes and scalars are the same offsets.
    static func isRelativeReference(_ bytes: UnsafeBufferPointer<UInt8>, allowAuthority: Bool) -> Bool {
        let count = bytes.count
        var pathEnd = count
        for index in 0..<count where bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "#") {
            pathEnd = index
            break
        }
        let hasAuthority = pathEnd >= 2 && bytes[0] == UInt8(ascii: "/") && bytes[1] == UInt8(ascii: "/")
        if hasAuthority, !allowAuthority { return false }
        var authorityEnd = 0
        if hasAuthority {
            authorityEnd = pathEnd
            for index in 2..<pathEnd where bytes[index] == UInt8(ascii: "/") {
                authorityEnd = index
                break
            }
        } else {
            // A colon in the first segment reads as a scheme (or is refused as one).
            for index in 0..<pathEnd {
                if bytes[index] == UInt8(ascii: "/") { break }
                if bytes[index] == UInt8(ascii: ":") { return false }
            }
        }
        var sawHash = false
        var index = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "/"),
                 UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                 UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
                 UInt8(ascii: "="):
                break
            case UInt8(ascii: "#"):
                if sawHash { return false }
                sawHash = true
            case UInt8(ascii: "%"):
                guard index + 2 < count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 2  // the two digits are hex, so allowed
            case UInt8(ascii: "["), UInt8(ascii: "]"):
                if index >= authorityEnd { return false }
            default:
                return false
            }
            index += 1
        }
        return true
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }

    // The scalar classes by value: ranges of `Unicode.Scalar` and `String.contains`
    // cost several times more per scalar.
    private static func isAlpha(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x61...0x7A, 0x41...0x5A: true
        default: false
        }
    }

    private static func isDigit(_ scalar: UInt32) -> Bool { (0x30...0x39).contains(scalar) }

    private static func isHex(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x30...0x39, 0x61...0x66, 0x41...0x46: true
        default: false
        }
    }

    /// unreserved / reserved (gen-delims and sub-delims) / "%"
    private static func isURICharacter(_ scalar: UInt32) -> Bool {
        guard scalar < 0x80 else { return false }
        return isAlpha(scalar) || isDigit(scalar) || isMark(UInt8(scalar))
    }

    /// "-._~:/?#@!$&'()*+,;=%"
    private static func isMark(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "/"),
             UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
             UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "%"):
            true
        default:
            false
        }
    }

    /// `before`, the scalars `range` quoted as `JSONWriter.quoted` quotes, then `after`:
    /// made as bytes, since appending scalars to a String one by one, and interpolating,
    /// cost thousands of instructions.
    private static func quoting<Scalars: RandomAccessCollection>(_ before: String, _ scalars: Scalars, _ range: Range<Int>, _ after: String) -> String
    where Scalars.Index == Int, Scalars.Element: FixedWidthInteger & UnsignedInteger {
        var text: [UInt8] = []
        text.reserveCapacity(before.utf8.count + JSONWriter.quotedCapacity(4 * range.count) + after.utf8.count)
        text.append(contentsOf: before.utf8)
        if let bytes = scalars as? UnsafeBufferPointer<UInt8> {
            // ASCII text: the scalars are its bytes.
            JSONWriter.writeQuoted(utf8: UnsafeBufferPointer(rebasing: bytes[range]), to: &text)
        } else {
            var raw: [UInt8] = []
            raw.reserveCapacity(4 * range.count)
            for index in range {
                UTF8.encode(Unicode.Scalar(UInt32(truncatingIfNeeded: scalars[scalars.startIndex + index])) ?? "\u{FFFD}") { raw.append($0) }
            }
            raw.withUnsafeBufferPointer { JSONWriter.writeQuoted(utf8: $0, to: &text) }
        }
        text.append(contentsOf: after.utf8)
        return String(decoding: text, as: UTF8.self)
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case " ": "a space"
        case "\\": "a backslash (browsers read it as \"/\")"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: "control character U+\(hex(scalar.value))"
        default: "\(JSONWriter.quoted(String(scalar))) (U+\(hex(scalar.value)))"
        }
    }
}
