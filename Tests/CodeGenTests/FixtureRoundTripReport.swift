/// What a compiled program that checks generated fixtures (`<Fixtures>.check` on each of
/// `<Fixtures>.all`, what the generated Swift Testing files run) reported: its driver code
/// prints a `RESULT` line per fixtures type and a `FAIL` line per fixture with problems,
/// and `read` collects them.
struct FixtureRoundTripReport {
    /// Fixtures checked, by label.
    var totals: [String: Int] = [:]
    /// The problems of each fixture that has some, by label.
    var problems: [String: [String]] = [:]

    /// The start of the program's main.swift: the `report` function (and the Foundation it uses).
    static let header = """
    import Foundation

    func report(_ label: String, _ results: [(String, [String])]) {
        print("RESULT\\t\\(label)\\t\\(results.count)")
        for (name, problems) in results where !problems.isEmpty {
            print("FAIL\\t\\(label)\\t\\(name): \\(problems.joined(separator: " | ").replacingOccurrences(of: "\\n", with: "\\\\n"))")
        }
    }

    """

    /// The driver line that checks every fixture of `fixtures` (a generated fixtures type,
    /// `MenuContract.MenuDataFixtures`) under `label`.
    static func check(_ fixtures: String, label: String) -> String {
        "report(\"\(label)\", \(fixtures).all.map { ($0.name, \(fixtures).check($0)) })\n"
    }

    /// Adds the `RESULT` and `FAIL` lines of the program's output.
    mutating func read(_ stdout: String) {
        for line in stdout.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 2).map(String.init)
            guard parts.count == 3 else { continue }
            if parts[0] == "RESULT" { totals[parts[1]] = Int(parts[2]) ?? 0 }
            if parts[0] == "FAIL" { problems[parts[1], default: []].append(parts[2]) }
        }
    }
}
