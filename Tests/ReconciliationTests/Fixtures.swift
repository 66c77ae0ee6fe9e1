@testable import Reconciliation
import Testing

/// A tab whose labels derive from its id: "explore" is titled "Explore" at "/explore".
func tab(_ id: String, _ deprecated: Deprecation? = nil, replaces: String? = nil) -> TabData {
    TabData(id: id, title: id.prefix(1).uppercased() + id.dropFirst(), icon: "\(id).icon", path: "/\(id)",
            deprecated: deprecated, replaces: replaces)
}

func tabbed(_ ids: [String], active: String) -> Directive {
    .tabbed(active: active, tabs: ids.map { tab($0) })
}

func tabbed(_ tabs: [TabData], active: String) -> Directive {
    .tabbed(active: active, tabs: tabs)
}

let fiveTabs = ["A", "B", "C", "D", "E"]

/// Home, Explore, Library, Profile: the protocol's sunset example before the sunset.
let fourTabs = ["home", "explore", "library", "profile"]

/// The protocol's sunset example: Explore deprecated, Favorites replacing it.
func sunset(_ level: Deprecation, active: String = "home") -> Directive {
    tabbed([tab("home"), tab("explore", level), tab("favorites", replaces: "explore"), tab("library"), tab("profile")],
           active: active)
}

extension Reconciler {
    /// A client that signed in to `ids` with the user on `selected` (case 2 obeys the
    /// hint, so the bootstrap container `c1` represents `selected`).
    static func showing(_ ids: [String], on selected: String) -> Reconciler {
        var client = Reconciler()
        _ = client.accept(tabbed(ids, active: selected))
        return client
    }

    /// What a client `showing(ids, on: selected)` reports when `directive` comes; expects
    /// `expected`, the case the calling test is about.
    static func report(showing ids: [String], on selected: String, accepting directive: Directive,
                       as expected: ReconciliationCase, sourceLocation: SourceLocation = #_sourceLocation) -> StepReport {
        var client = showing(ids, on: selected)
        let report = client.accept(directive)
        #expect(report.reconciliationCase == expected, sourceLocation: sourceLocation)
        return report
    }

    /// The container representing `serverId` now.
    func container(_ serverId: String) -> ContainerID? {
        state.container(representing: serverId)?.id
    }
}

extension StepReport {
    var warningCodes: [String] { warnings.map(\.code.rawValue) }
    var selectedTab: String? { state.selected.serverId }
}
