import Testing
@testable import Schema

/// The byte pass's word-at-a-time paths against the tree path and the byte-by-byte
/// checks they replace: keys matched by 8-byte words (`KeyWord`), strings scanned 8
/// bytes at a time, and the relative reference check on long references. Lengths
/// around 8 and 16 and positions near the end of the input are the edges.
struct BytePassWordTests {
    typealias Generator = BytePassTests.TextGenerator

    /// Names that share their first word, one for every quoted length from 3 to 19.
    static let names = ["a", "ab", "abcdef", "abcdefg", "abcdefgh", "abcdefgh1", "abcdefgh2", "abcdefghij",
                        "abcdefghijklmn", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq"]

    static func schema(additional: Bool) throws -> SchemaDocument {
        let required = names.prefix(4).map { "\"\($0)\":{\"type\":\"string\"}" }.joined(separator: ",")
        let optional = names.dropFirst(4).map { "\"\($0)\":{\"type\":\"uint8\"}" }.joined(separator: ",")
        let text = "{\"properties\":{\(required)},\"optionalProperties\":{\(optional)},\"additionalProperties\":\(additional)}"
        return try SchemaReader(fileName: "words.json").read(Array(text.utf8))
    }

    /// A spelling of `name` as a key: usually plain, sometimes escaped, cut short or
    /// lengthened (so it is another key), or with a different last byte.
    static func spelling(_ name: String, _ generator: inout Generator) -> String {
        switch generator.next(20) {
        case 0: return "\"\\u0061" + name.dropFirst() + "\""
        case 1: return "\"" + name.dropLast() + "\""
        case 2: return "\"" + name + "x\""
        case 3: return "\"" + name.dropLast() + "Z\""
        default: return "\"" + name + "\""
        }
    }

    @Test(arguments: [false, true])
    func keysSharingAFirstWordAgreeWithTheTreePath(additional: Bool) throws {
        let document = try Self.schema(additional: additional)
        let validator = PayloadValidator(document: document)
        #expect(validator.bytePass.isAvailable)
        let scratch = ByteScratch()
        var generator = Generator(state: additional ? 11 : 12, exotic: false)
        var accepted = 0
        var plainValid = 0
        for _ in 0..<4000 {
            var members: [String] = []
            for (position, name) in Self.names.enumerated() where generator.chance(position < 4 ? 950 : 350) {
                let value = position < 4 ? "\"" + String(repeating: "v", count: generator.next(20)) + "\"" : String(generator.next(260))
                members.append(Self.spelling(name, &generator) + ":" + generator.space() + value)
            }
            if generator.chance(60), let first = members.first { members.append(first) }
            if generator.chance(400) { members.shuffle(using: &generator) }
            // Short objects put keys within 16 bytes of the end of the input.
            let text = "{" + members.joined(separator: ",") + "}"
            for bytes in [Array(text.utf8), generator.mutate(text)] {
                let (byte, tree) = BytePassTests.both(bytes, validator, scratch)
                #expect(!byte || tree, "accepted by the byte pass only: \(String(decoding: bytes, as: UTF8.self))")
                if byte { accepted += 1 }
                if tree, bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\\") }) {
                    plainValid += 1
                    #expect(byte, "the byte pass gives up on plain valid input: \(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
        #expect(plainValid > 300 && accepted >= plainValid, "plain valid \(plainValid), accepted \(accepted)")
    }

    /// A key that ends exactly at the end of the input, at every length: the word
    /// reads must stay inside the buffer (the address sanitizer would see it; here the
    /// verdict must at least be the tree path's).
    @Test func keysAtTheEndOfTheInput() throws {
        let validator = PayloadValidator(document: try Self.schema(additional: true))
        let scratch = ByteScratch()
        for name in Self.names {
            for text in ["{\"\(name)\"", "{\"\(name)\":", "{\"\(name)\":1", "{\"\(name)\":1}"] {
                // An exact-size copy, so nothing follows the last byte.
                let bytes = Array(text.utf8)
                let (byte, tree) = BytePassTests.both(bytes, validator, scratch)
                #expect(!byte && !tree, "\(text)")
            }
        }
    }

    /// Strings of every length from 0 to 24 built of plain bytes, every escape,
    /// non-ASCII characters, control bytes and broken UTF-8, alone or recorded by a
    /// rule: the byte pass says valid exactly when the tree path does.
    @Test func stringsOfEveryLengthAgreeWithTheTreePath() throws {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("Z".utf8), Array("/".utf8), Array(" ".utf8), Array("\\\"".utf8), Array("\\\\".utf8),
            Array("\\/".utf8), Array("\\b".utf8), Array("\\f".utf8), Array("\\n".utf8), Array("\\r".utf8), Array("\\t".utf8),
            Array("\\u00e9".utf8), Array("\\u0041".utf8), Array("\\ud83d\\ude00".utf8), Array("é".utf8), Array("😀".utf8),
            [0x7F], [0x01], [0x1F], [0xFF], [0xC3], Array("\\udc00".utf8), Array("\\x".utf8), Array("\\u12".utf8),
        ]
        let member = PayloadValidator(document: try SchemaReader(fileName: "s.json").read(Array(#"{"properties":{"s":{"type":"string"}}}"#.utf8)))
        let root = PayloadValidator(document: try SchemaReader(fileName: "root.json").read(Array(#"{"type":"string"}"#.utf8)))
        let tabs = PayloadValidator(document: try repositorySchema())
        let scratch = ByteScratch()
        var generator = Generator(state: 21, exotic: false)
        var agreed = 0
        for _ in 0..<3000 {
            var content: [UInt8] = []
            let length = generator.next(25)
            while content.count < length {
                content += generator.chance(700) ? Array("abcdefgh".utf8.prefix(1 + generator.next(8))) : pieces[generator.next(pieces.count)]
            }
            let string = [UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")]
            // The id and path are recorded for rules TG101-TG105; the title is not.
            let payload = Array("{\"active\":\"h\",\"tabs\":[{\"id\":\"h\",\"title\":".utf8) + string
                + Array(",\"icon\":\"i\",\"path\":\"/\"},{\"id\":".utf8) + string + Array(",\"title\":\"T\",\"icon\":\"i\",\"path\":".utf8)
                + string + Array("}]}".utf8)
            // Strings nobody compares are read whatever their spelling: there the
            // verdicts must be equal, not only never wrongly valid.
            let cases = [(Array("{\"s\":".utf8) + string + Array("}".utf8), member, true), (string, root, true), (payload, tabs, false)]
            for (bytes, validator, exact) in cases {
                let (byte, tree) = BytePassTests.both(bytes, validator, scratch)
                #expect(!byte || tree, "accepted by the byte pass only: \(bytes)")
                if exact {
                    #expect(byte == tree, "\(String(decoding: bytes, as: UTF8.self))")
                    if byte == tree { agreed += 1 }
                }
            }
        }
        #expect(agreed == 6000)
    }

    /// The byte pass's relative reference check against the full check, on long
    /// references of letters, digits and every special byte.
    @Test func longRelativeReferencesAgreeWithTheFullCheck() {
        var generator = Generator(state: 31, exotic: false)
        let pieces = ["abcdefgh", "abcdefghij", "0123456789", "z9", "/", "//", "?", "#", ":", "%41", "%4", "%zz", "-", ".", "~",
                      "A", "Z", "@", "!", "[", "]", " ", "é", "\\", "{", "`", "=", "&", "\u{7F}"]
        for _ in 0..<20000 {
            let text = (0..<generator.next(12)).map { _ in pieces[generator.next(pieces.count)] }.joined()
            let bytes = Array(text.utf8)
            for allow in [false, true] {
                let full: Bool
                if bytes.isEmpty {
                    full = false
                } else if !allow, zip(bytes, bytes.dropFirst()).contains(where: { $0 == UInt8(ascii: "/") && $1 == UInt8(ascii: "/") }) {
                    full = false
                } else {
                    full = bytes.withUnsafeBufferPointer { RelativeReference.isRelativeReference($0, allowAuthority: allow) }
                }
                // Exactly the bytes, so a word read past the end would be outside the buffer.
                let fast = bytes.isEmpty ? false : bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map { BytePass.isRelativeReference(ByteSlice(start: $0, count: bytes.count), allowAuthority: allow) }
                        ?? false
                }
                #expect(fast == full, "\(text) \(allow)")
            }
        }
    }
}
