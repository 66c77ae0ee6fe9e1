import Foundation
import Testing
@testable import CodeGen
@testable import Schema

/// The cheaper forms of string work on the validate path (issue 13) against the forms
/// they replace: each must give the same answer, so findings and messages do not change.
struct StringShortcutTests {
    /// A small deterministic generator, so a failure names an input that reproduces.
    struct Pieces {
        var random: SeededGenerator

        init(seed: UInt64) {
            random = SeededGenerator(seed: seed)
        }

        mutating func next(_ bound: Int) -> Int {
            Int.random(in: 0..<bound, using: &random)
        }

        mutating func text(from pieces: [String], upTo length: Int) -> String {
            (0..<next(length + 1)).map { _ in pieces[next(pieces.count)] }.joined()
        }
    }

    @Test func scalarEqualityOnContiguousBytesAgreesWithTheViews() {
        var pieces = Pieces(seed: 5)
        // Canonically equivalent but different scalars must stay different.
        let parts = ["a", "e", "é", "e\u{301}", "K", "\u{212A}", "ホ", "😀", "", "\"", "0123456789abcdef"]
        for _ in 0..<5000 {
            let left = pieces.text(from: parts, upTo: 4)
            let right = pieces.next(3) == 0 ? left : pieces.text(from: parts, upTo: 4)
            let expected = left.utf8.elementsEqual(right.utf8)
            #expect(left.scalarEquals(right) == expected, "\(left.debugDescription) \(right.debugDescription)")
            if expected { #expect(ScalarKey(left).hashValue == ScalarKey(right).hashValue) }
            // A substring's String is built anew: the same answer either way.
            let rebuilt = String(right[...])
            #expect(left.scalarEquals(rebuilt) == expected)
        }
        #expect(!"é".scalarEquals("e\u{301}"))
        #expect(!"K".scalarEquals("\u{212A}"))
        let object = JSONObject([.init(key: "e\u{301}", value: .number(1)), .init(key: "é", value: .number(2))])
        #expect(object["é"] == .number(2))
    }

    @Test func doubleSlashOnBytesFindsWhatContainsFinds() {
        var pieces = Pieces(seed: 17)
        let parts = ["/", "a", "\u{301}", "é", ".", "?", "%2e"]
        for _ in 0..<5000 {
            let text = pieces.text(from: parts, upTo: 6)
            let bytes = RelativeReference.hasDoubleSlash(text)
            let utf8 = Array(text.utf8)
            #expect(bytes == zip(utf8, utf8.dropFirst()).contains { $0 == 0x2F && $1 == 0x2F }, "\(text.debugDescription)")
            // A filter: wherever Foundation sees "//", so do the bytes.
            if text.contains("//") { #expect(bytes, "\(text.debugDescription)") }
        }
    }

    /// The batch locator (one walk for all findings) against the one-path locator, on
    /// keys it now matches as bytes and keys it still decodes (escaped, non-ASCII).
    @Test func batchLocatorAgreesWithTheOnePathLocator() {
        let text = #"{"active":"a","tabs":[{"id":"a","p\u0061th":"/"},{"id":"b","tïtle":"x","3":[1,2]},{"id":"c"}],"é":{"k":1}}"#
        let bytes = Array(text.utf8)
        let paths: [[PathToken]] = [
            [.key("active")], [.key("tabs")], [.key("tabs"), .index(1)],
            [.key("tabs"), .index(0), .key("path")], [.key("tabs"), .index(1), .key("tïtle")],
            [.key("tabs"), .index(1), .key("3"), .index(1)], [.key("tabs"), .index(2), .key("id")],
            [.key("é"), .key("k")], [.key("missing")], [.key("tabs"), .index(7)],
        ]
        for preferKey in [false, true] {
            let requests = paths.map { JSONLocator.Request(path: $0, preferKey: preferKey) }
            let batch = bytes.withUnsafeBufferPointer { JSONLocator.offsets(of: requests, in: $0) }
            for (path, offset) in zip(paths, batch) {
                #expect(offset == JSONLocator.offset(of: path, in: bytes, preferKey: preferKey), "\(path) \(preferKey)")
            }
        }
        // A name on an array is an index (as PatternMatcher reads it), alone in its batch
        // (beside `.index(1)` the batch visits the index only, as it always has).
        let named = bytes.withUnsafeBufferPointer { JSONLocator.offsets(of: [JSONLocator.Request(path: [.key("tabs"), .key("1")], preferKey: false)], in: $0) }
        #expect(named == [JSONLocator.offset(of: [.key("tabs"), .index(1)], in: bytes)])
    }

    /// One scratch serving two schemas in turn gives each the verdicts a fresh one
    /// gives: the per-property memo of the byte pass belongs to one plan.
    @Test func oneScratchServesSeveralSchemas() throws {
        let tabs = try repositorySchema()
        let other = try SchemaReader(fileName: "other.json").read(Array(#"""
        {"properties": {"tabs": {"elements": {"properties": {"id": {"type": "string"}}}}},
         "metadata": {"tabgen": {"rules": [{"code": "TG101", "severity": "error", "kind": "unique", "path": "/tabs/*/id"}]}}}
        """#.utf8))
        let payloads = [
            #"{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a"},{"id":"b","title":"B","icon":"i","path":"/b"}]}"#,
            #"{"tabs":[{"id":"a"},{"id":"a"}]}"#,
            #"{"tabs":[{"id":"a"},{"id":"b"}]}"#,
            #"{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a"},{"id":"a","title":"B","icon":"i","path":"/b"}]}"#,
        ]
        let shared = ByteScratch()
        for round in 0..<3 {
            for document in [tabs, other, tabs] {
                let validator = ByteValidator(document: document)
                for payload in payloads {
                    let bytes = Array(payload.utf8)
                    let reused = bytes.withUnsafeBufferPointer { validator.verdict($0, scratch: shared) }
                    let fresh = bytes.withUnsafeBufferPointer { validator.verdict($0, scratch: ByteScratch()) }
                    #expect(reused == fresh, "round \(round): \(payload)")
                }
            }
        }
    }
}
