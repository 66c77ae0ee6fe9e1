import Schema

/// One seeded change to a base payload; `apply()` returns its kind.
struct Mutation {
    var payload: JSON
    var random: SeededGenerator
    let lookup: SchemaLookup
    /// Set instead of `payload` when the case is text that no JSON value writes.
    var text: String?

    /// Strings that validators have handled differently: escapes, astral and separator
    /// characters, canonically equivalent spellings, JavaScript's special keys.
    static let strings: [(String, String)] = [
        ("escapes", "quote \" backslash \\ slash / tab \t newline \n nul \u{0} bell \u{7}"),
        ("astral", "\u{1F600}\u{1D11E} music"),
        ("line-separator", "a\u{2028}b\u{2029}c"),
        ("nfc", "caf\u{E9}"),
        ("nfd", "cafe\u{301}"),
        ("kelvin", "\u{212A}"),
        ("latin-k", "K"),
        ("proto", "__proto__"),
        ("constructor", "constructor"),
        ("empty", ""),
        ("space", " "),
        ("bidi", "\u{202E}abc"),
        ("bom", "\u{FEFF}x"),
        ("long", String(repeating: "x", count: 300)),
        // Longer than the 120 characters a message shows: cut by scalars, never inside one.
        ("long-astral", String(repeating: "\u{1F600}", count: 130)),
        ("long-combining", String(repeating: "e\u{301}", count: 70)),
    ]

    /// TG104's hard cases (and plain strings anywhere else).
    static let paths: [String] = [
        "https://evil.example/x", "//evil.example/x", "javascript:alert(1)", "\\\\evil\\x", "/a\\b", "/a\tb",
        " /a", "/a ", "/a b", "/a%zz", "/a%4", "/%41", "?q=1", "#frag", "", ".", "a:b", "./a:b", "/a:b",
        "mailto:x@y.example", "HTTP://X", "/caf\u{E9}", "/\u{1F600}", "/a\u{2028}", "%2F%2Fevil", "/a?b#c", "/a/../b",
        // Valid, but resolving to a path that starts with "//" (TG020).
        "/..//evil.example", "/%2e//evil.example",
    ]

    /// Number tokens, as written: beyond float32 and float64, below the smallest double,
    /// at the integer types' edges; float32 that underflow (`1e-46`, `2.5e-324`: 0) or
    /// whose Double rounds to infinity as a Float (`3.4028235677973366e38`).
    static let numbers: [String] = [
        "1E400", "-1E400", "1e-400", "3.5e38", "3.4028235e38", "-3.5e38", "1e-46", "2.5e-324", "3.4028235677973366e38", "0e5", "-0", "1.0", "1.5", "255", "256",
        "-129", "127", "128", "32767", "32768", "65535", "65536", "2147483647", "2147483648", "4294967295",
        "4294967296", "1e2", "9007199254740993", "0.1", "-1",
    ]

    static let unknownKeys = ["__proto__", "constructor", "toString", "hasOwnProperty", "prototype", "extra"]

    mutating func pick<T>(_ items: [T]) -> T? {
        items.randomElement(using: &random)
    }

    mutating func apply() -> String {
        let operators: [(weight: Int, run: (inout Mutation) -> String?)] = [
            (3, { _ in "valid" }),
            (10, { $0.replaceString() }),
            (12, { $0.sameString() }),
            (8, { $0.nullValue() }),
            (8, { $0.wrongType() }),
            (8, { $0.dropMember() }),
            (6, { $0.unknownMember() }),
            (4, { $0.duplicateKey() }),
            (10, { $0.resize() }),
            (6, { $0.enumValue() }),
            (4, { $0.numberToken() }),
            (1, { $0.deep() }),
            (10, { $0.pathTrick() }),
            (2, { $0.notAnObject() }),
        ]
        let total = operators.reduce(0) { $0 + $1.weight }
        var roll = Int(random.next() % UInt64(total))
        for entry in operators {
            if roll < entry.weight {
                return entry.run(&self) ?? "valid"
            }
            roll -= entry.weight
        }
        return "valid"
    }

    // MARK: Places in the payload

    func places(_ value: JSON, _ path: [PathToken] = [], into result: inout [(path: [PathToken], value: JSON)]) {
        result.append((path, value))
        switch value {
        case .array(let elements):
            for (index, element) in elements.enumerated() { places(element, path + [.index(index)], into: &result) }
        case .object(let object):
            for member in object.members { places(member.value, path + [.key(member.key)], into: &result) }
        default:
            break
        }
    }

    var allPlaces: [(path: [PathToken], value: JSON)] {
        var result: [(path: [PathToken], value: JSON)] = []
        places(payload, into: &result)
        return result
    }

    var stringPlaces: [[PathToken]] {
        allPlaces.filter { $0.value.stringValue != nil }.map(\.path)
    }

    mutating func set(_ value: JSON, at path: [PathToken]) {
        JSONEditing.set(value, at: path, in: &payload)
    }

    // MARK: Operators

