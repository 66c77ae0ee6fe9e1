/// The rules, decided on the records the byte pass collected: the same answers as
/// `RuleEngine` gives on the tree (a rule "holds" when its full evaluation reports
/// nothing), or `Bail` where bytes cannot tell (non-ASCII strings compared for
/// equality, values that are neither strings nor null).
extension BytePass {
    /// The rules that certainly report nothing (bit n: rule n): those whose `when`
    /// does not hold, and those that hold. A rule the records cannot decide is left out.
    mutating func passingRules() -> UInt64 {
        var passing: UInt64 = 0
        for index in rules.indices {
            if (try? ruleHolds(index)) == true { passing |= 1 << UInt64(index) }
        }
        return passing
    }

    mutating func ruleHolds(_ index: Int) throws(Bail) -> Bool {
        let entry = rules[index]
        for condition in entry.when where !(try holds(condition, records[Int(condition.probe)].first)) {
            return true  // the rule does not apply
        }
        if failed & (1 << UInt64(index)) != 0 { return false }
        switch entry.rule {
        case .onTheSpot:
            return true
        case .count(let probe, let entryNode, let min, let max, let forbidden, let distinct, let filter):
            return try countHolds(probe: probe, entry: entryNode, min: min, max: max, forbidden: forbidden,
                                  distinct: distinct, filter: filter)
        case .unique(let probe):
            return try unique(probe)
        case .reference(let probe, let wildcard, let targets, let key, let filter, let required):
            return try referenceHolds(probe: probe, wildcard: wildcard, targets: targets, key: key,
                                      filter: filter, required: required)
        }
    }

    /// `Condition.holds` on the value a condition's path reaches (nil: nothing there).
    func holds(_ condition: BytePlan.CompiledCondition, _ value: ByteRecord?) throws(Bail) -> Bool {
        switch condition.test {
        case .present(let wanted):
            return (value.map { $0.kind != .null } ?? false) == wanted
        case .count(let min, let max):
            guard let value, value.kind == .array || value.kind == .object else { return false }
            return value.count >= min && value.count <= max
        case .equals(let constant):
            guard let value else { return false }
            guard let result = matches(value, constants[Int(constant)]) else { throw Bail() }
            return result
        }
    }

    /// The first record of `probe` that belongs to entry `ordinal`; `cursor` only moves
    /// forward, so asking for ordinals in increasing order is linear in all.
    @inline(__always)
    func firstRecord(_ probe: Int32, ordinal: UInt32, cursor: inout Int) -> ByteRecord? {
        let list = records[Int(probe)]
        while cursor < list.count, list[cursor].ordinal < ordinal { cursor += 1 }
        guard cursor < list.count, list[cursor].ordinal == ordinal else { return nil }
        return list[cursor]
    }

    /// Whether all conditions hold on entry `ordinal`.
    @inline(__always)
    func entryQualifies(_ filter: [BytePlan.CompiledCondition], _ ordinal: UInt32, _ cursors: inout Cursors) throws(Bail) -> Bool {
        for (position, condition) in filter.enumerated() {
            let value = firstRecord(condition.probe, ordinal: ordinal, cursor: &cursors[position])
            if !(try holds(condition, value)) { return false }
        }
        return true
    }

    mutating func countHolds(probe: Int32, entry: Int32, min: Int, max: Int, forbidden: [Int], distinct: Int32?,
                             filter: [BytePlan.CompiledCondition]) throws(Bail) -> Bool {
        guard let counted = records[Int(probe)].first, counted.kind == .array || counted.kind == .object else { return true }
        let entries = counted.count
        var count = 0
        var distinctCursor = 0
        var sawNull = false
        if distinct != nil { prepareTable(for: entries) }
        var cursors = Cursors()
        do {
            for ordinal in 0..<UInt32(entries) {
                guard try entryQualifies(filter, ordinal, &cursors) else { continue }
                guard let distinct else {
                    count += 1
                    continue
                }
                guard let value = firstRecord(distinct, ordinal: ordinal, cursor: &distinctCursor) else {
                    count += 1  // an entry without the value counts alone
                    continue
                }
                switch value.kind {
                case .null:
                    if !sawNull { count += 1 }
                    sawNull = true
                case .string:
                    guard value.ascii else { throw Bail() }
                    if insert(value.slice, record: distinctCursor, of: distinct) { count += 1 }
                default:
                    throw Bail()
                }
            }
        }
        return !forbidden.contains(count) && count >= min && count <= max
    }

