/// What one step did to one container.
public struct ContainerEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The bootstrap container became a tab (case 2): its state survives.
        case promoted
        /// The selected container now represents another tab (cases 9–11): its state
        /// survives under a different name.
        case morphed
        /// The selected container lost its server identity and is the bootstrap
        /// container now (case 3).
        case demoted
        /// Same container, same tab.
        case kept
        /// The container and its state are destroyed.
        case disposed
        /// A fresh container: no history.
        case created
    }

    public var kind: Kind
    public var container: ContainerID
    /// The server id it represented before the step; nil for a new or bootstrap container.
    public var from: String?
    /// The server id it represents after the step; nil once disposed or in bootstrap.
    public var to: String?
    /// Labels ("title", "icon", "path") a kept container took over from the new message.
    public var changedLabels: [String]

    public init(_ kind: Kind, _ container: ContainerID, from: String? = nil, to: String? = nil, changedLabels: [String] = []) {
        self.kind = kind
        self.container = container
        self.from = from
        self.to = to
        self.changedLabels = changedLabels
    }
}

extension Array where Element == ContainerEvent {
    /// The containers an event of `kind` touched, in event order.
    public func containers(_ kind: ContainerEvent.Kind) -> [ContainerID] {
        filter { $0.kind == kind }.map(\.container)
    }
}

extension Array where Element == ContainerEvent {
    /// Grouped by kind (promoted, morphed, demoted, kept, disposed, created), keeping
    /// tab order within a kind, so reports read the same way every time.
    func inReportOrder() -> [ContainerEvent] {
        let rank = Dictionary(uniqueKeysWithValues: ContainerEvent.Kind.allCases.enumerated().map { ($1, $0) })
        return enumerated().sorted { a, b in
            (rank[a.element.kind] ?? 0, a.offset) < (rank[b.element.kind] ?? 0, b.offset)
        }.map(\.element)
    }
}
