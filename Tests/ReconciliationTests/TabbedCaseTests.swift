import Testing
@testable import Reconciliation

/// Cases 4–11 of seeds/002, each with the document's own example. After signing in to
/// tabbed(A, *B*, C, D, E) the containers are A c2, B c1, C c3, D c4, E c5.
@Suite("Cases 4–11: tabbed to tabbed")
struct TabbedCaseTests {
    @Test("Case 4: normal navigation within a tab: no-op")
    func case4NoChange() {
        var client = Reconciler.showing(fiveTabs, on: "B")
        let report = client.accept(tabbed(fiveTabs, active: "B"))
        #expect(report.reconciliationCase == .noChange)
        #expect(report.events.containers(.kept) == ["c2", "c1", "c3", "c4", "c5"])
        #expect(report.events.allSatisfy { $0.kind == .kept && $0.changedLabels.isEmpty })
        #expect(report.state.tabBar == fiveTabs)
        #expect(report.state.selectedID == "c1")
        #expect(report.warnings.isEmpty)
        #expect(report.notes.isEmpty)
    }

    // Changed from "updates the label in place": the reference clients return before
    // touching their tabs in cases 4–6, so the old title stays (P106, LabelTests).
    @Test("Case 4: a new title for a kept tab is not shown, as in the apps: same container, old label, P106")
    func case4Relabel() {
        var client = Reconciler.showing(["A", "B"], on: "A")
        var renamed = tab("B")
        renamed.title = "Bravo"
        let report = client.accept(tabbed([tab("A"), renamed], active: "A"))
        #expect(report.reconciliationCase == .noChange)
        #expect(report.events.first { $0.to == "B" }?.changedLabels == [])
        #expect(report.state.container(representing: "B")?.title == "B")
        #expect(report.state.container(representing: "B")?.id == "c2")
        #expect(report.warningCodes == ["P106"])
    }

    @Test("Case 5: the user follows a link to /explore/42: the active hint is ignored")
    func case5ActiveHintChanged() {
        let report = Reconciler.report(showing: fiveTabs, on: "B", accepting: tabbed(fiveTabs, active: "C"), as: .activeHintChanged)
        #expect(report.events.containers(.kept) == ["c2", "c1", "c3", "c4", "c5"])
        #expect(report.state.selectedID == "c1")
        #expect(report.selectedTab == "B")
        #expect(report.warnings.isEmpty)
        #expect(report.notes.contains { $0.contains("\"C\" is ignored") })
    }

    @Test("Case 6: a deploy changed the order: ignored until restart, with warning P006")
    func case6OrderingChanged() {
        let report = Reconciler.report(showing: fiveTabs, on: "B", accepting: tabbed(["A", "B", "E", "D", "C"], active: "B"), as: .orderingChanged)
        #expect(report.events.containers(.kept) == ["c2", "c1", "c3", "c4", "c5"])
        #expect(report.state.tabBar == fiveTabs)
        #expect(report.state.selectedID == "c1")
        #expect(report.warningCodes == ["P006"])
    }

    @Test("Case 6: the new order takes effect at the next restart")
    func case6OrderAfterRestart() {
        var client = Reconciler.showing(fiveTabs, on: "B")
        _ = client.accept(tabbed(["A", "B", "E", "D", "C"], active: "B"))
        _ = client.restart()
        let report = client.accept(tabbed(["A", "B", "E", "D", "C"], active: "B"))
        #expect(report.reconciliationCase == .bootstrapToTabbed)
        #expect(report.state.tabBar == ["A", "B", "E", "D", "C"])
    }

    @Test("Case 7: a feature flag adds tabs: containers kept, new ones created, server order adopted")
    func case7TabsAdded() {
        let report = Reconciler.report(showing: ["A", "B", "C"], on: "B", accepting: tabbed(fiveTabs, active: "B"), as: .tabsAdded)
        #expect(report.events.containers(.kept) == ["c2", "c1", "c3"])
        #expect(report.events.containers(.created) == ["c4", "c5"])
        #expect(report.events.containers(.disposed).isEmpty)
        #expect(report.state.tabBar == fiveTabs)
        #expect(report.state.selectedID == "c1")
        #expect(report.warnings.isEmpty)
    }

    @Test("Case 7: added tabs are placed in the server's order, which is adopted as a whole")
    func case7AdoptsServerOrder() {
        let report = Reconciler.report(showing: ["A", "B", "C"], on: "B", accepting: tabbed(["C", "D", "A", "B"], active: "B"), as: .tabsAdded)
        #expect(report.state.tabBar == ["C", "D", "A", "B"])
        #expect(report.state.containers.map(\.id) == ["c3", "c4", "c2", "c1"])
    }

