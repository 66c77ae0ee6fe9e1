import Testing
@testable import Reconciliation

/// P102: `active` names a tab that deprecation hides. Where the hint picks a tab (case
/// 2, a morph) the reference clients take the first tab shown and never look at
/// `replaces`.
@Suite("Active hint hidden by deprecation: the apps use the first tab (P102)")
struct HiddenActiveTests {
    @Test("Cold start on a page of the retired Explore: the page lands under Home, not Favorites")
    func coldStartLandsUnderFirstTab() throws {
        var client = Reconciler()
        let report = client.accept(sunset(.soft, active: "explore"))
        #expect(report.state.tabBar == ["home", "favorites", "library", "profile"])
        #expect(report.state.container(representing: "home")?.id == "c1")
        #expect(report.selectedTab == "home")
        let warning = try #require(report.warnings.first)
        #expect(report.warnings.count == 1)
        #expect(warning.code == .activeHidden)
        #expect(warning.pointer.description == "/active")
        #expect(warning.message.contains("appears under \"home\", not under \"favorites\""))
        #expect(warning.message.contains("send its replacement as \"active\" (\"favorites\")"))
    }

    @Test("When the first tab is the replacement anyway, a note and no warning")
    func firstTabIsTheReplacement() {
        var client = Reconciler()
        let report = client.accept(tabbed([tab("favorites", replaces: "explore"), tab("explore", .soft), tab("home")],
                                          active: "explore"))
        #expect(report.selectedTab == "favorites")
        #expect(report.warnings.isEmpty)
        #expect(report.notes.contains { $0.contains("the first tab, \"favorites\", is used") })
    }

    @Test("A morph whose hint is hidden goes to the first tab, and the first tab's container is disposed")
    func morphTargetsFirstTab() {
        var client = Reconciler.showing(fourTabs, on: "library")  // library c1, home c2
        let report = client.accept(tabbed([tab("home"), tab("explore", .hard), tab("favorites", replaces: "explore"),
                                           tab("profile")], active: "explore"))
        #expect(report.reconciliationCase == .tabReplaced)
        let morphed = report.events.first { $0.kind == .morphed }
        #expect(morphed?.container == "c1")
        #expect(morphed?.to == "home")
        #expect(report.events.containers(.disposed).contains("c2"))
        #expect(report.warningCodes == ["P010", "P102"])
    }

    @Test("Mid-session, where the hint is ignored anyway, a hidden hint does not warn")
    func ignoredHintDoesNotWarn() {
        var client = Reconciler.showing(fourTabs, on: "home")
        let report = client.accept(sunset(.soft, active: "favorites"))
        #expect(report.reconciliationCase == .activeHintChanged)
        #expect(report.warnings.isEmpty)
    }
}
