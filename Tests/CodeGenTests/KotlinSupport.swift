import Foundation
import Schema
@testable import CodeGen

/// Generation and the Kotlin toolchain (Tests/Kotlin: the real Kotlin 2 compiler with the
/// kotlinx.serialization plugin and `-Werror`, JUnit 4) for the Kotlin tests.
enum KotlinSupport {
    static let kotlinEnv = Support.packageRoot.appendingPathComponent("scripts/kotlin-env")
    static let kotlinc = Support.packageRoot.appendingPathComponent("Tests/Kotlin/kotlinc")
    static let krun = Support.packageRoot.appendingPathComponent("Tests/Kotlin/krun")

    static func header(schema: String) -> GenerationHeader {
        GenerationHeader(version: "0.0.0-test", schema: schema, command: "tabgen emit --lang kotlin")
    }

    static func options(package: String = "tabgen.generated", runtime: Bool = true, runtimePackage: String = "", tests: Bool = true,
                        runtimeAll: Bool = false, decoding: KotlinOptions.Decoding = .tolerant,
                        visibility: KotlinOptions.Visibility = .public) -> KotlinOptions {
        var options = KotlinOptions()
        options.runtimeAll = runtimeAll
        options.decoding = decoding
        options.visibility = visibility
        options.package = package
        options.runtime = runtime
        options.runtimePackage = runtimePackage
        options.tests = tests
        return options
    }

    static func generate(_ document: SchemaDocument, options: KotlinOptions = KotlinOptions()) throws -> [GeneratedFile] {
        try Generator(templates: Support.templates).generate(document, target: KotlinTarget(options: options),
                                                             header: header(schema: document.sourceName))
    }

    /// The files and the fixture count of one schema (fixtures derived once).
    static func generateCounting(_ document: SchemaDocument, options: KotlinOptions) throws -> (files: [GeneratedFile], fixtures: Int) {
        let target = KotlinTarget(options: options)
        let model = ModelBuilder().build(document)
        let fixtures = FixtureDeriver(document: document).derive()
        let input = TargetInput(model: model, names: target.nameTable(for: model), fixtures: fixtures, header: header(schema: document.sourceName))
        return (try Generator(templates: Support.templates).render(input, target: target), fixtures.fixtures.count)
    }

    /// The Kotlin package of a test schema (`basic_enum` -> `tabgen.e2e.c_basic_enum`).
    static func package(for name: String) -> String {
        "tabgen.e2e.c_" + String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    /// The file at `path` ending in `suffix` (paths carry the package directories).
    static func file(_ files: [GeneratedFile], endingWith suffix: String) -> String {
        files.first { $0.path.hasSuffix(suffix) }?.contents ?? ""
    }

    /// Runs programs at once (the machine has two cores: kotlinc runs are mostly waiting
    /// on JVM start-up) and returns their results in order.
    static func runInParallel(_ runs: [(URL, [String])]) throws -> [Support.ProcessResult] {
        final class Results: @unchecked Sendable {
            var values: [Result<Support.ProcessResult, any Error>?]
            let lock = NSLock()
            init(count: Int) { values = Array(repeating: nil, count: count) }
        }
        let results = Results(count: runs.count)
        DispatchQueue.concurrentPerform(iterations: runs.count) { index in
            let result = Result { try Support.run(runs[index].0, runs[index].1) }
            results.lock.withLock { results.values[index] = result }
        }
        return try results.values.map { value in
            guard let value else { throw CodeGenError("a parallel run did not finish") }
            return try value.get()
        }
    }

    /// What `krun --junit` printed: the summary counts and each failure with its message.
    struct JUnitReport: Sendable {
        var passed = 0
        var failed = 0
        var skipped = 0
        var testClasses = 0
        /// `roundTrip[name](fully.qualified.Class)` followed by the message and trace.
        var failures: [String] = []
        var passLines: [String] = []

        init(_ output: String) {
            var current: String?
            var inFailures = false
            for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("PASS ") { passLines.append(String(line.dropFirst(5))) }
                if line == "Failures:" {
                    inFailures = true
                    continue
                }
                if let summary = Self.numbers(line, prefix: "kotlin: ", labels: ["passed", "failed", "skipped"]) {
                    (passed, failed, skipped) = (summary[0], summary[1], summary[2])
                    continue
                }
                if line.hasPrefix("kotlin: "), line.contains(" test classes"),
                   let count = Int(line.dropFirst("kotlin: ".count).prefix { $0.isNumber }) {
                    testClasses = count
                    inFailures = false
                    continue
                }
                guard inFailures else { continue }
                if let close = line.firstIndex(of: ")"), line[..<close].allSatisfy(\.isNumber), !line.hasPrefix(" ") {
                    if let current { failures.append(current) }
                    current = String(line[line.index(after: close)...]).trimmingCharacters(in: .whitespaces)
                } else if !line.isEmpty {
                    current = (current ?? "") + "\n" + line
                }
            }
            if let current { failures.append(current) }
        }

        /// `kotlin: 3 passed, 0 failed, 1 skipped` -> [3, 0, 1].
        static func numbers(_ line: String, prefix: String, labels: [String]) -> [Int]? {
            guard line.hasPrefix(prefix) else { return nil }
            let parts = line.dropFirst(prefix.count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == labels.count else { return nil }
            var values: [Int] = []
            for (part, label) in zip(parts, labels) {
                let words = part.split(separator: " ")
                guard words.count == 2, words[1] == label, let value = Int(words[0]) else { return nil }
                values.append(value)
            }
            return values
        }

        /// The failures of test classes in `package`.
        func failures(inPackage package: String) -> [String] {
            failures.filter { $0.contains("(\(package).") }
        }
    }

    /// A Kotlin string literal read back (the escapes `KotlinLiterals.string` writes), or
    /// nil when it is not one: the test's independent check that literals are exact.
    static func unescape(_ literal: String) -> String? {
        guard literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\"") else { return nil }
        var units: [UInt16] = []
        var scalars = Array(literal.unicodeScalars.dropFirst().dropLast())[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                if scalar == "\"" || scalar == "$" { return nil }  // would end the literal or start a template
                units += Array(String(scalar).utf16)
                continue
            }
            guard let escape = scalars.popFirst() else { return nil }
            switch escape {
            case "\\", "\"", "$", "'": units += Array(String(escape).utf16)
            case "n": units.append(0x0A)
            case "r": units.append(0x0D)
            case "t": units.append(0x09)
            case "b": units.append(0x08)
            case "u":
                let hex = String(String.UnicodeScalarView(scalars.prefix(4)))
                guard hex.count == 4, let unit = UInt16(hex, radix: 16) else { return nil }
                scalars = scalars.dropFirst(4)
                units.append(unit)
            default: return nil
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}
