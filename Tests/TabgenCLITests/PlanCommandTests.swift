import Foundation
import Testing
import TestSupport

/// `tabgen plan` end to end, on the protocol's sunset example (Home, Explore, Library,
/// Profile; Explore retired in favour of Favorites). Runs in Payloads/plan so file
/// names print short.
struct PlanCommandTests {
    private let directory = URL(fileURLWithPath: CLI.payload("plan"))

    private func plan(_ arguments: [String]) throws -> CLIResult {
        try CLI.run(["plan"] + arguments, in: directory)
    }

    /// `plan(arguments)`, expected to exit with `status` and to print each of `texts` on standard output.
    private func plan(_ arguments: [String], exits status: Int32, printing texts: [String],
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIResult {
        let result = try plan(arguments)
        #expect(result.status == status, sourceLocation: sourceLocation)
        for text in texts {
            #expect(result.stdout.contains(text), sourceLocation: sourceLocation)
        }
        return result
    }

    /// The `tab bar` rows of text output.
    private func tabBars(_ result: CLIResult) -> [String] {
        result.stdoutLines.filter { $0.hasPrefix("  tab bar") }.map { String($0.dropFirst(12)) }
    }

    @Test func flagOffUnderTheUserIsCase9AndWarns() throws {
        let result = try plan(["before.json", "flag_off.json", "--select", "explore@1"])
        #expect(result.status == 0)
        #expect(result.stdoutLines.prefix(4) == [
            "step 1 (before.json): case 2 — Bootstrap → Tabbed",
            "  promoted  c1 → home",
            "  created   c2 explore, c3 library, c4 profile",
            "  tab bar   [Home*] [Explore] [Library] [Profile]",
        ])
        #expect(result.stdout.contains("after step 1: the user taps \"explore\""))
        #expect(result.stdout.contains("step 2 (flag_off.json): case 9 — Tabbed → Tabbed (Active Tab Removed)"))
        #expect(result.stdout.contains("  morphed   c2 explore → home\n  kept      c3 library, c4 profile\n  disposed  c1 home\n"))
        #expect(tabBars(result) == ["[Home*] [Explore] [Library] [Profile]", "[Home] [Explore*] [Library] [Profile]",
                                    "[Home*] [Library] [Profile]"])
        #expect(result.stdout.contains("  warning[P009]: the tab the user is on, \"explore\", was removed"))
        #expect(result.stderr == "tabgen: schema.json (built in)\ntabgen: planned 2 payloads, 1 tap: 1 warning (P009)\n")
    }

    @Test func failOnWarningExitsOneOnlyWhenAStepWarns() throws {
        let warned = try plan(["--fail-on-warning", "before.json", "flag_off.json", "--select", "explore@1"])
        #expect(warned.status == 1)
        #expect(warned.stdout.contains("warning[P009]"))
        // The user on Home: plain case 8, nothing to warn about.
        let calm = try plan(["--fail-on-warning", "before.json", "flag_off.json"])
        #expect(calm.status == 0)
        #expect(calm.stdout.contains("case 8 — Tabbed → Tabbed (Tabs Removed)"))
        #expect(calm.stderr.contains("0 warnings"))
    }

    @Test func hardDeprecationWaitsForTheUserToLeave() throws {
        let result = try plan(["before.json", "sunset_hard.json", "sunset_hard.json",
                               "--select", "explore@1", "--select", "home@2", "--fail-on-warning"], exits: 0, printing: [
            "step 2 (sunset_hard.json): case 4 — Tabbed → Tabbed (No Change)",
            "  pending   Explore goes when the user leaves it (hard); Favorites then takes its place",
            "after step 2: the user taps \"home\"\n  kept      c1 home, c3 library, c4 profile\n  disposed  c2 explore\n  created   c5 favorites\n",
        ])
        // The tab count stays at four throughout.
        #expect(tabBars(result) == [
            "[Home*] [Explore] [Library] [Profile]",
            "[Home] [Explore*] [Library] [Profile]",
            "[Home] [Explore*] [Library] [Profile]",
            "[Home*] [Favorites] [Library] [Profile]",
            "[Home*] [Favorites] [Library] [Profile]",
        ])
    }

    @Test func softDeprecationGoesAtRestart() throws {
        let result = try plan(["before.json", "sunset_soft.json", "sunset_soft.json", "--restart-at", "2"], exits: 0, printing: [
            "  pending   Explore goes at the next app restart or bootstrap → tabbed transition (soft); Favorites then takes its place",
            "after step 2: the app restarts\n  disposed  c1 home, c2 explore, c3 library, c4 profile\n  created   c5 (bootstrap)\n",
            "step 3 (sunset_soft.json): case 2 — Bootstrap → Tabbed\n  promoted  c5 → home\n",
        ])
        #expect(tabBars(result) == [
            "[Home*] [Explore] [Library] [Profile]",
            "[Home*] [Explore] [Library] [Profile]",
            "none (bootstrap: one web view, c5)",
            "[Home*] [Favorites] [Library] [Profile]",
        ])
        #expect(result.stderr.contains("planned 3 payloads, 1 restart: 0 warnings"))
    }

    @Test func reorderAndRedesignWarnWithStableCodes() throws {
        let result = try plan(["before.json", "reordered.json", "redesign.json", "bootstrap.json", "--fail-on-warning"], exits: 1, printing: [
            "case 6 — Tabbed → Tabbed (Ordering Changed)",
            "case 11 — Tabbed → Tabbed (All Tabs Replaced)",
            "case 3 — Tabbed → Bootstrap",
            "  demoted   c1 feed → bootstrap",
        ])
        #expect(result.stderr.contains("2 warnings (P006, P011)"))
    }

    @Test func jsonFormatIsOneDocumentWithEveryStep() throws {
        let result = try plan(["--format", "json", "before.json", "flag_off.json", "--select", "explore@1"])
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["warnings"] as? Int == 1)
        #expect((document["findings"] as? [Any])?.isEmpty == true)
        let steps = try #require(document["steps"] as? [[String: Any]])
        #expect(steps.map { $0["kind"] as? String } == ["configure", "select", "configure"])
        #expect(steps.map { $0["step"] as? Int } == [1, 1, 2])
        #expect(steps[1]["tab"] as? String == "explore")
        #expect(steps[1]["case"] is NSNull)

        let last = steps[2]
        for key in ["source", "case", "events", "mode", "tabBar", "selected", "pending", "warnings", "notes"] {
            #expect(last[key] != nil, "missing \(key)")
        }
        let reconciliationCase = try #require(last["case"] as? [String: Any])
        #expect(reconciliationCase["number"] as? Int == 9)
        #expect(reconciliationCase["name"] as? String == "Tabbed → Tabbed (Active Tab Removed)")
        let events = try #require(last["events"] as? [[String: Any]])
        let morphed = try #require(events.first { $0["kind"] as? String == "morphed" })
        #expect(morphed["container"] as? String == "c2")
        #expect(morphed["from"] as? String == "explore")
        #expect(morphed["to"] as? String == "home")
        #expect(events.filter { $0["kind"] as? String == "disposed" }.map { $0["container"] as? String } == ["c1"])
        let tabBar = try #require(last["tabBar"] as? [[String: Any]])
        #expect(tabBar.map { $0["id"] as? String } == ["home", "library", "profile"])
        #expect(tabBar.map { $0["selected"] as? Bool } == [true, false, false])
        #expect((last["selected"] as? [String: Any])?["container"] as? String == "c2")
        let warning = try #require((last["warnings"] as? [[String: Any]])?.first)
        #expect(warning["code"] as? String == "P009")
        #expect(warning["file"] as? String == "flag_off.json")
        #expect(warning["line"] as? Int == 1)
        #expect(warning["column"] as? Int == 12)
    }

    @Test func githubFormatPrintsWorkflowAnnotations() throws {
        let result = try plan(["--format", "github", "before.json", "flag_off.json", "--select", "explore@1"])
        #expect(result.status == 0)
        let annotations = result.stdoutLines.filter { $0.hasPrefix("::") }
        #expect(annotations.count == 1)
        #expect(annotations.first?.hasPrefix("::warning file=flag_off.json,line=1,col=12,title=tabgen plan P009 (step 2)::the tab the user is on, \"explore\", was removed") == true)
        #expect(!result.stdout.contains("warning[P009]"))

        let invalid = try plan(["--format", "github", "before.json", "invalid.json"])
        #expect(invalid.status == 2)
        #expect(invalid.stdoutLines == [#"::error file=invalid.json,line=3,col=65,title=tabgen TG104::/tabs/0/path: "https://evil.example/" is not a relative reference (it has scheme "https")"#])
    }

    @Test func invalidPayloadIsReportedAndNotPlanned() throws {
        let result = try plan(["before.json", "invalid.json"])
        #expect(result.status == 2)
        #expect(result.stdoutLines == [#"invalid.json:3:65: error[TG104] /tabs/0/path: "https://evil.example/" is not a relative reference (it has scheme "https")"#])
        #expect(result.stderr == "tabgen: schema.json (built in)\ntabgen: error: cannot plan: 1 of 2 payloads is invalid against the schema (invalid.json)\n")

        let json = try plan(["--format", "json", "invalid.json"])
        #expect(json.status == 2)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((document["steps"] as? [Any])?.isEmpty == true)
        #expect(((document["findings"] as? [[String: Any]])?.first)?["code"] as? String == "TG104")
    }

    @Test func jsonLinesStepsNameTheirLines() throws {
        let result = try plan(["--jsonl", "steps.jsonl"])
        #expect(result.status == 0)
        let headings = result.stdoutLines.filter { $0.hasPrefix("step ") }
        #expect(headings == [
            "step 1 (steps.jsonl:1): case 1 — Bootstrap → Bootstrap",
            "step 2 (steps.jsonl:3): case 2 — Bootstrap → Tabbed",
            "step 3 (steps.jsonl:4): case 6 — Tabbed → Tabbed (Ordering Changed)",
        ])
        let github = try plan(["--jsonl", "steps.jsonl", "--format", "github"])
        #expect(github.stdout.contains("::warning file=steps.jsonl,line=4,"))
    }

    @Test func readsStandardInput() throws {
        let result = try CLI.run(["plan", "-q", "-"], stdin: Data(#"{"active": null, "tabs": []}"#.utf8))
        #expect(result.status == 0)
        #expect(result.stdoutLines.first == "step 1 (<stdin>): case 1 — Bootstrap → Bootstrap")
        #expect(result.stderr.isEmpty)
    }

    @Test func usageAndIOErrorsExitTwo() throws {
        let cases: [(arguments: [String], message: String)] = [
            ([], "give at least one PAYLOAD, or --jsonl FILE"),
            (["before.json", "--jsonl", "steps.jsonl"], "not both"),
            (["before.json", "--select", "explore"], "expected ID@STEP"),
            (["before.json", "--select", "explore@0"], "step number from 1"),
            (["before.json", "--select", "explore@2"], "--select explore@2: there is only 1 step"),
            (["before.json", "--restart-at", "3"], "--restart-at 3: there is only 1 step"),
            (["before.json", "sunset_soft.json", "--select", "favorites@2"],
             #"--select favorites@2: after step 2 (sunset_soft.json), no tab "favorites" in the tab bar"#),
            (["bootstrap.json", "--select", "home@1"], "there is no tab bar to tap"),
            (["missing.json"], "cannot read missing.json"),
            (["--format", "xml", "before.json"], "xml"),
            (["--schema", "missing-schema.json", "before.json"], "cannot read missing-schema.json"),
        ]
        for (arguments, message) in cases {
            let result = try plan(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        #expect(try plan(["--help"]).status == 0)
    }

    // MARK: - Where the shipped apps depart from seeds/002 (P101–P106)

    /// A JTD schema of the configure message without tabgen's rules, as a team pinned to
    /// an older schema has: P101, P103 and P105 arise only from payloads the built-in
    /// schema rejects (TG108, TG107).
    static let olderSchema = """
        {"properties": {"active": {"type": "string", "nullable": true}, "tabs": {"elements": {"ref": "TabData"}}},
         "definitions": {"TabData": {
           "properties": {"id": {"type": "string"}, "title": {"type": "string"}, "icon": {"type": "string"}, "path": {"type": "string"}},
           "optionalProperties": {"deprecated": {"enum": ["soft", "hard"]}, "replaces": {"type": "string"}},
           "additionalProperties": true}},
         "additionalProperties": true}
        """

    /// One tab of a payload: `explore` is titled "Explore" at /explore; `extra` adds
    /// members, e.g. `"deprecated": "hard"`.
    private static func tab(_ id: String, _ extra: String = "", title: String? = nil) -> String {
        let title = title ?? id.prefix(1).uppercased() + id.dropFirst()
        return #"{"id": "\#(id)", "title": "\#(title)", "icon": "\#(id)", "path": "/\#(id)"\#(extra.isEmpty ? "" : ", " + extra)}"#
    }

    private static func payload(active: String, _ tabs: String...) -> String {
        #"{"active": "\#(active)", "tabs": [\#(tabs.joined(separator: ", "))]}"#
    }

    private static let four = payload(active: "home", tab("home"), tab("explore"), tab("library"), tab("profile"))

    /// Writes `files` (and older.json, the schema above) into a fresh directory and
    /// plans there, so file names print short.
    private func plan(writing files: [String: String], _ arguments: [String]) throws -> CLIResult {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files.merging(["older.json": Self.olderSchema], uniquingKeysWith: { $1 }) {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return try CLI.run(["plan"] + arguments, in: directory)
    }

    @Test func oneTabLeftHidesTheTabBarP101() throws {
        let files = ["lone.json": Self.payload(active: "home", Self.tab("home"), Self.tab("explore", #""deprecated": "hard""#)),
                     "four.json": Self.payload(active: "explore", Self.tab("home"), Self.tab("explore"), Self.tab("library"))]
        let result = try plan(writing: files, ["--schema", "older.json", "lone.json", "four.json"])
        #expect(result.status == 0)
        #expect(tabBars(result) == ["none (one tab left, home, shown as bootstrap: one web view, c1)",
                                    "[Home] [Explore*] [Library]"])
        #expect(result.stdout.contains(#"warning[P101]: only one tab, "home", is left to show: the apps take a single tab for bootstrap mode, so users see no tab bar"#))
        // The next message is case 2 again: the page moves under the new active tab.
        #expect(result.stdout.contains("step 2 (four.json): case 2 — Bootstrap → Tabbed\n  promoted  c1 home → explore\n"))
        #expect(result.stderr == "tabgen: older.json (--schema)\ntabgen: planned 2 payloads: 1 warning (P101)\n")
        // The built-in schema rejects the payload before any client sees it.
        let strict = try plan(writing: files, ["lone.json"])
        #expect(strict.status == 2)
        #expect(strict.stdout.contains("error[TG108]"))
    }

    @Test func hiddenActiveFallsToTheFirstTabP102() throws {
        let sunset = Self.payload(active: "explore", Self.tab("home"), Self.tab("explore", #""deprecated": "soft""#),
                                  Self.tab("favorites", #""replaces": "explore""#), Self.tab("library"), Self.tab("profile"))
        let result = try plan(writing: ["sunset.json": sunset], ["sunset.json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("  promoted  c1 → home\n"))
        #expect(tabBars(result) == ["[Home*] [Favorites] [Library] [Profile]"])
        #expect(result.stdout.contains(#"warning[P102]: active "explore" is not shown (it is soft-deprecated and not in the tab bar): the apps fall back to the first tab, so the page on screen appears under "home", not under "favorites""#))
        let json = try plan(writing: ["sunset.json": sunset], ["--format", "json", "sunset.json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let step = try #require((document["steps"] as? [[String: Any]])?.first)
        let warning = try #require((step["warnings"] as? [[String: Any]])?.first)
        #expect(warning["code"] as? String == "P102")
        #expect(warning["column"] as? Int == 12)  // at "explore", the value of /active
        #expect((step["selected"] as? [String: Any])?["id"] as? String == "home")
    }

    @Test func twoReplacementsWarnAndTheLastGoesInP103() throws {
        let files = ["four.json": Self.four,
                     "two.json": Self.payload(active: "explore", Self.tab("home"), Self.tab("explore", #""deprecated": "hard""#),
                                              Self.tab("favorites", #""replaces": "explore""#),
                                              Self.tab("saved", #""replaces": "explore""#), Self.tab("library"), Self.tab("profile"))]
        let result = try plan(writing: files, ["--schema", "older.json", "four.json", "two.json",
                                               "--select", "explore@1", "--select", "home@2"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#"warning[P103]: 2 tabs ("favorites", "saved") replace "explore": the iOS apps crash on this message"#))
        #expect(result.stdout.contains("after step 2: the user taps \"home\"\n  kept      c1 home, c3 library, c4 profile\n  disposed  c2 explore\n  created   c5 saved\n"))
        #expect(tabBars(result).last == "[Home*] [Saved] [Library] [Profile]")
        #expect(result.stdout.contains(#""favorites" appears only with the next message"#))
        let strict = try plan(writing: files, ["four.json", "two.json"])
        #expect(strict.status == 2)
        #expect(strict.stdout.contains("error[TG107]"))
    }

    @Test func deprecatedReplacementIsInsertedAnywayP104() throws {
        let files = ["three.json": Self.payload(active: "home", Self.tab("home"), Self.tab("explore"), Self.tab("library")),
                     "retire.json": Self.payload(active: "explore", Self.tab("home"), Self.tab("explore", #""deprecated": "hard""#),
                                                 Self.tab("saved", #""deprecated": "soft", "replaces": "explore""#), Self.tab("library"))]
        // Valid against the built-in schema: this one reaches users.
        let result = try plan(writing: files, ["three.json", "retire.json", "--select", "explore@1", "--select", "home@2"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#"warning[P104]: "saved", which replaces the hard-deprecated "explore" the user is on, is itself soft-deprecated"#))
        #expect(result.stdout.contains(#"note: "explore" is hard-deprecated and the user left it: it goes now; "saved" takes its place although it is soft-deprecated itself"#))
        #expect(tabBars(result).last == "[Home*] [Saved] [Library]")
        #expect(result.stderr == "tabgen: schema.json (built in)\ntabgen: planned 2 payloads, 2 taps: 1 warning (P104)\n")
    }

    @Test func everyTabDeprecatedCrashesTheAppsP105() throws {
        let files = ["retired.json": Self.payload(active: "home", Self.tab("home", #""deprecated": "soft""#),
                                                  Self.tab("explore", #""deprecated": "hard""#)),
                     "four.json": Self.four]
        let result = try plan(writing: files, ["--schema", "older.json", "--fail-on-warning", "retired.json", "four.json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("step 1 (retired.json): case 2 — Bootstrap → Tabbed\n  disposed  c1 (bootstrap)\n  created   c2 (bootstrap)\n  tab bar   none (bootstrap: one web view, c2)\n"))
        #expect(result.stdout.contains("the Android apps crash at once, the iOS apps are left without a tab and crash on the next message"))
        #expect(result.stdout.contains("note: plan goes on as if the user opened the app again: a fresh bootstrap container, c2"))
        #expect(result.stdout.contains("step 2 (four.json): case 2 — Bootstrap → Tabbed\n  promoted  c2 → home\n"))
        let strict = try plan(writing: files, ["retired.json"])
        #expect(strict.status == 2)
        #expect(strict.stdout.contains("error[TG108]"))
    }

    @Test func newLabelsWithoutStructuralChangeAreNotShownP106() throws {
        let files = ["four.json": Self.four,
                     "badge.json": Self.payload(active: "home", Self.tab("home", title: "Home (3)"), Self.tab("explore"),
                                                Self.tab("library"), Self.tab("profile"))]
        let result = try plan(writing: files, ["four.json", "badge.json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("step 2 (badge.json): case 4 — Tabbed → Tabbed (No Change)\n  kept      c1 home, c2 explore, c3 library, c4 profile\n"))
        #expect(tabBars(result) == ["[Home*] [Explore] [Library] [Profile]", "[Home*] [Explore] [Library] [Profile]"])
        #expect(result.stdout.contains(#"warning[P106]: new labels for tabs the user already has ("home" title "Home" → "Home (3)") with no tab added or removed: the apps keep showing the old ones"#))
        let github = try plan(writing: files, ["--format", "github", "four.json", "badge.json"])
        #expect(github.stdout.contains("::warning file=badge.json,line=1,col=")
                && github.stdout.contains("title=tabgen plan P106 (step 2)::"))
    }
}
