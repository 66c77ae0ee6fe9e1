/// Deprecation bookkeeping the client carries between messages: the deprecated tabs it
/// still shows, when each goes, and the replacements hidden until then.
public struct DeprecationLedger: Hashable, Sendable {
    /// A deprecated tab still in the tab bar.
    public struct Entry: Hashable, Sendable {
        /// The server id of the deprecated tab.
        public var serverId: String
        /// Soft: it goes at the next restart or bootstrap-to-tabbed transition. Hard: also
        /// when the user switches away from it.
        public var level: Deprecation
        /// Tabs that `replaces` it: hidden while it is shown, shown in its place after.
        public var replacements: [TabData]

        public init(serverId: String, level: Deprecation, replacements: [TabData] = []) {
            self.serverId = serverId
            self.level = level
            self.replacements = replacements
        }
    }

    /// In tab bar order.
    public internal(set) var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The replacement tabs held back while their deprecated tab is shown.
    public var hiddenReplacements: [TabData] { entries.flatMap(\.replacements) }

    public func entry(for serverId: String?) -> Entry? {
        guard let serverId else { return nil }
        return entries.first { $0.serverId == serverId }
    }

    mutating func remove(_ serverId: String) {
        entries.removeAll { $0.serverId == serverId }
    }
}
