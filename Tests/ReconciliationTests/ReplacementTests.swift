import Testing
@testable import Reconciliation

/// P103 and P104: what the reference clients put in the place of a hard-deprecated tab
/// when the user leaves it. They keep one replacement per deprecated tab, keyed by
/// `replaces`: Android keeps the last, iOS traps on a second; and they insert it even
/// when it is itself deprecated. Signing in to Home, Explore, Library, Profile on
/// Explore gives explore c1, home c2, library c3, profile c4.
@Suite("Replacements of a hard-deprecated tab (P103, P104)")
struct ReplacementTests {
    private let twoReplacements = tabbed([tab("home"), tab("explore", .hard), tab("favorites", replaces: "explore"),
                                          tab("saved", replaces: "explore"), tab("library"), tab("profile")],
                                         active: "explore")

    @Test("Two tabs replacing one warn P103 on arrival, pointing at the second")
    func twoReplacementsWarnOnArrival() throws {
        var client = Reconciler.showing(fourTabs, on: "explore")
        let report = client.accept(twoReplacements)
        #expect(report.reconciliationCase == .noChange)
        #expect(report.state.tabBar == fourTabs)
        let warning = try #require(report.warnings.first)
        #expect(report.warningCodes == ["P103"])
        #expect(warning.pointer.description == "/tabs/3/replaces")
        #expect(warning.message.contains("the iOS apps crash on this message"))
        #expect(warning.message.contains("only \"saved\" takes its place"))
        #expect(report.state.deprecations.entry(for: "explore")?.replacement?.id == "saved")
    }

    @Test("Leaving the tab inserts only the last replacement, in its place")
    func leavingInsertsOnlyTheLast() throws {
        var client = Reconciler.showing(fourTabs, on: "explore")
        _ = client.accept(twoReplacements)
        let tap = try client.select("home")
        #expect(tap.events.containers(.disposed) == ["c1"])
        #expect(tap.events.containers(.created) == ["c5"])
        #expect(tap.state.tabBar == ["home", "saved", "library", "profile"])
        #expect(tap.notes.contains { $0.contains("\"favorites\" appears only with the next message") })
        // The next message shows favorites too: a tab added (case 7).
        let next = client.accept(twoReplacements)
        #expect(next.reconciliationCase == .tabsAdded)
        #expect(next.state.tabBar == ["home", "favorites", "saved", "library", "profile"])
    }

    @Test("P103 also at sign-in, where no tab is shown yet: iOS traps on any such message")
    func twoReplacementsAtSignIn() {
        var client = Reconciler()
        let report = client.accept(twoReplacements)
        #expect(report.state.tabBar == ["home", "favorites", "saved", "library", "profile"])
        #expect(report.warningCodes == ["P103", "P102"])
    }

    @Test("A deprecated replacement of the tab the user is on warns P104 and is inserted anyway on leaving")
    func deprecatedReplacementIsInserted() throws {
        var client = Reconciler.showing(["home", "explore", "library"], on: "explore")
        func message(active: String) -> Directive {
            tabbed([tab("home"), tab("explore", .hard), tab("saved", .soft, replaces: "explore"), tab("library")], active: active)
        }
        let report = client.accept(message(active: "explore"))
        #expect(report.reconciliationCase == .noChange)
        let warning = try #require(report.warnings.first)
        #expect(report.warningCodes == ["P104"])
        #expect(warning.pointer.description == "/tabs/2/deprecated")
        #expect(warning.message.contains("is itself soft-deprecated"))

        let tap = try client.select("home")
        #expect(tap.state.tabBar == ["home", "saved", "library"])
        #expect(tap.notes.contains { $0.contains("\"saved\" takes its place although it is soft-deprecated itself") })
        // Once shown, the soft-deprecated saved is kept like any shown soft tab.
        let next = client.accept(message(active: "home"))
        #expect(next.reconciliationCase == .noChange)
        #expect(next.state.deprecations.entry(for: "saved")?.level == .soft)
    }

    @Test("A deprecated replacement of a tab the user is not on is not inserted: no P104")
    func deprecatedReplacementOfDroppedTab() {
        var client = Reconciler.showing(["home", "explore", "library"], on: "home")
        let report = client.accept(tabbed([tab("home"), tab("explore", .hard), tab("saved", .soft, replaces: "explore"),
                                           tab("library")], active: "home"))
        #expect(report.state.tabBar == ["home", "library"])
        #expect(report.warnings.isEmpty)
    }
}