    mutating func replaceString() -> String? {
        guard let path = pick(stringPlaces), let (name, text) = pick(Self.strings) else { return nil }
        set(.string(text), at: path)
        // An empty `path` is a warning (TG021): a kind of its own for expected-failure files.
        return "string:\(name)" + (text.isEmpty && path.last == .key("path") ? ":path" : "")
    }

    /// Makes one string equal to another (duplicate ids, references that resolve), or
    /// equal only under canonical equivalence (NFC and NFD, K and KELVIN SIGN).
    mutating func sameString() -> String? {
        let strings = stringPlaces
        guard let first = pick(strings) else { return nil }
        // Prefer a place with the same member name (/tabs/0/id and /tabs/1/id).
        let peers = strings.filter { $0 != first && $0.last == first.last }
        guard let second = pick(peers.isEmpty || random.next() % 4 == 0 ? strings.filter { $0 != first } : peers) else { return nil }
        if random.next() % 3 == 0 {
            guard let text = JSONEditing.value(at: first, in: payload)?.stringValue else { return nil }
            set(.string(text), at: second)
            return "same-string:exact"
        }
        // Canonically equivalent, not identical (TG022 beside unique and reference rules),
        // in either order. Half the time on two places that hold the same string already
        // (a reference and the key it names: active and an id, replaces and a deprecated
        // tab's id), so that references get the pair as often as ids do.
        guard let (name, one, other) = pick(Self.equivalents) else { return nil }
        var pair = (first, second)
        if random.next() % 2 == 0, let linked = pick(linkedPlaces) { pair = linked }
        let swapped = random.next() % 2 == 0
        set(.string(swapped ? other : one), at: pair.0)
        set(.string(swapped ? one : other), at: pair.1)
        return "same-string:\(name)"
    }

    /// Pairs of places that hold the same string, in document order.
    var linkedPlaces: [([PathToken], [PathToken])] {
        let strings = allPlaces.compactMap { place in place.value.stringValue.map { (place.path, $0) } }
        var pairs: [([PathToken], [PathToken])] = []
        for (index, place) in strings.enumerated() {
            for other in strings[(index + 1)...] where other.1.scalarEquals(place.1) { pairs.append((place.0, other.0)) }
        }
        return pairs
    }

