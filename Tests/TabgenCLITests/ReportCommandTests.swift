import Foundation
import GrowthTesting
import Testing
@testable import tabgen
import TestSupport

/// `tabgen report`: the page from validate's or the Spark job's findings. What Chromium
/// draws is checked against counts computed from the records by Tests/Report.
struct ReportCommandTests {
    /// A validate `--records lines` record.
    private func line(_ file: String, _ number: Int, app: String, platform: String = "ios", at: String?,
                      findings: [(severity: String, code: String, column: Int, message: String)]) -> String {
        let carry = at.map { #"{"/app":\#(quoted(app)),"/platform":\#(quoted(platform)),"/at":\#(quoted($0))}"# }
            ?? #"{"/app":\#(quoted(app)),"/platform":\#(quoted(platform))}"#
        let items = findings.map { finding in
            #"{"file":\#(quoted(file)),"line":\#(number),"column":\#(finding.column),"severity":"\#(finding.severity)","code":\#(quoted(finding.code)),"pointer":"/tabs/0","message":\#(quoted(finding.message))}"#
        }
        let errors = findings.filter { $0.severity == "error" }.count
        return #"{"file":\#(quoted(file)),"line":\#(number),"status":"\#(errors > 0 ? "invalid" : "valid")","errors":\#(errors),"warnings":0,"findings":[\#(items.joined(separator: ","))],"carry":\#(carry)}"#
    }

    private func quoted(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
        let array = data.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
        return String(array.dropFirst().dropLast())
    }

    private func report(_ records: [String], _ arguments: [String] = []) throws -> CLIResult {
        try CLI.run(["report"] + arguments, stdin: Data((records.joined(separator: "\n") + "\n").utf8))
    }

    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    private var sample: [String] {
        [
            line("logs/a.jsonl", 1, app: "2.4.0", at: "2026-11-25T08:00:00Z", findings: [("error", "TG104", 40, "not a relative reference"), ("error", "TG104", 90, "not a relative reference")]),
            line("logs/a.jsonl", 2, app: "2.4.0", at: "2026-11-25T11:00:00Z", findings: []),
            line("logs/a.jsonl", 3, app: "2.3.1", platform: "android", at: "2026-11-28T09:30:00Z", findings: [("error", "TG001", 1, "not well-formed JSON"), ("note", "TG201", 1, "a note")]),
            line("logs/b.jsonl", 7, app: "2.3.1", at: "2026-11-27T23:59:00Z", findings: [("warning", "TG301", 12, "a warning")]),
        ]
    }

    @Test func pageHasChartsTotalsAndWorstPayloads() throws {
        let result = try report(sample)
        #expect(result.status == 0, "\(result.stderr)")
        let html = result.stdout
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.hasSuffix("</html>\n"))
        for landmark in ["<header>", "<nav aria-label=\"Contents\">", "<main id=\"main\"", "<footer>", "@media print"] {
            #expect(html.contains(landmark), "\(landmark)")
        }
        #expect(html.contains("<p class=\"overview\">5 findings (3 errors, 1 warning, 1 note) in 3 payloads, 2026-11-25 to 2026-11-28."))
        // Four days (more than 72 hours): a bar per day; notes are not drawn.
        #expect(html.contains("<svg class=\"chart\" data-by=\"code\" data-buckets=\"4\" data-unit=\"day\""))
        #expect(html.contains("<svg class=\"chart\" data-by=\"app\" data-buckets=\"4\" data-unit=\"day\""))
        #expect(html.contains("<rect class=\"bar\" data-series=\"TG104\" data-bucket=\"2026-11-25\" data-count=\"2\""))
        #expect(html.contains("<rect class=\"bar\" data-series=\"TG001\" data-bucket=\"2026-11-28\" data-count=\"1\""))
        #expect(html.contains("<rect class=\"bar\" data-series=\"2.3.1\" data-bucket=\"2026-11-27\" data-count=\"1\""))
        #expect(!html.contains("data-series=\"TG201\""))
        #expect(count("<rect class=\"bar\"", in: html) == 6)
        // Totals, with the code's title from docs/reference/codes.md.
        #expect(html.contains("<tr><th scope=\"row\">TG104</th><td>\(ReportHTMLRenderer.title(of: "TG104"))</td><td>2</td><td>0</td><td>0</td><td>1</td></tr>"))
        #expect(!ReportHTMLRenderer.title(of: "TG104").isEmpty)
        #expect(html.contains("<tr><th scope=\"row\">android</th><td>1</td><td>0</td><td>1</td><td>1</td></tr>"))
        // The worst payload first: the most errors, then its findings by column.
        let worst = try #require(html.range(of: "<li class=\"payload\" id=\"payload-1\""))
        #expect(html[worst.upperBound...].hasPrefix(" data-errors=\"2\" data-warnings=\"0\"><h3><code>logs/a.jsonl:1</code></h3><p class=\"carried\">2 errors, 0 warnings; app 2.4.0, platform ios, 2026-11-25T08:00:00Z</p>"))
        #expect(count("<li class=\"payload\"", in: html) == 3)
    }

