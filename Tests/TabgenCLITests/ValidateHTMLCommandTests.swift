import Foundation
import Testing

/// `tabgen validate --html`: pages, the bridge element, positions and formats.
struct ValidateHTMLCommandTests {
    let htmlDirectory = URL(fileURLWithPath: CLI.payload("html"))
    static let tg104 = #"error[TG104] /tabs/1/path: "https://evil.example/x" is not a relative reference (it has scheme "https")"#

    /// A run of `validate --html` in Payloads/html whose whole outcome is its status, its
    /// standard output (one line a finding) and, where given, the summary on standard error.
    struct PageCase: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var status: Int32
        var lines: [String] = []
        var summary: String?
        var testDescription: String { name }
    }

    static let pageCases = [
        PageCase(name: "a valid page exits zero", arguments: ["valid.html"], status: 0, summary: "checked 1 page: 1 valid, 0 invalid"),
        PageCase(name: "findings sit at the attribute value", arguments: ["invalid.html"], status: 1,
                 lines: ["invalid.html:3:81: \(tg104)"]),
        // templates.html has one live element; the others (an invalid payload in a Turbo
        // Stream's <template>, nested templates) are inert content the browser never connects.
        PageCase(name: "template content is not live", arguments: ["templates.html"], status: 0, summary: "checked 1 page: 1 valid, 0 invalid"),
        // separators.html: data-controller="menu<NO-BREAK SPACE>bridge--navigation<VT>other",
        // three controllers for Stimulus (`split(/\s+/)`), one token for HTML's ASCII whitespace.
        PageCase(name: "controller tokens split on JavaScript whitespace", arguments: ["separators.html"], status: 0),
        PageCase(name: "an element without the value attribute", arguments: ["no-value.html"], status: 1,
                 lines: [#"no-value.html:3:1: error[TG003] (root): <nav> has data-controller="bridge--navigation" but no data-bridge--navigation-config-value attribute, so it sends no configuration"#]),
        PageCase(name: "malformed JSON says where in the decoded value", arguments: ["malformed.html"], status: 1,
                 lines: ["malformed.html:3:81: error[TG001] (root): not well-formed JSON: unexpected character '}' (at character 24 of the decoded attribute value)"]),
        // Upper-case names, an unquoted data-controller, single quotes around raw JSON,
        // decimal, hexadecimal and named references, and a later duplicate of the
        // value attribute (not JSON) that must lose to the first.
        PageCase(name: "attribute spellings follow the tokenizer", arguments: ["spellings.html"], status: 0),
        PageCase(name: "an oversized page is refused", arguments: ["--max-bytes", "100", "valid.html"], status: 1,
                 lines: ["valid.html:1:1: error[TG002] (root): page is larger than the limit of 100 bytes (--max-bytes)"]),
    ]

    @Test(arguments: pageCases)
    func page(_ testCase: PageCase) throws {
        let result = try CLI.run(["validate", "--html"] + testCase.arguments, in: htmlDirectory)
        #expect(result.status == testCase.status, "\(result.stdout)")
        #expect(result.stdoutLines == testCase.lines)
        #expect(result.stdout.isEmpty == testCase.lines.isEmpty)
        if let summary = testCase.summary {
            #expect(result.stderr.contains(summary), "\(result.stderr)")
        }
    }

    @Test func pageWithoutTheElementIsAnErrorUnlessAllowed() throws {
        let result = try CLI.run(["validate", "--html", "missing.html"], in: htmlDirectory)
        #expect(result.status == 1)
        #expect(result.stdoutLines.count == 1)
        #expect(result.stdout.hasPrefix(#"missing.html:1:1: error[TG003] (root): no element on this page has data-controller="bridge--navigation""#))
        let allowed = try CLI.run(["validate", "--html", "--allow-missing", "missing.html", "valid.html"], in: htmlDirectory)
        #expect(allowed.status == 0)
        #expect(allowed.stdout.isEmpty)
        #expect(allowed.stderr.contains("checked 2 pages: 2 valid, 0 invalid"))
    }

    @Test func markupInsideTextCommentsAndAttributesIsNotAnElement() throws {
        // decoys.html writes the bridge element (with an invalid payload) inside a
        // comment, <script>, <style>, <textarea>, <noscript>, <title> and an attribute.
        let result = try CLI.run(["validate", "--html", "decoys.html"], in: htmlDirectory)
        #expect(result.status == 1)
        #expect(result.stdoutLines.count == 1)
        #expect(result.stdout.contains("decoys.html:1:1: error[TG003]"))
        #expect(!result.stdout.contains("TG104"))
    }

    @Test func twoElementsOnAPageAreAWarning() throws {
        let result = try CLI.run(["validate", "--html", "multiple.html"], in: htmlDirectory)
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 1)
        #expect(result.stdout.contains(#"multiple.html:4:1: warning[TG004] (root): another element with data-controller="bridge--navigation" (the first is at 3:1)"#))
        let strict = try CLI.run(["validate", "--html", "--strict", "multiple.html"], in: htmlDirectory)
        #expect(strict.status == 1)
    }

    @Test func jsonFormatCarriesThePosition() throws {
        let result = try CLI.run(["validate", "--html", "--format", "json", "invalid.html", "missing.html"], in: htmlDirectory)
        #expect(result.status == 1)
        let objects = try result.stdoutLines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.count == 2)
        #expect(objects[0]["file"] as? String == "invalid.html")
        #expect(objects[0]["line"] as? Int == 3)
        #expect(objects[0]["column"] as? Int == 81)
        #expect(objects[0]["pointer"] as? String == "/tabs/1/path")
        #expect(objects[1]["code"] as? String == "TG003")
        #expect(objects[1]["pointer"] as? String == "")
    }

    @Test func githubFormatPrintsAnnotations() throws {
        let result = try CLI.run(["validate", "--html", "--format", "github", "invalid.html", "multiple.html"], in: htmlDirectory)
        #expect(result.status == 1)
        #expect(result.stdoutLines == [
            #"::error file=invalid.html,line=3,col=81,title=TG104::/tabs/1/path: "https://evil.example/x" is not a relative reference (it has scheme "https")"#,
            #"::warning file=multiple.html,line=4,col=1,title=TG004::(root): another element with data-controller="bridge--navigation" (the first is at 3:1): each sends a configure message and the app keeps whichever arrives last"#,
        ])
    }

    @Test func githubFormatEscapesPropertiesAndMessages() throws {
        let page = #"<nav data-controller="bridge--navigation" data-bridge--navigation-config-value='{"active":null,"tabs":[{"id":"a","title":"A","icon":"a","path":"https://x/100%"},{"id":"b","title":"B","icon":"b","path":"/b"}]}'>"#
        let directory = try CLI.directory(holding: ["a,b:c.html": page])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["validate", "--html", "--format", "github", "a,b:c.html"], in: directory)
        #expect(result.status == 1)
        let line = try #require(result.stdoutLines.first { $0.contains("TG104") })
        #expect(line.hasPrefix("::error file=a%2Cb%3Ac.html,line=1,col=81,title=TG104::/tabs/0/path: "))
        #expect(line.contains("https://x/100%25"))
        #expect(!line.contains("100%\""))
    }

    @Test func githubFormatWorksForJSONPayloads() throws {
        let result = try CLI.run(["validate", "--format", "github", "home.json", "warning.json"], in: URL(fileURLWithPath: CLI.payload("validate")))
        #expect(result.status == 1)
        #expect(result.stdoutLines.count == 2)
        #expect(result.stdoutLines.first == #"::error file=home.json,line=2,col=43,title=TG104::/tabs/1/path: "https://evil.example/x" is not a relative reference (it has scheme "https")"#)
        #expect(result.stdoutLines.last?.hasPrefix("::warning file=warning.json,line=1,col=12,title=TG106::/active: ") == true)
    }

    @Test func readsAPageFromStandardInput() throws {
        let page = try Data(contentsOf: URL(fileURLWithPath: CLI.payload("html/invalid.html")))
        let result = try CLI.run(["validate", "--html", "-"], stdin: page)
        #expect(result.status == 1)
        #expect(result.stdoutLines == ["<stdin>:3:81: \(Self.tg104)"])
    }

    @Test func unreadablePageExitsTwoButChecksTheOthers() throws {
        let result = try CLI.run(["validate", "--html", "/nonexistent/page.html", CLI.payload("html/invalid.html")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read /nonexistent/page.html"))
        #expect(result.stderr.contains("checked 1 page: 0 valid, 1 invalid (1 error, 0 warnings); 1 file could not be read"))
        #expect(result.stdout.contains("TG104"))
    }

    @Test func schemaWithoutABridgeContractExitsTwo() throws {
        let directory = try CLI.directory(holding: ["plain.json": #"{"properties": {"active": {"type": "string", "nullable": true}}}"#])
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("plain.json")
        let result = try CLI.run(["validate", "--schema", schema.path, "--html", CLI.payload("html/valid.html")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("declares no bridge contract"))
    }

    @Test(arguments: [
        (["--html", "--jsonl", "a.html"], "--jsonl cannot be combined"),
        (["--allow-missing", "a.json"], "--allow-missing applies to"),
        (["--header", "Cookie: a=b", "a.json"], "--header applies to"),
        (["a.json", "--url", "http://127.0.0.1:1/"], "add --html"),
        (["--url", "ftp://example.com/"], "not an absolute http or https URL"),
        (["--url", "/relative"], "not an absolute http or https URL"),
        (["--url", "http://127.0.0.1:1/", "--timeout", "0"], "--timeout must be"),
        (["--url", "http://127.0.0.1:1/", "--concurrency", "0"], "--concurrency must be"),
        (["--url", "http://127.0.0.1:1/", "--header", "no colon"], "--header"),
        (["--url", "http://127.0.0.1:1/", "--header", "Bad Name: x"], "--header"),
        (["--html", "-", "--urls-from", "-"], "standard input"),
    ])
    func usageErrorsExitTwo(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(["validate"] + arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
}
