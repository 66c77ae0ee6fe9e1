/// The eleven transition cases of seeds/002, numbered and named as the document does.
public enum ReconciliationCase: Int, Hashable, Sendable, CaseIterable {
    case bootstrapToBootstrap = 1
    case bootstrapToTabbed = 2
    case tabbedToBootstrap = 3
    case noChange = 4
    case activeHintChanged = 5
    case orderingChanged = 6
    case tabsAdded = 7
    case tabsRemoved = 8
    case activeTabRemoved = 9
    case tabReplaced = 10
    case allTabsReplaced = 11

    public var number: Int { rawValue }

    /// The case's heading in seeds/002.
    public var name: String {
        switch self {
        case .bootstrapToBootstrap: "Bootstrap → Bootstrap"
        case .bootstrapToTabbed: "Bootstrap → Tabbed"
        case .tabbedToBootstrap: "Tabbed → Bootstrap"
        case .noChange: "Tabbed → Tabbed (No Change)"
        case .activeHintChanged: "Tabbed → Tabbed (Active Hint Changed)"
        case .orderingChanged: "Tabbed → Tabbed (Ordering Changed)"
        case .tabsAdded: "Tabbed → Tabbed (Tabs Added)"
        case .tabsRemoved: "Tabbed → Tabbed (Tabs Removed)"
        case .activeTabRemoved: "Tabbed → Tabbed (Active Tab Removed)"
        case .tabReplaced: "Tabbed → Tabbed (Tab Replaced)"
        case .allTabsReplaced: "Tabbed → Tabbed (All Tabs Replaced)"
        }
    }
}
