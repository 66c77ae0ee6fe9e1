import Foundation
import Testing
@testable import CodeGen

/// The Swift an app target gets from a project of several contracts: `tabgen emit` on a
/// tabgen.yml like Tests/Reference/tabgen.yml (the built-in navigation schema and
/// contracts/menu.json and form.json under `contracts:`) with a swift output and
/// `bridgeComponent: true`, so the contract namespaces, their typed bridge component bases
/// and the one runtime they share compile together against the Hotwire Native double.
/// The output is written to a scratch folder, not committed: Tests/Swift/reference holds the
/// single-schema output that review reads. Swift 6 mode compiles it and runs every
/// fixture's round trip (what its Swift Testing files check); Swift 5 mode and Xcode 26's
/// default MainActor isolation type-check all of it, those files included; warnings are
/// errors and the three swiftc runs go in parallel.
struct SwiftContractsRun: ScratchRun {
    var setupError: String?
    /// What swiftc said, by mode, for the runs that failed.
    var failures: [String: String] = [:]
    /// The fixtures types found (`MenuContract.MenuDataFixtures`), in path order.
    var fixtureTypes: [String] = []
    /// By fixtures type: fixtures checked, failures.
    var report = FixtureRoundTripReport()

    static let modes = ["Swift 6", "Swift 5", "MainActor"]

    static let shared: SwiftContractsRun = run()

    /// The project: its paths are relative to the file, as a project's are, so `emit`
    /// reads the package's schema.json and contracts/ through links beside it.
    static let config = """
    version: 1
    contracts:
      - schema.json
      - contracts/menu.json
      - contracts/form.json
    outputs:
      - lang: swift
        out: app
        options:
          bridgeComponent: true

    """

    /// The type a generated fixtures file declares: `menu/Tests/MenuContract+MenuDataFixtures.swift`
    /// holds `MenuContract.MenuDataFixtures`, the extension the file is named after.
    static func fixturesType(_ path: String) -> String? {
        let name = (path as NSString).lastPathComponent
        guard name.hasSuffix("Fixtures.swift") else { return nil }
        return String(name.dropLast(".swift".count)).replacingOccurrences(of: "+", with: ".")
    }

    static func run() -> SwiftContractsRun {
        Support.swiftcRun("tabgen-swift-contracts") { swiftc, root, result in
            guard let tabgen = Support.tabgen else {
                result.setupError = "no tabgen executable beside the tests (swift build --build-tests makes it)"
                return
            }
            let project = root.appendingPathComponent("project")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            for name in ["schema.json", "contracts"] {
                try FileManager.default.createSymbolicLink(at: project.appendingPathComponent(name),
                                                           withDestinationURL: Support.packageRoot.appendingPathComponent(name))
            }
            let configFile = project.appendingPathComponent("tabgen.yml")
            try Data(config.utf8).write(to: configFile)
            let emitted = try Support.run(tabgen, ["emit", "--config", configFile.path])
            guard emitted.status == 0 else {
                result.setupError = "tabgen emit exited \(emitted.status): \(emitted.stdout)\(emitted.stderr)"
                return
            }
            let doubles = root.appendingPathComponent("doubles")
            try FileManager.default.createDirectory(at: doubles, withIntermediateDirectories: true)
            if let failure = try BridgeComponentRun.buildHotwireNative(swiftc, into: doubles) {
                result.setupError = failure
                return
            }

            let app = project.appendingPathComponent("app")
            guard let walker = FileManager.default.enumerator(at: app, includingPropertiesForKeys: nil) else {
                result.setupError = "tabgen emit wrote no \(app.path)"
                return
            }
            let sources = walker.compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix(".swift") }.sorted()
            // The Swift Testing files need the Testing module's runner: type-checked only; the
            // program runs what they check on each fixture.
            let program = sources.filter { !$0.hasSuffix("RoundTripTests.swift") }
            result.fixtureTypes = program.compactMap(fixturesType)
            let driver = FixtureRoundTripReport.header + result.fixtureTypes.map { FixtureRoundTripReport.check($0, label: $0) }.joined()
            let main = root.appendingPathComponent("main.swift")
            try Data(driver.utf8).write(to: main)
            let executable = root.appendingPathComponent("contracts")
            let hotwire = ["-I", doubles.path]
            let runs: [[String]] = [
                ["-swift-version", "6", "-warnings-as-errors", "-module-name", "App", "-L", doubles.path, "-lHotwireNative",
                 "-o", executable.path, main.path] + hotwire + program,
                ["-typecheck", "-swift-version", "5", "-warnings-as-errors", "-parse-as-library", "-module-name", "App"] + hotwire + sources,
                ["-typecheck", "-swift-version", "6", "-default-isolation", "MainActor", "-warnings-as-errors", "-parse-as-library",
                 "-module-name", "App"] + hotwire + sources,
            ]
            for (mode, outcome) in zip(modes, try ParallelRuns.run(swiftc, runs)) where outcome.status != 0 || !outcome.stderr.isEmpty {
                result.failures[mode] = outcome.stdout + outcome.stderr
            }
            guard result.failures["Swift 6"] == nil else { return }
            let run = try Support.run(executable, [])
            if run.status != 0 { result.setupError = "the round-trip program exited \(run.status): \(run.stderr)" }
            result.report.read(run.stdout)
        }
    }
}

@Suite("End to end: tabgen emit's Swift for a project of three contracts, with their bridge component bases")
struct SwiftContractsEndToEndTests {
    let run = SwiftContractsRun.shared

    @Test("it compiles with its bridge component bases in Swift 6, Swift 5 and MainActor-by-default modes without warnings")
    func compiles() {
        #expect(run.setupError == nil, "\(run.setupError ?? "")")
        for mode in SwiftContractsRun.modes {
            #expect(run.failures[mode] == nil, "\(mode): \(run.failures[mode] ?? "")")
        }
    }

    @Test("every fixture of every contract's data round-trips and validates with its codes")
    func roundTrips() {
        #expect(run.setupError == nil, "\(run.setupError ?? "")")
        // One fixtures type per event data of the three contracts.
        #expect(run.fixtureTypes == ["FormContract.FormDataFixtures", "MenuContract.MenuDataFixtures", "MenuContract.SelectionFixtures",
                                     "NavigationContract.MessageDataFixtures"])
        for fixtures in run.fixtureTypes {
            #expect((run.report.totals[fixtures] ?? 0) > 3, "no report for \(fixtures): \(run.failures.values.joined())")
            #expect(run.report.problems[fixtures] == nil, "\(fixtures): \(run.report.problems[fixtures]?.joined(separator: "\n") ?? "")")
        }
    }
}
