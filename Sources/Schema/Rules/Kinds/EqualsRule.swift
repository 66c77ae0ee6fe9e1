import JSON

/// `equals`: the value at `path` equals `value`.
package struct EqualsRule: RuleKind {
    package let path: PathPattern
    package let value: JSON

    package static let name = "equals"
    package static let parameters: Set<String> = ["value"]
    package static let defaultMessage = "{reason}"

    package static func read(_ object: JSONObject, path: PathPattern, schemas: [Schema], root: [Schema], at pointer: JSONPointer, reader: inout RuleReader) -> EqualsRule? {
        guard let expected = object["value"] else {
            reader.sink.report(pointer, "an equals rule needs \"value\"")
            return nil
        }
        return EqualsRule(path: path, value: expected)
    }

    package var failsWhenAbsent: Bool { false }

    package var arguments: [RuleArgument] {
        [RuleArgument("path", .pattern(path)), RuleArgument("value", .json(value))]
    }

    package func compare(to after: EqualsRule, in movement: inout RuleMovement) {
        if value != after.value { movement.note(.incomparable, "value \(JSONWriter.string(value)) → \(JSONWriter.string(after.value))") }
    }

    /// Decided on the spot: equal bytes are equal values (`ByteValidator.passes`).
    package func planBytes(_ builder: inout BytePlanBuilder, rule index: Int) throws(BytePlanBuilder.Unsupported) -> BytePlanBuilder.PendingByteRule {
        let constant = try builder.constant(value, exact: false)
        return planOnTheSpot(BytePlan.Check(kind: .equals, rule: Int32(index), constant: constant), in: &builder)
    }

    package func compiled() -> any CompiledRuleKind {
        Compiled(path: CompiledPath(path), expected: value)
    }

    final class Compiled: CompiledRuleKind {
        let path: CompiledPath
        let expected: JSON

        init(path: CompiledPath, expected: JSON) {
            self.path = path
            self.expected = expected
        }

        /// Checked value by value in the report at the cost of the pass: the pass would
        /// only walk the values twice.
        var reportsDirectly: Bool { true }

        func passes(_ payload: JSON, buffer: inout [JSON]) -> Bool {
            path.forEach(in: payload) { $0 == expected }
        }

        func report(_ payload: JSON, _ reporter: RuleReporter, into findings: inout [Finding]) {
            path.forEachLocated(in: payload) { value, positions in
                guard value != expected else { return }
                let at = path.tokens(at: positions, in: payload)
                findings.append(reporter.finding(at, value: value) { bytes in
                    MessageBytes.append("it is ", to: &bytes)
                    MessageBytes.appendShown(value, at: at, in: reporter.text, to: &bytes)
                    MessageBytes.append(", expected ", to: &bytes)
                    MessageBytes.appendShown(expected, to: &bytes)
                })
            }
        }
    }
}

// MARK: Fixtures

extension EqualsRule {
    package func repair(_ instance: inout JSON, with fitter: inout some RuleFitter) {
        for match in path.matches(in: instance) where match.value != value {
            fitter.set(value, at: match.path, in: &instance)
        }
    }

    package func breakRule(_ instance: inout JSON, with fitter: inout some RuleFitter) -> Bool {
        let place = path.matches(in: instance).first?.path ?? path.concretePath
        guard let place else { return false }
        var replacement: JSON?
        if value.isNull {
            replacement = fitter.freshValue(at: place, in: instance)
        } else if fitter.isNullable(at: place, in: instance) {
            replacement = .null
        } else if let fresh = fitter.freshValue(at: place, in: instance), fresh != value {
            replacement = fresh
        }
        guard let replacement else { return false }
        return fitter.set(replacement, at: place, in: &instance)
    }
}