    @Test func shortSpansAreBucketedByHour() throws {
        let records = [
            line("a", 1, app: "1", at: "2026-11-28T22:10:00Z", findings: [("error", "TG104", 1, "m")]),
            line("a", 2, app: "1", at: "2026-11-29T01:59:00Z", findings: [("error", "TG104", 1, "m")]),
        ]
        let html = try report(records).stdout
        #expect(html.contains("data-buckets=\"4\" data-unit=\"hour\""))
        #expect(html.contains("data-bucket=\"2026-11-29 01:00\" data-count=\"1\""))
        #expect(try report(records, ["--bucket", "day"]).stdout.contains("data-buckets=\"2\" data-unit=\"day\""))
    }

    @Test func everyTextFromTheInputIsEscaped() throws {
        let hostile = "<script>alert(1)</script>\"'&"
        let records = [line("<b>x</b>.jsonl", 1, app: hostile, platform: "</table>", at: "2026-11-28T10:00:00Z",
                            findings: [("error", "<i>TG</i>", 5, "title \(hostile) \u{07}")])]
        let html = try report(records).stdout
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<b>x</b>") && !html.contains("<i>TG</i>") && !html.contains("<td></table>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"))
        #expect(html.contains("data-series=\"&lt;i&gt;TG&lt;/i&gt;\""))
        // A control character is shown, not passed on.
        #expect(!html.contains("\u{07}"))
        // The only script is the page's own.
        #expect(count("<script", in: html) == 1)
    }

