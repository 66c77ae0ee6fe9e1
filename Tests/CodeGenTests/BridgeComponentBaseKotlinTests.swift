import Foundation
import Schema
import Testing
@testable import CodeGen

/// The generated Kotlin bridge component bases (`bridgeComponent: true`) of the
/// navigation, menu and form contracts, compiled with the real Kotlin compiler in
/// explicit API mode with warnings as errors against the Hotwire Native double
/// (`Tests/Kotlin/doubles/hotwire`), and exercised by the JUnit test
/// `Tests/Kotlin/bridge/BridgeComponentBaseTest.kt` (which holds the assertions: a
/// configure arriving, a reply sent, decoding failures reported with their codes and
/// pointers, an unknown event, the default logging).
struct KotlinBridgeComponentRun: ScratchRun, Sendable {
    var setupError: String?
    var compileOutput: String?
    var report = KotlinSupport.JUnitReport("")
    var runOutput = ""

    static let shared: KotlinBridgeComponentRun = run()

    static func run() -> KotlinBridgeComponentRun {
        Support.scratchRun("tabgen-kotlin-bridge") { root, result in
            let sources = root.appendingPathComponent("src")
            var options = KotlinSupport.options(package: "tabgen.bridge", tests: false, runtimeAll: true)
            options.bridgeComponent = true
            try Support.write(try KotlinSupport.generate(try Support.builtIn(), options: options), to: sources.appendingPathComponent("navigation"))
            for name in ["menu", "form"] {
                var contractOptions = KotlinSupport.options(package: "tabgen.bridge", runtime: false, runtimePackage: "tabgen.bridge.navigation", tests: false)
                contractOptions.bridgeComponent = true
                try Support.write(try KotlinSupport.generate(try BridgeComponentRun.contract(name), options: contractOptions), to: sources.appendingPathComponent(name))
            }
            // The internal variant, for sources added to the app module, compiles too.
            var internalOptions = KotlinSupport.options(package: "tabgen.internal", runtime: false, runtimePackage: "tabgen.bridge.navigation",
                                                        tests: false, visibility: .internal)
            internalOptions.bridgeComponent = true
            // The strict variant of the delivery rule must compile too (docs/decoding.md), and
            // take the bridge's metadata as the envelope of data that admits no unknown member.
            internalOptions.decoding = .strict
            try Support.write(try KotlinSupport.generate(try ContractEvents.closedForm(), options: internalOptions), to: sources.appendingPathComponent("internal"))
            // decoding: strict at run time: every error refused, TG102 included (docs/decoding.md).
            var strictOptions = KotlinSupport.options(package: "tabgen.strict", runtime: false, runtimePackage: "tabgen.bridge.navigation", tests: false)
            strictOptions.bridgeComponent = true
            strictOptions.decoding = .strict
            try Support.write(try KotlinSupport.generate(try Support.builtIn(), options: strictOptions), to: sources.appendingPathComponent("strict"))
            let setup = try Support.run(KotlinSupport.kotlinEnv, [])
            guard setup.status == 0 else {
                result.setupError = "scripts/kotlin-env failed: \(setup.stdout)\(setup.stderr)"
                return
            }
            let classes = root.appendingPathComponent("classes")
            let compile = try Support.run(KotlinSupport.kotlinc, [
                "--junit", "-Xexplicit-api=strict", "-d", classes.path, sources.path,
                Support.packageRoot.appendingPathComponent("Tests/Kotlin/doubles/hotwire").path,
                Support.packageRoot.appendingPathComponent("Tests/Kotlin/bridge").path,
            ])
            let (text, _) = KotlinEndToEnd.splitJVMNotices(compile.stdout + compile.stderr)
            if compile.status != 0 || !text.isEmpty { result.compileOutput = text }
            guard compile.status == 0 else { return }
            let run = try Support.run(KotlinSupport.krun, ["--junit", "-cp", classes.path, "tabgen.bridge.test.BridgeComponentBaseTest"])
            result.runOutput = run.stdout + run.stderr
            result.report = KotlinSupport.JUnitReport(run.stdout)
        }
    }
}

@Suite("Kotlin end to end: generated bridge component bases over the Hotwire Native double")
struct BridgeComponentBaseKotlinTests {
    let run = KotlinBridgeComponentRun.shared

    @Test("the bases (public, and internal and strict for the app module) compile in explicit API mode with no warning")
    func compiles() {
        run.expectClean(run.compileOutput)
    }

    @Test("every JUnit test of BridgeComponentBaseTest passes")
    func junit() {
        #expect(run.report.passed == 23, "\(run.runOutput)")
        #expect(run.report.failed == 0, "\(run.report.failures.joined(separator: "\n"))")
        #expect(run.report.skipped == 0)
    }
}
