import Foundation
import GrowthTesting
import Reconciliation
import Testing
@testable import tabgen
import TestSupport

/// `tabgen plan --format html`: the storyboard page's structure. What Chromium renders is
/// checked against `--format json` by Tests/Plan/browser.
struct PlanHTMLTests {
    private let directory = URL(fileURLWithPath: CLI.payload("plan"))

    private func page(_ arguments: [String], in directory: URL? = nil) throws -> CLIResult {
        try CLI.run(["plan", "--format", "html"] + arguments, in: directory ?? self.directory)
    }

    /// `page(arguments)` in a temporary folder holding `files` (text by name), removed afterwards.
    private func page(_ arguments: [String], files: [String: String]) throws -> CLIResult {
        let folder = try CLI.directory(holding: files)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try page(arguments, in: folder)
    }

    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// The text between the opening of `section#step-N` and its end.
    private func section(_ number: Int, of html: String) -> String {
        guard let id = html.range(of: " id=\"step-\(number)\" "),
              let start = html.range(of: "<section", options: .backwards, range: html.startIndex..<id.lowerBound),
              let end = html.range(of: "</section>", range: id.upperBound..<html.endIndex) else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func flagOffPageShowsEachStepOnBothPlatforms() throws {
        let result = try page(["before.json", "flag_off.json", "--select", "explore@1"])
        #expect(result.status == 0)
        let html = result.stdout
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.hasSuffix("</html>\n"))
        // Landmarks, and one section per step: the payloads and the tap.
        for landmark in ["<header>", "<nav aria-label=\"Contents\">", "<main id=\"steps\"", "<footer>"] {
            #expect(html.contains(landmark), "\(landmark)")
        }
        #expect(count("<section class=\"step", in: html) == 3)
        // Each step draws two bars, real lists with a label.
        #expect(count("<ul class=\"tabbar\" data-platform=\"ios\" aria-label=\"iOS tab bar, ", in: html) == 3)
        #expect(count("<ul class=\"tabbar\" data-platform=\"android\" aria-label=\"Android tab bar, ", in: html) == 3)

        let tap = section(2, of: html)
        #expect(tap.contains("<h2 id=\"step-2-h\">After step 1, tap “explore”</h2>"))
        #expect(tap.contains("<li class=\"change selection\">Selection moved from “Home” to “Explore”</li>"))
        #expect(count("<li class=\"tab selected\" data-id=\"explore\" data-container=\"c2\" aria-current=\"true\">", in: tap) == 2)

        let removal = section(3, of: html)
        #expect(removal.hasPrefix("<section class=\"step warned\" id=\"step-3\""))
        #expect(removal.contains("<li class=\"change morphed\">The page of “explore” now shows under “home”</li>"))
        #expect(removal.contains("<li class=\"change removed\">Removed “Explore”</li>"))
        // iOS shows the SF Symbol name, Android the reference app's Material icon.
        #expect(removal.contains("title=\"SF Symbol house.fill\">house.fill</span>"))
        #expect(removal.contains("title=\"Material icon Home\">Home</span>"))
        // The warning, with `tabgen explain P009` one click away.
        #expect(removal.contains("<details class=\"warning\" data-code=\"P009\"><summary><span class=\"code\">P009</span> <span class=\"message\">the tab the user is on, &quot;explore&quot;, was removed"))
        #expect(removal.contains("<h4>P009</h4><p>Reconciliation case 9. What happened:"))
        #expect(!removal.contains("class=\"differences\""))
    }

