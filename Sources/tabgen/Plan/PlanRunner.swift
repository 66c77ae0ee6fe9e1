import Reconciliation

/// Replays the payloads through one simulated client, with the user's taps and the
/// app's restarts in between.
struct PlanRunner {
    var taps: [UserTap]
    var restarts: [Int]

    /// Taps and restarts name steps that exist.
    func check(stepCount: Int) throws(CLIError) {
        let plural = stepCount == 1 ? "is only 1 step" : "are only \(stepCount) steps"
        for tap in taps where tap.step > stepCount {
            throw CLIError("--select \(tap): there \(plural)")
        }
        for step in restarts where step > stepCount {
            throw CLIError("--restart-at \(step): there \(plural)")
        }
    }

    /// After each step, its taps run in the order given, then the restart if any.
    func run(_ steps: [(payload: PlanPayload, directive: Directive)]) throws(CLIError) -> [PlanEntry] {
        var client = Reconciler()
        var entries: [PlanEntry] = []
        for (index, step) in steps.enumerated() {
            let number = index + 1
            entries.append(PlanEntry(step: number, payload: step.payload, report: client.accept(step.directive)))
            for tap in taps where tap.step == number {
                do {
                    entries.append(PlanEntry(step: number, payload: step.payload, report: try client.select(tap.tabId)))
                } catch {
                    throw CLIError("--select \(tap): after step \(number) (\(step.payload.label)), \(error)")
                }
            }
            if restarts.contains(number) {
                entries.append(PlanEntry(step: number, payload: step.payload, report: client.restart()))
            }
        }
        return entries
    }
}
