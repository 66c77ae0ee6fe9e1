import JSON

/// One kind of rule, whole: how it is read from the schema, what it checks on a
/// payload's tree and how its findings read, what the byte pass may decide of it, how it
/// moves between two versions of a schema, how fixtures satisfy and break it, and how
/// generated rule tables spell it. Each
/// kind is one file in this folder; the rest of tabgen reaches a kind only through this
/// protocol (docs/rules.md, "Adding a rule kind").
package protocol RuleKind: Sendable {
    /// The kind's name in the schema (`"kind": "count"`).
    static var name: String { get }
    /// The parameters it takes besides those every rule takes (`RuleReader.common`).
    static var parameters: Set<String> { get }
    /// The message of a rule of this kind that names none.
    static var defaultMessage: String { get }
    /// Reads the kind's parameters from a rule object whose `path` (addressing `schemas`)
    /// is read already (`root`: the schema its paths start at); nil after reporting what
    /// is wrong through `reader`.
    static func read(_ object: JSONObject, path: PathPattern, schemas: [Schema], root: [Schema], at pointer: JSONPointer, reader: inout RuleReader) -> Self?

    /// The main path the rule checks.
    var path: PathPattern { get }
    /// Whether a payload with nothing at `path` can break the rule (then a schema that
    /// declares nothing there still constrains payloads).
    var failsWhenAbsent: Bool { get }
    /// The kind's typed arguments, in the order the generated runtimes declare them: a
    /// language-neutral description every target's rule table renders generically.
    var arguments: [RuleArgument] { get }
    /// The tree check and report, with paths and conditions compiled once.
    func compiled() -> any CompiledRuleKind
    /// What the byte pass decides of the rule: checks it requests during the pass and
    /// the plan it decides with afterwards. Throws when the pass cannot decide it.
    func planBytes(_ builder: inout BytePlanBuilder, rule index: Int) throws(BytePlanBuilder.Unsupported) -> BytePlanBuilder.PendingByteRule
    /// Notes how each parameter moved from `self` to `after` (the path is compared already).
    func compare(to after: Self, in movement: inout RuleMovement)
    /// Values that break the rule wherever its path leads, which the conformance suite
    /// writes there so that every runtime reports the kind; [] (the default) where breaking
    /// it depends on more than one value (counts, references), which fixtures cover.
    var breakingValues: [JSON] { get }
    /// Makes the rule hold on `instance` as far as edits can, for fixtures (a repair that
    /// falls short only changes a fixture's label: the validator labels every fixture).
    func repair(_ instance: inout JSON, with fitter: inout some RuleFitter)
    /// Breaks the rule where `instance` gives it something to check, for a fixture that
    /// fails it. Returns false when it found no way to.
    func breakRule(_ instance: inout JSON, with fitter: inout some RuleFitter) -> Bool
}

extension RuleKind {
    package var name: String { Self.name }

    package var breakingValues: [JSON] { [] }

    /// The arguments of a kind whose only parameter is its path (`nonEmpty`, `unique`);
    /// a kind with parameters of its own declares them all.
    package var arguments: [RuleArgument] {
        assert(Self.parameters.isEmpty, "the \(Self.name) rule kind takes parameters: it must declare its arguments")
        return [RuleArgument("path", .pattern(path))]
    }

    /// `compare(to:in:)` of a kind whose only parameter is its path, which the caller
    /// compares: nothing more to note.
    package func compare(to after: Self, in movement: inout RuleMovement) {
        assert(Self.parameters.isEmpty, "the \(Self.name) rule kind takes parameters: it must compare them")
    }

    /// The byte plan of a rule the pass decides on the spot: `check` runs on each value
    /// at `path` as the pass reaches it, and no plan is left to decide afterwards.
    func planOnTheSpot(_ check: BytePlan.Check, in builder: inout BytePlanBuilder) -> BytePlanBuilder.PendingByteRule {
        builder.checkRequests[builder.node(for: path.tokens)].append(check)
        return .init(.onTheSpot)
    }

