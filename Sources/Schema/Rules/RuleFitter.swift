import JSON

/// What a rule kind may do to an instance when fixtures are made (`RuleKind.repair`,
/// `RuleKind.breakRule`): the edits that need the instance's schema (fresh values of a
/// place's type, resizing an array, clearing a member), which the fixture maker in
/// CodeGen (`RuleFitting`) provides. A kind reads and matches through this library
/// (`PathPattern.matches`, `Condition.holds`, `JSON.value(at:)`), so fixtures see what
/// the engine sees.
package protocol RuleFitter {
    /// Sets the value at `path` (adding the member when the parent object lacks it).
    /// Returns false when the parent is missing or of the wrong kind.
    @discardableResult
    func set(_ value: JSON, at path: [PathToken], in instance: inout JSON) -> Bool
    /// A string no other generated value has, named after the place at `path`.
    mutating func freshString(for path: [PathToken]) -> String
    /// A string no other generated value has, named after `hint`.
    mutating func freshString(hint: String) -> String
    /// A new non-null value for the place at `path`, from its schema.
    mutating func freshValue(at path: [PathToken], in instance: JSON) -> JSON?
    /// A number of the type at `path` that `seen` does not hold; nil when the place is
    /// not a number type.
    func freshNumber(at path: [PathToken], avoiding seen: [JSON], in instance: JSON) -> JSON?
    /// Whether the schema of the place at `path` admits null.
    func isNullable(at path: [PathToken], in instance: JSON) -> Bool
    /// Removes an optional member, or sets a nullable place to null.
    func clear(at path: [PathToken], in instance: inout JSON)
    /// Truncates the array at `path`, or extends it with fresh elements.
    mutating func resize(at path: [PathToken], to count: Int, in instance: inout JSON)
    /// Makes `conditions` hold, on the value at `base`.
    mutating func satisfy(_ conditions: [Condition], in instance: inout JSON, under base: [PathToken])
}
