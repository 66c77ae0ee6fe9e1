import Foundation
import Schema
import Testing
@testable import CodeGen

/// Generates Swift for the built-in schema and every test schema (the jtd-codegen
/// conformance set and tabgen's own), compiles it all with the real toolchain in Swift 6
/// language mode with warnings as errors, runs every fixture's round trip, and keeps
/// the report. One swiftc invocation for all schemas (each schema's types in an enum
/// namespace, one shared runtime), and in parallel a type check of the public variant
/// with the generated Swift Testing file.
struct EndToEnd: CompileAndTypecheckRun {
    struct Outcome: Sendable {
        var total: Int
        var failures: [String]
    }

    var setupError: String?
    var compileOutput: String?
    var typecheckOutput: String?
    var results: [String: Outcome] = [:]
    /// Why a schema or a case has no report: what went wrong before the code could run.
    var whyNoReport: String { setupError ?? compileOutput ?? "" }
    /// validate() on each decoded parity payload: "CODE severity pointer message" lines.
    var validations: [String: [String]] = [:]
    /// Parity payloads the generated decoder rejected.
    var undecoded: Set<String> = []
    /// What `decode(json:)` did with each text of `StrictText`, by label.
    var strict: [String: String] = [:]
    /// What `decode(json:)` threw for each case of `DecodingFailureAgreement`, by label.
    var decodingFailures: [String: String] = [:]
    /// What reading the shared fixtures from a path where there is no file threw.
    var missingSharedFile: String?
    var seconds: Double = 0

    static let shared: EndToEnd = run()

    /// The test schemas also generated with shared fixtures: numbers at the ends of their
    /// ranges and hostile strings, which must survive the file's reading.
    static let sharedSchemas: Set<String> = ["root_float32", "root_float64", "root_int32", "root_uint32", "hostile"]

    /// Driver code: the fixtures `read` (with shared fixtures) reads from the file round-trip
    /// (`label`), and equal those `transcribed` holds as code, payloads and canonical forms as
    /// JSON values (`<label>Same`).
    static func sharedComparison(label: String, transcribed: String, read: String) -> String {
        """
        do {
            let transcribed = \(transcribed).all, fromFile = try \(read).all
            report("\(label)", fromFile.map { ($0.name, \(read).check($0)) })
            if transcribed.count != fromFile.count { print("FAIL\\t\(label)Same\\tcount: \\(fromFile.count), transcribed \\(transcribed.count)") }
            for (mine, theirs) in zip(transcribed, fromFile) {
                let same = mine.name == theirs.name && mine.category == theirs.category && mine.verdict == theirs.verdict && mine.codes == theirs.codes
                    && mine.decodes == theirs.decodes && mine.typedCodes == theirs.typedCodes
                    && sameJSON(mine.payload, theirs.payload) && sameJSON(mine.canonical, theirs.canonical)
                if !same { print("FAIL\\t\(label)Same\\t\\(mine.name): \\(theirs.payload) \\(theirs.canonical ?? "nil")") }
            }
            print("RESULT\\t\(label)Same\\t\\(fromFile.count)")
        } catch {
            print("FAIL\\t\(label)\\tall: \\(error)")
        }

        """
    }

