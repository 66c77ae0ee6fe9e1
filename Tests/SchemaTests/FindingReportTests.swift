import Testing
@testable import Schema

/// `PayloadValidator.maxFindings` cuts the list, never the counts, and a cut list keeps
/// errors before warnings (issue 23, item 1).
struct FindingReportTests {
    /// 101 tabs with an empty path (101 TG021 warnings, found before any TG105); tab 0
    /// replaces a tab that does not exist (TG105, an error).
    static let payload: String = {
        let tabs = (0...100).map { index in
            #"{"id":"t\#(index)","title":"T","icon":"i","path":""\#(index == 0 ? #","replaces":"nope""# : "")}"#
        }
        return #"{"active":"t0","tabs":[\#(tabs.joined(separator: ","))]}"#
    }()

    @Test(arguments: [0, 1, 5, 100])
    func everyPathCountsEveryFinding(limit: Int) throws {
        var validator = PayloadValidator(document: try repositorySchema())
        validator.maxFindings = limit
        let bytes = Array(Self.payload.utf8)
        let scratch = ByteScratch()
        let reports = bytes.withUnsafeBufferPointer { buffer in
            [validator.report(for: buffer),
             validator.report(for: buffer, verdict: validator.verdict(for: buffer, scratch: scratch), scratch: scratch),
             validator.report(for: buffer, verdict: .unknown, scratch: scratch)]
        }
        for report in reports + [validator.report(for: try parse(Self.payload))] {
            #expect(report.errors == 1)
            #expect(report.warnings == 101)
            #expect(report.findings.contains { $0.code == "TG105" }, "the error was cut (limit \(limit))")
            if limit > 0 {
                #expect(report.findings.count == limit + 1)
                #expect(report.findings.first?.severity == .error)
                #expect(report.isCut)
            } else {
                #expect(report.findings.count == 102)
                #expect(!report.isCut)
            }
        }
    }

    @Test func schemaErrorsPastTheLimitAreCountedNotDescribed() throws {
        // 300 tabs without a title: 300 TG012 errors.
        let tabs = (0..<300).map { #"{"id":"t\#($0)","icon":"i","path":"/\#($0)"}"# }
        let payload = try parse(#"{"active":"t0","tabs":[\#(tabs.joined(separator: ","))]}"#)
        var validator = PayloadValidator(document: try repositorySchema())
        validator.maxFindings = 3
        let report = validator.report(for: payload)
        #expect(report.findings.count == 4)
        #expect(report.errors == 300)
        #expect(report.warnings == 0)
        validator.maxFindings = 0
        #expect(validator.report(for: payload).findings.count == 300)
    }
}
