import Testing
@testable import Reconciliation

/// The `deprecated` / `replaces` extension, on the protocol's own example: Explore is
/// retired in favour of Favorites. Signing in to Home, Explore, Library, Profile on
/// Home gives home c1, explore c2, library c3, profile c4.
@Suite("Graceful tab removal (deprecated, replaces)")
struct DeprecationTests {
    @Test("Bootstrapping for the first time shows Home | Favorites | Library | Profile")
    func freshBootstrapShowsReplacement() {
        var client = Reconciler()
        let report = client.accept(sunset(.soft))
        #expect(report.reconciliationCase == .bootstrapToTabbed)
        #expect(report.state.tabBar == ["home", "favorites", "library", "profile"])
        #expect(report.state.deprecations.isEmpty)
        #expect(report.warnings.isEmpty)
    }

    @Test("Soft: already showing Explore, the client keeps showing it and hides Favorites (user on Home)")
    func softKeptWhileShown() {
        var client = Reconciler.showing(fourTabs, on: "home")
        let report = client.accept(sunset(.soft))
        #expect(report.reconciliationCase == .noChange)
        #expect(report.events.containers(.kept) == ["c1", "c2", "c3", "c4"])
        #expect(report.state.tabBar == fourTabs)
        let entry = report.state.deprecations.entry(for: "explore")
        #expect(entry?.level == .soft)
        #expect(entry?.replacement?.id == "favorites")
        #expect(entry?.hidden.map(\.id) == ["favorites"])
        #expect(report.state.deprecations.hiddenReplacements.map(\.id) == ["favorites"])
        #expect(report.warnings.isEmpty)
    }

    @Test("Soft: kept too when the user is on Explore, and leaving it does not remove it")
    func softKeptWhenUserOnIt() throws {
        var client = Reconciler.showing(fourTabs, on: "explore")
        let report = client.accept(sunset(.soft, active: "explore"))
        #expect(report.reconciliationCase == .noChange)
        #expect(report.state.tabBar == fourTabs)
        let tap = try client.select("home")
        #expect(tap.events.containers(.disposed).isEmpty)
        #expect(tap.state.tabBar == fourTabs)
        #expect(tap.state.deprecations.entry(for: "explore")?.level == .soft)
    }

    @Test("Soft: repeated messages keep Explore")
    func softSurvivesRepeats() {
        var client = Reconciler.showing(fourTabs, on: "home")
        for _ in 1...3 {
            let report = client.accept(sunset(.soft))
            #expect(report.reconciliationCase == .noChange)
            #expect(report.state.tabBar == fourTabs)
        }
    }

    @Test("Soft: Explore goes at the next restart; Favorites takes its place")
    func softRemovedAtRestart() {
        var client = Reconciler.showing(fourTabs, on: "home")
        _ = client.accept(sunset(.soft))
        let restart = client.restart()
        #expect(restart.events.containers(.disposed) == ["c1", "c2", "c3", "c4"])
        #expect(restart.events.containers(.created) == ["c5"])
        #expect(restart.state.mode == .bootstrap)
        #expect(restart.state.deprecations.isEmpty)
        let report = client.accept(sunset(.soft))
        #expect(report.reconciliationCase == .bootstrapToTabbed)
        #expect(report.state.tabBar == ["home", "favorites", "library", "profile"])
        #expect(report.events.containers(.promoted) == ["c5"])
    }

    @Test("Soft: Explore goes at the next bootstrap-to-tabbed transition (sign out, sign in)")
    func softRemovedAtBootstrapCycle() {
        var client = Reconciler.showing(fourTabs, on: "home")
        _ = client.accept(sunset(.soft))
        let signOut = client.accept(.bootstrap)
        #expect(signOut.state.deprecations.isEmpty)
        let report = client.accept(sunset(.soft))
        #expect(report.reconciliationCase == .bootstrapToTabbed)
        #expect(report.state.tabBar == ["home", "favorites", "library", "profile"])
        #expect(report.state.selectedID == "c1")
    }

    @Test("Hard, user not on Explore: switched out right away, Favorites in its place (case 10, no warning)")
    func hardRemovedAtOnce() {
        var client = Reconciler.showing(fourTabs, on: "home")
        let report = client.accept(sunset(.hard))
        #expect(report.reconciliationCase == .tabReplaced)
        #expect(report.events.containers(.disposed) == ["c2"])
        #expect(report.events.containers(.created) == ["c5"])
        #expect(report.events.containers(.kept) == ["c1", "c3", "c4"])
        #expect(report.state.tabBar == ["home", "favorites", "library", "profile"])
        #expect(report.state.selectedID == "c1")
        #expect(report.state.deprecations.isEmpty)
        #expect(report.warnings.isEmpty)
    }

