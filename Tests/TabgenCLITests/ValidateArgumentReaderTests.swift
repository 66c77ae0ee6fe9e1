import ArgumentParser
import Testing
@testable import CodeGen
@testable import tabgen

/// `ValidateOptions(commonArguments:)`, which lets `tabgen validate FILE...` start without
/// swift-argument-parser, must read every command line it takes exactly as the parser
/// does: compared here, in process, on every command line of up to two words from a
/// vocabulary of FILEs, flags, near-flags and other options, and on thousands of longer
/// ones drawn from it with a fixed seed.
struct ValidateArgumentReaderTests {
    /// Words a command line after `validate` is made of: what the fast path takes, and
    /// what looks like it but must go to the parser.
    static let vocabulary = [
        "a.json", "b.jsonl", "-", "", " ", "help", "validate", "plan", "x=1", "é.json", "--jsonl", "--html", "--strict",
        "--quiet", "-q", "--allow-missing", "-qq", "--jsonl=1", "--", "-h", "--help", "--version", "--format", "json",
        "--url", "https://example.com/", "--max-findings", "0", "-1", "--JSONL", "-j", "--generate-completion-script",
        "--schema", "--config", "--contract", "--event", "github", "yaml", "--format=json", "--schema=s.json",
        "--jobs", "--max-bytes", "2", "+3", "1e3", "0x10", "--jobs=2",
    ]

    /// The options the parser reads from `arguments`, or nil when it does not produce
    /// a `validate` command (help, an error, a usage message).
    static func parsed(_ arguments: [String]) -> ValidateOptions? {
        guard let command = try? Tabgen.parseAsRoot(arguments) else { return nil }
        return (command as? ValidateCommand)?.options
    }

    /// Checks one command line; true when the fast path took it.
    @discardableResult
    static func check(_ arguments: [String]) -> Bool {
        guard let fast = ValidateOptions(commonArguments: arguments) else { return false }
        let slow = parsed(arguments)
        #expect(slow == fast, "\(arguments): the parser reads \(String(describing: slow)), the fast path \(fast)")
        return true
    }

    @Test func commonCommandLinesTakeTheFastPath() {
        let common: [[String]] = [
            ["validate", "examples/tabbed.json"],
            ["validate", "a.json", "b.json", "c.json"],
            ["validate", "--jsonl", "-"],
            ["validate", "-q", "--strict", "a.json"],
            ["validate", "--html", "--allow-missing", "page.html"],
            ["validate", "a.json", "--quiet", "b.json"],
            ["validate", "--format", "github", "--schema", "schema.json", "a.json"],
            ["validate", "--config", "tabgen.yml", "--contract", "menu", "--event", "display", "-"],
            // The benchmark's command line, and CI's.
            ["validate", "--jsonl", "--quiet", "--format", "json", "--jobs", "1", "corpus.jsonl"],
            ["validate", "--jsonl", "--jobs", "2", "--max-findings", "0", "--max-bytes", "4096", "-"],
        ]
        for arguments in common {
            #expect(Self.check(arguments), "\(arguments) should not need the parser")
        }
        #expect(ValidateOptions(commonArguments: ["validate", "--jsonl", "-"])?.jsonl == true)
        #expect(ValidateOptions(commonArguments: ["validate", "a.json", "--quiet", "b.json"])?.files == ["a.json", "b.json"])
        #expect(ValidateOptions(commonArguments: ["validate", "--schema", "s.json", "a.json"])?.schema == "s.json")
        let numbers = ValidateOptions(commonArguments: ["validate", "--jobs", "3", "--max-findings", "0", "--max-bytes", "99", "a.jsonl"])
        #expect(numbers?.jobsOption == 3 && numbers?.maxFindings == 0 && numbers?.maxBytesOption == 99)
    }

    @Test func otherCommandLinesGoToTheParser() {
        let others: [[String]] = [
            ["validate"],  // no FILE: the parser's usage message
            ["validate", "-", "-"],  // validate() rejects it
            ["validate", "--jsonl", "--html", "a.json"],
            ["validate", "--allow-missing", "a.json"],
            ["validate", "--format", "yaml", "a.json"],
            ["validate", "--format=json", "a.json"],
            ["validate", "--schema", "-", "a.json"],
            ["validate", "--schema", "a.json", "--schema", "b.json", "c.json"],
            ["validate", "a.json", "--event"],
            ["validate", "--max-findings", "-5", "a.json"],
            ["validate", "--jobs", "0", "a.json"],  // validate() rejects it
            ["validate", "--jobs", "two", "a.json"],
            ["validate", "--jobs", "1", "--jobs", "2", "a.json"],
            ["validate", "-j", "1", "a.json"],
            ["validate", "--max-bytes", "0", "a.json"],
            ["validate", "-q", "--quiet", "a.json"],
            ["validate", "--strict", "--strict", "a.json"],
            ["validate", "--", "a.json"],
            ["validate", "--help"],
            ["--quiet", "validate", "a.json"],
            ["plan", "a.json"],
            [],
        ]
        for arguments in others {
            #expect(ValidateOptions(commonArguments: arguments) == nil, "\(arguments) should go to the parser")
        }
    }

    @Test func readsEveryShortCommandLineAsTheParserDoes() {
        var lines: [[String]] = [[]]
        for _ in 1...2 {
            lines = lines + lines.filter { $0.count == lines.last?.count }.flatMap { line in Self.vocabulary.map { line + [$0] } }
        }
        var taken = 0
        for line in lines where Self.check(["validate"] + line) { taken += 1 }
        // Not vacuous: a good share of them start without the parser.
        #expect(taken > 50, "the fast path took only \(taken) of \(lines.count) command lines")
    }

    /// An option added to `ValidateCommand` but not to `ValidateOptions` would compile
    /// (the memberwise initializer has defaults) and be silently ignored by `run()`: the
    /// two must hold the same properties, by name.
    @Test func validateOptionsHoldsEveryOptionOfTheCommand() throws {
        let command = try #require(try Tabgen.parseAsRoot(["validate", "a.json"]) as? ValidateCommand)
        let wrapped = Set(Mirror(reflecting: command).children.compactMap { $0.label.map { String($0.drop { $0 == "_" }) } })
        let plain = Set(Mirror(reflecting: ValidateOptions()).children.compactMap(\.label))
        #expect(wrapped == plain, "only in ValidateCommand: \(wrapped.subtracting(plain).sorted()); only in ValidateOptions: \(plain.subtracting(wrapped).sorted())")
        #expect(plain.count > 15)
    }

    @Test func readsLongerRandomCommandLinesAsTheParserDoes() {
        var generator = SeededGenerator(seed: 13)
        var taken = 0
        for _ in 0..<4_000 {
            let count = Int.random(in: 4...9, using: &generator)
            // Mostly FILEs and the flags the fast path knows, so that many are taken.
            let line = (0..<count).map { _ in
                Bool.random(using: &generator)
                    ? ["a.json", "b.json", "-", "--jsonl", "--html", "--strict", "-q", "--quiet", "--allow-missing", "--format", "json",
                       "--schema", "--config", "--contract", "--event", "--jobs", "--max-findings", "--max-bytes", "2", "0"]
                        .randomElement(using: &generator) ?? ""
                    : Self.vocabulary.randomElement(using: &generator) ?? ""
            }
            if Self.check(["validate"] + line) { taken += 1 }
        }
        #expect(taken > 100, "the fast path took only \(taken) of 4000 command lines")
    }
}
