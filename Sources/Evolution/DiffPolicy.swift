/// Which breaking changes a project accepts: the `--allow` and `--lenient-clients`
/// options of `tabgen diff`.
package struct DiffPolicy: Sendable {
    /// Directions in which breaking changes are accepted (e.g. a coordinated release
    /// in which no old client stays in use).
    package var allowed: Set<ClientDirection>
    /// All clients keep unknown enum values and ignore unknown properties (tabgen's
    /// generated code does): changes that break only strict clients are accepted.
    package var lenientClients: Bool

    package init(allowed: Set<ClientDirection> = [], lenientClients: Bool = false) {
        self.allowed = allowed
        self.lenientClients = lenientClients
    }

    /// The directions in which `change` breaks clients the policy does not accept.
    package func failingDirections(of change: SchemaChange) -> [ClientDirection] {
        ClientDirection.allCases.filter { direction in
            guard !allowed.contains(direction) else { return false }
            switch change.effect(on: direction).impact {
            case .breaking: return true
            case .strict: return !lenientClients
            case .safe, .info: return false
            }
        }
    }

    package func fails(_ change: SchemaChange) -> Bool {
        !failingDirections(of: change).isEmpty
    }
}
