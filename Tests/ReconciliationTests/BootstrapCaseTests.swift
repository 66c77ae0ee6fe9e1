import Testing
@testable import Reconciliation

/// Cases 1–3 of seeds/002: into, out of and within bootstrap mode.
@Suite("Cases 1–3: bootstrap transitions")
struct BootstrapCaseTests {
    @Test("Initial state: bootstrap mode, one container, no tab bar")
    func initialState() {
        let client = Reconciler()
        #expect(client.state.mode == .bootstrap)
        #expect(client.state.containers.map(\.id) == ["c1"])
        #expect(client.state.selectedID == "c1")
        #expect(client.state.selected.isBootstrap)
        #expect(client.state.tabBar.isEmpty)
    }

    @Test("Case 1: the server redirects to /sign-in with a bootstrap directive: no-op")
    func case1BootstrapToBootstrap() {
        var client = Reconciler()
        let report = client.accept(.bootstrap)
        #expect(report.reconciliationCase == .bootstrapToBootstrap)
        #expect(report.events.containers(.kept) == ["c1"])
        #expect(report.events.count == 1)
        #expect(report.state.mode == .bootstrap)
        #expect(report.state.selectedID == "c1")
        #expect(report.warnings.isEmpty)
    }

    @Test("Case 2: the user signs in, active explore: the bootstrap container is promoted")
    func case2BootstrapToTabbed() {
        var client = Reconciler()
        let report = client.accept(tabbed(fiveTabs, active: "B"))
        #expect(report.reconciliationCase == .bootstrapToTabbed)
        #expect(report.events.containers(.promoted) == ["c1"])
        #expect(report.events.first { $0.kind == .promoted }?.to == "B")
        #expect(report.events.containers(.created) == ["c2", "c3", "c4", "c5"])
        #expect(report.events.containers(.disposed).isEmpty)
        #expect(report.state.tabBar == fiveTabs)
        #expect(report.state.containers.map(\.id) == ["c2", "c1", "c3", "c4", "c5"])
        // The only case where the active hint is respected.
        #expect(report.state.selectedID == "c1")
        #expect(report.selectedTab == "B")
        #expect(report.warnings.isEmpty)
    }

    @Test("Case 3: the user signs out: the selected container is demoted, the others disposed")
    func case3TabbedToBootstrap() {
        var client = Reconciler.showing(fiveTabs, on: "A")
        let selected = client.container("A")
        let report = client.accept(.bootstrap)
        #expect(report.reconciliationCase == .tabbedToBootstrap)
        #expect(report.events.containers(.demoted) == [selected].compactMap { $0 })
        #expect(report.events.first { $0.kind == .demoted }?.from == "A")
        #expect(report.events.containers(.disposed).count == 4)
        #expect(report.state.mode == .bootstrap)
        #expect(report.state.containers.map(\.id) == [selected].compactMap { $0 })
        #expect(report.state.selected.isBootstrap)
        #expect(report.state.tabBar.isEmpty)
    }

    @Test("Case 3 then case 2: the demoted container is promoted again, and the hint is obeyed again")
    func signOutSignIn() {
        var client = Reconciler.showing(fiveTabs, on: "B")
        _ = client.accept(.bootstrap)
        let report = client.accept(tabbed(fiveTabs, active: "D"))
        #expect(report.reconciliationCase == .bootstrapToTabbed)
        #expect(report.events.containers(.promoted) == ["c1"])
        #expect(report.selectedTab == "D")
        #expect(report.events.containers(.created) == ["c6", "c7", "c8", "c9"])
    }
}