    static func run() -> EndToEnd {
        let start = Date()
        var timed: EndToEnd = Support.swiftcRun("tabgen-e2e") { swiftc, root, result in
            let program = root.appendingPathComponent("program")
            let library = root.appendingPathComponent("library")
            var driver = """
            import Foundation

            /// Two JSON texts as JSON values (numbers by value, strings by scalars).
            func sameJSON(_ left: String?, _ right: String?) -> Bool {
                let decoder = JSONDecoder()
                return (try? decoder.decode(TabgenJSON.self, from: Data((left ?? "null").utf8))) == (try? decoder.decode(TabgenJSON.self, from: Data((right ?? "null").utf8)))
            }

            func report(_ namespace: String, _ results: [(String, [String])]) {
                print("RESULT\\t\\(namespace)\\t\\(results.count)")
                for (name, problems) in results where !problems.isEmpty {
                    print("FAIL\\t\\(namespace)\\t\\(name): \\(problems.joined(separator: " | ").replacingOccurrences(of: "\\n", with: "\\\\n"))")
                }
            }

            """
            // The built-in schema as an app would use it: internal, no namespace. The committed
            // output (ReferenceOutputTests keeps it what the generator emits), so that it compiles too.
            let builtIn = try Support.builtIn()
            let builtInFiles = try ReferenceOutput.files(in: "Tests/Swift/reference")
            try Support.write(builtInFiles.filter { $0.path.hasSuffix(".swift") && !$0.path.hasSuffix("RoundTripTests.swift") }, to: program, prefix: "BuiltIn__")
            driver += "report(\"BuiltIn\", MessageDataFixtures.all.map { ($0.name, MessageDataFixtures.check($0)) })\n"
            // What validate() says on each payload the tests compare with `tabgen validate`.
            let parityPayloads = try ValidateParity.payloads()
            driver += """
            func line(_ text: String) -> String {
                text.replacingOccurrences(of: "\\\\", with: "\\\\\\\\").replacingOccurrences(of: "\\n", with: "\\\\n").replacingOccurrences(of: "\\t", with: "\\\\t")
            }
            let parity: [(String, String)] = [\(parityPayloads.map { "(\(SwiftLiterals.string($0.label)), \(SwiftLiterals.string($0.text)))" }.joined(separator: ", "))]
            for (label, payload) in parity {
                guard let value = try? JSONDecoder().decode(MessageData.self, from: Data(payload.utf8)) else {
                    print("UNDECODED\\t\\(label)")
                    continue
                }
                print("DECODED\\t\\(label)")
                for violation in value.validate() {
                    print("VIOLATION\\t\\(label)\\t\\(line([violation.code, violation.severity.rawValue, violation.pointer, violation.message].joined(separator: " ")))")
                }
            }

            """
            driver += try StrictText.driver(program: program)
            try DecodingFailureAgreement.writeSwiftStrict(to: program)
            driver += try DecodingFailureAgreement.swiftDriver()
            // Every test schema in its own namespace, sharing the built-in's runtime.
            for schema in Support.testSchemas {
                let document = try Support.document(at: schema.url, name: "\(schema.name).jtd.json")
                var options = SwiftOptions()
                options.namespace = Support.namespace(for: schema.name)
                options.runtime = false
                let files = try Support.generate(document, options: options)
                try Support.write(files.filter { $0.path.hasSuffix(".swift") && !$0.path.hasSuffix("RoundTripTests.swift") }, to: program, prefix: options.namespace + "__")
                let names = SwiftTarget(options: options).nameTable(for: ModelBuilder().build(document))
                let fixtures = "\(options.namespace).\(names.extras["fixtures"] ?? "RootFixtures")"
                driver += "report(\"\(options.namespace)\", \(fixtures).all.map { ($0.name, \(fixtures).check($0)) })\n"
                guard Self.sharedSchemas.contains(schema.name) else { continue }
                // Again with shared fixtures, read from root/shared/<name>/.
                options.namespace += "Shared"
                options.sharedFixtures = "shared/\(schema.name)"
                try Support.write(try Support.generate(document, options: options).filter { $0.path.hasSuffix(".swift") && !$0.path.hasSuffix("RoundTripTests.swift") },
                                  to: program, prefix: options.namespace + "__")
                try Support.write(try Generator(templates: Support.templates).generate(document, target: SharedFixturesTarget(), header: Support.header(schema: document.sourceName)),
                                  to: root.appendingPathComponent("shared/\(schema.name)"))
                driver += Self.sharedComparison(label: options.namespace, transcribed: fixtures,
                                                read: "\(options.namespace).\(names.extras["fixtures"] ?? "RootFixtures")")
            }
            // The built-in schema with the project's shared fixtures (tabgen.yml `fixtures:`):
            // its tests read root/shared/ from their own path (program/ up one), and say
            // what is wrong when the file is not there.
            var sharedOptions = SwiftOptions()
            sharedOptions.namespace = "Shared"
            sharedOptions.sharedFixtures = "shared"
            let sharedFiles = try Support.generate(builtIn, options: sharedOptions)
            try Support.write(sharedFiles.filter { $0.path.hasSuffix(".swift") && !$0.path.hasSuffix("RoundTripTests.swift") && $0.path != "TabgenRuntime.swift" },
                              to: program, prefix: "Shared__")
            try Support.write(try Generator(templates: Support.templates).generate(builtIn, target: SharedFixturesTarget(), header: Support.header(schema: builtIn.sourceName)),
                              to: root.appendingPathComponent("shared"))
            driver += Self.sharedComparison(label: "Shared", transcribed: "MessageDataFixtures", read: "Shared.MessageDataFixtures")
            driver += """
            do {
                _ = try Shared.MessageDataFixtures.read(URL(fileURLWithPath: "\(root.path)/nowhere/MessageData.fixtures.json"))
            } catch {
                print("MISSING\\tShared\\t\\(error)")
            }

            """
            try Data(driver.utf8).write(to: program.appendingPathComponent("main.swift"))
            // Its Swift Testing file as an app's test target has it: default MainActor isolation.
            let sharedLibrary = root.appendingPathComponent("shared-library")
            try Support.write(sharedFiles.filter { $0.path.hasSuffix(".swift") }, to: sharedLibrary, prefix: "Shared__")
            // The built-in schema as a module of its own: public, namespaced, with the
            // Swift Testing file.
            var publicOptions = SwiftOptions()
            publicOptions.accessLevel = .public
            publicOptions.namespace = "TabBar"
            try Support.write(try Support.generate(builtIn, options: publicOptions).filter { $0.path.hasSuffix(".swift") }, to: library, prefix: "Public__")

            let programSources = try FileManager.default.contentsOfDirectory(atPath: program.path).sorted().map { program.appendingPathComponent($0).path }
            let librarySources = try FileManager.default.contentsOfDirectory(atPath: library.path).sorted().map { library.appendingPathComponent($0).path }
            let sharedSources = try FileManager.default.contentsOfDirectory(atPath: sharedLibrary.path).sorted().map { sharedLibrary.appendingPathComponent($0).path }
            let executable = root.appendingPathComponent("roundtrip")
            guard try result.compileAndTypecheck(swiftc, program: ["-swift-version", "6", "-warnings-as-errors", "-module-name", "RoundTrip", "-o", executable.path] + programSources,
                                                  library: librarySources,
                                                  also: [["-typecheck", "-swift-version", "6", "-default-isolation", "MainActor", "-warnings-as-errors", "-parse-as-library",
                                                          "-module-name", "SharedModels"] + sharedSources]) else { return }
            let run = try Support.run(executable, [])
            for line in run.stdout.split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 2).map(String.init)
                if parts.count >= 2, parts[0] == "DECODED" { result.validations[parts[1], default: []] += [] }
                if parts.count >= 2, parts[0] == "UNDECODED" { result.undecoded.insert(parts[1]) }
                if parts.count == 3, parts[0] == "STRICT" { result.strict[parts[1]] = parts[2] }
                if parts.count == 3, parts[0] == "DECFAIL" { result.decodingFailures[parts[1]] = parts[2] }
                if parts.count == 3, parts[0] == "MISSING" { result.missingSharedFile = parts[2] }
                if parts.count == 3, parts[0] == "VIOLATION" { result.validations[parts[1], default: []].append(parts[2]) }
                guard parts.count == 3 else { continue }
                if parts[0] == "RESULT" {
                    result.results[parts[1], default: Outcome(total: 0, failures: [])].total = Int(parts[2]) ?? 0
                } else if parts[0] == "FAIL" {
                    result.results[parts[1], default: Outcome(total: 0, failures: [])].failures.append(parts[2])
                }
            }
            if run.status != 0 { result.setupError = "the round-trip program exited \(run.status): \(run.stderr)" }
        }
        timed.seconds = Date().timeIntervalSince(start)
        return timed
    }
}

