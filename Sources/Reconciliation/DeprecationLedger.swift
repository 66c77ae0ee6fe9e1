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
        /// What the apps put in its place when it goes on a tap (hard): the last tab of
        /// the message whose `replaces` names it, deprecated or not, as Android keys
        /// replacements by `replaces` and keeps the last.
        public var replacement: TabData?
        /// Tabs that are not deprecated and `replaces` it: hidden while it is shown, all
        /// shown once a later message no longer keeps it.
        public var hidden: [TabData]

        public init(serverId: String, level: Deprecation, replacement: TabData? = nil, hidden: [TabData] = []) {
            self.serverId = serverId
            self.level = level
            self.replacement = replacement
            self.hidden = hidden
        }

        /// The tabs that take its place when it goes the way its level says: the tap's
        /// one replacement for a hard tab, the hidden ones for a soft tab.
        public var successors: [TabData] {
            level == .hard ? [replacement].compactMap { $0 } : hidden
        }
    }

    /// In tab bar order.
    public internal(set) var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The replacement tabs held back while their deprecated tab is shown.
    public var hiddenReplacements: [TabData] { entries.flatMap(\.hidden) }

    public func entry(for serverId: String?) -> Entry? {
        guard let serverId else { return nil }
        return entries.first { $0.serverId == serverId }
    }

    mutating func remove(_ serverId: String) {
        entries.removeAll { $0.serverId == serverId }
    }
}
