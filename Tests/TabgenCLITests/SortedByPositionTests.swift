import JSON
import Schema
import Testing
@testable import tabgen

/// `sortedByPosition` returns findings already in order as they are (without sorting):
/// on every arrangement of a few positions, with ties, it must give what a stable sort
/// by line and column gives.
struct SortedByPositionTests {
    @Test func agreesWithAStableSortOnEveryArrangement() {
        let positions = [(1, 5), (1, 5), (1, 9), (2, 1), (1, 12)]
        // Every ordering of the five (ties included), each finding told apart by its message.
        func orderings(_ items: [Int]) -> [[Int]] {
            guard items.count > 1 else { return [items] }
            return items.indices.flatMap { index -> [[Int]] in
                var rest = items
                let first = rest.remove(at: index)
                return orderings(rest).map { [first] + $0 }
            }
        }
        for ordering in orderings(Array(positions.indices)) {
            let findings = ordering.map { index in
                LocatedFinding(file: "a.jsonl", line: positions[index].0, column: positions[index].1,
                               finding: Finding(code: "TG104", severity: .error, pointer: .root, message: "\(index)"))
            }
            var expected = Array(findings.enumerated())
            // Insertion sort: stable by construction, independent of the code under test.
            for i in 1..<expected.count {
                var j = i
                while j > 0, (expected[j].element.line, expected[j].element.column) < (expected[j - 1].element.line, expected[j - 1].element.column) {
                    expected.swapAt(j, j - 1)
                    j -= 1
                }
            }
            #expect(findings.sortedByPosition().map(\.finding.message) == expected.map(\.element.finding.message), "\(ordering)")
        }
    }
}