/// Results of work run on several threads at once.
/// A run that compiles a program and type-checks the public variant of the generated
/// code as the library module `TabBarModels`, in one go.
protocol CompileAndTypecheckRun: ScratchRun {
    var compileOutput: String? { get set }
    var typecheckOutput: String? { get set }
}

extension CompileAndTypecheckRun {
    /// swiftc with `program` (its arguments) and the type check of `library` (its arguments
    /// and sources) at once; what either printed when it failed is kept. True when the
    /// program compiled.
    mutating func compileAndTypecheck(_ swiftc: URL, program: [String], library: [String], also: [[String]] = []) throws -> Bool {
        let outcomes = try ParallelRuns.run(swiftc, [
            program, ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-module-name", "TabBarModels"] + library,
        ] + also)
        if outcomes[0].status != 0 { compileOutput = outcomes[0].stdout + outcomes[0].stderr }
        for typecheck in outcomes.dropFirst() where typecheck.status != 0 { typecheckOutput = (typecheckOutput ?? "") + typecheck.stdout + typecheck.stderr }
        return outcomes[0].status == 0
    }
}

final class ParallelRuns: @unchecked Sendable {
    private var results: [Result<Support.ProcessResult, any Error>?]
    private let lock = NSLock()

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<Support.ProcessResult, any Error>) {
        lock.withLock { results[index] = result }
    }

    func get(_ index: Int) throws -> Support.ProcessResult {
        guard let result = lock.withLock({ results[index] }) else { throw CodeGenError("no result") }
        return try result.get()
    }

    /// Runs `executable` once per argument list, all at once (two swiftc runs take little
    /// longer than one on two cores), and returns their results in order.
    static func run(_ executable: URL, _ commands: [[String]]) throws -> [Support.ProcessResult] {
        let outcomes = ParallelRuns(count: commands.count)
        DispatchQueue.concurrentPerform(iterations: commands.count) { index in
            outcomes.set(index, Result { try Support.run(executable, commands[index]) })
        }
        return try commands.indices.map { try outcomes.get($0) }
    }
}