    mutating func unique(_ probe: Int32) throws(Bail) -> Bool {
        let count = records[Int(probe)].count
        guard count > 1 else { return true }
        prepareTable(for: count)
        for position in 0..<count {
            let value = records[Int(probe)][position]
            switch value.kind {
            case .null: continue  // a null is no value: two are no duplicate
            case .string:
                guard value.ascii else { throw Bail() }
                if !insert(value.slice, record: position, of: probe) { return false }
            default:
                throw Bail()
            }
        }
        return true
    }

    mutating func referenceHolds(probe: Int32, wildcard: Bool, targets: Int32, key: Int32,
                                 filter: [BytePlan.CompiledCondition], required: Bool) throws(Bail) -> Bool {
        let referring = records[Int(probe)]
        if referring.isEmpty, !required || wildcard { return true }
        for value in referring where value.kind != .null && value.kind != .string { throw Bail() }
        let targetTotal = counters[Int(targets)]
        var targetCount = 0
        var keyCursor = 0
        let keys = records[Int(key)]
        // Few referring values (the usual case): match them while walking the targets.
        // Many: hash the qualifying keys first.
        let few = referring.count <= 8
        var matched: UInt64 = 0
        if !few { prepareTable(for: keys.count) }
        var cursors = Cursors()
        do {
            for ordinal in 0..<targetTotal {
                let qualifies = try entryQualifies(filter, ordinal, &cursors)
                while keyCursor < keys.count, keys[keyCursor].ordinal < ordinal { keyCursor += 1 }
                if qualifies { targetCount += 1 }
                while keyCursor < keys.count, keys[keyCursor].ordinal == ordinal {
                    let keyValue = keys[keyCursor]
                    if qualifies, keyValue.kind == .string {
                        if few {
                            for (position, value) in referring.enumerated() where value.kind == .string && value.slice.equals(keyValue.slice) {
                                matched |= 1 << UInt64(position)
                            }
                        } else {
                            _ = insert(keyValue.slice, record: keyCursor, of: key)
                        }
                    }
                    keyCursor += 1
                }
            }
        }
        if referring.isEmpty { return targetCount == 0 }
        for (position, value) in referring.enumerated() {
            if value.kind == .null {
                if required, targetCount > 0 { return false }
                continue
            }
            let found = few ? matched & (1 << UInt64(position)) != 0 : contains(value.slice, of: key)
            if !found { return false }
        }
        return true
    }

    // MARK: Helpers

    /// Read positions in the record lists of up to four conditions (the plan refuses more).
    struct Cursors {
        var storage: (Int, Int, Int, Int) = (0, 0, 0, 0)

        subscript(position: Int) -> Int {
            get {
                switch position {
                case 0: storage.0
                case 1: storage.1
                case 2: storage.2
                default: storage.3
                }
            }
            set {
                switch position {
                case 0: storage.0 = newValue
                case 1: storage.1 = newValue
                case 2: storage.2 = newValue
                default: storage.3 = newValue
                }
            }
        }
    }

    /// Readies the table for up to `count` entries: a list scanned linearly when small
    /// (cheaper than hashing a few short strings), else open addressing at half load.
    mutating func prepareTable(for count: Int) {
        if count <= 8 {
            table.reserve(8)
            tableMask = -1
            tableCount = 0
            return
        }
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        table.fill(0, count: capacity)
        tableMask = capacity - 1
    }

    /// Adds the slice (record `record` of `probe`); false when an equal one is there.
    mutating func insert(_ slice: ByteSlice, record: Int, of probe: Int32) -> Bool {
        if tableMask < 0 {
            for position in 0..<tableCount where records[Int(probe)][Int(table[position])].slice.equals(slice) { return false }
            table[tableCount] = UInt32(record)
            tableCount += 1
            return true
        }
        var slot = Int(truncatingIfNeeded: slice.hash) & tableMask
        while true {
            let occupant = table[slot]
            if occupant == 0 {
                table[slot] = UInt32(record + 1)
                return true
            }
            if records[Int(probe)][Int(occupant - 1)].slice.equals(slice) { return false }
            slot = (slot + 1) & tableMask
        }
    }

    func contains(_ slice: ByteSlice, of probe: Int32) -> Bool {
        if tableMask < 0 {
            for position in 0..<tableCount where records[Int(probe)][Int(table[position])].slice.equals(slice) { return true }
            return false
        }
        var slot = Int(truncatingIfNeeded: slice.hash) & tableMask
        while true {
            let occupant = table[slot]
            if occupant == 0 { return false }
            if records[Int(probe)][Int(occupant - 1)].slice.equals(slice) { return true }
            slot = (slot + 1) & tableMask
        }
    }
}
