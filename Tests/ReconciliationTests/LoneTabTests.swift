import Testing
@testable import Reconciliation

/// P101: deprecation leaves one tab to show. The reference clients count containers
/// (`isBootstrap` is `tabs.count == 1`), so one tab is bootstrap mode: no tab bar, and
/// the next message is case 2 again, with that tab's container still representing it.
@Suite("One tab left: the apps show bootstrap mode (P101)")
struct LoneTabTests {
    @Test("At sign-in, home and a hard-deprecated explore: no tab bar, c1 represents home")
    func signInLeavesOneTab() {
        var client = Reconciler()
        let report = client.accept(tabbed([tab("home"), tab("explore", .hard)], active: "home"))
        #expect(report.reconciliationCase == .bootstrapToTabbed)
        #expect(report.state.mode == .bootstrap)
        #expect(report.state.tabBar.isEmpty)
        #expect(report.state.containers.map(\.id) == ["c1"])
        #expect(report.selectedTab == "home")
        #expect(report.warningCodes == ["P101"])
        #expect(report.warnings.first?.message.contains("users see no tab bar") == true)
    }

    @Test("The message after is case 2 again: c1 is promoted from home to the new active tab")
    func nextMessageIsCase2() {
        var client = Reconciler()
        _ = client.accept(tabbed([tab("home"), tab("explore", .hard)], active: "home"))
        let report = client.accept(tabbed(["home", "explore", "library"], active: "explore"))
        #expect(report.reconciliationCase == .bootstrapToTabbed)
        #expect(report.state.tabBar == ["home", "explore", "library"])
        let promoted = report.events.first { $0.kind == .promoted }
        #expect(promoted?.container == "c1")
        #expect(promoted?.from == "home")
        #expect(promoted?.to == "explore")
        #expect(report.notes.contains { $0.contains("the lone tab \"home\" was shown as bootstrap mode") })
        #expect(report.warnings.isEmpty)
    }

    @Test("Tabbed to one tab (case 8) hides the bar; a bootstrap message then keeps home's identity; a soft home stays next")
    func lonelyTabKeepsItsIdentity() {
        var client = Reconciler.showing(["home", "explore"], on: "home")
        let shrink = client.accept(tabbed([tab("home"), tab("explore", .hard)], active: "home"))
        #expect(shrink.reconciliationCase == .tabsRemoved)
        #expect(shrink.events.containers(.disposed) == ["c2"])
        #expect(shrink.state.mode == .bootstrap)
        #expect(shrink.state.tabBar.isEmpty)
        #expect(shrink.warningCodes == ["P101"])
        #expect(throws: SelectionError.noTabBar) { try client.select("home") }

        // The apps see one tab as bootstrap already: case 1, nothing demoted.
        let signOut = client.accept(.bootstrap)
        #expect(signOut.reconciliationCase == .bootstrapToBootstrap)
        #expect(signOut.state.selected.serverId == "home")

        // home is among the tabs shown, so a soft-deprecated home stays, unlike on a
        // fresh tab bar; c1 goes to the active tab, as case 2 does.
        let back = client.accept(tabbed([tab("home", .soft), tab("explore"), tab("library")], active: "explore"))
        #expect(back.reconciliationCase == .bootstrapToTabbed)
        #expect(back.state.tabBar == ["home", "explore", "library"])
        #expect(back.state.container(representing: "explore")?.id == "c1")
        #expect(back.state.deprecations.entry(for: "home")?.level == .soft)
    }

    @Test("Leaving a hard-deprecated tab that leaves one tab hides the bar")
    func tapLeavesOneTab() throws {
        var client = Reconciler.showing(["home", "explore"], on: "explore")
        #expect(client.accept(tabbed([tab("home"), tab("explore", .hard)], active: "explore")).reconciliationCase == .noChange)
        let tap = try client.select("home")
        #expect(tap.events.containers(.disposed) == ["c1"])
        #expect(tap.state.mode == .bootstrap)
        #expect(tap.state.tabBar.isEmpty)
        #expect(tap.selectedTab == "home")
        #expect(tap.warningCodes == ["P101"])
    }

    @Test("Two tabs left is a tab bar: no warning")
    func twoTabsAreATabBar() {
        var client = Reconciler.showing(["home", "explore", "library"], on: "home")
        let report = client.accept(tabbed([tab("home"), tab("explore", .hard), tab("library")], active: "home"))
        #expect(report.state.mode == .tabbed)
        #expect(report.warnings.isEmpty)
    }
}