@Suite("End to end: generated Swift compiles and round-trips")
struct EndToEndTests {
    @Test("the generated code compiles in Swift 6 mode without warnings")
    func compiles() {
        let e2e = EndToEnd.shared
        e2e.expectClean(e2e.compileOutput)
    }

    @Test("the public, namespaced variant and its Swift Testing file type-check, and the shared-fixtures variant's with default MainActor isolation")
    func publicVariantTypechecks() {
        let e2e = EndToEnd.shared
        #expect(e2e.typecheckOutput == nil, "\(e2e.typecheckOutput ?? "")")
    }

    @Test("every fixture of the built-in schema round-trips and validates with its codes")
    func builtInRoundTrips() throws {
        let fixtures = FixtureDeriver(document: try Support.builtIn()).derive().fixtures
        try Self.passed("BuiltIn", "the built-in schema", total: fixtures.count)
    }

    @Test("with shared fixtures, the tests read the project's file from their own path: every fixture, labeled as the transcription labels it")
    func sharedFixturesRoundTrip() throws {
        let fixtures = FixtureDeriver(document: try Support.builtIn()).derive().fixtures
        try Self.passed("Shared", "the shared fixtures", total: fixtures.count)
        try Self.passed("SharedSame", "the shared fixtures", total: fixtures.count)
    }

    @Test("with shared fixtures, numbers at the ends of their ranges and hostile strings read from the file as the transcription holds them",
          arguments: EndToEnd.sharedSchemas.sorted())
    func sharedFixturesOfTestSchemas(_ name: String) throws {
        let e2e = EndToEnd.shared
        let namespace = Support.namespace(for: name)
        let transcribed = try #require(e2e.results[namespace], "no report for \(name): \(e2e.whyNoReport)")
        #expect(transcribed.total > 0)
        try Self.passed(namespace + "Shared", name, total: transcribed.total)
        try Self.passed(namespace + "SharedSame", name, total: transcribed.total)
    }

    @Test("without the shared file, the tests fail saying where they looked and that tabgen emit writes it")
    func sharedFixturesMissing() throws {
        let missing = try #require(EndToEnd.shared.missingSharedFile)
        #expect(missing.hasPrefix("cannot read the fixtures /"), "\(missing)")
        #expect(missing.contains("/nowhere/MessageData.fixtures.json: "), "\(missing)")
        #expect(missing.hasSuffix("(tabgen emit writes them)"), "\(missing)")
    }

    @Test("every conformance schema compiles and round-trips", arguments: Support.conformanceNames)
    func conformanceRoundTrips(_ name: String) throws {
        try Self.passed(Support.namespace(for: name), name)
    }

    /// Requires the report of `key` (`what` names it): `total` round trips (else some), none failed.
    static func passed(_ key: String, _ what: String, total: Int? = nil) throws {
        let e2e = EndToEnd.shared
        let outcome = try #require(e2e.results[key], "no report for \(what): \(e2e.whyNoReport)")
        if let total {
            #expect(outcome.total == total)
        } else {
            #expect(outcome.total > 0)
        }
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n"))")
    }
}
