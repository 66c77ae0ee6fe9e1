import Schema

/// Checks one HTML page: finds the elements that connect the bridge's Stimulus
/// controller and validates the JSON in their value attribute.
///
/// Findings sit where the page shows them: page-level ones (no element, a second
/// element, no value attribute) at the element (or 1:1), and those about the JSON at
/// the start of the attribute value, with the JSON pointer as usual; a position
/// inside the JSON would not be a position in the file once `&quot;` and friends
/// are decoded.
struct HTMLInput: Sendable {
    let validator: PayloadValidator
    let contract: BridgeContract
    let allowMissing: Bool
    let maxFindings: Int

    private var finder: BridgeElementFinder { BridgeElementFinder(contract: contract) }

    func findings(page bytes: [UInt8], file: String) -> [LocatedFinding] {
        let elements = finder.elements(in: bytes)
        guard let first = elements.first else {
            if allowMissing { return [] }
            let message = "no element on this page has data-controller=\"\(contract.stimulusIdentifier)\", so the app gets no tab bar configuration from it (--allow-missing accepts such pages)"
            return [LocatedFinding(file: file, line: 1, column: 1, finding: Self.pageFinding(FindingCode.missingPayload, .error, message))]
        }
        var located: [LocatedFinding] = []
        for (number, element) in elements.enumerated() {
            if number > 0 {
                let message = "another element with data-controller=\"\(contract.stimulusIdentifier)\" (the first is at \(first.position)): each sends a \(contract.event) message and the app keeps whichever arrives last"
                located.append(Self.place(Self.pageFinding(FindingCode.multiplePayloads, .warning, message), at: element.position, file: file))
            }
            guard let value = element.value, let valuePosition = element.valuePosition else {
                let message = "<\(element.tagName)> has data-controller=\"\(contract.stimulusIdentifier)\" but no \(contract.valueAttribute) attribute, so it sends no configuration"
                located.append(Self.place(Self.pageFinding(FindingCode.missingPayload, .error, message), at: element.position, file: file))
                continue
            }
            located += payloadFindings(value, at: valuePosition, file: file)
        }
        return located
    }

    /// Findings for the decoded JSON of one attribute, in JSON order, all placed at
    /// the value's start. A syntax error also says where in the decoded JSON it is.
    private func payloadFindings(_ value: String, at position: SourcePosition, file: String) -> [LocatedFinding] {
        let bytes = Array(value.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            validator.findings(for: buffer).located(in: buffer, file: file, firstLine: 1).map { item in
                var placed = item
                if item.finding.code == FindingCode.malformedJSON {
                    let place = item.line == 1 ? "character \(item.column)" : "line \(item.line), character \(item.column)"
                    placed.finding.message += " (at \(place) of the decoded attribute value)"
                }
                placed.line = position.line
                placed.column = position.column
                return placed
            }.limited(to: maxFindings)
        }
    }

    private static func pageFinding(_ code: String, _ severity: Severity, _ message: String) -> Finding {
        Finding(code: code, severity: severity, pointer: .root, message: message)
    }

    private static func place(_ finding: Finding, at position: SourcePosition, file: String) -> LocatedFinding {
        LocatedFinding(file: file, line: position.line, column: position.column, finding: finding)
    }

    /// The finding for a page over the size limit.
    static func tooLarge(file: String, limit: Int) -> LocatedFinding {
        LocatedFinding(file: file, line: 1, column: 1, finding: pageFinding(
            FindingCode.tooLarge, .error, "page is larger than the limit of \(limit) bytes (--max-bytes)"))
    }
}