    @Test func htmlOptionWritesThePageBesideTheTextOrNothing() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("plan.html").path
        let result = try CLI.run(["plan", "before.json", "flag_off.json", "--select", "explore@1", "--html", page], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("step 1 (before.json): case 2 — Bootstrap → Tabbed\n"))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html == (try self.page(["before.json", "flag_off.json", "--select", "explore@1"]).stdout))
        // A payload that cannot be planned: exit 2 and no page.
        let invalidPage = folder.appendingPathComponent("invalid.html").path
        let invalid = try CLI.run(["plan", "before.json", "invalid.json", "--html", invalidPage], in: directory)
        #expect(invalid.status == 2)
        #expect(!FileManager.default.fileExists(atPath: invalidPage))
        // A folder that does not exist: exit 2, saying which file.
        let missing = folder.appendingPathComponent("no/such/plan.html").path
        let unwritable = try CLI.run(["plan", "before.json", "--html", missing], in: directory)
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("tabgen: error: cannot write \(missing): "))
    }

    @Test func pageLoadsNothing() throws {
        let html = try page(["before.json", "sunset_hard.json", "sunset_hard.json", "--select", "explore@1", "--select", "home@2"]).stdout
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">"))
        for loader in [" src=", "<link", "url(", "@import", "http://", "https://", "<iframe", "<object"] {
            #expect(!html.contains(loader), "\(loader)")
        }
        // The one inline script opens collapsed parts for printing; print CSS is there.
        #expect(count("<script", in: html) == 1)
        #expect(html.contains("@media print{"))
        // The sunset: a deprecated badge while Explore stays, then Favorites replaces it.
        #expect(html.contains("<span class=\"title\">Explore</span><span class=\"badge deprecated\">deprecated (hard)</span>"))
        #expect(html.contains("<li class=\"change replaced\">“Favorites” replaced “Explore”</li>"))
    }

    @Test func payloadTextIsEscaped() throws {
        let payload = #"""
        {"active": "a", "tabs": [
          {"id": "a", "title": "<script>alert(1)</script>", "icon": "\"><img src=x onerror=alert(2)>", "path": "/a"},
          {"id": "b'&<", "title": "Tom & \"Jerry\"\u001b[31m", "icon": "star", "path": "/b"}]}
        """#
        let result = try page(["markup.json"], files: ["markup.json": payload])
        #expect(result.status == 0)
        let html = result.stdout
        #expect(html.contains("<span class=\"title\">&lt;script&gt;alert(1)&lt;/script&gt;</span>"))
        #expect(html.contains("title=\"SF Symbol &quot;&gt;&lt;img src=x onerror=alert(2)&gt;\">&quot;&gt;&lt;img src=x onerror=alert(2)&gt;</span>"))
        #expect(html.contains("data-id=\"b&#39;&amp;&lt;\""))
        // A control character is shown as an escape, not sent to the browser.
        #expect(html.contains("<span class=\"title\">Tom &amp; &quot;Jerry&quot;\\u001b[31m</span>"))
        #expect(!html.contains("\u{1B}"))
        #expect(count("<script", in: html) == 1)
        #expect(!html.contains("<img"))
    }

    @Test func unchangedRunsFoldAndTheContentsListThem() throws {
        let lines = try String(contentsOfFile: directory.appendingPathComponent("before.json").path, encoding: .utf8)
            .replacingOccurrences(of: "\n", with: "")
        let html = try page(["--jsonl", "same.jsonl"], files: ["same.jsonl": String(repeating: lines + "\n", count: 6)]).stdout
        // Step 1 shows the bar; steps 2 to 6 change nothing and fold into one run.
        #expect(count("<section class=\"step", in: html) == 6)
        #expect(count("<details class=\"run\"", in: html) == 1)
        #expect(html.contains("<details class=\"run\" id=\"run-2\"><summary>Step 2 to Step 6: nothing changes (5 steps)</summary>"))
        #expect(html.contains("<li><a href=\"#run-2\">Step 2 to Step 6: nothing changes</a></li>"))
        #expect(html.contains("<li><a href=\"#step-1\">Step 1 (same.jsonl:1): case 2, Bootstrap → Tabbed</a></li>"))
    }

    @Test func platformsDifferWithMoreThanFiveTabsAndUnknownIcons() throws {
        let tabs = ["home", "explore", "library", "profile", "favorites", "inbox"].map { id in
            #"{"id": "\#(id)", "title": "\#(id.capitalized)", "icon": "\#(id == "inbox" ? "tray" : "star")", "path": "/\#(id)"}"#
        }
        let html = try page(["six.json"], files: ["six.json": #"{"active": "inbox", "tabs": [\#(tabs.joined(separator: ", "))]}"#]).stdout
        // iOS: four tabs and More holding the rest (the selected Inbox among them); Android: all six.
        #expect(html.contains("<li class=\"more selected\">"))
        #expect(count("<li class=\"tab", in: html) == 12)
        #expect(html.contains("6 tabs: an iPhone shows 4 and More (“Favorites”, “Inbox” under More); Android shows all 6."))
        #expect(html.contains("Icon “tray” of “Inbox”: iOS draws that SF Symbol; the reference Android app has no Material icon for it and draws Home."))
        #expect(html.contains("<div class=\"differences\" role=\"note\"><h3>iOS and Android differ</h3>"))
    }

    @Test func crashesAreDrawnPerPlatform() throws {
        func tab(_ id: String, _ extra: String = "") -> String {
            #"{"id": "\#(id)", "title": "\#(id.capitalized)", "icon": "star", "path": "/\#(id)"\#(extra)}"#
        }
        let files = [
            "older.json": PlanCommandTests.olderSchema,
            "retired.json": #"{"active": "home", "tabs": [\#(tab("home", #", "deprecated": "soft""#)), \#(tab("explore", #", "deprecated": "hard""#))]}"#,
            "two.json": #"{"active": "home", "tabs": [\#(tab("home")), \#(tab("explore", #", "deprecated": "hard""#)), \#(tab("favorites", #", "replaces": "explore""#)), \#(tab("saved", #", "replaces": "explore""#))]}"#,
        ]
        let html = try page(["--schema", "older.json", "retired.json", "two.json"], files: files).stdout
        // P105: both apps crash, shown relaunched (no bar); the timing differs.
        let retired = section(1, of: html)
        #expect(retired.contains("<p class=\"crash\" data-platform=\"ios\">The app crashes on this message; shown relaunched</p>"))
        #expect(retired.contains("<p class=\"crash\" data-platform=\"android\">The app crashes on this message; shown relaunched</p>"))
        #expect(retired.contains("<li>Android throws at once; iOS is left without a tab and crashes on the next message. Both are shown relaunched.</li>"))
        // P103: iOS crashes and draws no bar; Android goes on.
        let two = section(2, of: html)
        #expect(two.contains("<p class=\"crash\" data-platform=\"ios\">The app crashes on this message</p>\n<p class=\"no-bar\">No tab bar: the app is not running</p>"))
        #expect(!two.contains("data-platform=\"ios\" aria-label"))
        #expect(!two.contains("<p class=\"crash\" data-platform=\"android\">"))
        #expect(two.contains("<ul class=\"tabbar\" data-platform=\"android\" aria-label=\"Android tab bar, Step 2\">"))
    }

    /// Each step is drawn from its own state and the one before: the page grows linearly.
    @Test func sizeAndTimeAreLinearInSteps() throws {
        func entries(_ count: Int) -> [PlanEntry] {
            let ids = ["home", "explore", "library", "profile", "favorites"]
            var client = Reconciler()
            let payload = PlanPayload(file: "steps.jsonl", line: 1, bytes: [], isRecord: true)
            return (0..<count).map { index in
                // Rotate one tab in and out: every step adds or removes a tab.
                let shown = index % 2 == 0 ? ids : Array(ids.dropLast())
                let tabs = shown.map { TabData(id: $0, title: $0.capitalized, icon: "star", path: "/\($0)") }
                return PlanEntry(step: index + 1, payload: payload, report: client.accept(.tabbed(active: "home", tabs: tabs)))
            }
        }
        let small = entries(250), large = entries(1000)
        let renderer = PlanHTMLRenderer()
        let sizes = [small, large].map { renderer.page(entries: $0, findings: []).utf8.count }
        let ratio = Double(sizes[1]) / Double(sizes[0])
        #expect(ratio > 3.5 && ratio < 4.5, "size \(sizes[0]) → \(sizes[1]) bytes")
        let times = [small, large].map { entries in threadCPUSeconds { _ = renderer.page(entries: entries, findings: []) } }
        #expect(times[1] / times[0] < 8, "\(times[0])s → \(times[1])s")
    }
}
