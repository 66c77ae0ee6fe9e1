/// The rules, decided on the records the byte pass collected: the same answers as
/// `RuleEngine` gives on the tree (a rule "holds" when its full evaluation reports
/// nothing), or `Bail` where bytes cannot tell (non-ASCII strings compared for
/// equality, values that are neither strings nor null).
/// A compiled rule (`BytePlan.RuleEntry`) as plain values: its conditions and
/// forbidden counts are ranges of pools in `BytePlanTables`, so reading a rule copies
/// no array and retains nothing.
struct FlatRule {
    enum Kind: UInt8 {
        case onTheSpot, count, unique, reference
    }

    var kind: Kind
    /// The counted value (count), the values (unique), the referring values (reference).
    var probe: Int32 = -1
    /// The entry trie node (count), the targets' trie node (reference).
    var entry: Int32 = -1
    /// The distinct probe (count; -1: none), the key probe (reference).
    var second: Int32 = -1
    var wildcard = false
    var required = false
    var min = 0
    var max = Int.max
    var forbiddenFirst: Int32 = 0
    var forbiddenCount: Int32 = 0
    /// The count's `where`, the reference's `targetWhere`.
    var filterFirst: Int32 = 0
    var filterCount: Int32 = 0
    var whenFirst: Int32 = 0
    var whenCount: Int32 = 0
}

extension BytePass {
    /// The rules that certainly report nothing (bit n: rule n): those whose `when`
    /// does not hold, and those that hold. A rule the records cannot decide is left out.
    mutating func passingRules() -> UInt64 {
        var passing: UInt64 = 0
        for index in 0..<ruleCount {
            if (try? ruleHolds(index)) == true { passing |= 1 << UInt64(index) }
        }
        return passing
    }

    /// Inlined into `passingRules`, and reading the rule where it is: a copy of its
    /// 64 bytes for every rule cost about as much as the checks of most rules.
    @inline(__always)
    mutating func ruleHolds(_ index: Int) throws(Bail) -> Bool {
        let rule = flatRules + index
        let whenFirst = Int(rule.pointee.whenFirst)
        for offset in 0..<Int(rule.pointee.whenCount) {
            let condition = conditions[whenFirst + offset]
            if !(try holds(condition, records[Int(condition.probe)].first)) { return true }  // the rule does not apply
        }
        if failed & (1 << UInt64(index)) != 0 { return false }
        switch rule.pointee.kind {
        case .onTheSpot:
            return true
        case .count:
            return try countHolds(rule)
        case .unique:
            return try unique(rule.pointee.probe)
        case .reference:
            return try referenceHolds(rule)
        }
    }

