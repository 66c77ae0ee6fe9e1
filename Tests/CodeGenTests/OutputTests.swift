import Foundation
import Testing
@testable import CodeGen
import GrowthTesting

@Suite("Output: atomic writes, the manifest, check and unified diffs")
struct OutputTests {
    @Test("unified diff of a one-line change, with context and hunk header")
    func diff() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\n"
        let new = "a\nb\nc\nd\nE\nf\ng\nh\n"
        let diff = UnifiedDiff.diff(old: old, new: new, oldName: "x/old", newName: "x/new")
        #expect(diff == "--- x/old\n+++ x/new\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n")
        #expect(UnifiedDiff.diff(old: old, new: old, oldName: "a", newName: "b").isEmpty)
    }

    @Test("unified diff of additions, removals, a missing final newline and new files")
    func diffEdges() {
        #expect(UnifiedDiff.diff(old: "", new: "x\ny\n", oldName: "/dev/null", newName: "f") == "--- /dev/null\n+++ f\n@@ -0,0 +1,2 @@\n+x\n+y\n")
        #expect(UnifiedDiff.diff(old: "x\n", new: "x", oldName: "a", newName: "b") == "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+x\n\\ No newline at end of file\n")
        let far = UnifiedDiff.diff(old: (1...20).map(String.init).joined(separator: "\n") + "\n",
                                   new: (1...20).map { $0 == 2 || $0 == 19 ? "X" : String($0) }.joined(separator: "\n") + "\n",
                                   oldName: "a", newName: "b")
        #expect(far.components(separatedBy: "@@ -").count == 3)  // two hunks
    }

    @Test("unified diff of a long changed part: removed then added, between the common first and last lines")
    func diffBeyondTheMinimalScriptLimit() {
        let count = UnifiedDiff.minimalScriptLimit / 2 + 1
        let old = "head\n" + (0..<count).map { "old \($0)\n" }.joined() + "tail\n"
        let new = "head\n" + (0..<count).map { $0 == 7 ? "old 7\n" : "new \($0)\n" }.joined() + "tail\n"
        let lines = UnifiedDiff.diff(old: old, new: new, oldName: "a", newName: "b", context: 1).split(separator: "\n")
        #expect(lines.prefix(4) == ["--- a", "+++ b", "@@ -1,\(count + 2) +1,\(count + 2) @@", " head"])
        #expect(lines.dropFirst(4).prefix(count) == ArraySlice((0..<count).map { "-old \($0)" }))
        #expect(lines.dropFirst(4 + count).prefix(count) == ArraySlice((0..<count).map { $0 == 7 ? "+old 7" : "+new \($0)" }))
        #expect(lines.last == " tail" && lines.count == 4 + 2 * count + 1)
    }

    /// Issue 23, item 22: the minimal script of a file that differs throughout took time
    /// quadratic in its lines (47 s at 80,000).
    @Test("unified diff of a file that differs throughout is linear in its lines")
    func diffGrowth() {
        func texts(_ count: Int) -> (String, String) {
            ((0..<count).map { "let a\($0) = 1\n" }.joined(), (0..<count).map { "let b\($0) = 2\n" }.joined())
        }
        let (smallOld, smallNew) = texts(20_000)
        let (largeOld, largeNew) = texts(80_000)
        let small = threadCPUSeconds { _ = UnifiedDiff.diff(old: smallOld, new: smallNew, oldName: "a", newName: "a") }
        let large = threadCPUSeconds { _ = UnifiedDiff.diff(old: largeOld, new: largeNew, oldName: "a", newName: "a") }
        #expect(large / small < 8, "4 times the lines took \(large / small) times as long")
    }

    @Test("write: atomic, only changed files, stale generated files removed, other files untouched")
    func write() throws {
        let (directory, output) = try Support.temporaryOutput()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("mine\n".utf8).write(to: directory.appendingPathComponent("Mine.swift"))
        let first = try output.write(Support.manifestFiles([("A.swift", "a\n"), ("Old.swift", "old\n"), ("Tests/T.swift", "t\n")]))
        #expect(first.written == [".tabgen-manifest", "A.swift", "Old.swift", "Tests/T.swift"])
        let second = try output.write(Support.manifestFiles([("A.swift", "a\n"), ("Tests/T.swift", "t2\n")]))
        #expect(second.unchanged == ["A.swift"])
        #expect(second.written == [".tabgen-manifest", "Tests/T.swift"])
        #expect(second.removed == ["Old.swift"])
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Old.swift").path))
        #expect(try String(contentsOf: directory.appendingPathComponent("Mine.swift"), encoding: .utf8) == "mine\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp") }
        #expect(leftovers.isEmpty)
        #expect(output.existingManifest()?.paths == ["A.swift", "Tests/T.swift"])
    }

    @Test("check: current passes; an edit, a missing file and a stale file fail with diffs")
    func check() throws {
        let (directory, output) = try Support.temporaryOutput()
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = Support.manifestFiles([("A.swift", "let a = 1\n"), ("B.swift", "let b = 2\n"), ("Old.swift", "old\n")])
        _ = try output.write(generated)
        #expect(output.check(generated).isEmpty)
        try Data("let a = 2\n".utf8).write(to: directory.appendingPathComponent("A.swift"))
        try FileManager.default.removeItem(at: directory.appendingPathComponent("B.swift"))
        let next = Support.manifestFiles([("A.swift", "let a = 1\n"), ("B.swift", "let b = 2\n")])
        let problems = output.check(next)
        #expect(problems.map(\.path).sorted() == [".tabgen-manifest", "A.swift", "B.swift", "Old.swift"])
        let edited = try #require(problems.first { $0.path == "A.swift" })
        #expect(edited.kind == .differs)
        #expect(edited.diff == "--- out/A.swift\n+++ out/A.swift\n@@ -1 +1 @@\n-let a = 2\n+let a = 1\n")
        #expect(problems.first { $0.path == "B.swift" }?.kind == .missing)
        #expect(problems.first { $0.path == "B.swift" }?.diff.hasPrefix("--- /dev/null\n+++ out/B.swift") == true)
        #expect(problems.first { $0.path == "Old.swift" }?.kind == .stale)
    }

    @Test("a file tabgen did not generate is never overwritten")
    func conflicts() throws {
        let (directory, output) = try Support.temporaryOutput()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("// hand-written\n".utf8).write(to: directory.appendingPathComponent("TabData.swift"))
        let generated = Support.manifestFiles([("TabData.swift", "struct TabData {}\n"), ("Other.swift", "x\n")])
        #expect(output.conflicts(generated) == ["TabData.swift"])
        #expect(throws: CodeGenError.self) { try output.write(generated) }
        #expect(try String(contentsOf: directory.appendingPathComponent("TabData.swift"), encoding: .utf8) == "// hand-written\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Other.swift").path))
        // Once it is gone, tabgen owns the name.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("TabData.swift"))
        _ = try output.write(generated)
        #expect(output.conflicts(Support.manifestFiles([("TabData.swift", "changed\n")])).isEmpty)
    }

    @Test("paths that would leave the output directory are refused")
    func safePaths() {
        #expect(OutputDirectory.isSafeRelativePath("Tests/A.swift"))
        for path in ["", "/etc/passwd", "../x", "a/../../x", "a//b", "./a", "a\\b"] {
            #expect(!OutputDirectory.isSafeRelativePath(path), "\(path)")
        }
        #expect(Manifest(text: "# c\nA.swift\n../evil\n/abs\n").paths == ["A.swift"])
    }
}
