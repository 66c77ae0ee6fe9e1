import ArgumentParser

/// How `tabgen plan` prints: for people, for programs, or for GitHub Actions.
enum PlanFormat: String, ExpressibleByArgument, CaseIterable {
    /// Readable steps, one block each.
    case text
    /// One JSON document with every step.
    case json
    /// The text, with findings and warnings as workflow annotations.
    case github
    /// One self-contained HTML page: each step's tab bar as iOS and Android draw it.
    case html
}
