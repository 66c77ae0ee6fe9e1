import Testing
import TabgenRuntime
@testable import JSON

/// The JSON reader keeps its own UTF-8 check: the generated Swift runtime's (the one
/// definition) is a method of its text scanner, whose set-up allocates, which costs about
/// 55 ns more per string with a byte past ASCII. This holds the reader's to the runtime's.
struct UTF8AgreementTests {
    @Test("the reader's UTF-8 check finds the offset the generated runtime's finds")
    func agreesWithRuntime() {
        let tails: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF4, 0xFF]
        let lasts: [UInt8] = [0x41, 0x80, 0xBF, 0xC0]
        var disagreements: [[UInt8]] = []
        var invalid = 0
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8.min...UInt8.max {
                for third in tails {
                    for last in lasts {
                        let bytes: [UInt8] = [0x61, lead, second, third, last]
                        bytes.withUnsafeBufferPointer { buffer in
                            let reader = Scanner(buffer: buffer, maxDepth: JSONReader.defaultMaxDepth)
                            // The whole sequence, and one cut short after its third byte.
                            for end in [bytes.count, 3] {
                                let found = reader.validateUTF8(from: 0, to: end)
                                if found != nil { invalid += 1 }
                                if found != TabgenRuntimeShared.invalidUTF8(in: buffer, from: 0, to: end) { disagreements.append(Array(bytes[..<end])) }
                            }
                        }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(invalid > 0)
    }
}
