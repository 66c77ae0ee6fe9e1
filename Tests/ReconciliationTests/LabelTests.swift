import Testing
@testable import Reconciliation

/// P106: in cases 4–6 the reference clients return before touching their tabs, so a
/// new title, icon or path of a tab the user already has is not shown until a tab is
/// added or removed, or the app restarts.
@Suite("Labels in cases 4–6: the apps keep the old ones (P106)")
struct LabelTests {
    private func home(_ title: String, path: String = "/home") -> TabData {
        TabData(id: "home", title: title, icon: "home.icon", path: path)
    }

    @Test("Home (3): the tab still reads Home, same container, P106 at the title")
    func titleIsKept() throws {
        var client = Reconciler.showing(["home", "explore"], on: "home")
        let report = client.accept(tabbed([home("Home (3)"), tab("explore")], active: "home"))
        #expect(report.reconciliationCase == .noChange)
        #expect(report.state.container(representing: "home")?.title == "Home")
        #expect(report.events.allSatisfy { $0.changedLabels.isEmpty })
        let warning = try #require(report.warnings.first)
        #expect(report.warningCodes == ["P106"])
        #expect(warning.pointer.description == "/tabs/0/title")
        #expect(warning.message.contains(#""home" title "Home" → "Home (3)""#))
    }

    @Test("Every changed label is named; a reorder warns P006 too")
    func reorderAndNewPath() {
        var client = Reconciler.showing(["home", "explore"], on: "home")
        let report = client.accept(tabbed([tab("explore"), home("Start", path: "/start")], active: "home"))
        #expect(report.reconciliationCase == .orderingChanged)
        #expect(report.warningCodes == ["P006", "P106"])
        #expect(report.warnings.last?.message.contains(#""home" path "/home" → "/start""#) == true)
        #expect(report.state.container(representing: "home")?.path == "/home")
    }

    @Test("With a tab added (case 7) the new labels are taken over")
    func structuralChangeRelabels() {
        var client = Reconciler.showing(["home", "explore"], on: "home")
        _ = client.accept(tabbed([home("Home (3)"), tab("explore")], active: "home"))
        let report = client.accept(tabbed([home("Home (3)"), tab("explore"), tab("library")], active: "home"))
        #expect(report.reconciliationCase == .tabsAdded)
        #expect(report.state.container(representing: "home")?.title == "Home (3)")
        #expect(report.events.first { $0.to == "home" }?.changedLabels == ["title"])
        #expect(report.warnings.isEmpty)
    }
}