    /// The name with its first letter capitalized (`RelativeReference`), as generated
    /// runtimes name the kind's class or feature.
    package static var capitalizedName: String { name.prefix(1).uppercased() + name.dropFirst() }

    /// The feature of the runtimes' marker lines (`tabgen:begin usesNonEmpty`) that keeps
    /// the kind's code in a generated runtime (`RuntimeSource`).
    package static var runtimeFeature: String { "uses" + capitalizedName }

    /// `compare(to:in:)` for a kind of the same name.
    func compare(toAny after: any RuleKind, in movement: inout RuleMovement) {
        guard let after = after as? Self else { return }
        compare(to: after, in: &movement)
    }
}

/// Every rule kind, in the order error messages list them.
package enum RuleKinds {
    package static let all: [any RuleKind.Type] = [CountRule.self, UniqueRule.self, ReferenceRule.self, RelativeReferenceRule.self, EqualsRule.self, NonEmptyRule.self]

    package static func named(_ name: String) -> (any RuleKind.Type)? {
        all.first { $0.name == name }
    }

    package static var names: [String] { all.map { $0.name } }
}

/// One typed argument of a rule kind, as generated rule tables carry it.
package struct RuleArgument: Sendable {
    package enum Value: Sendable {
        case pattern(PathPattern)
        case optionalPattern(PathPattern?)
        case integer(Int?)
        case integers([Int])
        case flag(Bool)
        case conditions([Condition])
        case json(JSON)
        /// Text made from other arguments for runtimes that do not word patterns and
        /// conditions themselves (`RuleEngine.describe`); tables whose runtime words them
        /// leave it out.
        case words(String)
    }

    package let name: String
    package let value: Value
    /// Whether a table that leaves out defaults may leave this argument out when it is
    /// nil, empty or false (the runtimes read it so).
    package let optional: Bool

    package init(_ name: String, _ value: Value, optional: Bool = false) {
        self.name = name
        self.value = value
        self.optional = optional
    }

    /// Whether `optional` lets a sparse table leave the argument out.
    package var isOmittable: Bool {
        guard optional else { return false }
        switch value {
        case .optionalPattern(let pattern): return pattern == nil
        case .integer(let number): return number == nil
        case .integers(let numbers): return numbers.isEmpty
        case .flag(let flag): return !flag
        case .conditions(let conditions): return conditions.isEmpty
        case .pattern, .json, .words: return false
        }
    }
}

/// A rule kind compiled for the per-payload loop (`CompiledRule`). A class in each kind,
/// immutable, so the loop shares it rather than copying its paths and words.
package protocol CompiledRuleKind: Sendable {
    /// Whether the report costs what `passes` costs when the rule holds: then the engine
    /// reports at once instead of walking the values twice.
    var reportsDirectly: Bool { get }
    /// Whether the rule certainly has no finding on `payload`, without paths, messages,
    /// hashing or allocation; false when it cannot say so (the report then decides).
    /// `buffer` is scratch space the caller reuses across rules and empties afterwards.
    func passes(_ payload: JSON, buffer: inout [JSON]) -> Bool
    /// The rule's findings on `payload`, in the generic evaluation's order and words.
    func report(_ payload: JSON, _ reporter: RuleReporter, into findings: inout [Finding])
}

/// Writes a rule's findings: its code, severity and message template, on one payload.
package struct RuleReporter {
    let rule: Rule
    let message: RuleMessage
    let text: PayloadText?

    /// A finding of the rule at `path`, its `{reason}` written by `reason`.
    func finding(_ path: [PathToken], value: JSON?, count: Int? = nil, reason: (inout [UInt8]) -> Void) -> Finding {
        Finding(code: rule.code, severity: rule.severity, pointer: JSONPointer(path),
                message: message.render(value: value, count: count, pointer: path, text: text, reason: reason))
    }
}
