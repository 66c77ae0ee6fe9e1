import Schema

/// The reference verdict of a conformance case: `tabgen validate`'s findings (the Schema
/// library), and from them, by the decoding policy of docs/decoding.md, what the native
/// clients and the controller must report.
struct ConformanceOracle {
    let document: SchemaDocument
    let validator: PayloadValidator
    let deriver: FixtureDeriver
    let decoding: SwiftFixtureDecoding

    init(document: SchemaDocument) {
        self.document = document
        validator = PayloadValidator(document: document)
        deriver = FixtureDeriver(document: document)
        decoding = SwiftFixtureDecoding(document: document, policy: .tolerant)
    }

    func expectation(for text: String) -> ConformanceExpectation {
        let bytes = Array(text.utf8)
        let server = bytes.withUnsafeBufferPointer { validator.findings(for: $0) }
        guard case .success(let payload) = bytes.withUnsafeBufferPointer({ validator.reader.parse(buffer: $0) }) else {
            return ConformanceExpectation(server: server, nativeDecodes: false, native: [], controller: server)
        }
        // Equivalent keys (TG024) are refused by the native clients' text check, as TG001 is:
        // the Swift client would decode one member of the two.
        var decodes = !server.contains { $0.code == FindingCode.equivalentKeys }
        var nulls: Set<JSONPointer> = []
        var missingRead: Set<JSONPointer> = []
        for indicator in InstanceValidator.validate(payload, against: document) {
            if deriver.isTolerated(indicator, in: payload) { continue }
            if let path = decoding.nullOptionalMember(indicator, in: payload) {
                nulls.insert(JSONPointer(path))
            } else if let (path, _) = decoding.missingMember(indicator, in: payload) {
                missingRead.insert(JSONPointer(path))
            } else {
                decodes = false
            }
        }
        func isUnknownEnumString(_ finding: Finding) -> Bool {
            finding.code == FindingCode.notInEnum && payload.value(at: finding.pointer.tokens)?.stringValue != nil
        }
        let native: [Finding] = decodes ? server.filter { $0.code != FindingCode.unexpectedProperty }.map { finding -> Finding in
            var finding = finding
            if isUnknownEnumString(finding) { finding.severity = .warning }
            return finding
        } : []
        let controller = server.map { finding -> Finding in
            var finding = finding
            let missing = finding.code == FindingCode.missingProperty
                && (finding.schemaPath?.last).map { missingRead.contains(finding.pointer.appending(key: $0)) } == true
            if finding.code == FindingCode.unexpectedProperty || isUnknownEnumString(finding) || nulls.contains(finding.pointer) || missing {
                finding.severity = .warning
            }
            return finding
        }
        return ConformanceExpectation(server: server, nativeDecodes: decodes, native: native, controller: controller)
    }
}
