import Foundation
import Testing
import TestSupport

/// `--max-findings` cuts what is printed, never the verdict or the counts (issue 23,
/// item 1): 101 TG021 warnings (empty paths) come before the one error (TG105) in rule
/// order, and a list cut in rule order used to drop the error and pass the payload.
struct FindingLimitTests {
    /// 101 tabs with an empty path (TG021 each); tab 0 replaces a tab that does not exist (TG105).
    static let payload: String = {
        let tabs = (0...100).map { index in
            #"{"id":"t\#(index)","title":"T","icon":"i","path":""\#(index == 0 ? #","replaces":"nope""# : "")}"#
        }
        return #"{"active":"t0","tabs":[\#(tabs.joined(separator: ","))]}"#
    }()

    static let summary = "1 invalid (1 error, 101 warnings)"

    private func write(_ text: String, name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test(arguments: ["100", "1", "0"])
    func oneFileIsInvalidWhateverTheLimit(limit: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try write(Self.payload, name: "p.json", in: directory)
        for format in ["text", "json", "github"] {
            let result = try CLI.run(["validate", "--max-findings", limit, "--format", format, file])
            #expect(result.status == 1, "--max-findings \(limit) --format \(format): \(result.stderr)")
            #expect(result.stderr.contains("0 valid, \(Self.summary)"), "\(result.stderr)")
            #expect(result.stdout.contains("TG105"))
        }
    }

    @Test func aCutListShowsErrorsFirstAndCountsTheRest() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try write(Self.payload, name: "p.json", in: directory)
        let result = try CLI.run(["validate", "--max-findings", "2", "p.json"], in: directory)
        #expect(result.stdoutLines.count == 3)
        #expect(result.stdoutLines.first?.contains("error[TG105] /tabs/0/replaces:") == true)
        #expect(result.stdoutLines.dropFirst().first?.contains("warning[TG021] /tabs/0/path:") == true)
        #expect(result.stdoutLines.last == "p.json:1:1: note: more findings in this payload are not shown: 0 errors, 100 warnings (--max-findings 2; 0 shows all)")
        // Uncut, the findings are in position order and all of them are printed.
        let all = try CLI.run(["validate", "--max-findings", "0", file])
        #expect(all.stdoutLines.count == 102)
        #expect(all.stdoutLines.first?.contains("warning[TG021] /tabs/0/path:") == true)
    }

    @Test func strictCountsTheWarningsThatAreNotShown() throws {
        // Only warnings: valid, unless --strict, which must see the hidden ones too.
        let warnings = Self.payload.replacingOccurrences(of: #","replaces":"nope""#, with: "")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try write(warnings, name: "w.json", in: directory)
        let plain = try CLI.run(["validate", "--max-findings", "1", file])
        #expect(plain.status == 0)
        #expect(plain.stderr.contains("1 valid, 0 invalid (0 errors, 101 warnings)"))
        let strict = try CLI.run(["validate", "--strict", "--max-findings", "1", file])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("0 valid, 1 invalid (0 errors, 101 warnings)"))
    }

    @Test(arguments: ["1", "2"])
    func jsonLinesCountEveryFinding(jobs: String) throws {
        // 130 lines: enough for two workers (64 lines each at least).
        let lines = Array(repeating: Self.payload, count: 130).joined(separator: "\n") + "\n"
        for limit in ["100", "1"] {
            let result = try CLI.run(["validate", "--jsonl", "--jobs", jobs, "--max-findings", limit, "-"], stdin: Data(lines.utf8))
            #expect(result.status == 1)
            #expect(result.stderr.contains("checked 130 payloads: 0 valid, 130 invalid (130 errors, 13130 warnings)"), "\(result.stderr)")
        }
    }

    @Test func pagesCountEveryFinding() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let value = Self.payload.replacingOccurrences(of: "\"", with: "&quot;")
        let page = #"<!doctype html><div data-controller="bridge--navigation" data-bridge--navigation-config-value="\#(value)"></div>"#
        let file = try write(page, name: "p.html", in: directory)
        let result = try CLI.run(["validate", "--html", "--max-findings", "1", file])
        #expect(result.status == 1)
        #expect(result.stderr.contains("checked 1 page: 0 valid, \(Self.summary)"), "\(result.stderr)")
        // The note sits at column 1 of the element's line, so it sorts before the findings.
        #expect(result.stdoutLines.first { !$0.contains(": note: ") }?.contains("error[TG105]") == true)
        #expect(result.stdout.contains("note: more findings in this payload are not shown: 0 errors, 101 warnings"))
    }

    @Test func schemaErrorsPastTheLimitAreCounted() throws {
        // 300 tabs without a title: 300 TG012 errors; the validator keeps 2 and counts the rest.
        let tabs = (0..<300).map { #"{"id":"t\#($0)","icon":"i","path":"/\#($0)"}"# }
        let payload = #"{"active":"t0","tabs":[\#(tabs.joined(separator: ","))]}"#
        let result = try CLI.run(["validate", "--max-findings", "1", "-"], stdin: Data(payload.utf8))
        #expect(result.status == 1)
        #expect(result.stderr.contains("0 valid, 1 invalid (300 errors, 0 warnings)"), "\(result.stderr)")
    }

    /// The cap on a page's unknown bridge components (TG023, at most --max-findings) cuts
    /// the list, not the count: the summary counts every distinct one, once.
    @Test func aPageCountsTheUnknownComponentsItDoesNotList() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ids = (0..<5).map { "bridge--c\($0)" }.joined(separator: " ")
        let page = try write("<div data-controller=\"\(ids) bridge--c0\"></div>\n", name: "page.html", in: directory)
        let result = try CLI.run(["validate", "--html", "--max-findings", "2", page])
        #expect(result.stdoutLines.filter { $0.contains("warning[TG023]") }.count == 2, "\(result.stdout)")
        #expect(result.stdout.contains("note: 3 more unknown bridge components on this page (TG023 warnings) are not shown (--max-findings 2; 0 shows all)"), "\(result.stdout)")
        // The one error: the page has no navigation element.
        #expect(result.stderr.contains("0 valid, 1 invalid (1 error, 5 warnings)"), "\(result.stderr)")
        let all = try CLI.run(["validate", "--html", "--max-findings", "0", page])
        #expect(all.stdoutLines.filter { $0.contains("warning[TG023]") }.count == 5)
        #expect(all.stderr.contains("(1 error, 5 warnings)"), "\(all.stderr)")
    }
}
