import Testing
@testable import Reconciliation

/// P105: a message whose every tab is deprecated, arriving without a tab bar. The
/// reference clients set an empty tab list and crash (Android at once, iOS on the next
/// message); plan reports it and goes on as after a relaunch.
@Suite("Every tab deprecated in a new tab bar: the apps crash (P105)")
struct EveryTabDeprecatedTests {
    @Test("A fresh client crashes; plan goes on from a fresh bootstrap container")
    func freshClientCrashes() throws {
        var client = Reconciler()
        let report = client.accept(tabbed([tab("home", .soft), tab("explore", .hard)], active: "home"))
        #expect(report.reconciliationCase == .bootstrapToTabbed)
        #expect(report.events.containers(.disposed) == ["c1"])
        #expect(report.events.containers(.created) == ["c2"])
        #expect(report.state.mode == .bootstrap)
        #expect(report.state.selectedID == "c2")
        let warning = try #require(report.warnings.first)
        #expect(report.warningCodes == ["P105"])
        #expect(warning.message.contains("the Android apps crash at once"))
        #expect(report.notes.contains { $0.contains("as if the user opened the app again") })
        // The relaunched client signs in normally.
        let next = client.accept(tabbed(["home", "explore"], active: "home"))
        #expect(next.reconciliationCase == .bootstrapToTabbed)
        #expect(next.events.containers(.promoted) == ["c2"])
    }

    @Test("Mid-session the same message demotes the user's container instead (case 3), as the apps do")
    func midSessionDemotes() {
        var client = Reconciler.showing(["home", "explore"], on: "explore")
        // explore is gone, the hard home goes as the user is not on it, and the soft
        // library and search were never shown.
        let report = client.accept(tabbed([tab("home", .hard), tab("library", .soft), tab("search", .soft)], active: "home"))
        #expect(report.reconciliationCase == .tabbedToBootstrap)
        #expect(report.state.mode == .bootstrap)
        #expect(report.state.selectedID == "c1")
        #expect(report.warnings.isEmpty)
    }
}
