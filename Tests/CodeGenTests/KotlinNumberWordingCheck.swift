import Foundation
import Schema
@testable import CodeGen

/// A JUnit test, written by the Kotlin end-to-end test into the built-in schema's package,
/// that holds the generated runtime's number wording (`TabgenJsonValues.formatNumber`, what
/// every message shows) to the CLI's (`JSONWriter.format`, Swift's shortest round-trip
/// `description`) on 200,000 doubles: random bit patterns (seeded) and the ones Java 17's
/// `Double.toString` words otherwise (issue 23, item 5).
enum KotlinNumberWordingCheck {
    static let count = 200_000

    /// The doubles, as bit patterns: a few known ones, then SplitMix64 bits (NaN and
    /// infinities skipped: messages never word them as numbers).
    static func doubles() -> [Double] {
        var values: [Double] = [2.31845256772633248e17, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNonzeroMagnitude * 3,
                                2.2250738585072014e-308, 1.7976931348623157e308, 0.1, 1e-5, 9.007199254740993e15, 1e23, 3.4028235677973366e38]
        var state: UInt64 = 23
        while values.count < count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            let value = Double(bitPattern: z)
            if value.isFinite { values.append(value) }
        }
        return values
    }

    static func write(package: String, to directory: URL) throws {
        // Beside the sources, not among them: the compiler is given whole directories.
        let table = directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("number-wording.txt")
        let lines = doubles().map { "\(Int64(bitPattern: $0.bitPattern)) \(JSONWriter.format($0))" }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: table)
        let text = """
        package \(package)

        import org.junit.Assert.assertEquals
        import org.junit.Test
        import java.io.File

        public class NumberWordingTest {
            /** Each double of the table worded as the CLI words it (Swift's shortest round-trip form). */
            @Test
            public fun shortestRoundTrip() {
                val mismatches = mutableListOf<String>()
                var count = 0
                File(\(KotlinLiterals.string(table.path))).forEachLine { line ->
                    val (bits, expected) = line.split(' ')
                    val actual = TabgenJsonValues.formatNumber(java.lang.Double.longBitsToDouble(bits.toLong()))
                    if (actual != expected) mismatches += "$expected -> $actual"
                    count++
                }
                assertEquals(\(count), count)
                assertEquals(emptyList<String>(), mismatches.take(10))
            }
        }

        """
        let path = directory.appendingPathComponent("src/test/kotlin/" + KotlinTarget.directory(for: package) + "/NumberWordingTest.kt")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: path)
    }
}