    @Test func pageReferencesNothingOutside() throws {
        let html = try report(sample).stdout
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">"))
        for loader in ["src=", "url(", "@import", "<link", "<iframe", "<object", "<img"] {
            #expect(!html.contains(loader), "\(loader)")
        }
        // Links stay in the page; the one URL is the SVG namespace, which loads nothing.
        let hrefs = html.components(separatedBy: "href=\"").dropFirst()
        #expect(!hrefs.isEmpty && hrefs.allSatisfy { $0.hasPrefix("#") })
        #expect(html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").range(of: "https?://", options: .regularExpression) == nil)
    }

    @Test func sparkFindingsAndValidateRecordsInAnyOrderGiveThePage() throws {
        // The same findings as validate's --records lines, validate's one record per
        // finding, and the Spark job's rows (carry as JSON text, day, no null fields).
        var perFinding: [String] = [], spark: [String] = []
        for text in sample {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let carry = try #require(object["carry"] as? [String: Any])
            for case let finding as [String: Any] in object["findings"] as? [Any] ?? [] {
                var record = finding
                record["carry"] = carry
                perFinding.append(String(decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]), as: UTF8.self))
                record["carry"] = String(decoding: try JSONSerialization.data(withJSONObject: carry, options: [.sortedKeys]), as: UTF8.self)
                record["app"] = carry["/app"]
                record["day"] = (carry["/at"] as? String).map { String($0.prefix(10)) }
                spark.append(String(decoding: try JSONSerialization.data(withJSONObject: record, options: []), as: UTF8.self))
            }
        }
        let pages = try [sample, perFinding, spark.reversed()].map { try report($0) }
        #expect(pages.allSatisfy { $0.status == 0 })
        #expect(pages[0].stdout == pages[1].stdout)
        #expect(pages[0].stdout == pages[2].stdout)
    }

    @Test func malformedRecordIsNamedAndNothingIsWritten() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data((sample[0] + "\n" + sample[1] + "\n").utf8).write(to: directory.appendingPathComponent("good.jsonl"))
        let cases: [(text: String, message: String)] = [
            ("{\"line\":1,\"severity\":\"error\"", "bad.jsonl:2: not a JSON record: unexpected end of input"),
            ("[1,2]", "bad.jsonl:2: not a tabgen record: a JSON array, not an object"),
            ("{\"file\":\"a\",\"line\":1,\"status\":\"valid\"}", "bad.jsonl:2: not a tabgen record: it has neither \"severity\" (a finding) nor \"findings\" (a line)"),
            ("{\"file\":\"a\",\"line\":\"7\",\"findings\":[]}", "bad.jsonl:2: not a tabgen record: \"line\" must be a whole number"),
            ("{\"file\":\"a\",\"line\":1,\"column\":1,\"severity\":\"fatal\",\"message\":\"m\"}", "bad.jsonl:2: not a tabgen record: \"severity\" must be error, warning or note"),
            ("{\"file\":\"a\",\"line\":1,\"findings\":[],\"carry\":\"{nope\"}", "bad.jsonl:2: not a tabgen record: \"carry\" is neither an object nor the JSON text of one"),
            ("{\"file\":\"a\",\"line\":1,\"findings\":[],\"carry\":{}}\u{FF}", "bad.jsonl:2: not a JSON record"),
        ]
        for item in cases {
            try Data(("\n" + item.text + "\n").utf8).write(to: directory.appendingPathComponent("bad.jsonl"))
            let result = try CLI.run(["report", "good.jsonl", "bad.jsonl", "--out", "page.html"], in: directory)
            #expect(result.status == 2, "\(item.text)")
            #expect(result.stderr.hasPrefix("tabgen: error: \(item.message)"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("page.html").path))
        }
        // A good input then writes the page, and a later failure leaves it as it was.
        #expect(try CLI.run(["report", "good.jsonl", "--out", "page.html"], in: directory).status == 0)
        let written = try Data(contentsOf: directory.appendingPathComponent("page.html"))
        #expect(try CLI.run(["report", "bad.jsonl", "--out", "page.html"], in: directory).status == 2)
        #expect(try Data(contentsOf: directory.appendingPathComponent("page.html")) == written)
        // No such file.
        let missing = try CLI.run(["report", "missing.jsonl"], in: directory)
        #expect(missing.status == 2 && missing.stderr.contains("cannot read missing.jsonl"))
    }

    @Test func limitsAreNamed() throws {
        let tooMany = try report(sample, ["--max-findings", "3"])
        #expect(tooMany.status == 2)
        #expect(tooMany.stderr.contains("<stdin>:3: findings[1]: more than 3 findings (the --max-findings limit)"), "\(tooMany.stderr)")
        let worst = try report(sample, ["--worst", "0"])
        #expect(worst.status == 2 && worst.stderr.contains("--worst 0: give 1 to \(ReportHTMLRenderer.maxWorst) (the limit of payloads listed)"))
        let pointer = try report(sample, ["--time", "at"])
        #expect(pointer.status == 2 && pointer.stderr.contains("--time at: not a JSON pointer"))
        // More series than drawn: the rest as one; more rows than shown: the rest summed.
        let many = (1...60).map { index in
            line("a", index, app: "v\(index)", at: "2026-11-28T10:00:00Z", findings: [("error", "TG\(100 + index % 10)", 1, "m")])
        }
        let html = try report(many).stdout
        #expect(html.contains("data-series=\"other (52 more)\" data-bucket=\"2026-11-28 10:00\" data-count=\"52\""))
        #expect(html.contains("data-series=\"other (2 more)\""))
        #expect(html.contains("<tr class=\"rest\"><th scope=\"row\">10 more (the limit of rows shown)</th><td>10</td><td>0</td><td>0</td><td></td></tr>"))
        #expect(count("<li class=\"payload\"", in: html) == ReportHTMLRenderer.defaultWorst)
        // More days than drawn: the last 400, and a note counting the payloads before them.
        let span = try report([
            line("a", 1, app: "1", at: "2024-01-01T00:00:00Z", findings: [("error", "TG104", 1, "m")]),
            line("a", 2, app: "1", at: "2025-06-01T00:00:00Z", findings: [("error", "TG104", 1, "m")]),
        ]).stdout
        #expect(span.contains("data-buckets=\"\(ReportHTMLRenderer.maxBuckets)\" data-unit=\"day\""))
        #expect(span.contains("The charts draw the last 400 days (the limit of buckets drawn); 1 payload before them is counted in the totals, not drawn."))
        #expect(count("<rect class=\"bar\"", in: span) == 2)
    }

    @Test func overLongRecordIsRefused() throws {
        let long = "{\"file\":\"a\",\"line\":1,\"findings\":[],\"pad\":\"" + String(repeating: "x", count: ReportRecords.maxRecordBytes) + "\"}"
        let result = try report([sample[0], long])
        #expect(result.status == 2)
        #expect(result.stderr.contains("<stdin>:2: a record longer than \(ReportRecords.maxRecordBytes) bytes (the record limit)"), "\(result.stderr)")
    }

    @Test func timesAreReadAsWritten() {
        #expect(TimeAxis.parse("2026-11-28T23:59:00-05:00")?.hour == 23)
        #expect(TimeAxis.parse("2024-02-29 07") .map { TimeAxis.civil($0.day) } == "2024-02-29")
        #expect(TimeAxis.parse("2026-02-29T00") == nil)
        #expect(TimeAxis.parse("1970-01-01")?.day == 0)
        #expect(TimeAxis.parse("2026-13-01") == nil && TimeAxis.parse("26-11-28") == nil && TimeAxis.parse("") == nil)
        #expect(TimeAxis.parse("2026") == nil && TimeAxis.parse("2026-11-2") == nil)
        #expect(TimeAxis.civil(TimeAxis.daysFromCivil(year: 2000, month: 3, day: 1)) == "2000-03-01")
    }

    /// The axis counts days with the generated Swift runtime's calendar: before 1970 and
    /// over the century leap-year rules too.
    @Test func calendarDaysMatchTheRuntime() {
        #expect(TimeAxis.daysFromCivil(year: 1969, month: 12, day: 31) == -1)
        #expect(TimeAxis.civil(-1) == "1969-12-31")
        #expect(TimeAxis.civil(-719_162) == "0001-01-01")
        #expect(TimeAxis.daysFromCivil(year: 1, month: 1, day: 1) == -719_162)
        #expect(TimeAxis.parse("2000-02-29") != nil && TimeAxis.parse("1900-02-29") == nil && TimeAxis.parse("2024-04-31") == nil)
        for day in stride(from: -719_162, through: 2_932_896, by: 997) {  // 0001-01-01 to 9999-12-31
            let text = TimeAxis.civil(day)
            #expect(TimeAxis.parse(text)?.day == day, "\(day) \(text)")
        }
    }

    /// Reading and drawing are linear in the findings: 4 times the findings take less
    /// than 8 times the CPU (a quadratic step would take 16).
    @Test func growthIsLinear() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ payloads: Int) throws -> String {
            var text = ""
            for index in 0..<payloads {
                let hour = index % 240
                let at = "2026-11-\(10 + hour / 24)T\(hour % 24 < 10 ? "0" : "")\(hour % 24):00:00Z"
                text += line("logs/\(index % 7).jsonl", index + 1, app: "2.\(index % 13).0", at: at,
                             findings: [("error", "TG10\(index % 9)", 3, "message \(index)"), ("warning", "TG30\(index % 4)", 9, "w")]) + "\n"
            }
            let path = directory.appendingPathComponent("records-\(payloads).jsonl").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let paths = try [1_000, 4_000].map(write)
        let pointers = ReportRecords.Pointers(app: "/app", platform: "/platform", time: "/at")
        var failure: CLIError?
        let times = paths.map { path in
            threadCPUSeconds {
                var records = ReportRecords(pointers: pointers, maxFindings: ReportRecords.defaultMaxFindings)
                do throws(CLIError) { try records.read(path: path) } catch { failure = error }
                _ = ReportHTMLRenderer(records: records).page()
            }
        }
        #expect(failure == nil)
        #expect(times[1] / times[0] < 8, "\(times[0])s → \(times[1])s")
    }
}
