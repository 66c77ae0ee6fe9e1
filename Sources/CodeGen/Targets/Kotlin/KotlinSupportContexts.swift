import Schema

/// The validation support of each declaration's file: what `validate()` runs.
extension KotlinContexts {
    /// The top-level functions after a declaration: `tabgenValidate` (what `validate()`
    /// returns) and `tabgenCollect` (the walk for unknown enum values), for the
    /// declaration and, in a union's file, its variants; and the root's rule table.
    func support(_ declaration: Declaration, needs: inout FileNeeds) -> [String: Any] {
        var context: [String: Any] = ["validators": [[String: Any]](), "walkers": [[String: Any]](), "rules": [String](), "hasRules": false]
        if case .alias = declaration.kind { return context }
        let name = names.typeName(declaration.id)
        let rules = KotlinRuleTable.expressions(model.rules(of: declaration))
        if !rules.isEmpty {
            context["rules"] = ruleLines(rules, indent: "    ")
            context["hasRules"] = true
            for json in KotlinRuleTable.jsonNames(in: rules) { needs.imports.insert("kotlinx.serialization.json." + json) }
        }
        let walks = walk.walked.contains(declaration.id)
        // Nothing to check: validate() is an empty list, with no function behind it.
        context["validators"] = rules.isEmpty && !walks ? [[String: Any]]() : [[
            "type": name,
            "serializer": types.serializer(.named(declaration.id)),
            "hasRules": !rules.isEmpty,
            "walks": walks,
        ]]
        context["validateBody"] = rules.isEmpty && !walks ? "emptyList()" : "tabgenValidate(this)"
        var walkers: [[String: Any]] = []
        switch declaration.kind {
        case .enumeration(let enumeration):
            let expected = AllowedValues.list(enumeration.cases.map(\.value))
            walkers.append(["type": name, "statements": [
                "if (value is \(name).Unknown) violations += TabgenValidation.unknownValue(value.value, path, \(KotlinLiterals.string(expected)))",
            ]])
        case .structure(let structure):
            if walks { walkers.append(["type": name, "statements": structStatements(declaration, structure)]) }
        case .union(let union):
            guard walks else { break }
            let cases = caseNames[declaration.id] ?? []
            var branches: [String] = []
            for (variant, caseName) in zip(union.variants, cases) where walk.walked.contains(variant.structure) {
                branches.append("    is \(name).\(caseName) -> tabgenCollect(value, path, violations)")
                if let structure = model[variant.structure], case .structure(let form) = structure.kind {
                    walkers.append(["type": "\(name).\(caseName)", "statements": structStatements(structure, form)])
                }
            }
            if branches.count < union.variants.count { branches.append("    else -> {}") }
            walkers.insert(["type": name, "statements": ["when (value) {"] + branches + ["}"]], at: 0)
        case .alias:
            break
        }
        context["walkers"] = walkers.map { walker -> [String: Any] in
            var walker = walker
            let type = walker["type"] as? String ?? ""
            let line = "internal fun tabgenCollect(value: \(type), path: List<String>, violations: MutableList<TabgenViolation>) {"
            walker["signature"] = line.count <= 100 ? [line]
                : ["internal fun tabgenCollect(", "    value: \(type),", "    path: List<String>,", "    violations: MutableList<TabgenViolation>,", ") {"]
            return walker
        }
        return context
    }

    /// Rule expressions as lines of a list, each rule followed by a comma.
    func ruleLines(_ rules: [String], indent: String) -> [String] {
        rules.map { indent + $0 + "," }
    }

    func structStatements(_ declaration: Declaration, _ structure: Structure) -> [String] {
        let fieldNames = (names.fields[declaration.id] ?? []).map(KotlinNaming.escaped)
        let wrapped = structure.fields.map { !$0.isRequired && types.admitsNull($0.type) }
        let tolerated = Set((self.tolerated[declaration.id] ?? []).map(\.jsonName))
        return walk.fieldStatements(structure, propertyNames: fieldNames, optionalWrapped: wrapped, tolerated: tolerated)
    }
}
