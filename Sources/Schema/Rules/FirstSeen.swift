/// The first value recorded for each key, with Dictionary's meaning (keys equal by the
/// key type's `==`), kept in an array while it is small: a rule on a payload sees a few
/// values, and hashing them into a Dictionary cost more than scanning a short list.
/// Past `limit` keys it moves to a Dictionary, so a hostile payload stays linear.
struct FirstSeen<Key: Hashable, Value> {
    private var pairs: [(key: Key, value: Value)] = []
    private var table: [Key: Value]?

    static var limit: Int { 32 }

    /// The value first recorded for a key equal to `key`, or nil.
    subscript(key: Key) -> Value? {
        if let table { return table[key] }
        for pair in pairs where pair.key == key { return pair.value }
        return nil
    }

    func contains(_ key: Key) -> Bool {
        self[key] != nil
    }

    /// Records `value` for `key` unless an equal key is there; returns the earlier value.
    @discardableResult
    mutating func record(_ key: Key, _ value: Value) -> Value? {
        if table != nil {
            if let earlier = table?[key] { return earlier }
            table?[key] = value
            return nil
        }
        for pair in pairs where pair.key == key { return pair.value }
        if pairs.count < Self.limit {
            // One allocation for the usual handful of values, not one per doubling.
            if pairs.isEmpty { pairs.reserveCapacity(8) }
            pairs.append((key, value))
            return nil
        }
        var moved: [Key: Value] = [:]
        moved.reserveCapacity(pairs.count * 2)
        for pair in pairs { moved[pair.key] = pair.value }
        moved[key] = value
        pairs = []
        table = moved
        return nil
    }
}