    /// `Condition.holds` on the value a condition's path reaches (nil: nothing there).
    @inline(__always)
    mutating func holds(_ condition: BytePlan.CompiledCondition, _ value: ByteRecord?) throws(Bail) -> Bool {
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
    mutating func firstRecord(_ probe: Int32, ordinal: UInt32, cursor: inout Int) -> ByteRecord? {
        let list = records[Int(probe)]
        while cursor < list.count, list[cursor].ordinal < ordinal { cursor += 1 }
        guard cursor < list.count, list[cursor].ordinal == ordinal else { return nil }
        return list[cursor]
    }

    /// Whether the `count` conditions from `first` all hold on entry `ordinal`.
    @inline(__always)
    mutating func entryQualifies(first: Int32, count: Int32, _ ordinal: UInt32, _ cursors: inout Cursors) throws(Bail) -> Bool {
        for position in 0..<Int(count) {
            let condition = conditions[Int(first) + position]
            let value = firstRecord(condition.probe, ordinal: ordinal, cursor: &cursors[position])
            if !(try holds(condition, value)) { return false }
        }
        return true
    }

    mutating func countHolds(_ rulePointer: UnsafeMutablePointer<FlatRule>) throws(Bail) -> Bool {
        let rule = rulePointer.pointee
        guard let counted = records[Int(rule.probe)].first, counted.kind == .array || counted.kind == .object else { return true }
        let entries = counted.count
        var count = 0
        var distinctCursor = 0
        var sawNull = false
        let distinct = rule.second
        // Every entry counts once when no filter applies and the distinct values are
        // pairwise different strings (an entry without one counts alone too).
        var decided = distinct >= 0 && rule.filterCount == 0 && allDistinct(distinct)
        if decided {
            count = entries
        } else if distinct < 0, rule.filterCount == 1, case .present(let wanted) = conditions[Int(rule.filterFirst)].test {
            // One presence filter: count the entries whose first value there is not null.
            let present = presentEntries(conditions[Int(rule.filterFirst)].probe, below: UInt32(entries))
            count = wanted ? present : entries - present
            decided = true
        } else if distinct >= 0 {
            prepareTable(for: entries)
        }
        var cursors = Cursors()
        for ordinal in 0..<UInt32(decided ? 0 : entries) {
            guard try entryQualifies(first: rule.filterFirst, count: rule.filterCount, ordinal, &cursors) else { continue }
            guard distinct >= 0 else {
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
        for offset in 0..<Int(rule.forbiddenCount) where forbidden[Int(rule.forbiddenFirst) + offset] == count { return false }
        return count >= rule.min && count <= rule.max
    }

    mutating func unique(_ probe: Int32) throws(Bail) -> Bool {
        let list = records[Int(probe)]
        let count = list.count
        guard count > 1 else { return true }
        if allDistinct(probe) { return true }
        prepareTable(for: count)
        for position in 0..<count {
            let value = list[position]
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

    mutating func referenceHolds(_ rulePointer: UnsafeMutablePointer<FlatRule>) throws(Bail) -> Bool {
        let rule = rulePointer.pointee
        let referring = records[Int(rule.probe)]
        let required = rule.required
        if referring.isEmpty, !required || rule.wildcard { return true }
        for position in 0..<referring.count where referring[position].kind != .null && referring[position].kind != .string {
            throw Bail()
        }
        let key = rule.second
        let targetTotal = counters[Int(rule.entry)]
        var targetCount = 0
        var keyCursor = 0
        let keys = records[Int(key)]
        // Few referring values (the usual case): match them while walking the targets.
        // Many: hash the qualifying keys first.
        let few = referring.count <= 8
        var matched: UInt64 = 0
        if few, rule.filterCount == 0 {
            // Every target qualifies: match the referring values against the keys as
            // they come, until every referring string has matched.
            var wanted: UInt64 = 0
            for position in 0..<referring.count where referring[position].kind == .string { wanted |= 1 << UInt64(position) }
            var keyPosition = 0
            while matched != wanted, keyPosition < keys.count {
                let keyValue = keys[keyPosition]
                keyPosition += 1
                guard keyValue.kind == .string, keyValue.ordinal < targetTotal else { continue }
                var open = wanted & ~matched
                while open != 0 {
                    let position = open.trailingZeroBitCount
                    open &= open &- 1
                    if referring[position].slice.equals(keyValue.slice) { matched |= 1 << UInt64(position) }
                }
            }
            if referring.isEmpty { return targetTotal == 0 }
            for position in 0..<referring.count {
                if referring[position].kind == .null {
                    if required, targetTotal > 0 { return false }
                    continue
                }
                if matched & (1 << UInt64(position)) == 0 { return false }
            }
            return true
        }
        if !few { prepareTable(for: keys.count) }
        var cursors = Cursors()
        for ordinal in 0..<targetTotal {
            let qualifies = try entryQualifies(first: rule.filterFirst, count: rule.filterCount, ordinal, &cursors)
            while keyCursor < keys.count, keys[keyCursor].ordinal < ordinal { keyCursor += 1 }
            if qualifies { targetCount += 1 }
            while keyCursor < keys.count, keys[keyCursor].ordinal == ordinal {
                let keyValue = keys[keyCursor]
                if qualifies, keyValue.kind == .string {
                    if few {
                        for position in 0..<referring.count {
                            let value = referring[position]
                            if value.kind == .string, value.slice.equals(keyValue.slice) { matched |= 1 << UInt64(position) }
                        }
                    } else {
                        _ = insert(keyValue.slice, record: keyCursor, of: key)
                    }
                }
                keyCursor += 1
            }
        }
        if referring.isEmpty { return targetCount == 0 }
        for position in 0..<referring.count {
            let value = referring[position]
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

    /// How many entries below `limit` have a first record in `probe` that is not null
    /// (what a `present` condition asks of each; records come in entry order).
    mutating func presentEntries(_ probe: Int32, below limit: UInt32) -> Int {
        let list = records[Int(probe)]
        var present = 0
        var previous: UInt32? = nil
        for position in 0..<list.count {
            let record = list[position]
            guard record.ordinal < limit else { break }
            if record.ordinal == previous { continue }
            previous = record.ordinal
            if record.kind != .null { present += 1 }
        }
        return present
    }

    /// Whether the records of `probe` are all ASCII strings, no two equal (so both a
    /// `unique` rule and a `distinct` count over them are decided); computed once per
    /// payload for probes 0-63, which `unique` and `count` share when their paths meet.
    mutating func allDistinct(_ probe: Int32) -> Bool {
        let bit: UInt64 = probe < 64 ? 1 << UInt64(probe) : 0
        if distinctKnown & bit != 0 { return distinctAll & bit != 0 }
        let list = records[Int(probe)]
        var result = true
        if list.count <= 8 {
            // Few (a tab bar's ids): each against those before it, cheaper than a table.
            search: for position in 0..<list.count {
                let value = list[position]
                guard value.kind == .string, value.ascii else {
                    result = false
                    break
                }
                for earlier in 0..<position where list[earlier].slice.equals(value.slice) {
                    result = false
                    break search
                }
            }
        } else {
            prepareTable(for: list.count)
            for position in 0..<list.count {
                let value = list[position]
                guard value.kind == .string, value.ascii, insert(value.slice, record: position, of: probe) else {
                    result = false
                    break
                }
            }
        }
        distinctKnown |= bit
        if result { distinctAll |= bit }
        return result
    }

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

    mutating func contains(_ slice: ByteSlice, of probe: Int32) -> Bool {
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
