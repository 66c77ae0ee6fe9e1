import Foundation
import Schema
import Testing
@testable import CodeGen

/// The Swift of the contracts that list events (menu, form, share), emitted with their
/// default namespaces into one app target, as an app adds them: each output in its own
/// folder, the runtime from the first only, no file renamed. Compiled and run in Swift 6
/// mode (every fixture of every event data type round-trips), and type-checked with the
/// Swift Testing files in Swift 5 mode and with default MainActor isolation, all with
/// warnings as errors; the three swiftc runs go in parallel.
struct ContractEventsEndToEnd: ScratchRun {
    var setupError: String?
    /// swiftc's output by mode, for the runs that failed.
    var failures: [String: String] = [:]
    /// By "MenuContract.MenuData": fixtures checked, failures.
    var report = FixtureRoundTripReport()
    /// The base names of the Swift files, with how many outputs hold one of that name.
    var duplicateFileNames: [String] = []
    /// What `MenuContract.MenuData.validate()` reports on `ContractEvents.duplicateIndexMenu`:
    /// code, pointer, message of each finding.
    var duplicateIndexFindings: [[String]] = []

    static let shared: ContractEventsEndToEnd = run()

    static func run() -> ContractEventsEndToEnd {
        Support.swiftcRun("tabgen-events-e2e") { swiftc, root, result in
            let app = root.appendingPathComponent("app")
            var driver = FixtureRoundTripReport.header
            var programSources: [String] = []
            var testSources: [String] = []
            var baseNames: [String: Int] = [:]
            for (index, contract) in try ContractEvents.documents().enumerated() {
                var options = SwiftOptions()
                options.runtime = index == 0  // one runtime per module
                let files = try Support.generate(contract.document, options: options)
                let folder = app.appendingPathComponent(contract.name)
                try Support.write(files.filter { $0.path.hasSuffix(".swift") }, to: folder)
                for file in files where file.path.hasSuffix(".swift") {
                    let path = folder.appendingPathComponent(file.path).path
                    baseNames[(file.path as NSString).lastPathComponent, default: 0] += 1
                    if file.path.hasSuffix("RoundTripTests.swift") { testSources.append(path) } else { programSources.append(path) }
                }
                let resolved = SwiftTarget(options: options).resolved(for: ModelBuilder().build(contract.document))
                for rootName in ContractEvents.rootNames(contract.document, target: resolved) {
                    driver += FixtureRoundTripReport.check("\(resolved.options.namespace).\(rootName)Fixtures",
                                                           label: "\(resolved.options.namespace).\(rootName)")
                }
            }
            // The menu's display rule (MN101), as an app's decoded value reports it.
            let payload = "#\"" + ContractEvents.duplicateIndexMenu + "\"#"
            driver += """
            do {
                let menu = try JSONDecoder().decode(MenuContract.MenuData.self, from: Data(\(payload).utf8))
                for violation in menu.validate() { print("FINDING\\t\\(violation.code)\\t\\(violation.pointer)\\t\\(violation.message)") }
            } catch {
                print("FINDING\\tundecodable\\t\\t\\(error)")
            }

            """
            result.duplicateFileNames = baseNames.filter { $0.value > 1 }.map(\.key).sorted()
            let main = root.appendingPathComponent("main.swift")
            try Data(driver.utf8).write(to: main)
            let executable = root.appendingPathComponent("events")
            let library = programSources + testSources
            let runs: [(mode: String, arguments: [String])] = [
                ("Swift 6", ["-swift-version", "6", "-warnings-as-errors", "-module-name", "EventsApp", "-o", executable.path, main.path] + programSources),
                ("Swift 5", ["-typecheck", "-swift-version", "5", "-warnings-as-errors", "-parse-as-library", "-module-name", "EventsApp"] + library),
                ("MainActor", ["-typecheck", "-swift-version", "6", "-default-isolation", "MainActor", "-warnings-as-errors", "-parse-as-library", "-module-name", "EventsApp"] + library),
            ]
            let outcomes = try ParallelRuns.run(swiftc, runs.map(\.arguments))
            for (run, outcome) in zip(runs, outcomes) {
                if outcome.status != 0 || !outcome.stderr.isEmpty { result.failures[run.mode] = outcome.stdout + outcome.stderr }
            }
            guard result.failures["Swift 6"] == nil else { return }
            let run = try Support.run(executable, [])
            if run.status != 0 { result.setupError = "the round-trip program exited \(run.status): \(run.stderr)" }
            for line in run.stdout.split(separator: "\n") where line.hasPrefix("FINDING\t") {
                result.duplicateIndexFindings.append(line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).dropFirst().map(String.init))
            }
            result.report.read(run.stdout)
        }
    }
}

@Suite("End to end: contracts that list events, in one Swift app target")
struct ContractEventsEndToEndTests {
    @Test("menu, form and share compile together in Swift 6, Swift 5 and MainActor-by-default modes without warnings")
    func compiles() {
        let e2e = ContractEventsEndToEnd.shared
        #expect(e2e.setupError == nil, "\(e2e.setupError ?? "")")
        for mode in ["Swift 6", "Swift 5", "MainActor"] {
            #expect(e2e.failures[mode] == nil, "\(mode): \(e2e.failures[mode] ?? "")")
        }
    }

    @Test("no two outputs write a Swift file of the same name (swiftc refuses them in one module)")
    func fileNamesDiffer() {
        #expect(ContractEventsEndToEnd.shared.duplicateFileNames == [])
    }

    @Test("MenuContract.MenuData.validate() reports the display event's MN101 as tabgen validate --contract menu --event display does")
    func menuRule() {
        let e2e = ContractEventsEndToEnd.shared
        #expect(e2e.setupError == nil, "\(e2e.setupError ?? "")")
        #expect(e2e.duplicateIndexFindings == [ContractEvents.duplicateIndexFinding])
    }

    @Test("every fixture of every event data type round-trips and validates with its codes",
          arguments: ["MenuContract.MenuData", "MenuContract.Selection", "FormContract.FormData", "ShareContract.MenuData", "ShareContract.Item"])
    func roundTrips(_ root: String) throws {
        let e2e = ContractEventsEndToEnd.shared
        let total = try #require(e2e.report.totals[root], "no report for \(root): \(e2e.setupError ?? e2e.failures.values.joined())")
        #expect(total > 3)
        #expect(e2e.report.problems[root] == nil, "\(e2e.report.problems[root]?.joined(separator: "\n") ?? "")")
    }
}
