import Schema

/// The conformance suite of one schema: every fixture of `FixtureDeriver` (valid ones,
/// each rule broken, each RFC 8927 constraint broken), then `count` cases made from them
/// by one seeded mutation each: strings with escapes, astral characters, U+2028 and
/// canonically equivalent spellings, path tricks, ids made equal, nulls, wrong types,
/// dropped and unknown members (`__proto__`, `constructor`), duplicate keys, arrays of 0
/// to 8 elements, every enum value and unknown ones, number tokens no client can hold,
/// nesting at the reader's depth limit, and texts that are not JSON objects. Between the
/// two, numbers beyond float64's range where each rule finds its values (`ruleNumbers`).
public struct ConformanceSuite {
    public let document: SchemaDocument
    /// Names the cases: `<name>/<index>`.
    public let name: String
    public let seed: UInt64
    let oracle: ConformanceOracle
    let bases: [(name: String, payload: JSON)]
    /// The indices of the valid fixtures: three mutations in four start from one.
    let validBases: [Int]
    let lookup: SchemaLookup
    /// `1E400` at the first value each rule checks in the first valid fixture, and `-1E400`
    /// at all of them (a unique rule's duplicates): every message that shows one must show
    /// it as written. Cases of their own, not mutations: seeded ones may miss those places.
    let ruleNumbers: [(kind: String, text: String)]

    public init(document: SchemaDocument, name: String, seed: UInt64) {
        self.document = document
        self.name = name
        self.seed = seed
        oracle = ConformanceOracle(document: document)
        let fixtures = FixtureDeriver(document: document).derive().fixtures
        bases = fixtures.map { ($0.name, $0.payload) }
        validBases = fixtures.indices.filter { fixtures[$0].category == .valid }
        lookup = SchemaLookup(document: document)
        var ruleNumbers: [(kind: String, text: String)] = []
        if let valid = validBases.first {
            let base = fixtures[valid].payload
            for rule in document.extensions.rules {
                let places = rule.kind.path.matches(in: base).map(\.path)
                guard let first = places.first else { continue }
                for (token, targets) in [("1E400", [first]), ("-1E400", places)] {
                    var payload = base
                    for path in targets { _ = JSONEditing.set(CaseTextWriter.raw(token), at: path, in: &payload) }
                    ruleNumbers.append(("number-in-rule:\(rule.code):\(token)", CaseTextWriter().text(payload)))
                }
            }
        }
        // Values that break a rule, at the first place its path reaches in a valid fixture.
        for rule in document.extensions.rules where !rule.kind.breakingValues.isEmpty {
            guard let (base, place) = validBases.lazy.compactMap({ index in
                rule.kind.path.matches(in: fixtures[index].payload).first.map { (fixtures[index].payload, $0.path) }
            }).first else { continue }
            for (index, value) in rule.kind.breakingValues.enumerated() {
                var payload = base
                _ = JSONEditing.set(value, at: place, in: &payload)
                ruleNumbers.append(("breaks-rule:\(rule.code):\(index)", CaseTextWriter().text(payload)))
            }
        }
        self.ruleNumbers = ruleNumbers
    }

    /// The fixtures, the rule numbers, then `count` mutated cases.
    public func cases(count: Int) -> [ConformanceCase] {
        var cases: [ConformanceCase] = []
        for index in 0..<(bases.count + ruleNumbers.count + max(0, count)) {
            cases.append(single(index: index))
        }
        return cases
    }

    /// Case `index` alone, as `cases(count:)` makes it: a fixture, a rule number or a mutation.
    public func single(index: Int) -> ConformanceCase {
        if bases.indices.contains(index) {
            return make(index: index, kind: "fixture:\(bases[index].name)", text: CaseTextWriter().text(bases[index].payload))
        }
        if ruleNumbers.indices.contains(index - bases.count) {
            let number = ruleNumbers[index - bases.count]
            return make(index: index, kind: number.kind, text: number.text)
        }
        return mutated(index: index)
    }

    /// Mutated case `index` alone, as `cases(count:)` makes it. Seeded by its ordinal
    /// among the mutations, as before there were rule numbers.
    public func mutated(index: Int) -> ConformanceCase {
        var random = SeededGenerator(seed: seed, index: index - ruleNumbers.count)
        let preferValid = random.next() % 4 != 0 && !validBases.isEmpty
        guard let baseIndex = preferValid ? validBases.randomElement(using: &random) : bases.indices.randomElement(using: &random) else {
            return make(index: index, kind: "valid", text: "null")
        }
        var mutation = Mutation(payload: bases[baseIndex].payload, random: random, lookup: lookup)
        // A mutation of a fixture that already breaks the schema says so: an expected
        // failure is then listed for the valid bases, where the mutation alone decides.
        let kind = mutation.apply() + (validBases.contains(baseIndex) ? "" : "@invalid-base")
        var writer = CaseTextWriter()
        writer.escapeEverything = mutation.random.next() % 8 == 0
        let text = mutation.text ?? writer.text(mutation.payload)
        return make(index: index, kind: kind + (writer.escapeEverything && mutation.text == nil ? "+escaped" : ""), text: text)
    }

    func make(index: Int, kind: String, text: String) -> ConformanceCase {
        ConformanceCase(id: "\(name)/\(index)", kind: kind, index: index, seed: seed, payload: text,
                        expectation: oracle.expectation(for: text))
    }
}
