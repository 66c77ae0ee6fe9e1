/// Why a byte sequence is not acceptable JSON, and the byte offset where it fails.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case unexpectedEnd
        case unexpectedCharacter(String)
        case trailingCharacters
        case byteOrderMark
        case invalidUTF8
        case controlCharacterInString
        case invalidEscape
        case loneSurrogate(String)
        case invalidNumber
        case duplicateKey(String)
        case tooDeep(limit: Int)
        case expectedKey
    }

    public var reason: Reason
    /// Byte offset from the start of the parsed text.
    public var offset: Int

    public var description: String {
        switch reason {
        case .unexpectedEnd: "unexpected end of input"
        case .unexpectedCharacter(let character): "unexpected character \(character)"
        case .trailingCharacters: "unexpected characters after the JSON value"
        case .byteOrderMark: "byte-order mark (U+FEFF) at the start; JSON text must not begin with one (RFC 8259 section 8.1)"
        case .invalidUTF8: "invalid UTF-8 byte sequence"
        case .controlCharacterInString: "unescaped control character in string"
        case .invalidEscape: "invalid escape sequence in string"
        case .loneSurrogate(let escape): "lone surrogate \(escape) in string: it is not a Unicode scalar value"
        case .invalidNumber: "invalid number"
        case .duplicateKey(let key): "duplicate object key \(JSONWriter.quoted(key)); JSON readers disagree on which one wins, so tabgen rejects it"
        case .tooDeep(let limit): "nesting deeper than \(limit) arrays and objects"
        case .expectedKey: "expected a string object key"
        }
    }
}
