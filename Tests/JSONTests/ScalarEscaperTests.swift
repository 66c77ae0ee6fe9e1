import Testing
import JSON

/// The one scalar-by-scalar quoting loop the literal writers (Swift, Kotlin, Ruby, YAML,
/// conformance case text) configure.
struct ScalarEscaperTests {
    let escaper = ScalarEscaper(escapes: ["\"": "\\\"", "~": "<tilde>"], isPlain: ScalarEscaper.printableASCII) { "<\($0.value)>" }

    @Test func ownEscapesWinOverPlainThenTheRestIsWrittenByTheFallback() {
        // `~` is printable ASCII but has an escape of its own; é and the tab are not plain.
        #expect(escaper.quoted("a\"~é\t") == "\"a\\\"<tilde><233><9>\"")
        #expect(escaper.quoted("") == "\"\"")
        var output = "x"
        escaper.append("b~", to: &output)
        #expect(output == "xb<tilde>")
    }

    @Test func hexIsZeroPaddedAndNeverCut() {
        #expect(ScalarEscaper.hex(0xA, digits: 4) == "000A")
        #expect(ScalarEscaper.hex(0xA, digits: 4, uppercase: false) == "000a")
        #expect(ScalarEscaper.hex(0x1F600, digits: 4) == "1F600")
    }

    @Test func unicodeEscapesSpellUTF16UnitsOrTheScalar() {
        #expect(ScalarEscaper.utf16Units("\u{1F600}") == "\\uD83D\\uDE00")
        #expect(ScalarEscaper.utf16Units("\u{7}", uppercase: false) == "\\u0007")
        #expect(ScalarEscaper.braced("\u{1F600}") == "\\u{1F600}")
        #expect(ScalarEscaper.braced("\u{0}") == "\\u{0}")
    }
}
