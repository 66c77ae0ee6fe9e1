import Schema

/// Bends an instance to a schema's rules: makes it satisfy them (repair), makes a
/// rule's `when` conditions hold, and breaks one rule on purpose. Generic over the rule
/// vocabulary: it knows count, unique, reference, relativeReference and equals, never
/// what a tab is. The result is always labeled by the real validator afterwards, so a
/// repair that falls short only changes a label, never makes one wrong.
struct RuleFitting {
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
                repair(rule, &instance)
            }
        }
    }

    private mutating func repair(_ rule: Rule, _ instance: inout JSON) {
        switch rule.kind {
        case let kind as CountRule:
            let (path, min, max, forbidden, filter) = (kind.path, kind.min, kind.max, kind.forbidden, kind.filter)
            for match in JSONEditing.matches(path, in: instance) {
                guard case .array(let elements) = match.value else { continue }
                let count = Self.counted(elements, filter)
                let valid = { (n: Int) in n >= (min ?? 0) && n <= (max ?? Int.max) && !forbidden.contains(n) }
                guard !valid(count) else { continue }
                let limit = Swift.max(count, min ?? 0) + forbidden.count + 3
                let candidates = (0...limit).filter(valid)
                guard let target = candidates.min(by: { (abs($0 - count), -$0) < (abs($1 - count), -$1) }) else { continue }
                if filter.isEmpty {
                    resize(at: match.path, to: target, in: &instance)
                } else {
                    // Counted entries: bend existing entries rather than resize, so the
                    // other rules on the array keep what they had.
                    bend(at: match.path, filter: filter, to: target, in: &instance)
                }
            }
        case let kind as UniqueRule:
            let path = kind.path
            var seen: [JSON] = []
            for match in JSONEditing.matches(path, in: instance) {
                if seen.contains(match.value), case .string = match.value {
                    let fresh = JSON.string(generator.freshString(hint: hint(match.path)))
                    JSONEditing.set(fresh, at: match.path, in: &instance)
                    seen.append(fresh)
                } else if seen.contains(match.value), case .number = match.value, let fresh = freshNumber(at: match.path, avoiding: seen, in: instance) {
                    JSONEditing.set(fresh, at: match.path, in: &instance)
                    seen.append(fresh)
                } else {
                    seen.append(match.value)
                }
            }
        case let kind as ReferenceRule:
            let (path, targets, key, targetWhere, required) = (kind.path, kind.targets, kind.key, kind.targetWhere, kind.required)
            let found = referenceKeys(targets: targets, key: key, targetWhere: targetWhere, in: instance)
            let matches = JSONEditing.matches(path, in: instance)
            // Keys other referring values already name: a second reference to the same
            // target is what unique rules forbid, so a repair prefers a free key, and
            // clears the value (when it may) rather than name a taken one.
            var taken = matches.map(\.value).filter { found.keys.contains($0) }
            for (ordinal, match) in matches.enumerated() {
                if match.value.isNull {
                    if required, found.targetCount > 0, let replacement = found.keys.first {
                        JSONEditing.set(replacement, at: match.path, in: &instance)
                    }
                    continue
                }
                guard !found.keys.contains(match.value) else { continue }
                let free = found.keys.indices.map { found.keys[($0 + ordinal + 1) % found.keys.count] }.first { !taken.contains($0) }
                if let free {
                    JSONEditing.set(free, at: match.path, in: &instance)
                    taken.append(free)
                } else {
                    clear(at: match.path, in: &instance)
                }
            }
            if matches.isEmpty, required, found.targetCount > 0, let concrete = JSONEditing.concretePath(path), let replacement = found.keys.first {
                JSONEditing.set(replacement, at: concrete, in: &instance)
            }
        case let kind as RelativeReferenceRule:
            let (path, allowAuthority) = (kind.path, kind.allowAuthority)
            for match in JSONEditing.matches(path, in: instance) {
                guard case .string(let text) = match.value, RelativeReference.problem(in: text, allowAuthority: allowAuthority) != nil else { continue }
                JSONEditing.set(.string("/" + generator.freshString(hint: hint(match.path))), at: match.path, in: &instance)
            }
        case let kind as EqualsRule:
            let (path, value) = (kind.path, kind.value)
            for match in JSONEditing.matches(path, in: instance) where match.value != value {
                JSONEditing.set(value, at: match.path, in: &instance)
            }
        default:
            break
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
        switch rule.kind {
        case let kind as CountRule:
            let (path, min, max, forbidden, filter) = (kind.path, kind.min, kind.max, kind.forbidden, kind.filter)
            guard let match = JSONEditing.matches(path, in: instance).first(where: { $0.value.arrayValue != nil }) else { return false }
            if !filter.isEmpty, let min, min > 0, Self.negation(of: filter) != nil {
                // Fewer counted entries, same length: the rule breaks alone.
                bend(at: match.path, filter: filter, to: min - 1, in: &instance)
                return true
            }
            let target: Int
            if let bad = forbidden.first(where: { $0 >= 0 }) {
                target = bad
            } else if let min, min > 0 {
                target = min - 1
            } else if let max {
                target = max + 1
            } else {
                return false
            }
            resize(at: match.path, to: target, in: &instance)
            return true
        case let kind as UniqueRule:
            let path = kind.path
            let matches = JSONEditing.matches(path, in: instance)
            if matches.count >= 2 {
                JSONEditing.set(matches[0].value, at: matches[1].path, in: &instance)
                return true
            }
            // One value (an optional member on one element): copy it to a sibling element.
            guard let first = matches.first, let wildcard = path.tokens.firstIndex(of: .wildcard),
                  path.tokens.lastIndex(of: .wildcard) == wildcard, first.path.count == path.tokens.count else { return false }
            let prefix = Array(first.path.prefix(wildcard))
            guard case .array(let elements)? = JSONEditing.value(at: prefix, in: instance) else { return false }
            let suffix = Array(first.path.dropFirst(wildcard + 1))
            for index in elements.indices where prefix + [.index(index)] + suffix != first.path {
                if JSONEditing.set(first.value, at: prefix + [.index(index)] + suffix, in: &instance) { return true }
            }
            return false
        case let kind as ReferenceRule:
            let path = kind.path
            let wrong = JSON.string("no-such-" + generator.freshString(hint: "target"))
            if let match = JSONEditing.matches(path, in: instance).first {
                JSONEditing.set(wrong, at: match.path, in: &instance)
                return true
            }
            guard let concrete = JSONEditing.concretePath(path) else { return false }
            return JSONEditing.set(wrong, at: concrete, in: &instance)
        case let kind as RelativeReferenceRule:
            let (path, allowAuthority) = (kind.path, kind.allowAuthority)
            guard let match = JSONEditing.matches(path, in: instance).first else { return false }
            JSONEditing.set(.string(allowAuthority ? "https://example.com/elsewhere" : "//example.com/elsewhere"), at: match.path, in: &instance)
            return true
        case let kind as EqualsRule:
            let (path, expected) = (kind.path, kind.value)
            let place = JSONEditing.matches(path, in: instance).first?.path ?? JSONEditing.concretePath(path)
            guard let place else { return false }
            var replacement: JSON?
            if expected.isNull {
                replacement = freshValue(at: place, in: instance)
            } else if lookup.schema(at: place, in: instance)?.nullable == true {
                replacement = .null
            } else if let fresh = freshValue(at: place, in: instance), fresh != expected {
                replacement = fresh
            }
            guard let replacement else { return false }
            return JSONEditing.set(replacement, at: place, in: &instance)
        default:
            return false
        }
    }

    // MARK: Helpers

    private func referenceKeys(targets: PathPattern, key: PathPattern, targetWhere: [Condition], in instance: JSON) -> (keys: [JSON], targetCount: Int) {
        var keys: [JSON] = []
        var count = 0
        for target in JSONEditing.matches(targets, in: instance) where targetWhere.allSatisfy({ JSONEditing.holds($0, on: target.value) }) {
            count += 1
            for keyMatch in JSONEditing.matches(key, in: target.value) where !keys.contains(keyMatch.value) {
                keys.append(keyMatch.value)
            }
        }
        return (keys, count)
    }

    /// A new non-null value for the place at `path`, from its schema.
    /// A number of the type at `path` that `seen` does not hold: for an integer type the
    /// highest free one (a maximal instance stays at the top of the range), else the
    /// lowest free natural number. Nil when the place is not a number type.
    private func freshNumber(at path: [PathToken], avoiding seen: [JSON], in instance: JSON) -> JSON? {
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

    private mutating func freshValue(at path: [PathToken], in instance: JSON) -> JSON? {
        guard let (schema, _) = lookup.schema(at: path, in: instance) else { return nil }
        return generator.instance(of: Schema(form: schema.form, nullable: false, metadata: schema.metadata, pointer: schema.pointer),
                                  hint: hint(path), minimal: false)
    }

    /// Removes an optional member, or sets a nullable place to null.
    private func clear(at path: [PathToken], in instance: inout JSON) {
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

    /// Entries that `filter` counts (all of them without one).
    static func counted(_ elements: [JSON], _ filter: [Condition]) -> Int {
        filter.isEmpty ? elements.count : elements.filter { entry in filter.allSatisfy { JSONEditing.holds($0, on: entry) } }.count
    }

    /// Makes `filter` hold on entries of the array at `path`, or fail on them, until it
    /// counts `target` (new entries are added when there are too few to bend).
    private mutating func bend(at path: [PathToken], filter: [Condition], to target: Int, in instance: inout JSON) {
        guard case .array(let elements)? = JSONEditing.value(at: path, in: instance) else { return }
        var count = Self.counted(elements, filter)
        if count > target, let negated = Self.negation(of: filter) {
            for index in elements.indices.reversed() where count > target && filter.allSatisfy({ JSONEditing.holds($0, on: elements[index]) }) {
                satisfy([negated], in: &instance, under: path + [.index(index)])
                count -= 1
            }
            return
        }
        var index = 0
        while count < target, index < elements.count + target {
            if index >= (JSONEditing.value(at: path, in: instance)?.arrayValue?.count ?? 0) {
                resize(at: path, to: index + 1, in: &instance)
            }
            if let entry = JSONEditing.value(at: path + [.index(index)], in: instance), !filter.allSatisfy({ JSONEditing.holds($0, on: entry) }) {
                satisfy(filter, in: &instance, under: path + [.index(index)])
                count += 1
            } else if index >= elements.count {
                count += 1  // a fresh entry that already holds
            }
            index += 1
        }
    }

    /// A condition that fails wherever all of `filter` holds, when there is a simple one.
    static func negation(of filter: [Condition]) -> Condition? {
        for condition in filter {
            if case .present(let flag) = condition.test { return Condition(path: condition.path, test: .present(!flag)) }
        }
        return nil
    }

    /// Truncates the array at `path`, or extends it with fresh maximal elements.
    private mutating func resize(at path: [PathToken], to count: Int, in instance: inout JSON) {
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
