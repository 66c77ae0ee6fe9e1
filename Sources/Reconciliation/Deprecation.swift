/// How a deprecated tab is phased out (protocol notes, `deprecated`).
public enum Deprecation: String, Hashable, Sendable, CaseIterable {
    /// Removed at the next app restart or bootstrap-to-tabbed transition.
    case soft
    /// Removed at those moments too, and as soon as the user switches away from it.
    case hard
}
