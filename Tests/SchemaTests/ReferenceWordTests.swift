import Testing
@testable import Schema

/// The relativeReference check by 8-byte words (`ReferenceWord`) against the byte loop
/// it shortcuts (`BytePass.isRelativeReference(_:allowAuthority:)`, itself tested
/// against `RelativeReference` in BytePassTests): every byte at every position of
/// references of every length up to 24, "//" at every position, and random references,
/// each read with and without the bytes before it, which are random and must not count.
struct ReferenceWordTests {
    typealias Generator = BytePassTests.TextGenerator

    /// Both answers for `reference`, placed after `padding` in one buffer.
    static func answers(_ reference: [UInt8], padding: [UInt8], allow: Bool) -> (words: Bool, floorless: Bool, loop: Bool) {
        // One byte more, so even the empty reference has an address.
        let buffer = padding + reference + [0]
        return buffer.withUnsafeBufferPointer { all in
            guard let first = all.baseAddress else { return (false, false, false) }
            let slice = ByteSlice(start: first + padding.count, count: reference.count)
            return (BytePass.isRelativeReference(slice, allowAuthority: allow, readableFrom: first),
                    BytePass.isRelativeReference(slice, allowAuthority: allow, readableFrom: nil),
                    BytePass.isRelativeReference(slice, allowAuthority: allow))
        }
    }

    static func expectAgreement(_ reference: [UInt8], padding: [UInt8]) {
        for allow in [false, true] {
            let (words, floorless, loop) = answers(reference, padding: padding, allow: allow)
            #expect(words == loop, "\(reference) after \(padding), authority \(allow)")
            #expect(floorless == loop, "\(reference) without a floor, authority \(allow)")
        }
    }

    @Test func everyByteAtEveryPositionAgreesWithTheByteLoop() {
        // Paddings that would fail the check, or make a "//" with the reference's first byte.
        let paddings: [[UInt8]] = [Array("\"path\":\"".utf8), Array("xx:%#//".utf8), [0xC3, 0xA9, 0x2F, 0x2F, 0x5C, 0x22, 0x3A, 0x2F]]
        var checked = 0
        for length in 1...24 {
            for position in 0..<length {
                for byte in UInt8(0)...UInt8(255) {
                    var reference = Array("/ab-c.d/e?f=g&h_I9@/ab-c.d/".utf8.prefix(length))
                    reference[position] = byte
                    Self.expectAgreement(reference, padding: paddings[(length + position + Int(byte)) % paddings.count])
                    checked += 1
                }
            }
        }
        #expect(checked == 256 * (1...24).reduce(0, +))
    }

    @Test func doubleSlashAnywhereFails() {
        for length in 2...24 {
            for position in 0..<(length - 1) {
                var reference = Array(repeating: UInt8(ascii: "a"), count: length)
                reference[position] = UInt8(ascii: "/")
                reference[position + 1] = UInt8(ascii: "/")
                let (words, floorless, loop) = Self.answers(reference, padding: Array("\"path\":\"".utf8), allow: false)
                #expect(!words && !floorless && !loop, "\(length) \(position)")
                // A slash just before the reference is not part of it.
                var single = reference
                single[position + 1] = UInt8(ascii: "b")
                let before = Self.answers(single, padding: Array("\"p\":\"//".utf8), allow: false)
                #expect(before.words == before.loop, "\(single)")
            }
        }
    }

    @Test func randomReferencesAgreeWithTheByteLoop() {
        var generator = Generator(state: 77, exotic: false)
        let pieces = ["/", "//", "a", "Zq", "9", "messages", "v2", "-", ".", "_", "?", "=", "&", "@", ":", "#", "%", "%41", "%4g",
                      "[", "]", " ", "é", "\\", "~", "!", "$", ";", "'", "(", "`", "{", "\u{7F}"]
        for _ in 0..<20000 {
            let reference = Array((0..<generator.next(9)).map { _ in pieces[generator.next(pieces.count)] }.joined().utf8)
            let padding = Array((0..<generator.next(10)).map { _ in pieces[generator.next(pieces.count)] }.joined().utf8)
            Self.expectAgreement(reference, padding: padding)
        }
    }
}
