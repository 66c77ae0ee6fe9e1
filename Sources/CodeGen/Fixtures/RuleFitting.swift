import Schema

/// Bends an instance to a schema's rules: makes it satisfy them (repair), makes a
/// rule's `when` conditions hold, and breaks one rule on purpose. Each rule kind says how
/// it is repaired and broken (`RuleKind.repair`, `breakRule`), with the edits this type
/// provides as its `RuleFitter`; it never knows what a tab is. The result is always
/// labeled by the real validator afterwards, so a repair that falls short only changes a
/// label, never makes one wrong.
struct RuleFitting: RuleFitter {
    let document: SchemaDocument
    let lookup: SchemaLookup
    var generator: InstanceGenerator

    init(document: SchemaDocument) {
        self.document = document
        self.lookup = SchemaLookup(document: document)
        self.generator = InstanceGenerator(document: document, mode: .maximal)
    }

    var rules: [Rule] { document.extensions.rules }

    /// Makes every rule but `excluded` hold, as far as edits can.
    mutating func repair(_ instance: inout JSON, except excluded: Int? = nil) {
        for _ in 0..<3 {
            for (index, rule) in rules.enumerated() where index != excluded {
                guard rule.when.allSatisfy({ JSONEditing.holds($0, on: instance) }) else { continue }
                rule.kind.repair(&instance, with: &self)
            }
        }
    }

    /// Makes a rule's `when` conditions hold; with `base`, conditions on the value there.
    mutating func satisfy(_ conditions: [Condition], in instance: inout JSON, under base: [PathToken] = []) {
        for condition in conditions {
            let scope = base.isEmpty ? instance : JSONEditing.value(at: base, in: instance) ?? .null
            let match = JSONEditing.matches(condition.path, in: scope).first.map { (path: base + $0.path, value: $0.value) }
            let path = match?.path ?? JSONEditing.concretePath(condition.path).map { base + $0 }
            guard let path else { continue }
            switch condition.test {
            case .count(let min, let max):
                guard case .array(let elements)? = match?.value else { continue }
                let target = Swift.min(Swift.max(elements.count, min ?? 0), max ?? Int.max)
                if target != elements.count { resize(at: path, to: target, in: &instance) }
            case .present(true):
                if match == nil || match?.value.isNull == true, let fresh = freshValue(at: path, in: instance) {
                    JSONEditing.set(fresh, at: path, in: &instance)
                }
            case .present(false):
                if match != nil { clear(at: path, in: &instance) }
            case .equals(let value):
                JSONEditing.set(value, at: path, in: &instance)
            }
        }
    }

    /// Breaks a rule where the instance gives it something to check. Returns false when
    /// it found no way to.
    mutating func breakRule(_ rule: Rule, in instance: inout JSON) -> Bool {
        rule.kind.breakRule(&instance, with: &self)
    }

    // MARK: Helpers

    // MARK: RuleFitter

    func set(_ value: JSON, at path: [PathToken], in instance: inout JSON) -> Bool {
        JSONEditing.set(value, at: path, in: &instance)
    }

    mutating func freshString(for path: [PathToken]) -> String {
        generator.freshString(hint: hint(path))
    }

    mutating func freshString(hint: String) -> String {
        generator.freshString(hint: hint)
    }

    func isNullable(at path: [PathToken], in instance: JSON) -> Bool {
        lookup.schema(at: path, in: instance)?.nullable == true
    }

    /// For an integer type the highest free one (a maximal instance stays at the top of
    /// the range), else the lowest free natural number.
    func freshNumber(at path: [PathToken], avoiding seen: [JSON], in instance: JSON) -> JSON? {
        guard let (schema, _) = lookup.schema(at: path, in: instance), case .type(let primitive) = schema.form else { return nil }
        for step in 0...seen.count {
            let candidate: Double
            if let range = primitive.integerRange {
                candidate = range.upperBound - Double(step)
                guard range.contains(candidate) else { return nil }
            } else if primitive == .float32 || primitive == .float64 {
                candidate = Double(step)
            } else {
                return nil
            }
            if !seen.contains(.number(candidate)) { return .number(candidate) }
        }
        return nil
    }

    mutating func freshValue(at path: [PathToken], in instance: JSON) -> JSON? {
        guard let (schema, _) = lookup.schema(at: path, in: instance) else { return nil }
        return generator.instance(of: Schema(form: schema.form, nullable: false, metadata: schema.metadata, pointer: schema.pointer),
                                  hint: hint(path), minimal: false)
    }

    func clear(at path: [PathToken], in instance: inout JSON) {
        if case .key(let name)? = path.last, let parent = lookup.schema(at: Array(path.dropLast()), in: instance) {
            var optional = false
            switch parent.schema.form {
            case .properties(let form):
                optional = form.property(named: name)?.isRequired == false
            case .discriminator(let form):
                if let tag = JSONEditing.value(at: Array(path.dropLast()), in: instance)?[form.tag]?.stringValue,
                   case .properties(let properties)? = form.variant(for: tag)?.schema.form {
                    optional = properties.property(named: name)?.isRequired == false
                }
            default:
                break
            }
            if optional {
                JSONEditing.remove(at: path, in: &instance)
                return
            }
        }
        if lookup.schema(at: path, in: instance)?.nullable == true {
            JSONEditing.set(.null, at: path, in: &instance)
        }
    }

    /// Extends with maximal elements.
    mutating func resize(at path: [PathToken], to count: Int, in instance: inout JSON) {
        guard case .array(var elements)? = JSONEditing.value(at: path, in: instance) else { return }
        if elements.count > count {
            elements.removeLast(elements.count - count)
        } else if elements.count < count {
            guard let (element, _) = lookup.schema(at: path + [.index(0)], in: instance) else { return }
            while elements.count < count {
                elements.append(generator.instance(of: element, hint: hint(path), minimal: false))
            }
        }
        JSONEditing.set(.array(elements), at: path, in: &instance)
    }

    private func hint(_ path: [PathToken]) -> String {
        for token in path.reversed() {
            if case .key(let key) = token { return key }
        }
        return "value"
    }
}
