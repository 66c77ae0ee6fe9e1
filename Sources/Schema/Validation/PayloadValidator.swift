import JSON

/// Everything `tabgen validate` checks on one payload: well-formed JSON, RFC 8927
/// validation against the schema, then the schema's rules, as findings with codes.
public struct PayloadValidator: Sendable {
    public let document: SchemaDocument
    public let engine: RuleEngine
    /// The one-pass check on bytes that answers for valid payloads without a tree.
    public let bytePass: ByteValidator
    public var reader = JSONReader()
    /// Report at most this many findings per payload (0: all). One more is kept, so
    /// callers can tell that the list was cut; a cut list keeps errors before warnings,
    /// and `report` counts every finding, kept or not.
    public var maxFindings = 0

    public init(document: SchemaDocument) {
        self.document = document
        engine = RuleEngine(rules: document.extensions.rules)
        bytePass = ByteValidator(document: document)
    }

    /// Findings for raw bytes; parse errors carry a byte offset.
    public func findings(for bytes: UnsafeBufferPointer<UInt8>) -> [Finding] {
        report(for: bytes).findings
    }

    /// `findings(for:)` with the count of every finding, those `maxFindings` cut included.
    public func report(for bytes: UnsafeBufferPointer<UInt8>) -> FindingReport {
        let scratch = ByteScratch()
        return report(for: bytes, verdict: verdict(for: bytes, scratch: scratch), scratch: scratch)
    }

    /// Findings for raw bytes, reusing `scratch` (one per thread) for the byte pass:
    /// a valid payload is answered there, anything else by the tree path.
    public func findings(for bytes: UnsafeBufferPointer<UInt8>, scratch: ByteScratch) -> [Finding] {
        findings(for: bytes, verdict: verdict(for: bytes, scratch: scratch), scratch: scratch)
    }

    /// The byte pass's verdict alone: `.valid` means no finding. A caller with many
    /// payloads can answer the valid ones first and pass the others' verdicts to
    /// `findings(for:verdict:scratch:)` afterwards (JSONLinesReader does, a batch at a
    /// time: alternating the two paths payload by payload costs the processor's caches
    /// and branch predictors about a tenth of the time).
    public func verdict(for bytes: UnsafeBufferPointer<UInt8>, scratch: ByteScratch) -> ByteValidator.Verdict {
        bytePass.verdict(bytes, maxDepth: reader.maxDepth, scratch: scratch)
    }

    /// The findings for bytes whose byte-pass verdict is `verdict`, as
    /// `findings(for:scratch:)` gives them.
    public func findings(for bytes: UnsafeBufferPointer<UInt8>, verdict: ByteValidator.Verdict, scratch: ByteScratch) -> [Finding] {
        report(for: bytes, verdict: verdict, scratch: scratch).findings
    }

    /// `findings(for:verdict:scratch:)` with the count of every finding, those
    /// `maxFindings` cut included: what a verdict and a summary are made from.
    public func report(for bytes: UnsafeBufferPointer<UInt8>, verdict: ByteValidator.Verdict, scratch: ByteScratch) -> FindingReport {
        switch verdict {
        case .valid:
            return FindingReport()
        case .rulesOnly(let passing, let failing):
            // Valid against the schema: only the rules the pass could not clear are evaluated.
            var wideKeys = false
            guard case .success(let payload) = reader.parse(buffer: bytes, strings: scratch.strings, wideKeys: &wideKeys) else { return treeReport(for: bytes, strings: nil) }
            let rules = engine.evaluate(payload, skipping: passing, reporting: failing, text: PayloadText(bytes: bytes))
            // Joined only when there are TG024 findings: `[] + rules` would copy the list.
            return cut(wideKeys ? EquivalentKeys.findings(in: payload) + rules : rules, uncounted: 0)
        case .schemaInvalid(let passing, let failing):
            // The schema errors are the tree path's to word; the rules the pass cleared
            // report nothing, so skipping them leaves the findings as they were.
            var wideKeys = false
            guard case .success(let payload) = reader.parse(buffer: bytes, strings: scratch.strings, wideKeys: &wideKeys) else { return treeReport(for: bytes, strings: nil) }
            return report(for: payload, skipping: passing, reporting: failing, equivalentKeys: wideKeys,
                          text: PayloadText(bytes: bytes))
        case .unknown:
            return treeReport(for: bytes, strings: scratch.strings)
        }
    }

    /// Findings for raw bytes by the tree path alone (tests compare it with the byte pass).
    public func treeFindings(for bytes: UnsafeBufferPointer<UInt8>) -> [Finding] {
        treeFindings(for: bytes, strings: nil)
    }

