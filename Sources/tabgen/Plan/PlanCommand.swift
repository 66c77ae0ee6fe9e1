import ArgumentParser
import Foundation
import Reconciliation
import Schema

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Replay configure payloads through the client reconciliation algorithm and show what users mid-session experience.",
        discussion: """
        Give the payloads in the order a client receives them, e.g. the page before and \
        after a feature-flag change. tabgen validates each one against the schema, then \
        feeds them to one simulated client that starts in bootstrap mode (no tab bar, one \
        container c1), as the native apps do. For each step it prints which of the 11 \
        reconciliation cases applied, what happened to each container (kept, created, \
        disposed, morphed, promoted, demoted: a container is a tab's web view with its \
        history), the tab bar the user now sees (* marks the selected tab), deprecated \
        tabs still pending removal, and warnings.

        Containers have ids c1, c2, ... in creation order. A user keeps a tab's history \
        only while its container lives.

        Warnings, for transitions the design says to avoid:
          P006  a reorder with no tab added or removed: clients ignore it until restart
          P009  the tab the user is on was removed (case 9): its container morphs
          P010  the tab the user is on was replaced (case 10): its container morphs
          P011  every tab was replaced (case 11)

        Where the shipped apps depart from the design, plan does what they do and warns:
          P101  one tab is left to show: the apps hide the tab bar (bootstrap mode)
          P102  active names a tab deprecation hides: the apps use the first tab
          P103  two tabs replace one: iOS crashes, Android inserts only the last
          P104  a replacement that is itself deprecated is inserted anyway
          P105  every tab is deprecated in a new tab bar: the apps crash
          P106  new labels with no tab added or removed: the apps keep the old ones
        See docs/plan.md.

        Between steps, --select ID@STEP makes the user tap tab ID after step STEP (the \
        user, not the server, picks tabs; this is how a hard-deprecated tab goes), and \
        --restart-at STEP relaunches the app after step STEP (and its taps): the next \
        payload then arrives in bootstrap mode, when soft-deprecated tabs go.

        Example: Explore's flag is switched off while a user is on Explore.
          $ tabgen plan before.json flag_off.json --select explore@1
          step 1 (before.json): case 2 — Bootstrap → Tabbed
            promoted  c1 → home
            created   c2 explore, c3 library, c4 profile
            tab bar   [Home*] [Explore] [Library] [Profile]

          after step 1: the user taps "explore"
            kept      c1 home, c2 explore, c3 library, c4 profile
            tab bar   [Home] [Explore*] [Library] [Profile]

          step 2 (flag_off.json): case 9 — Tabbed → Tabbed (Active Tab Removed)
            morphed   c2 explore → home
            kept      c3 library, c4 profile
            disposed  c1 home
            tab bar   [Home*] [Library] [Profile]
            warning[P009]: the tab the user is on, "explore", was removed: ...

        Sending "deprecated": "hard" on Explore first turns step 2 into case 4 (nothing \
        moves); Explore then goes when the user taps another tab.

        Exit codes: 0 planned (warnings allowed unless --fail-on-warning); 1 a step \
        warned and --fail-on-warning is given; 2 usage, I/O or schema error, or a payload \
        that is invalid against the schema (its findings are printed; it cannot be planned).

        Examples:
          tabgen plan payloads/flag_on.json payloads/flag_off.json
          tabgen plan --jsonl steps.jsonl --select explore@1 --restart-at 3
          tabgen plan --format github --fail-on-warning before.json after.json
          tabgen plan before.json after.json --select explore@1 --html plan.html
        """
    )

    @Argument(help: ArgumentHelp("Payload files (each the data of one configure message), in the order clients receive them; - reads standard input.", valueName: "PAYLOAD"), completion: .file(extensions: ["json"]))
    var payloads: [String] = []

    @Option(name: .customLong("jsonl"), help: ArgumentHelp("Read the payloads from a JSON Lines file instead, one per line (blank lines skipped); - reads standard input.", valueName: "FILE"), completion: .file())
    var jsonLines: String?

    @Option(name: .customLong("select"), help: ArgumentHelp("After step STEP, the user taps the tab ID (repeatable; taps after one step run in the order given).", valueName: "ID@STEP"),
            transform: { try UserTap(argument: $0) })
    var taps: [UserTap] = []

    @Option(name: .customLong("restart-at"), help: ArgumentHelp("Relaunch the app after step STEP and its taps (repeatable).", valueName: "STEP"))
    var restarts: [Int] = []

    @Option(help: ArgumentHelp("Schema to validate the payloads against (default: the schema of tabgen.yml, else the schema.json built into tabgen).", valueName: "PATH"),
            completion: .file(extensions: ["json"]))
    var schema: String?

    @Option(help: ArgumentHelp("Project config file (default: tabgen.yml, tabgen.yaml or tabgen.json in the current directory or the nearest parent that has one).", valueName: "PATH"),
            completion: .file(extensions: ["yml", "yaml", "json"]))
    var config: String?

    @Option(help: "Output format: text (readable steps), json (one document), github (text with workflow annotations) or html (one self-contained page: each step's tab bar on iOS and Android).")
    var format: PlanFormat = .text

    @Option(name: .customLong("html"), help: ArgumentHelp("Also write the storyboard page (as --format html prints it) to FILE, atomically, whatever --format prints; not written when a payload cannot be planned.", valueName: "FILE"),
            completion: .file(extensions: ["html"]))
    var htmlFile: String?

    @Flag(help: "Exit 1 when any step warns.")
    var failOnWarning = false

    @Flag(name: .shortAndLong, help: "Do not print the summary line.")
    var quiet = false

    func validate() throws {
        if payloads.isEmpty && jsonLines == nil {
            throw ValidationError("give at least one PAYLOAD, or --jsonl FILE")
        }
        if !payloads.isEmpty && jsonLines != nil {
            throw ValidationError("give PAYLOAD files or --jsonl FILE, not both")
        }
        if let step = restarts.first(where: { $0 < 1 }) {
            throw ValidationError("--restart-at \(step): steps are numbered from 1")
        }
        if payloads.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("- (standard input) can be given only once")
        }
    }

    func run() throws {
        do {
            try plan()
        } catch let error as CLIError {
            throw Exit.report(error)
        }
    }

    private func plan() throws {
        let context = try ConfigContext.resolve(schema: schema, config: config)
        let document = try context.loadSchema()
        if !quiet { context.announce() }
        let loaded = if let jsonLines { try PayloadLoader.jsonLines(jsonLines) } else { try PayloadLoader.files(payloads) }
        if loaded.isEmpty { throw CLIError("\(jsonLines ?? "the input") holds no payload") }
        let runner = PlanRunner(taps: taps, restarts: restarts)
        try runner.check(stepCount: loaded.count)

        let check = PayloadCheck(validator: PayloadValidator(document: document))
        let findings = loaded.map(check.findings)
        let invalid = zip(loaded, findings).filter { $0.1.contains { $0.finding.severity == .error } }.map(\.0)
        if !invalid.isEmpty {
            write(entries: [], findings: findings.flatMap { $0 })
            let names = invalid.map(\.label).joined(separator: ", ")
            let verb = invalid.count == 1 ? "is" : "are"
            throw CLIError("cannot plan: \(invalid.count) of \(loaded.count) payload\(loaded.count == 1 ? "" : "s") \(verb) invalid against the schema (\(names))")
        }
        var steps: [(payload: PlanPayload, directive: Directive)] = []
        for payload in loaded {
            steps.append((payload, try check.directive(for: payload)))
        }
        let entries = try runner.run(steps)
        write(entries: entries, findings: findings.flatMap { $0 })
        if let htmlFile {
            let page = PlanHTMLRenderer().page(entries: entries, findings: findings.flatMap { $0 }) + "\n"
            do {
                try Data(page.utf8).write(to: URL(fileURLWithPath: htmlFile), options: .atomic)
            } catch {
                throw CLIError("cannot write \(htmlFile): \(error.localizedDescription)")
            }
        }

        let warnings = entries.flatMap(\.report.warnings)
        if !quiet { printError(summary(entries: entries, warnings: warnings)) }
        if failOnWarning && !warnings.isEmpty { throw Exit.invalid.exitCode }
    }

    /// Findings first (text, github), then the steps; or both in one JSON document.
    private func write(entries: [PlanEntry], findings: [LocatedFinding]) {
        let output = OutputBuffer(descriptor: STDOUT_FILENO)
        switch format {
        case .json:
            output.line(JSONWriter.string(PlanJSONRenderer().document(entries: entries, findings: findings)))
        case .html:
            output.line(PlanHTMLRenderer().page(entries: entries, findings: findings))
        case .text, .github:
            for item in findings { output.line(format == .github ? item.annotation.text : item.text) }
            if !findings.isEmpty && !entries.isEmpty { output.line("") }
            for line in PlanTextRenderer(annotates: format == .github).lines(for: entries) { output.line(line) }
        }
        output.flush()
    }

    /// `tabgen: planned 2 payloads, 1 tap: 1 warning (P009)`
    private func summary(entries: [PlanEntry], warnings: [StepWarning]) -> String {
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        var parts = [plural(entries.filter { $0.report.trigger == .configure }.count, "payload")]
        let taps = entries.filter { if case .select = $0.report.trigger { true } else { false } }.count
        let restarts = entries.filter { $0.report.trigger == .restart }.count
        if taps > 0 { parts.append(plural(taps, "tap")) }
        if restarts > 0 { parts.append(plural(restarts, "restart")) }
        var text = "tabgen: planned \(parts.joined(separator: ", ")): \(plural(warnings.count, "warning"))"
        if !warnings.isEmpty {
            var codes: [String] = []
            for code in warnings.map(\.code.rawValue) where !codes.contains(code) { codes.append(code) }
            text += " (\(codes.joined(separator: ", ")))"
        }
        return text
    }
}
