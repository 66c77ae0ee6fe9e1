// The Swift runtime's vector runner: compiled with Runtime/swift/TabgenRuntime.swift alone
// (no generated code), it runs the runtime's text check, schema walk and rule engine on
// every case of every JSON file under the folder it is given (Tests/Vectors), and
// compares with the case's findings (what `tabgen validate --format json` reports) and,
// when the case says, with whether a tolerant client acts on the message (`sendable`).
//
// The runtime's findings for a case: the text check's violation (TG001, TG024), alone;
// else the schema walk with nothing let through (strict), then the rules in table order.
// The rule table is built from the vector's `metadata.tabgen.rules` here, as the
// generator builds it from the schema. What the runtime cannot do (a rule of a contract
// that lists events) fails the case by name: nothing is skipped.
//
// A case listed in the expected-failures file (the second argument) that fails counts as
// expected, not as passed; a listed case that passes, or that names no case, fails the run,
// so the list can only shrink.
//
// Prints `swift-vectors: N passed, N failed, N expected failures` and exits 1 on any failure.
import Foundation

struct VectorError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func tokens(_ pointer: String, _ what: String) throws -> [TabgenRule.Token] {
    guard !pointer.isEmpty else { return [] }
    guard pointer.hasPrefix("/") else { throw VectorError("\(what) \(pointer) is not a JSON pointer") }
    return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { raw in
        raw == "*" ? .wildcard : .name(raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~"))
    }
}

func json(_ tree: TabgenTree) -> TabgenJSON {
    switch tree {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .number(let number): return .number(number)
    case .string(let text): return .string(text)
    case .array(let elements): return .array(elements.map(json))
    case .object(let members): return .object(Dictionary(members.map { ($0.key, json($0.value)) }, uniquingKeysWith: { first, _ in first }))
    }
}

func integer(_ tree: TabgenTree?) -> Int? {
    guard case .number(let number)? = tree, number.isFinite else { return nil }
    return Int(number)
}

func conditions(_ tree: TabgenTree?) throws -> [TabgenCondition] {
    guard case .array(let items)? = tree else { return [] }
    return try items.map { item in
        let path = try tokens(item["path"]?.string ?? "", "condition path")
        if case .bool(let flag)? = item["present"] { return TabgenCondition(path: path, test: .present(flag)) }
        if let count = item["count"] { return TabgenCondition(path: path, test: .count(min: integer(count["min"]), max: integer(count["max"]))) }
        if let value = item["equals"] { return TabgenCondition(path: path, test: .equals(json(value))) }
        throw VectorError("a condition has no present, count or equals")
    }
}

/// The rule table the generator would write for these rules, and each rule's crashesClients.
func rules(_ schema: TabgenTree) throws -> [(rule: TabgenRule, crashesClients: Bool)] {
    guard case .array(let items)? = schema["metadata"]?["tabgen"]?["rules"] else { return [] }
    return try items.map { item in
        guard item["event"] == nil else { throw VectorError("rules of a contract that lists events are not run by this runner") }
        let kindName = item["kind"]?.string ?? ""
        let path = try tokens(item["path"]?.string ?? "", "path")
        let kind: TabgenRule.Kind
        switch kindName {
        case "count":
            var forbidden: [Int] = []
            if case .array(let list)? = item["forbidden"] { forbidden = list.compactMap(integer) }
            kind = .count(path: path, min: integer(item["min"]), max: integer(item["max"]), forbidden: forbidden,
                          distinct: try item["distinct"]?.string.map { try tokens($0, "distinct") }, where: try conditions(item["where"]))
        case "unique":
            kind = .unique(path: path)
        case "reference":
            kind = .reference(path: path, targets: try tokens(item["targets"]?.string ?? "", "targets"), key: try tokens(item["key"]?.string ?? "", "key"),
                              targetWhere: try conditions(item["targetWhere"]), required: item["required"].map { if case .bool(true) = $0 { true } else { false } } ?? false)
        case "relativeReference":
            var allow = false
            if case .bool(true)? = item["allowAuthority"] { allow = true }
            kind = .relativeReference(path: path, allowAuthority: allow)
        case "equals":
            guard let value = item["value"] else { throw VectorError("an equals rule has no value") }
            kind = .equals(path: path, value: json(value))
        case "nonEmpty":
            kind = .nonEmpty(path: path)
        default:
            throw VectorError("rule kind \"\(kindName)\" is not in the Swift runtime")
        }
        // As the schema reader fills them in (Sources/Schema/Rules/RuleReader.swift).
        let message = item["message"]?.string ?? (kindName == "relativeReference" ? "{value} is not a relative reference ({reason})" : "{reason}")
        let severity: TabgenSeverity = item["severity"]?.string == "warning" ? .warning : .error
        var crashes = false
        if case .bool(true)? = item["crashesClients"] { crashes = true }
        let rule = TabgenRule(code: item["code"]?.string ?? "", severity: severity, message: message, kind: kind, when: try conditions(item["when"]))
        return (rule, crashes)
    }
}

struct Outcome {
    var findings: [TabgenViolation]
    var sendable: Bool
}

/// What the runtime reports for `payload`, and whether a client with `strict` (or
/// tolerant) decoding acts on it.
func run(payload: Data, schemaText: String, table: [(rule: TabgenRule, crashesClients: Bool)], strict: Bool) -> Outcome {
    let value: TabgenJSON
    do {
        _ = try TabgenJSONText.check(payload)
        value = try TabgenJSONText.decode(TabgenJSON.self, from: payload)
    } catch let violation as TabgenViolation {
        return Outcome(findings: [violation], sendable: false)
    } catch {
        return Outcome(findings: [TabgenViolation(code: "RUNNER", severity: .error, pointer: "", message: "JSONDecoder refused a text the check accepted: \(error)")], sendable: false)
    }
    let schemaFindings = TabgenSchema(json: schemaText, strict: true).errors(in: payload)
    var ruleFindings: [TabgenViolation] = []
    var crashing = false
    for entry in table where entry.rule.when.allSatisfy({ TabgenRuleEngine.holds($0, on: value) }) {
        let before = ruleFindings.count
        TabgenRuleEngine.evaluate(entry.rule, value, into: &ruleFindings)
        if entry.crashesClients, ruleFindings.count > before { crashing = true }
    }
    let findings = schemaFindings + ruleFindings
    let sendable: Bool
    if strict {
        sendable = !findings.contains { $0.severity == .error }
    } else {
        // Tolerant: decoding lets through what `errors(in:)` without strict does not report,
        // and rule errors are delivered unless their rule crashes the clients (docs/decoding.md).
        sendable = TabgenSchema(json: schemaText, strict: false).errors(in: payload).isEmpty && !crashing
    }
    return Outcome(findings: findings, sendable: sendable)
}

func show(_ violation: TabgenViolation) -> String {
    "\(violation.code) \(violation.severity.rawValue) \(TabgenValidation.quoted(violation.pointer)) \(TabgenValidation.quoted(violation.message))"
}

func expectedFindings(_ tree: TabgenTree?) throws -> [TabgenViolation] {
    guard case .array(let items)? = tree else { throw VectorError("findings is not an array") }
    return try items.map { item in
        guard let code = item["code"]?.string, let severity = item["severity"]?.string.flatMap(TabgenSeverity.init(rawValue:)),
              let pointer = item["pointer"]?.string, let message = item["message"]?.string else {
            throw VectorError("a finding lacks code, severity, pointer or message")
        }
        return TabgenViolation(code: code, severity: severity, pointer: pointer, message: message)
    }
}

@main
enum Runner {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let folder = arguments.first else {
            FileHandle.standardError.write(Data("usage: runner VECTORS_DIR [EXPECTED_FAILURES]\n".utf8))
            exit(2)
        }
        var files: [String] = []
        if let walker = FileManager.default.enumerator(atPath: folder) {
            // element-data/ holds the page-reading vectors, a format of their own (Tests/Vectors/README.md).
            for case let path as String in walker where path.hasSuffix(".json") && !path.hasPrefix("element-data/") { files.append(path) }
        }
        files.sort()
        var passed = 0
        var failed = 0
        func fail(_ label: String, _ lines: [String]) {
            failed += 1
            print("FAIL \(label)")
            for line in lines { print("  \(line)") }
        }
        if files.isEmpty { fail(folder, ["no vector files"]) }
        // `FILE:CASE REASON` a line; `#` starts a comment.
        var expectedFailures: [String: String] = [:]
        var unmatched: [String] = []
        if let listPath = arguments.dropFirst().first {
            guard let list = FileManager.default.contents(atPath: listPath).flatMap({ String(data: $0, encoding: .utf8) }) else {
                FileHandle.standardError.write(Data("runner: cannot read \(listPath)\n".utf8))
                exit(2)
            }
            for (number, line) in list.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty, !text.hasPrefix("#") else { continue }
                let parts = text.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, parts[0].contains(":") else {
                    fail("\(listPath):\(number + 1)", ["expected FILE:CASE and the reason, found \(text)"])
                    continue
                }
                expectedFailures[String(parts[0])] = String(parts[1])
                unmatched.append(String(parts[0]))
            }
        }
        var expectedFailed = 0
        for file in files {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: url.path), let vector = TabgenTree.parse(data) else {
                fail(file, ["not strict JSON"])
                continue
            }
            guard let schema = vector["schema"], case .array(let cases)? = vector["cases"] else {
                fail(file, ["no schema or no cases"])
                continue
            }
            var schemaText = ""
            schema.write(to: &schemaText)
            let table: [(rule: TabgenRule, crashesClients: Bool)]
            do {
                table = try rules(schema)
            } catch {
                fail(file, ["\(error)"])
                continue
            }
            for entry in cases {
                let label = "\(file):\(entry["name"]?.string ?? "(no name)")"
                do {
                    guard let payload = entry["payload"]?.string else { throw VectorError("payload is not a string") }
                    let expected = try expectedFindings(entry["findings"])
                    let strict = entry["decoding"]?.string == "strict"
                    let outcome = run(payload: Data(payload.utf8), schemaText: schemaText, table: table, strict: strict)
                    var problems: [String] = []
                    if outcome.findings.map(show) != expected.map(show) {
                        problems.append("expected:")
                        problems += expected.map { "  " + show($0) }
                        problems.append("runtime:")
                        problems += outcome.findings.map { "  " + show($0) }
                    }
                    if case .bool(let sendable)? = entry["sendable"], sendable != outcome.sendable {
                        problems.append("sendable: expected \(sendable), runtime \(outcome.sendable) (\(strict ? "strict" : "tolerant") decoding)")
                    }
                    if let reason = expectedFailures[label] {
                        unmatched.removeAll { $0 == label }
                        if problems.isEmpty {
                            fail(label, ["passes but is listed as an expected failure (\(reason)): delete its line"])
                        } else {
                            expectedFailed += 1
                            print("expected \(label): \(reason)")
                        }
                    } else if problems.isEmpty {
                        passed += 1
                    } else {
                        fail(label, problems)
                    }
                } catch {
                    fail(label, ["\(error)"])
                }
            }
        }
        for label in unmatched { fail(label, ["listed as an expected failure but no vector case has this name: delete its line"]) }
        print("swift-vectors: \(passed) passed, \(failed) failed, \(expectedFailed) expected failures")
        exit(failed == 0 ? 0 : 1)
    }
}
