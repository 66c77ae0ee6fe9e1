import Foundation
import Testing
import TestSupport

/// `tabgen paths` never stalls: each pattern search is bounded (PC205), URLs are at most
/// 8 KiB, entries are printed as they are resolved, and `validate --path-config` warns
/// about the patterns that backtrack (PC008). Each run goes through timeout(1), so a
/// search that does not end fails the test instead of hanging it.
struct PathsBoundCommandTests {
    static let hostile = #"""
    {"rules": [
      {"patterns": ["a.*a.*a.*a.*a.*b"], "properties": {"context": "modal"}},
      {"patterns": ["^/(.+)+/edit$"], "properties": {"presentation": "replace"}},
      {"patterns": ["/new$"], "properties": {"context": "modal"}}
    ]}
    """#

    /// The Android demo's configuration (hotwire-native-android demo/src/main/assets/json/path-configuration.json).
    static let androidDemo = CLI.payload("path-configuration/android_v1.json")

    struct Timed {
        var result: CLIResult
        var seconds: Double
        /// Peak resident memory of tabgen, in KiB (GNU time's %M).
        var peakKiB: Int
    }

    /// tabgen under `timeout 120` and GNU time: 124 is timeout's status for a run it killed.
    static func timedRun(_ arguments: [String]) throws -> Timed {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("time.txt")
        let start = Date()
        let result = try CLI.run(["-f", "%M", "-o", report.path, "/usr/bin/timeout", "120", CLI.binary.path] + arguments,
                                 program: "/usr/bin/time")
        let peak = Int(try String(contentsOf: report, encoding: .utf8).split(separator: "\n").last ?? "") ?? -1
        return Timed(result: result, seconds: Date().timeIntervalSince(start), peakKiB: peak)
    }

    static func write(_ text: String, named name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func hostilePatternsGiveUpWithPC205() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = try Self.write(Self.hostile, named: "hostile.json", in: directory)
        // Ten 40-character paths took 31.7 s and a 100-character one over 90 s before the bound.
        let urls = (0..<10).map { "/" + String(repeating: "x", count: 38 + $0 % 3) } + ["/" + String(repeating: "a", count: 100), "/recipes/new"]
        let list = try Self.write(urls.joined(separator: "\n") + "\n", named: "urls.txt", in: directory)
        let run = try Self.timedRun(["paths", "--urls-from", list, config])
        #expect(run.result.status == 1, "\(run.result.stderr)")
        #expect(run.seconds < 60)
        let bounded = run.result.stdoutLines.filter { $0.contains("error[PC205]") }
        // Each x path gives up on the nested pattern; the a path on both hostile patterns.
        #expect(bounded.count == 12)
        #expect(bounded.contains { $0.contains("hostile.json:3:17: error[PC205] /rules/1/patterns/0: pattern \"^/(.+)+/edit$\" gave up on this URL at the bound of tabgen paths, one ICU progress report per character of the URL and 1,000 more") })
        #expect(bounded.contains { $0.contains("/rules/0/patterns/0: pattern \"a.*a.*a.*a.*a.*b\"") })
        // The last URL is decided as usual.
        let last = run.result.stdout.components(separatedBy: "/recipes/new\n").last ?? ""
        #expect(!last.contains("PC205") && last.contains("\"modal\" (rule 2)"))
    }

    @Test func urlsAreAtMost8KiBAndMemoryStaysFlat() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The Android demo's unanchored image rule is quadratic in the URL's length: at the
        // limit it gives up within its bound.
        let atLimit = "/" + String(repeating: "a", count: 8_191)
        let short = try Self.timedRun(["paths", Self.androidDemo, "/recipes"])
        let long = try Self.timedRun(["paths", Self.androidDemo, atLimit])
        #expect(long.result.status == 1)
        #expect(long.result.stdout.contains("error[PC205] /rules/5/patterns/0"))
        #expect(long.peakKiB - short.peakKiB < 64 << 10, "\(short.peakKiB) KiB, then \(long.peakKiB) KiB")
        // A 1.1 MB URL from a log is refused before any search, with its line and the limit.
        let list = try Self.write("/recipes\n" + "/" + String(repeating: "a", count: 1_100_000) + "\n", named: "urls.txt", in: directory)
        let huge = try Self.timedRun(["paths", "--urls-from", list, Self.androidDemo])
        #expect(huge.result.status == 2)
        #expect(huge.result.stderr.contains("urls.txt:2: a URL of 1100001 bytes, longer than the limit of 8192 bytes for a URL"), "\(huge.result.stderr)")
        #expect(huge.result.stdout.isEmpty)
        #expect(huge.peakKiB - short.peakKiB < 64 << 10, "\(short.peakKiB) KiB, then \(huge.peakKiB) KiB")
        let argument = try CLI.run(["paths", Self.androidDemo, "/recipes", "/" + String(repeating: "a", count: 9_000)])
        #expect(argument.status == 2)
        #expect(argument.stderr.contains("URL argument 2: 9001 bytes, longer than the limit of 8192 bytes for a URL"))
    }

    /// Entries are resolved as they are printed: four times the URLs, about the same memory.
    @Test func memoryDoesNotGrowWithTheNumberOfURLs() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func peak(_ count: Int) throws -> Int {
            let urls = (0..<count).map { "/recipes/\($0)/edit?tab=\($0 % 7)" }
            let list = try Self.write(urls.joined(separator: "\n"), named: "urls-\(count).txt", in: directory)
            let run = try Self.timedRun(["paths", "--format", "json", "--urls-from", list, Self.androidDemo])
            #expect(run.result.stdoutLines.count == count)
            return run.peakKiB
        }
        let small = try peak(2_000)
        let large = try peak(8_000)
        #expect(large - small < 8 << 10, "\(small) KiB for 2,000 URLs, \(large) KiB for 8,000")
    }

    @Test func validateWarnsAboutPatternsThatBacktrack() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = try Self.write(Self.hostile, named: "hostile.json", in: directory)
        let result = try CLI.run(["validate", "-q", "--path-config", config])
        let codes = result.stdoutLines.filter { $0.contains("PC008") }.map { $0.replacingOccurrences(of: directory.path + "/", with: "") }
        #expect(codes.count == 2)
        #expect(codes.first?.hasPrefix("hostile.json:2:17: warning[PC008] /rules/0/patterns/0: \"a.*a.*a.*a.*a.*b\" may backtrack catastrophically: 5 unbounded quantifiers") == true)
        #expect(codes.last?.contains("nested quantifiers") == true)
        // The demos' configurations have none.
        let demo = try CLI.run(["validate", "-q", "--platform", "both", "--path-config", Self.androidDemo])
        #expect(!demo.stdout.contains("PC008"))
    }
}
