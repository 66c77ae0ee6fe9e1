import Reconciliation

/// One line of the plan: a step's report and the payload it belongs to. Taps and
/// restarts belong to the step they follow.
struct PlanEntry {
    /// 1-based number of the payload step.
    var step: Int
    var payload: PlanPayload
    var report: StepReport
}
