import Foundation
import Testing

/// A number beyond float64's range (`1E400`, read as infinity) in a position a message
/// shows: every message shows it as written in the payload, never as `null`, in every
/// format and input (issue 23, item 8).
struct OverRangeNumberCommandTests {
    static let tabs = #"[{"id": "home", "title": "Home", "icon": "house", "path": "/"}, {"id": "x", "title": "X", "icon": "i", "path": "/x"}]"#

    @Test func aReferenceShowsTheNumberAsWritten() throws {
        for number in ["1E400", "-1E400", "1" + String(repeating: "0", count: 400)] {
            let result = try CLI.validate(#"{"version": 1, "active": \#(number), "tabs": \#(Self.tabs)}"#)
            #expect(result.status == 1)
            #expect(result.stdoutLines.contains("payload.json:1:26: error[TG102] /active: active must name one of the tabs: \(number.prefix(117))\(number.count > 120 ? "..." : "") matches no /tabs/*/id"),
                    "\(result.stdout)")
            #expect(!result.stdout.contains("null"), "\(result.stdout)")
        }
    }

    @Test func anEqualityShowsTheNumberAsWritten() throws {
        let result = try CLI.validate(#"{"version": 1, "tabs": [], "active": -1e+400}"#)
        #expect(result.status == 1)
        #expect(result.stdoutLines.contains("payload.json:1:38: warning[TG106] /active: active should be null when tabs is empty: it is -1e+400, expected null"),
                "\(result.stdout)")
    }

    @Test func uniqueIdsShowTheNumberAsWritten() throws {
        let tabs = #"[{"id": 1E400, "title": "A", "icon": "a", "path": "/"}, {"id": 1E400, "title": "B", "icon": "b", "path": "/b"}]"#
        let result = try CLI.validate(#"{"version": 1, "active": null, "tabs": \#(tabs)}"#)
        #expect(result.stdout.contains("error[TG103] /tabs/1/id: duplicate tab id: 1E400 is also at /tabs/0/id"), "\(result.stdout)")
    }

    @Test func aShapeErrorShowsNestedNumbersAsWritten() throws {
        // An array where an object belongs: TG013 shows the array, its numbers as written.
        let result = try CLI.validate(#"{"version": 1, "active": null, "tabs": [[1E400, 2, -1E400]]}"#)
        #expect(result.stdout.contains("/tabs/0: expected an object, found array [1E400,2,-1E400]"), "\(result.stdout)")
    }

    @Test func everyFormatShowsTheNumberAsWritten() throws {
        let text = #"{"version": 1, "active": 1E400, "tabs": \#(Self.tabs)}"#
        let message = "active must name one of the tabs: 1E400 matches no /tabs/*/id"
        let json = try CLI.validate(text, ["--format", "json"])
        let line = try #require(json.stdoutLines.first { $0.contains("TG102") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["message"] as? String == message)
        let github = try CLI.validate(text, ["--format", "github"])
        #expect(github.stdout.contains("title=TG102::/active: \(message)"), "\(github.stdout)")
        let lines = try CLI.validate(#"{"version": 1, "active": null, "tabs": []}"# + "\n" + text + "\n", ["--jsonl"])
        #expect(lines.stdoutLines.contains("payload.json:2:26: error[TG102] /active: \(message)"), "\(lines.stdout)")
        let html = try CLI.run(["validate", "--html", "overrange.html"], in: URL(fileURLWithPath: CLI.payload("html")))
        #expect(html.stdout.contains("error[TG102] /active: \(message)"), "\(html.stdout)")
    }

    @Test func aFetchedPageShowsTheNumberAsWritten() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let result = try CLI.run(["validate", "--url", server.url("/pages/overrange.html")])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error[TG102] /active: active must name one of the tabs: 1E400 matches no /tabs/*/id"), "\(result.stdout)")
    }
}