    /// Pairs of strings that are canonically equivalent but not the same scalars.
    static let equivalents: [(String, String, String)] = [
        ("nfc-nfd", "caf\u{E9}", "cafe\u{301}"),
        ("kelvin", "Kilo", "\u{212A}ilo"),
        // U+00C5 and U+212B ANGSTROM SIGN (whose NFC is U+00C5), and A with a ring above.
        ("angstrom", "\u{C5}ngstr\u{F6}m", "\u{212B}ngstr\u{F6}m"),
        ("angstrom-nfd", "\u{212B}", "A\u{30A}"),
        // A Hangul syllable and its conjoining jamo (composed by algorithm, not by table).
        ("hangul", "\u{D55C}\u{AE00}", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"),
        // Two combining marks of different classes in either order (canonical ordering).
        ("reordered-marks", "q\u{323}\u{307}", "q\u{307}\u{323}"),
    ]

    mutating func nullValue() -> String? {
        guard let place = pick(allPlaces.filter { !$0.path.isEmpty && !$0.value.isNull }) else { return nil }
        set(.null, at: place.path)
        return "null"
    }

    mutating func wrongType() -> String? {
        guard let place = pick(allPlaces.filter { !$0.path.isEmpty }) else { return nil }
        let replacements: [(String, JSON)] = [("number", .number(7)), ("boolean", .bool(true)), ("string", .string("x")),
                                              ("array", .array([])), ("object", .object(JSONObject()))]
        let options = replacements.filter { $0.1.kindName != place.value.kindName }
        guard let (name, value) = pick(options) else { return nil }
        set(value, at: place.path)
        return "wrong-type:\(name)"
    }

    mutating func dropMember() -> String? {
        guard let place = pick(allPlaces.filter { if case .key? = $0.path.last { return true } else { return false } }) else { return nil }
        JSONEditing.remove(at: place.path, in: &payload)
        return "drop-member"
    }

    var objectPlaces: [[PathToken]] {
        allPlaces.filter { $0.value.objectValue != nil }.map(\.path)
    }

    mutating func unknownMember() -> String? {
        guard let path = pick(objectPlaces), let key = pick(Self.unknownKeys),
              case .object(var object)? = JSONEditing.value(at: path, in: payload),
              !object.keys.contains(key) else { return nil }
        let values: [JSON] = [.null, .number(1), .string("x"), .object(JSONObject()), .array([])]
        object.members.append(.init(key: key, value: pick(values) ?? .null))
        set(.object(object), at: path)
        return "unknown-member:\(key)"
    }

    /// A key written twice, or two keys equal only under canonical equivalence (TG024).
    mutating func duplicateKey() -> String? {
        guard let path = pick(objectPlaces), case .object(var object)? = JSONEditing.value(at: path, in: payload) else { return nil }
        let kind: String
        switch random.next() % 4 {
        case 0:
            guard let member = pick(object.members) else { return nil }
            object.members.append(member)
            kind = "exact"
        case 1:
            object.members += [.init(key: "caf\u{E9}", value: .number(1)), .init(key: "cafe\u{301}", value: .number(2))]
            kind = "nfc-nfd"
        case 2:
            object.members += [.init(key: "K", value: .number(1)), .init(key: "\u{212A}", value: .number(2))]
            kind = "kelvin"
        default:
            object.members += [.init(key: "\u{212B}", value: .number(1)), .init(key: "\u{C5}", value: .number(2))]
            kind = "angstrom"
        }
        set(.object(object), at: path)
        return "duplicate-key:\(kind)"
    }

    /// An array cut or grown to 0...8 elements; grown elements are copies whose
    /// free-form strings get a suffix, so that ids stay distinct.
    mutating func resize() -> String? {
        let arrays = allPlaces.filter { $0.value.arrayValue != nil }
        guard let place = pick(arrays), var elements = place.value.arrayValue else { return nil }
        let target = Int(random.next() % 9)
        if elements.count > target {
            elements = Array(elements.prefix(target))
        } else if let template = elements.first {
            while elements.count < target {
                var copy = template
                var copyPlaces: [(path: [PathToken], value: JSON)] = []
                places(copy, into: &copyPlaces)
                for inner in copyPlaces {
                    guard case .string(let text)? = Optional(inner.value) else { continue }
                    let schema = lookup.schema(at: place.path + [.index(0)] + inner.path, in: payload)
                    if case .type(.string)? = schema?.schema.form {
                        JSONEditing.set(.string(text + "-\(elements.count)"), at: inner.path, in: &copy)
                    }
                }
                elements.append(copy)
            }
        }
        set(.array(elements), at: place.path)
        return "resize:\(elements.count)"
    }

    mutating func enumValue() -> String? {
        var candidates: [([PathToken], [String])] = []
        for path in stringPlaces {
            if case .enumeration(let values)? = lookup.schema(at: path, in: payload)?.schema.form { candidates.append((path, values)) }
        }
        guard let (path, values) = pick(candidates) else { return nil }
        let choice = Int(random.next() % UInt64(values.count + 3))
        if choice < values.count {
            set(.string(values[choice]), at: path)
            return "enum:known"
        }
        let unknown = ["unknown", (values.first ?? "x").uppercased(), "\u{212A}"][choice - values.count]
        set(.string(unknown), at: path)
        return "enum:unknown"
    }

    mutating func numberToken() -> String? {
        // Where a number is, or where the empty form takes any value (1E400 there is infinity).
        let numbers = allPlaces.filter { place in
            if case .number = place.value { return true }
            guard !place.path.isEmpty, case .empty? = lookup.schema(at: place.path, in: payload)?.schema.form else { return false }
            return true
        }.map(\.path)
        guard let token = pick(Self.numbers) else { return nil }
        if let path = pick(numbers) {
            set(CaseTextWriter.raw(token), at: path)
            // The type in the kind: expected-failure files can name float32 alone.
            switch lookup.schema(at: path, in: payload)?.schema.form {
            case .type(let type)?: return "number:\(token)@\(type.rawValue)"
            case .empty?: return "number:\(token)@empty"
            default: return "number:\(token)"
            }
        }
        guard let place = pick(allPlaces.filter { !$0.path.isEmpty }) else { return nil }
        set(CaseTextWriter.raw(token), at: place.path)
        return "number-elsewhere:\(token)"
    }

    /// Arrays nested so that the payload is 511, 512 (the limit) or 513 levels deep.
    mutating func deep() -> String? {
        guard case .object(var object) = payload else { return nil }
        let total = 511 + Int(random.next() % 3)
        var nested = JSON.array([])
        for _ in 0..<(total - 2) { nested = .array([nested]) }
        object.members.append(.init(key: "deep", value: nested))
        payload = .object(object)
        return "deep:\(total)"
    }

    mutating func pathTrick() -> String? {
        let strings = stringPlaces
        let named = strings.filter { $0.last == .key("path") }
        guard let path = pick(named.isEmpty ? strings : named), let trick = pick(Self.paths) else { return nil }
        set(.string(trick), at: path)
        // The tricks that are warnings get a kind of their own, so expected-failure files
        // can name them.
        let label = trick.isEmpty ? ":empty" : (trick.hasPrefix("/") && trick.contains("//") ? ":network-path" : "")
        return (named.isEmpty ? "string:path-trick" : "path-trick") + label
    }

    mutating func notAnObject() -> String? {
        let base = CaseTextWriter().text(payload)
        let texts: [(String, String)] = [
            ("null", "null"), ("array", "[]"), ("number", "1"), ("string", "\"x\""), ("true", "true"),
            ("truncated", String(base.dropLast())), ("empty", ""), ("bom", "\u{FEFF}" + base), ("trailing", base + " x"),
            ("lone-surrogate", base.replacingFirst("\"", with: "\"\\ud800")),
        ]
        guard let (name, text) = pick(texts) else { return nil }
        self.text = text
        return "text:\(name)"
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced.
    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return self[..<index] + replacement + self[self.index(after: index)...]
    }
}
