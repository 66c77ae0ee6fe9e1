import Reconciliation
import Schema

/// Validates plan payloads and turns valid ones into directives.
struct PayloadCheck {
    let validator: PayloadValidator

    /// Schema and rule findings, placed in the payload's file.
    func findings(for payload: PlanPayload) -> [LocatedFinding] {
        payload.bytes.withUnsafeBufferPointer { buffer in
            validator.findings(for: buffer)
                .located(in: buffer, file: payload.file, firstLine: payload.line)
        }
    }

    func directive(for payload: PlanPayload) throws(CLIError) -> Directive {
        do {
            let json = try validator.reader.parse(payload.bytes)
            return try Directive(json: json)
        } catch let error as DirectiveError {
            let position = payload.position(of: error.pointer)
            throw CLIError("\(payload.file):\(position): error: not a configure message a client can act on: \(error)", prefixed: false)
        } catch {
            throw CLIError("\(payload.label): not well-formed JSON: \(error)")
        }
    }
}
