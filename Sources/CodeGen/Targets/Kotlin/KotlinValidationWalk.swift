import Schema

/// The code `validate()` runs on a decoded value before the rules: a walk over the typed
/// value that reports every enum value this version does not know (`TG011`) and what
/// tolerant decoding let through (recorded by the decoder), at its JSON pointer, in the
/// order `tabgen validate` reports them. Only types that can hold either get a walk.
struct KotlinValidationWalk {
    let model: TypeModel
    /// Declarations (structs, enums, unions, aliases) whose values can hold an enum value.
    let walked: Set<DeclarationID>

    /// `seeds`: structs whose decoding records deviations.
    init(model: TypeModel, seeds: Set<DeclarationID> = []) {
        self.model = model
        // Least fixed point: enums can hold an unknown value, seeds a deviation; a struct,
        // union or alias can when something it holds can.
        var walked: Set<DeclarationID> = seeds
        var changed = true
        while changed {
            changed = false
            for declaration in model.declarations where !walked.contains(declaration.id) {
                let holds: Bool
                switch declaration.kind {
                case .enumeration:
                    holds = true
                case .structure(let structure):
                    holds = structure.fields.contains { Self.mentions($0.type, walked) }
                case .union(let union):
                    holds = union.variants.contains { walked.contains($0.structure) }
                case .alias(let target):
                    holds = Self.mentions(target, walked)
                }
                if holds {
                    walked.insert(declaration.id)
                    changed = true
                }
            }
        }
        self.walked = walked
    }

    static func mentions(_ type: TypeRef, _ walked: Set<DeclarationID>) -> Bool {
        type.referencedDeclarations.contains { walked.contains($0) }
    }

    /// Whether values of `type` need walking.
    func needsWalk(_ type: TypeRef) -> Bool {
        Self.mentions(type, walked)
    }

    /// One Kotlin statement that walks `value` (a Kotlin expression of type `type`, at the
    /// JSON location `path`) into `violations`, or nil when there is nothing to check.
    /// `nonNull`: the expression is known not to be null (a `?.let` parameter), whatever
    /// the model says, so no needless safe call is written. Lambda parameters are
    /// numbered by depth, so nested lambdas never shadow each other.
    func statement(_ type: TypeRef, value: String, path: String, nonNull: Bool = false, depth: Int = 0,
                   seen: Set<DeclarationID> = []) -> String? {
        guard needsWalk(type) else { return nil }
        switch type {
        case .primitive, .any:
            return nil
        case .nullable(let inner):
            if nonNull { return statement(inner, value: value, path: path, nonNull: true, depth: depth, seen: seen) }
            let element = "e\(depth)"
            guard let body = statement(inner, value: element, path: path, nonNull: true, depth: depth + 1, seen: seen) else { return nil }
            return "\(value)?.let { \(element) -> \(body) }"
        case .array(let inner):
            let element = "e\(depth)", elementPath = "p\(depth)"
            guard let body = statement(inner, value: element, path: elementPath, depth: depth + 1, seen: seen) else { return nil }
            return "tabgenEachElement(\(value), \(path)) { \(element), \(elementPath) -> \(body) }"
        case .map(let inner):
            let element = "e\(depth)", elementPath = "p\(depth)"
            guard let body = statement(inner, value: element, path: elementPath, depth: depth + 1, seen: seen) else { return nil }
            return "tabgenEachValue(\(value), \(path)) { \(element), \(elementPath) -> \(body) }"
        case .named(let id):
            guard let declaration = model[id] else { return nil }
            switch declaration.kind {
            case .alias(let target):
                guard !seen.contains(id) else { return nil }
                return statement(target, value: value, path: path, nonNull: nonNull, depth: depth, seen: seen.union([id]))
            case .structure, .enumeration, .union:
                return "tabgenCollect(\(value), \(path), violations)"
            }
        }
    }

    /// The statements of a struct's walk: one per field that needs one. Optional fields
    /// admitting null are `TabgenOptional`s, walked through `valueOrNull`.
    /// `tolerated`: the members whose deviations the decoder recorded, reported just
    /// before the member's own walk (the CLI's order).
    func fieldStatements(_ structure: Structure, propertyNames: [String], optionalWrapped: [Bool], tolerated: Set<String> = []) -> [String] {
        var statements: [String] = []
        for (index, field) in structure.fields.enumerated() where index < propertyNames.count {
            if tolerated.contains(field.jsonName) {
                statements.append("value.tabgenDeviations.report(\(KotlinLiterals.string(field.jsonName)), path, violations)")
            }
            let path = "path + \(KotlinLiterals.string(field.jsonName))"
            let property = "value.\(propertyNames[index])"
            let statement: String?
            if optionalWrapped[index] {
                let type = field.type.isNullable ? field.type : TypeRef.nullable(field.type)
                statement = self.statement(type, value: property + ".valueOrNull", path: path)
            } else if !field.isRequired {
                statement = self.statement(.nullable(field.type.nonNullable), value: property, path: path)
            } else {
                statement = self.statement(field.type, value: property, path: path)
            }
            if let statement { statements.append(statement) }
        }
        return statements
    }
}