    func treeFindings(for bytes: UnsafeBufferPointer<UInt8>, strings: JSONStringCache?) -> [Finding] {
        treeReport(for: bytes, strings: strings).findings
    }

    func treeReport(for bytes: UnsafeBufferPointer<UInt8>, strings: JSONStringCache?) -> FindingReport {
        var wideKeys = false
        switch reader.parse(buffer: bytes, strings: strings, wideKeys: &wideKeys) {
        case .success(let payload):
            return report(for: payload, skipping: 0, reporting: 0, equivalentKeys: wideKeys,
                          text: PayloadText(bytes: bytes))
        case .failure(let error):
            return FindingReport(findings: [Finding(code: FindingCode.malformedJSON, severity: .error, pointer: .root,
                                                    message: "not well-formed JSON: \(error)", offset: error.offset)], errors: 1, warnings: 0)
        }
    }

    /// Findings for a parsed payload: schema violations first, then rule violations.
    public func findings(for payload: JSON) -> [Finding] {
        report(for: payload).findings
    }

    /// `findings(for:)` with the count of every finding, those `maxFindings` cut included.
    public func report(for payload: JSON) -> FindingReport {
        report(for: payload, skipping: 0, reporting: 0)
    }

    /// `report(for:)` without the rules in `skipping` (bit n: rule n), which the
    /// caller knows report nothing on this payload, and without the pre-check of the
    /// rules in `reporting` (see `RuleEngine.evaluate(_:skipping:reporting:)`), and without
    /// TG024's walk when `equivalentKeys` is false (no key of the text can be non-ASCII); with
    /// the payload's `text`, messages show numbers beyond Double's range as written there.
    func report(for payload: JSON, skipping: UInt64, reporting: UInt64, equivalentKeys: Bool = true, text: PayloadText? = nil) -> FindingReport {
        let limit = maxFindings > 0 ? maxFindings + 1 : 0
        // One RFC 8927 walk: the payloads that get here are nearly all invalid, so asking
        // a yes/no validator first would only walk their failing parts twice. Past the
        // limit it counts the errors without describing them.
        let schema = InstanceValidator.counted(payload, against: document, maxErrors: limit)
        var findings = schema.errors.map { describe($0, in: payload, text: text) }
        if equivalentKeys { findings += EquivalentKeys.findings(in: payload) }
        findings += engine.evaluate(payload, skipping: skipping, reporting: reporting, text: text)
        return cut(findings, uncounted: schema.count - schema.errors.count)
    }

    /// `findings` counted, and cut to `maxFindings` + 1 keeping errors before warnings
    /// (each in the order found): a list cut in rule order could keep only warnings of
    /// an invalid payload. `uncounted`: errors found but not among `findings`.
    func cut(_ findings: [Finding], uncounted: Int) -> FindingReport {
        var errors = uncounted
        for finding in findings where finding.severity == .error { errors += 1 }
        let warnings = findings.count - (errors - uncounted)
        let limit = maxFindings > 0 ? maxFindings + 1 : 0
        guard limit > 0, findings.count > limit else { return FindingReport(findings: findings, errors: errors, warnings: warnings) }
        var kept = findings.filter { $0.severity == .error }
        if kept.count >= limit {
            kept.removeSubrange(limit...)
        } else {
            kept += findings.lazy.filter { $0.severity == .warning }.prefix(limit - kept.count)
        }
        return FindingReport(findings: kept, errors: errors, warnings: warnings)
    }

    /// Turns an RFC 8927 error indicator into a coded, readable finding.
    public func describe(_ indicator: ErrorIndicator, in payload: JSON) -> Finding {
        describe(indicator, in: payload, text: nil)
    }

