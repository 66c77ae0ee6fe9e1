// The conformance executor of the generated Swift (docs/conformance.md): reads cases as
// JSON Lines on standard input ({"suite", "id", "payload"}) and writes one line per case:
// {"id", "decoded", "findings": [[code, severity, pointer, message]]}. Decoding is what
// an app calls: the root's `decode(jsonData:)` (tabgen's text check, then JSONDecoder);
// `conformanceRoots` (written by scripts/conformance) maps each suite to it.
import Foundation

struct CaseLine: Decodable {
    let suite: String
    let id: String
    let payload: String
}

let envelopes = JSONDecoder()
var output = Data()
while let line = readLine(strippingNewline: true) {
    guard let envelope = try? envelopes.decode(CaseLine.self, from: Data(line.utf8)) else {
        FileHandle.standardError.write(Data("swift executor: not a case line: \(line.prefix(200))\n".utf8))
        exit(2)
    }
    guard let run = conformanceRoots[envelope.suite] else {
        FileHandle.standardError.write(Data("swift executor: unknown suite \(envelope.suite)\n".utf8))
        exit(2)
    }
    var result: [String: Any] = ["id": envelope.id]
    if let violations = try? run(Data(envelope.payload.utf8)) {
        result["decoded"] = true
        result["findings"] = violations.map { [$0.code, $0.severity.rawValue, $0.pointer, $0.message] }
    } else {
        result["decoded"] = false
        result["findings"] = [[String]]()
    }
    output.append(try JSONSerialization.data(withJSONObject: result, options: [.withoutEscapingSlashes]))
    output.append(0x0A)
    if output.count > 1 << 16 {
        FileHandle.standardOutput.write(output)
        output.removeAll(keepingCapacity: true)
    }
}
FileHandle.standardOutput.write(output)
