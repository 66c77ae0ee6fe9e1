/// What one step did: which case applied, what happened to each container, what the
/// user now sees, and what to worry about.
public struct StepReport: Hashable, Sendable {
    public enum Trigger: Hashable, Sendable {
        /// A `configure` message arrived.
        case configure
        /// The user tapped the tab with this server id.
        case select(String)
        /// The app was relaunched.
        case restart
    }

    public var trigger: Trigger
    /// Which of the eleven cases applied; nil for taps and restarts, which the cases do
    /// not cover.
    public var reconciliationCase: ReconciliationCase?
    public var events: [ContainerEvent]
    /// The client after the step.
    public var state: ClientState
    public var warnings: [StepWarning]
    /// Facts worth knowing that are not warnings (an ignored active hint, a substitute
    /// for a hidden active tab, a deferred removal).
    public var notes: [String]

    public init(trigger: Trigger, reconciliationCase: ReconciliationCase? = nil, events: [ContainerEvent] = [],
                state: ClientState, warnings: [StepWarning] = [], notes: [String] = []) {
        self.trigger = trigger
        self.reconciliationCase = reconciliationCase
        self.events = events
        self.state = state
        self.warnings = warnings
        self.notes = notes
    }
}