    /// `describe(_:in:)`, showing numbers beyond Double's range as written in `text`.
    func describe(_ indicator: ErrorIndicator, in payload: JSON, text payloadText: PayloadText?) -> Finding {
        // The validator hands over what it held (see `ErrorIndicator.context`); an
        // indicator made elsewhere is looked up by its paths.
        let value: JSON?
        let schema: Schema?
        if let context = indicator.context {
            value = context.value
            schema = context.schema
        } else {
            value = payload.value(at: indicator.instancePath)
            schema = self.schema(at: indicator.schemaPath)
        }
        let path = indicator.schemaPath
        let last = path.last
        // The message is written as UTF-8 into one buffer and made a String once:
        // interpolating pieces that are themselves made strings (quoted names, the list
        // of enum values) allocated each of them and grew the message several times.
        var text: [UInt8] = []
        text.reserveCapacity(128)
        func say(_ piece: String) { text.append(contentsOf: piece.utf8) }
        func quote(_ piece: String) { JSONWriter.writeQuoted(piece, to: &text) }
        func show(_ value: JSON) { MessageBytes.appendShown(value, at: indicator.instancePath, in: payloadText, to: &text) }
        // "found null", not "found null null": the kind of null is its whole text. Made
        // only by the messages that say it: showing a value writes it out, and for a
        // missing property the value is the whole object.
        func found() {
            guard let value else { return say("nothing") }
            if value.isNull { return say("null") }
            // 1E400 reads as infinity: no digits to show, and no client can hold it.
            if case .number(let number) = value, !number.isFinite { return say("a number beyond the range of float64") }
            say(value.kindName)
            say(" ")
            show(value)
        }
        var code: String
        var locatesKey = false
        switch indicator.kind == .keyword ? last : nil {
        case "type":
            code = FindingCode.wrongType
            if case .type(let type)? = schema?.form, let limit = type.floatLimit, case .number? = value {
                say("expected a number within the range of ")
                say(type.rawValue)
                say(" (±")
                say(limit)
                say("), found ")
            } else if case .type(let type)? = schema?.form {
                say("expected ")
                say(type.expectedName)
                say(", found ")
            } else {
                say("wrong type, found ")
            }
            found()
        case "enum":
            code = FindingCode.notInEnum
            if case .enumeration(let values)? = schema?.form {
                if let value { show(value) } else { say("value") }
                say(" is not one of ")
                AllowedValues.append(values, to: &text)
            } else {
                say("value is not in the enum")
            }
        case "elements":
            code = FindingCode.wrongShape
            say("expected an array, found ")
            found()
        case "properties", "optionalProperties", "values":
            code = FindingCode.wrongShape
            say("expected an object, found ")
            found()
        case "discriminator":
            code = FindingCode.badDiscriminator
            if case .discriminator(let form)? = schema?.form {
                if indicator.instancePath.last == .key(form.tag) {
                    say("discriminator ")
                    quote(form.tag)
                    say(" must be a string, found ")
                    found()
                } else if case .object? = value {
                    say("missing discriminator property ")
                    quote(form.tag)
                } else {
                    code = FindingCode.wrongShape
                    say("expected an object, found ")
                    found()
                }
            } else {
                say("bad discriminator")
            }
        case "mapping":
            code = FindingCode.badDiscriminator
            if case .discriminator(let form)? = schema?.form {
                if let value { show(value) } else { say("value") }
                say(" is not one of the ")
                quote(form.tag)
                say(" values ")
                AllowedValues.append(form.mapping.map(\.tag), to: &text)
            } else {
                say("unknown discriminator value")
            }
        default:
            if indicator.kind == .missingProperty, let name = last {
                code = FindingCode.missingProperty
                say("missing required property ")
                quote(name)
            } else {
                code = FindingCode.unexpectedProperty
                locatesKey = true
                say("property ")
                quote(indicator.instancePath.last?.text ?? "")
                say(" is not allowed here (the schema does not list it and does not allow additional properties)")
            }
        }
        let message = String(decoding: text, as: UTF8.self)
        return Finding(code: code, severity: .error, pointer: JSONPointer(indicator.instancePath), message: message,
                       schemaPath: indicator.schemaPath, locatesKey: locatesKey)
    }


    /// The schema an RFC 8927 schema path ends in (the form that holds the keyword).
    func schema(at path: [String]) -> Schema? {
        var current = document.root
        var index = 0
        while index < path.count {
            let token = path[index]
            let next = index + 1 < path.count ? path[index + 1] : nil
            switch (token, current.form) {
            case ("definitions", _):
                guard let name = next, let definition = document.definition(named: name) else { return current }
                current = definition
                index += 2
            case ("elements", .elements(let element)) where next != nil:
                current = element
                index += 1
            case ("values", .values(let value)) where next != nil:
                current = value
                index += 1
            case ("properties", .properties(let form)), ("optionalProperties", .properties(let form)):
                guard let name = next, let property = form.property(named: name) else { return current }
                if index + 2 >= path.count { return current }
                current = property.property.schema
                index += 2
            case ("mapping", .discriminator(let form)):
                guard let tag = next, let variant = form.variant(for: tag) else { return current }
                current = variant.schema
                index += 2
            default:
                return current
            }
        }
        return current
    }
}
