import JSON

/// `relativeReference`: each string at `path` is an RFC 3986 relative reference;
/// `allowAuthority` admits network-path references (`//host/x`). "" (TG021) and a path
/// that resolves to a leading "//" (TG020) are warnings of their own.
package struct RelativeReferenceRule: RuleKind {
    package let path: PathPattern
    package let allowAuthority: Bool

    package static let name = "relativeReference"
    package static let parameters: Set<String> = ["allowAuthority"]
    package static let defaultMessage = "{value} is not a relative reference ({reason})"

    package static func read(_ object: JSONObject, path: PathPattern, schemas: [Schema], root: [Schema], at pointer: JSONPointer, reader: inout RuleReader) -> RelativeReferenceRule? {
        reader.requireShape(schemas, at: pointer.appending(key: "path"), accepts: { if case .type(.string) = $0 { true } else if case .empty = $0 { true } else { false } },
                            what: "a string")
        return RelativeReferenceRule(path: path, allowAuthority: reader.sink.boolean(object, "allowAuthority", at: pointer) ?? false)
    }

    package var failsWhenAbsent: Bool { false }

    package var arguments: [RuleArgument] {
        [RuleArgument("path", .pattern(path)), RuleArgument("allowAuthority", .flag(allowAuthority))]
    }

    package func compare(to after: RelativeReferenceRule, in movement: inout RuleMovement) {
        if allowAuthority != after.allowAuthority {
            movement.note(after.allowAuthority ? .loosens : .tightens, "allowAuthority \(allowAuthority) → \(after.allowAuthority)")
        }
    }

    /// Decided on the spot, on each string's bytes (`ByteValidator.isRelativeReference`).
    package func planBytes(_ builder: inout BytePlanBuilder, rule index: Int) throws(BytePlanBuilder.Unsupported) -> BytePlanBuilder.PendingByteRule {
        planOnTheSpot(BytePlan.Check(kind: allowAuthority ? .relativeReferenceWithAuthority : .relativeReference, rule: Int32(index)), in: &builder)
    }

    package func compiled() -> any CompiledRuleKind {
        Compiled(path: CompiledPath(path), allowAuthority: allowAuthority)
    }

    final class Compiled: CompiledRuleKind {
        let path: CompiledPath
        let allowAuthority: Bool

        init(path: CompiledPath, allowAuthority: Bool) {
            self.path = path
            self.allowAuthority = allowAuthority
        }

        /// On a path with one wildcard, the report walks as the pass does (one position,
        /// set in place) and clears a plain path with the pass's own scan.
        var reportsDirectly: Bool { path.onlyWildcard != nil }

        func passes(_ payload: JSON, buffer: inout [JSON]) -> Bool {
            path.forEach(in: payload) { value in
                guard case .string(let text) = value else { return true }
                // "" (TG021) and a "//" anywhere, which may resolve to a leading "//"
                // (TG020): the generic pass decides.
                if RelativeReference.isPlainPath(text, allowingDoubleSlash: allowAuthority) { return true }
                if text.isEmpty || (!allowAuthority && RelativeReference.hasDoubleSlash(text)) { return false }
                // `problem` is nil, decided on the bytes (as the byte pass decides it).
                var copy = text
                return copy.withUTF8 { RelativeReference.isRelativeReference($0, allowAuthority: allowAuthority) }
            }
        }

        func report(_ payload: JSON, _ reporter: RuleReporter, into findings: inout [Finding]) {
            path.forEachLocated(in: payload) { value, positions in
                guard case .string(let text) = value else { return }
                // What the pre-check clears has no finding (no problem, not empty, no "//"
                // to resolve to a leading one): the full checks below cost far more.
                if RelativeReference.isPlainPath(text, allowingDoubleSlash: allowAuthority) { return }
                if let problem = RelativeReference.problem(in: text, allowAuthority: allowAuthority) {
                    findings.append(reporter.finding(path.tokens(at: positions, in: payload), value: value) { MessageBytes.append(problem, to: &$0) })
                } else if text.isEmpty {
                    findings.append(Finding(code: FindingCode.emptyPath, severity: .warning, pointer: JSONPointer(path.tokens(at: positions, in: payload)),
                                            message: "\"\" is a relative reference to the start URL itself, but Swift's URL(string: \"\", relativeTo:) returns nil and the iOS reference app stops with fatalError; write \"/\" or \"./\""))
                } else if !allowAuthority, let resolved = RelativeReference.networkPathResolution(of: text) {
                    let host = resolved.dropFirst(2).prefix { $0 != "/" }
                    findings.append(Finding(code: FindingCode.networkPathResolution, severity: .warning, pointer: JSONPointer(path.tokens(at: positions, in: payload)),
                                            message: "\(JSONWriter.quoted(text)) resolves to the path \(JSONWriter.quoted(resolved)), which reads as the host \(JSONWriter.quoted(String(host))) wherever it is resolved again; remove the empty segment"))
                }
            }
        }
    }
}

// MARK: Fixtures

extension RelativeReferenceRule {
    package func repair(_ instance: inout JSON, with fitter: inout some RuleFitter) {
        for match in path.matches(in: instance) {
            guard case .string(let text) = match.value, RelativeReference.problem(in: text, allowAuthority: allowAuthority) != nil else { continue }
            let fresh = "/" + fitter.freshString(for: match.path)
            fitter.set(.string(fresh), at: match.path, in: &instance)
        }
    }

    package func breakRule(_ instance: inout JSON, with fitter: inout some RuleFitter) -> Bool {
        guard let match = path.matches(in: instance).first else { return false }
        fitter.set(.string(allowAuthority ? "https://example.com/elsewhere" : "//example.com/elsewhere"), at: match.path, in: &instance)
        return true
    }
}
