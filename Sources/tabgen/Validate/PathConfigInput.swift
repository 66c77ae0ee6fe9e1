import Foundation
import Schema
import PathConfiguration

/// `validate --path-config`: a path configuration against the path-configuration
/// schema (TG0xx, the schema's rules PC1xx), then the checks the schema cannot state
/// (PC001–PC008), located at file:line:column like every other finding.
struct PathConfigInput {
    let validator: PayloadValidator
    let catalog: PathPropertyCatalog

    init(document: SchemaDocument, maxFindings: Int) {
        var validator = PayloadValidator(document: document)
        validator.maxFindings = maxFindings
        self.validator = validator
        catalog = PathPropertyCatalog(document: document)
    }

    func findings(_ bytes: [UInt8], file: String, platforms: Set<AppPlatform>, maxFindings: Int) -> [LocatedFinding] {
        bytes.withUnsafeBufferPointer { buffer in
            var findings: [Finding]
            // The schema's findings may be cut (errors kept first): counted from the report.
            var total = (errors: 0, warnings: 0)
            switch validator.reader.parse(buffer: buffer) {
            case .failure(let error):
                findings = [Finding(code: FindingCode.malformedJSON, severity: .error, pointer: .root,
                                    message: "not well-formed JSON: \(error)", offset: error.offset)]
                total.errors = 1
                // Gson's lenient reader or JSONSerialization may still load it: say what each app does.
                for finding in PathConfigurationLoading.findings(Array(buffer), platforms: platforms) {
                    findings.append(finding)
                    if finding.severity == .error { total.errors += 1 } else { total.warnings += 1 }
                }
            case .success(let json):
                let report = validator.report(for: json)
                findings = report.findings
                total = (report.errors, report.warnings)
                let checker = PathConfigurationChecker(platforms: platforms, catalog: catalog)
                for finding in checker.findings(for: PathConfiguration(json: json)) + PathConfigurationLoading.findings(Array(buffer), platforms: platforms) {
                    findings.append(finding)
                    if finding.severity == .error { total.errors += 1 } else { total.warnings += 1 }
                }
            }
            return findings.located(in: buffer, file: file, firstLine: 1).limited(to: maxFindings, total: total)
        }
    }
}

extension ValidateOptions {
    /// Checks each --path-config source; the same output, summary and exit codes as payloads.
    func runPathConfigs() throws {
        let document: SchemaDocument
        do {
            document = try PathContract.loadSchema(path: schema)
        } catch {
            throw Exit.report(error)
        }
        if !quiet { printError("tabgen: \(document.sourceName)") }
        let input = PathConfigInput(document: document, maxFindings: maxFindings)
        let output = OutputBuffer(descriptor: STDOUT_FILENO)
        var tally = Tally()
        tally.unit = "path configuration"
        tally.inputUnit = "path configuration"
        let strict = strictFlag
        let maxBytes = maxBytesOption ?? Self.defaultMaxBytes
        for source in pathConfigs {
            let name: String
            let bytes: [UInt8]
            do {
                (name, bytes) = try PathContract.read(source, maxBytes: maxBytes, timeout: timeout, headers: headers)
            } catch .tooLarge(let name, _) {
                let finding = Finding(code: FindingCode.tooLarge, severity: .error, pointer: .root,
                                      message: "path configuration is larger than the limit of \(maxBytes) bytes (--max-bytes)", offset: 0)
                let findings = [LocatedFinding(file: name, line: 1, column: 1, finding: finding)]
                tally.add(findings, strict: strict)
                for finding in findings { output.line(finding.rendered(as: format)) }
                continue
            } catch {
                output.flush()
                printError(error.cliError.description)
                tally.unreadable += 1
                continue
            }
            let findings = input.findings(bytes, file: name, platforms: PathContract.platforms(platform, name: name), maxFindings: maxFindings)
            tally.add(findings, strict: strict)
            for finding in findings { output.line(finding.rendered(as: format)) }
        }
        output.flush()
        try finish(tally)
    }
}