    @Test("Hard, user on Explore: kept while the user browses there, Favorites hidden")
    func hardKeptWhileUserOnIt() {
        var client = Reconciler.showing(fourTabs, on: "explore")
        let first = client.accept(sunset(.hard, active: "explore"))
        #expect(first.reconciliationCase == .noChange)
        #expect(first.state.tabBar == fourTabs)
        #expect(first.state.deprecations.entry(for: "explore")?.level == .hard)
        // Browsing on: a hint naming the hidden Favorites stands for Explore, which it
        // replaces, so this is still case 4, not case 5.
        let second = client.accept(sunset(.hard, active: "favorites"))
        #expect(second.reconciliationCase == .noChange)
        #expect(second.state.tabBar == fourTabs)
        #expect(second.selectedTab == "explore")
        #expect(second.notes.isEmpty)
        let third = client.accept(sunset(.hard, active: "library"))
        #expect(third.reconciliationCase == .activeHintChanged)
        #expect(third.state.tabBar == fourTabs)
    }

    @Test("Hard: as soon as the user switches away, Explore is replaced by Favorites in its place")
    func hardRemovedOnSwitch() throws {
        var client = Reconciler.showing(fourTabs, on: "explore")
        _ = client.accept(sunset(.hard, active: "explore"))
        let tap = try client.select("library")
        #expect(tap.reconciliationCase == nil)
        #expect(tap.events.containers(.disposed) == ["c1"])
        #expect(tap.events.containers(.created) == ["c5"])
        #expect(tap.events.containers(.kept) == ["c2", "c3", "c4"])
        #expect(tap.state.tabBar == ["home", "favorites", "library", "profile"])
        #expect(tap.state.containers.map(\.id) == ["c2", "c5", "c3", "c4"])
        #expect(tap.selectedTab == "library")
        #expect(tap.state.deprecations.isEmpty)
        // The next message agrees with what is shown: nothing more happens.
        let next = client.accept(sunset(.hard, active: "library"))
        #expect(next.reconciliationCase == .noChange)
    }

    @Test("Replacement keeps the tab count at 4 throughout, soft and hard")
    func tabCountStaysFour() throws {
        var soft = Reconciler.showing(fourTabs, on: "home")
        #expect(soft.accept(sunset(.soft)).state.tabBar.count == 4)
        #expect(soft.restart().state.tabBar.isEmpty)
        #expect(soft.accept(sunset(.soft)).state.tabBar.count == 4)

        var hardAway = Reconciler.showing(fourTabs, on: "home")
        #expect(hardAway.accept(sunset(.hard)).state.tabBar.count == 4)

        var hardOn = Reconciler.showing(fourTabs, on: "explore")
        #expect(hardOn.accept(sunset(.hard, active: "explore")).state.tabBar.count == 4)
        #expect(try hardOn.select("home").state.tabBar.count == 4)
        #expect(hardOn.accept(sunset(.hard)).state.tabBar.count == 4)
    }

    @Test("A deprecated tab without a replacement simply goes: hard and user away is case 8")
    func deprecatedWithoutReplacement() {
        var client = Reconciler.showing(fourTabs, on: "home")
        let report = client.accept(tabbed([tab("home"), tab("explore", .hard), tab("library"), tab("profile")], active: "home"))
        #expect(report.reconciliationCase == .tabsRemoved)
        #expect(report.events.containers(.disposed) == ["c2"])
        #expect(report.state.tabBar == ["home", "library", "profile"])
        #expect(report.warnings.isEmpty)
    }

    @Test("Deprecation turns case 9 into a deferred case 8: no morph while the user is on the tab")
    func deprecationAvoidsCase9() throws {
        var client = Reconciler.showing(fourTabs, on: "explore")
        let flagged = tabbed([tab("home"), tab("explore", .hard), tab("library"), tab("profile")], active: "explore")
        #expect(client.accept(flagged).reconciliationCase == .noChange)
        let tap = try client.select("home")
        #expect(tap.events.containers(.disposed) == ["c1"])
        #expect(tap.state.tabBar == ["home", "library", "profile"])
        #expect(tap.warnings.isEmpty)
    }

    // Changed from "falls to its replacement": the apps take the first tab shown, not
    // the replacement, so plan does too and warns P102 (HiddenActiveTests).
    @Test("The active hint naming a deprecated tab that is not shown falls to the first tab, as in the apps")
    func activeHintOnDroppedTab() {
        var client = Reconciler()
        let report = client.accept(sunset(.soft, active: "explore"))
        #expect(report.selectedTab == "home")
        #expect(report.events.first { $0.kind == .promoted }?.to == "home")
        #expect(report.warningCodes == ["P102"])
    }

    @Test("Taps the user cannot make are errors")
    func impossibleTaps() {
        var bootstrap = Reconciler()
        #expect(throws: SelectionError.noTabBar) { try bootstrap.select("home") }
        var client = Reconciler.showing(fourTabs, on: "home")
        _ = client.accept(sunset(.soft))
        #expect(throws: SelectionError.notVisible("favorites", visible: fourTabs)) { try client.select("favorites") }
    }
}
