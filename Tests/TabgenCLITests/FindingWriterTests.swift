import Foundation
import JSON
import Schema
import Testing
@testable import CodeGen
@testable import tabgen

/// `FindingWriter`, which writes JSON Lines findings straight into bytes, must write
/// exactly what `LocatedFinding.rendered(as:)` (the String path every other input uses)
/// renders, in every format: compared on findings with hostile file names, messages,
/// keys and numbers, and on thousands drawn with a fixed seed.
struct FindingWriterTests {
    /// Text that needs care somewhere: JSON escapes, control characters, DEL, non-ASCII
    /// (two, three and four bytes), U+2028/U+2029, RFC 6901's `~` and `/`, GitHub's `%`
    /// `:` `,`, and runs long enough to cross eight-byte words.
    static let pieces = [
        "", "a", "tabs", "\"", "\\", "\"quoted\"", "back\\slash", "\n", "\r\n", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{01}",
        "\u{1F}", "\u{7F}", "é", "Übersicht", "€", "𝄞", "\u{2028}", "\u{2029}", "\u{2027}", "â€¨", "~", "/", "~1", "a/b~c",
        "%", "50%", ":", ",", "0123456789abcdef", "a long run of plain text that spans several words",
        "\u{85}", "\u{9B}", "\u{1B}[31m", "\n::error file=x,line=1::forged",
    ]

    static func check(_ item: LocatedFinding, file: String? = nil) {
        for format in ReportFormat.allCases {
            let writer = FindingWriter(format: format, file: file ?? item.file)
            var output: [UInt8] = [0x2A]  // what is already there stays
            writer.write(item, scratch: FindingWriter.Scratch(), to: &output)
            let expected = [0x2A] + Array(item.rendered(as: format).utf8) + [0x0A]
            #expect(output == expected, "\(format): \(String(decoding: output, as: UTF8.self)) != \(String(decoding: expected, as: UTF8.self))")
        }
    }

    static func finding(code: String = "TG104", severity: Severity = .error, pointer: [PathToken], message: String,
                        schemaPath: [String]? = nil) -> Finding {
        Finding(code: code, severity: severity, pointer: JSONPointer(pointer), message: message, schemaPath: schemaPath)
    }

    @Test func writesWhatEachFormatRenders() {
        let plain = LocatedFinding(file: "payloads.jsonl", line: 12, column: 57,
                                   finding: Self.finding(pointer: [.key("tabs"), .index(1), .key("path")], message: "\"https://x\" is absolute"))
        Self.check(plain)
        var root = plain
        root.finding.pointer = .root
        Self.check(root)
        var warning = plain
        warning.finding.severity = .warning
        warning.finding.schemaPath = ["definitions", "Tab~/x", "properties"]
        Self.check(warning)
        var note = plain
        note.isNote = true
        note.finding.message = "more findings in this payload are not shown (--max-findings 1; 0 shows all)"
        Self.check(note)
        var named = plain
        named.subject = FindingSubject(contract: "menu", event: "display")
        Self.check(named)
        var emptySchemaPath = plain
        emptySchemaPath.finding.schemaPath = []
        Self.check(emptySchemaPath)
    }

    @Test func escapesFileNamesMessagesAndKeys() {
        for piece in Self.pieces {
            let item = LocatedFinding(file: "dir/\(piece)x.jsonl", line: 1, column: 2,
                                      finding: Self.finding(pointer: [.key(piece), .index(0), .key("id\(piece)")], message: "m \(piece) m",
                                                            schemaPath: ["properties", piece]))
            Self.check(item)
            var note = item
            note.isNote = true
            Self.check(note)
            var named = item
            named.subject = FindingSubject(contract: "c\(piece)", event: piece)
            Self.check(named)
            // In the file name alone: the writer looks at it once, not on every line.
            Self.check(LocatedFinding(file: "dir/\(piece)x.jsonl", line: 1, column: 2, finding: Self.finding(pointer: [.key("tabs")], message: "m")))
        }
    }

    /// No control character reaches a line of text or github output, whatever the file
    /// name, key or message holds (issue 23, item 17): one finding is one line.
    @Test func textAndGitHubLinesHoldNoControlCharacter() {
        for piece in Self.pieces {
            let item = LocatedFinding(file: "dir/\(piece)x.jsonl", line: 1, column: 2,
                                      finding: Self.finding(pointer: [.key(piece)], message: "m \(piece) m"))
            var note = item
            note.isNote = true
            for format in [ReportFormat.text, .github] {
                for rendered in [item.rendered(as: format), note.rendered(as: format)] {
                    let controls = rendered.unicodeScalars.filter { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029 }
                    #expect(controls.isEmpty, "\(format): \(rendered.debugDescription)")
                }
            }
        }
        let forged = LocatedFinding(file: "a\n::error file=x,line=1::forged.json", line: 1, column: 1,
                                    finding: Self.finding(pointer: [], message: "m"))
        #expect(forged.text == #"a\n::error file=x,line=1::forged.json:1:1: error[TG104] (root): m"#)
        #expect(forged.github == "::error file=a\\n%3A%3Aerror file=x%2Cline=1%3A%3Aforged.json,line=1,col=1,title=TG104::(root): m")
    }