    @Test("Case 8: a feature flag removes tabs: their containers are disposed")
    func case8TabsRemoved() {
        let report = Reconciler.report(showing: fiveTabs, on: "B", accepting: tabbed(["A", "B", "C"], active: "B"), as: .tabsRemoved)
        #expect(report.events.containers(.kept) == ["c2", "c1", "c3"])
        #expect(report.events.containers(.disposed) == ["c4", "c5"])
        #expect(report.events.containers(.created).isEmpty)
        #expect(report.state.tabBar == ["A", "B", "C"])
        #expect(report.state.selectedID == "c1")
        #expect(report.warnings.isEmpty)
    }

    @Test("Case 9: the user's tab C loses its flag: C's container morphs into B, B's is disposed, P009")
    func case9ActiveTabRemoved() {
        // tabbed(A, B, *C*, D, E): A c2, B c3, C c1, D c4, E c5.
        let report = Reconciler.report(showing: fiveTabs, on: "C", accepting: tabbed(["A", "B", "D", "E"], active: "B"), as: .activeTabRemoved)
        #expect(report.events.containers(.morphed) == ["c1"])
        #expect(report.events.first { $0.kind == .morphed }.map { [$0.from, $0.to] } == ["C", "B"])
        #expect(report.events.containers(.disposed) == ["c3"])
        #expect(report.events.containers(.kept) == ["c2", "c4", "c5"])
        #expect(report.events.containers(.created).isEmpty)
        #expect(report.state.tabBar == ["A", "B", "D", "E"])
        #expect(report.state.containers.map(\.id) == ["c2", "c1", "c4", "c5"])
        #expect(report.state.selectedID == "c1")
        #expect(report.selectedTab == "B")
        #expect(report.state.selected.title == "B")
        #expect(report.warningCodes == ["P009"])
    }

    @Test("Case 10: B replaced by F while the user is on B: the container morphs into F, P010")
    func case10ActiveTabReplaced() {
        let report = Reconciler.report(showing: fiveTabs, on: "B", accepting: tabbed(["A", "F", "C", "D", "E"], active: "F"), as: .tabReplaced)
        #expect(report.events.containers(.morphed) == ["c1"])
        #expect(report.events.first { $0.kind == .morphed }.map { [$0.from, $0.to] } == ["B", "F"])
        #expect(report.events.containers(.kept) == ["c2", "c3", "c4", "c5"])
        #expect(report.events.containers(.created).isEmpty)
        #expect(report.events.containers(.disposed).isEmpty)
        #expect(report.state.tabBar == ["A", "F", "C", "D", "E"])
        #expect(report.state.selectedID == "c1")
        #expect(report.warningCodes == ["P010"])
    }

    @Test("Case 10: a tab the user is not on is replaced: remove plus add (cases 8 + 7), state lost")
    func case10InactiveTabReplaced() {
        let report = Reconciler.report(showing: fiveTabs, on: "B", accepting: tabbed(["A", "B", "F", "D", "E"], active: "B"), as: .tabReplaced)
        #expect(report.events.containers(.disposed) == ["c3"])
        #expect(report.events.containers(.created) == ["c6"])
        #expect(report.events.containers(.kept) == ["c2", "c1", "c4", "c5"])
        #expect(report.events.containers(.morphed).isEmpty)
        #expect(report.state.tabBar == ["A", "B", "F", "D", "E"])
        #expect(report.state.selectedID == "c1")
        #expect(report.warnings.isEmpty)
    }

    @Test("Case 11: a redesign replaces every tab: the user's container morphs into Y, all others new, P011")
    func case11AllTabsReplaced() {
        let report = Reconciler.report(showing: ["A", "B", "C"], on: "B", accepting: tabbed(["X", "Y", "Z"], active: "Y"), as: .allTabsReplaced)
        #expect(report.events.containers(.morphed) == ["c1"])
        #expect(report.events.containers(.created) == ["c4", "c5"])
        #expect(report.events.containers(.disposed) == ["c2", "c3"])
        #expect(report.events.containers(.kept).isEmpty)
        #expect(report.state.tabBar == ["X", "Y", "Z"])
        #expect(report.state.containers.map(\.id) == ["c4", "c1", "c5"])
        #expect(report.state.selectedID == "c1")
        #expect(report.warningCodes == ["P011"])
    }

    @Test("After case 2 the client never switches tabs: only the user does")
    func selectionIsTheUsers() throws {
        var client = Reconciler.showing(fiveTabs, on: "B")
        let tap = try client.select("D")
        #expect(tap.reconciliationCase == nil)
        #expect(tap.state.selectedID == "c4")
        #expect(tap.events.containers(.kept).count == 5)
        let report = client.accept(tabbed(fiveTabs, active: "A"))
        #expect(report.reconciliationCase == .activeHintChanged)
        #expect(report.selectedTab == "D")
    }

    @Test("Every case has its document name")
    func caseNames() {
        #expect(ReconciliationCase.allCases.map(\.number) == Array(1...11))
        #expect(ReconciliationCase.activeTabRemoved.name == "Tabbed → Tabbed (Active Tab Removed)")
        #expect(Set(ReconciliationCase.allCases.map(\.name)).count == 11)
    }
}
