import Foundation
import Testing
@testable import CodeGen

/// The marker mechanism every runtime under `Runtime/` is copied through.
@Suite struct RuntimeSourceTests {
    static let sample = """
        // tabgen:features time ints
        a
        // tabgen:begin time
        b
          // tabgen:begin ints
        c
          // tabgen:end ints
        // tabgen:end time
        // tabgen:begin !time
        d
        // tabgen:end !time
        e
        """

    @Test func keepsSelectedBlocksAndDropsMarkers() throws {
        let source = try RuntimeSource(Self.sample, path: "x.ts", comment: "//")
        #expect(source.features == ["time", "ints"])
        #expect(try source.selecting(["time", "ints"]) == "a\nb\nc\ne")
        #expect(try source.selecting(["time"]) == "a\nb\ne")
        // A nested block is left out with its parent, whatever its own feature.
        #expect(try source.selecting(["ints"]) == "a\nd\ne")
        #expect(try source.selecting([]) == "a\nd\ne")
    }

    @Test func rubyCommentsWork() throws {
        let source = try RuntimeSource("# tabgen:features x\n# tabgen:begin x\nkept\n# tabgen:end x\nalways\n", path: "r.rb", comment: "#")
        #expect(try source.selecting([]) == "always\n")
        #expect(try source.selecting(["x"]) == "kept\nalways\n")
    }

    @Test(arguments: [
        ("// tabgen:begin x\n// tabgen:end x\n", "r.ts:1: feature x is not in the file's tabgen:features line"),
        ("// tabgen:features x\n// tabgen:begin x\n", "r.ts:2: begin x is never ended"),
        ("// tabgen:features x\n// tabgen:end x\n", "r.ts:2: end x closes no block"),
        ("// tabgen:features x y\n// tabgen:begin x\n// tabgen:end y\n", "r.ts:3: end y closes begin x of line 2"),
        ("// tabgen:features x\n// tabgen:begin x\n// tabgen:end !x\n", "r.ts:3: end !x closes begin x of line 2"),
        ("// tabgen:features x\n// tabgen:if x\n", "r.ts:2: unknown marker tabgen:if (expected features, begin, end or needs)"),
        ("// tabgen:features x\n// tabgen:needs x\n", "r.ts:2: needs belongs inside a begin block of the feature that needs"),
        ("// tabgen:features x\n// tabgen:begin !x\n// tabgen:needs x\n", "r.ts:3: needs belongs inside a begin block of the feature that needs"),
        ("// tabgen:features x\n// tabgen:begin x\n// tabgen:needs\n", "r.ts:3: needs names no feature"),
        ("// tabgen:features x\n// tabgen:begin x\n// tabgen:needs y\n// tabgen:end x\n", "r.ts:3: feature y is not in the file's tabgen:features line"),
        ("// tabgen:features x\n// tabgen:begin x y\n", "r.ts:2: begin takes exactly one feature name, got 2"),
        ("// tabgen:features x\n// tabgen:features y\n", "r.ts:2: features declared twice"),
    ])
    func refusesMalformedMarkers(text: String, message: String) {
        #expect(throws: CodeGenError(message)) { try RuntimeSource(text, path: "r.ts", comment: "//") }
    }

    /// A feature's `needs` select what its code uses, transitively, and only with it.
    @Test func needsSelectWhatABlockUses() throws {
        let text = """
            // tabgen:features ints strict values
            // tabgen:begin ints
            // tabgen:needs strict
            i
            // tabgen:end ints
            // tabgen:begin strict
            // tabgen:needs values
            s
            // tabgen:end strict
            // tabgen:begin values
            v
            // tabgen:end values
            // tabgen:begin !values
            n
            // tabgen:end !values
            """
        let source = try RuntimeSource(text, path: "r.kt", comment: "//")
        #expect(try source.selecting(["ints"]) == "i\ns\nv")
        #expect(try source.selecting(["strict"]) == "s\nv")
        #expect(try source.selecting(["values"]) == "v")
        #expect(try source.selecting([]) == "n")
    }

    @Test func refusesAnUndeclaredFeatureRequest() throws {
        let source = try RuntimeSource("// tabgen:features a b\n", path: "r.ts", comment: "//")
        #expect(throws: CodeGenError("r.ts: no such feature c (the file declares a, b)")) { try source.selecting(["c"]) }
    }

    /// A marker in another language's comment is text: `#` lines in a TypeScript file stay.
    @Test func otherCommentStylesAreText() throws {
        let source = try RuntimeSource("# tabgen:begin x\n", path: "r.ts", comment: "//")
        #expect(try source.selecting([]) == "# tabgen:begin x\n")
    }

    /// Each target's runtime file is its source under Runtime/ with exactly the parts its
    /// `runtime` lists (what the committed reference output lists in place
    /// of the file, `RuntimeText.listing`).
    @Test(arguments: TargetRegistry.languages)
    func emittedRuntimeIsItsSourceWithTheListedParts(language: String) throws {
        let target = try TargetRegistry.target(language: language)
        let files = try Generator(templates: Support.templates).generate(try Support.builtIn(), target: target, header: Support.header())
        let runtimes = files.compactMap { file in file.runtime.map { (file, $0) } }
        #expect(runtimes.count == 1)
        for (file, runtime) in runtimes {
            let source = try Support.templates.runtime(runtime.path, comment: runtime.comment)
            // Closed under tabgen:needs: the list is every part kept, not only those asked for.
            #expect(try source.kept(runtime.features) == runtime.features)
            let text = target.finish(path: file.path, Generator.tidy(runtime.adjust(try source.selecting(runtime.features))))
            #expect(file.contents.hasSuffix(text), "\(file.path)")
        }
    }

    /// Every runtime of the source tree reads (balanced markers, declared features).
    @Test func everyRuntimeOfTheTreeReads() throws {
        let root = Support.packageRoot.appendingPathComponent("Runtime")
        let comments = ["swift": "//", "kt": "//", "ts": "//", "js": "//", "rb": "#"]
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return }
        for case let url as URL in files {
            guard let comment = comments[url.pathExtension] else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            let source = try RuntimeSource(text, path: url.path, comment: comment)
            _ = try source.selecting(source.features)
        }
    }
}