    @Test func writesNumbersAsTheJSONWriterDoes() {
        for number in [0, 1, 9, 10, 99, 100, 12_345, 999_999_999_999_999, 1_000_000_000_000_000, Int.max, -1, Int.min] {
            Self.check(LocatedFinding(file: "a.jsonl", line: number, column: number, finding: Self.finding(pointer: [.index(number)], message: "m")))
        }
    }

    /// A finding of another file than the writer's is rendered as it is (not on the
    /// JSON Lines path, but it must not be written under the writer's name).
    @Test func anotherFilesFindingKeepsItsName() {
        let item = LocatedFinding(file: "other.json", line: 3, column: 4, finding: Self.finding(pointer: [.key("a")], message: "m"))
        Self.check(item, file: "mine.jsonl")
    }

    @Test func agreesOnRandomFindings() {
        var generator = SeededGenerator(seed: 2026)
        func text() -> String {
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()
        }
        let scratch = FindingWriter.Scratch()  // reused, as the reader does
        for _ in 0..<3_000 {
            let tokens: [PathToken] = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                Bool.random(using: &generator) ? .key(text()) : .index(Int.random(in: 0...1_000, using: &generator))
            }
            var item = LocatedFinding(file: text() + ".jsonl", line: Int.random(in: 1...10_000_000, using: &generator),
                                      column: Int.random(in: 1...100_000, using: &generator),
                                      finding: Self.finding(code: text(), severity: Bool.random(using: &generator) ? .error : .warning,
                                                            pointer: tokens, message: text(),
                                                            schemaPath: Bool.random(using: &generator) ? [text(), text()] : nil))
            item.isNote = Int.random(in: 0..<8, using: &generator) == 0
            if Bool.random(using: &generator) { item.subject = FindingSubject(contract: text(), event: text()) }
            for format in ReportFormat.allCases {
                let writer = FindingWriter(format: format, file: item.file)
                var output: [UInt8] = []
                writer.write(item, scratch: scratch, to: &output)
                #expect(output == Array(item.rendered(as: format).utf8) + [0x0A], "\(format): \(item)")
            }
        }
    }

    /// JSON output a JSON reader reads back to the same file name and message.
    @Test func jsonOutputReadsBack() throws {
        for piece in Self.pieces {
            let item = LocatedFinding(file: "f\(piece).jsonl", line: 1, column: 1, finding: Self.finding(pointer: [.key(piece)], message: piece))
            var output: [UInt8] = []
            FindingWriter(format: .json, file: item.file).write(item, scratch: FindingWriter.Scratch(), to: &output)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output.dropLast())) as? [String: Any])
            #expect(object["file"] as? String == item.file)
            #expect(object["message"] as? String == piece)
            #expect(object["pointer"] as? String == item.finding.pointer.description)
        }
    }
}

/// `ControlCharacters.mayOccur` looks at eight bytes at a time: every byte it must see
/// (below 0x20, DEL, the lead bytes of C1 and of U+2028/U+2029) is seen at every place of
/// a word and of the tail, and the bytes around them (space, `~`, 0xC3, 0xE3) are not.
struct ControlCharacterScanTests {
    @Test func everyLeadByteIsSeenAtEveryPlace() {
        func may(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { ControlCharacters.mayOccur(in: $0) } }
        for length in 0..<20 {
            for filler in [UInt8(ascii: "a"), 0x20, 0x7E] {
                let plain = [UInt8](repeating: filler, count: length)
                #expect(!may(plain))
                for position in 0..<length {
                    for byte in [UInt8(0x00), 0x0A, 0x1B, 0x1F, 0x7F, 0xC2, 0xE2] {
                        var bytes = plain
                        bytes[position] = byte
                        #expect(may(bytes), "byte \(byte) at \(position) of \(length)")
                    }
                    for byte in [UInt8(0x20), 0x7E, 0xC3, 0xE3, 0x80] {
                        var bytes = plain
                        bytes[position] = byte
                        #expect(!may(bytes), "byte \(byte) at \(position) of \(length)")
                    }
                }
            }
        }
        #expect(may(Array("caf\u{E9} \u{2028}".utf8)) && !may(Array("caf\u{E9} ok".utf8)))
    }
}
