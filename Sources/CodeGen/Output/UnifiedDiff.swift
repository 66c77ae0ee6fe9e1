/// Unified diffs of text, line by line (`diff -u` format), for `tabgen check`.
///
/// The edit script comes from the standard library's `CollectionDifference` (a Myers
/// diff) between the first and the last line that differ; this type only groups it into
/// hunks with context.
public enum UnifiedDiff {
    /// Above this many lines between the first and the last difference (old and new
    /// together), that part is shown as all removed, then all added: a minimal script
    /// takes time quadratic in it when most lines differ (47 s for 80,000 lines).
    public static let minimalScriptLimit = 4_000

    struct Line: Equatable {
        var text: Substring
        /// False for a last line without a final newline.
        var terminated: Bool
    }

    enum Operation {
        case same(Line)
        case removed(Line)
        case added(Line)

        var isChange: Bool {
            if case .same = self { return false }
            return true
        }
    }

    static func lines(_ text: String) -> [Line] {
        guard !text.isEmpty else { return [] }
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        let terminated = parts.last?.isEmpty == true
        if terminated { parts.removeLast() }
        return parts.enumerated().map { index, part in Line(text: part, terminated: terminated || index < parts.count - 1) }
    }

    /// The diff from `old` to `new` with `context` lines around changes; empty when the
    /// texts are equal.
    public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let before = lines(old)
        let after = lines(new)
        let operations = script(before, after)
        guard operations.contains(where: \.isChange) else { return "" }
        var output = "--- \(oldName)\n+++ \(newName)\n"
        // Hunks: runs of operations around changes, merged when their context touches.
        let changes = operations.indices.filter { operations[$0].isChange }
        var hunks: [ClosedRange<Int>] = []
        for index in changes {
            let range = max(0, index - context)...min(operations.count - 1, index + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                hunks.append(range)
            }
        }
        // Line numbers before each operation.
        var oldLine = [Int](repeating: 0, count: operations.count + 1)
        var newLine = [Int](repeating: 0, count: operations.count + 1)
        for (index, operation) in operations.enumerated() {
            oldLine[index + 1] = oldLine[index] + (operation.isAdded ? 0 : 1)
            newLine[index + 1] = newLine[index] + (operation.isRemoved ? 0 : 1)
        }
        for hunk in hunks {
            let oldCount = oldLine[hunk.upperBound + 1] - oldLine[hunk.lowerBound]
            let newCount = newLine[hunk.upperBound + 1] - newLine[hunk.lowerBound]
            let oldStart = oldCount == 0 ? oldLine[hunk.lowerBound] : oldLine[hunk.lowerBound] + 1
            let newStart = newCount == 0 ? newLine[hunk.lowerBound] : newLine[hunk.lowerBound] + 1
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for operation in operations[hunk] {
                let (marker, line): (String, Line)
                switch operation {
                case .same(let value): (marker, line) = (" ", value)
                case .removed(let value): (marker, line) = ("-", value)
                case .added(let value): (marker, line) = ("+", value)
                }
                output += marker + line.text + "\n"
                if !line.terminated { output += "\\ No newline at end of file\n" }
            }
        }
        return output
    }

    static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    static func script(_ before: [Line], _ after: [Line]) -> [Operation] {
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix,
              before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = Array(before[prefix..<(before.count - suffix)])
        let newMiddle = Array(after[prefix..<(after.count - suffix)])
        let middle = oldMiddle.count + newMiddle.count <= minimalScriptLimit
            ? minimalScript(oldMiddle, newMiddle)
            : oldMiddle.map(Operation.removed) + newMiddle.map(Operation.added)
        return before[..<prefix].map(Operation.same) + middle + before[(before.count - suffix)...].map(Operation.same)
    }

    private static func minimalScript(_ before: [Line], _ after: [Line]) -> [Operation] {
        let difference = after.difference(from: before)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var operations: [Operation] = []
        var i = 0
        var j = 0
        while i < before.count || j < after.count {
            if i < before.count, removed.contains(i) {
                operations.append(.removed(before[i]))
                i += 1
            } else if j < after.count, inserted.contains(j) {
                operations.append(.added(after[j]))
                j += 1
            } else if i < before.count, j < after.count {
                operations.append(.same(before[i]))
                i += 1
                j += 1
            } else {
                break
            }
        }
        return operations
    }
}

extension UnifiedDiff.Operation {
    var isAdded: Bool {
        if case .added = self { return true }
        return false
    }

    var isRemoved: Bool {
        if case .removed = self { return true }
        return false
    }
}
