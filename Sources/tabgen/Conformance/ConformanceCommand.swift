import ArgumentParser
import CodeGen
import Foundation
import Schema

/// Hidden: the suite `scripts/conformance` feeds to every validator (docs/conformance.md).
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Write the conformance suite of a schema as JSON Lines (for scripts/conformance).",
        discussion: """
        One case a line: {"id", "kind", "seed", "payload" (JSON text), "expect"}, where \
        expect holds what tabgen validate reports (server), whether native clients decode \
        the payload and what their validate() reports (nativeDecodes, native), and what \
        the Stimulus controller reports (controller); each finding is [code, severity, \
        pointer, message]. The fixtures of the schema come first, then --count seeded \
        mutations. See docs/conformance.md.

        Exit codes: 0 written; 2 usage, I/O or schema error.
        """,
        shouldDisplay: false
    )

    @Option(help: ArgumentHelp("Schema (default: the built-in one).", valueName: "PATH"))
    var schema: String?

    @Option(help: ArgumentHelp("For a contract that lists events: the event whose data the suite checks (default: its primary web-to-native event).", valueName: "NAME"))
    var event: String?

    @Option(help: ArgumentHelp("Name of the suite, the prefix of case ids (default: the schema's file name without extension).", valueName: "NAME"))
    var name: String?

    @Option(help: "Mutated cases after the fixtures.")
    var count: Int = 1000

    @Option(help: "Seed of the mutations; the same seed and count give the same suite.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Only the case with this index.", valueName: "INDEX"))
    var index: Int?

    @Option(help: ArgumentHelp("Write the suite to DIR/NAME.cases.jsonl instead of standard output.", valueName: "DIR"))
    var dump: String?

    /// The document the suite is derived from: the schema, or for a contract that lists
    /// events, the data of one event (its definition and that event's rules), as
    /// `tabgen validate --event` checks it.
    static func eventData(of document: SchemaDocument, event name: String?) throws(CLIError) -> SchemaDocument {
        guard let contract = document.extensions.contract else {
            if let name { throw CLIError("\(document.sourceName) declares no bridge contract, so it has no event \(JSONWriter.quoted(name))") }
            return document
        }
        guard let name else {
            return contract.listsEvents ? contract.primaryEvent.map(document.document(for:)) ?? document : document
        }
        guard let event = contract.event(named: name) else {
            throw CLIError("\(contract.component) has no event \(JSONWriter.quoted(name)) (events: \(contract.events.map(\.name).joined(separator: ", ")))")
        }
        return document.document(for: event)
    }

    func run() throws {
        let document: SchemaDocument
        do {
            document = try Self.eventData(of: SchemaLoader.load(path: schema), event: event)
        } catch {
            throw Exit.report(error)
        }
        var suiteName = name ?? schema.map { URL(fileURLWithPath: $0).deletingPathExtension().deletingPathExtension().lastPathComponent } ?? "builtin"
        if name == nil, let event { suiteName += "." + event }
        let suite = ConformanceSuite(document: document, name: suiteName, seed: seed)
        let cases = index.map { [suite.single(index: $0)] } ?? suite.cases(count: count)
        var text = ""
        for item in cases {
            text += item.jsonLine
            text += "\n"
        }
        guard let dump else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: dump, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: dump).appendingPathComponent("\(suiteName).cases.jsonl"), options: .atomic)
        } catch {
            throw Exit.report(CLIError("cannot write the suite to \(dump): \(error.localizedDescription)"))
        }
    }
}
