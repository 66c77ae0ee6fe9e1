import JSON

/// A schema and its rules compiled for `ByteValidator`: flat tables of plain values
/// (no enums with payloads, no strings), so the pass over a payload's bytes touches
/// no reference counts. Built once per schema; nil when the schema uses something the
/// pass does not handle, and then every payload takes the tree path.
struct BytePlan: Sendable {
    enum Kind: UInt8, Sendable {
        /// `a` is the target node (-1: the empty schema); kept only when nullable.
        case ref
        case boolean, string, timestamp, number, integer
        /// `a` first name, `b` count.
        case enumeration
        /// `a` the element / value node.
        case elements, values
        /// `a` first property, `b` required count, `c` optional count.
        case properties
        /// `a` the tag's name, `b` first variant, `c` variant count.
        case discriminator
    }

    struct Node: Sendable {
        var kind: Kind
        var nullable: Bool
        var additional = false
        var a: Int32 = 0
        var b: Int32 = 0
        var c: Int32 = 0
        var low: Double = 0
        var high: Double = 0
    }

    struct Name: Sendable {
        var start: Int32
        var count: Int32
        /// Printable ASCII without a quote or backslash: the name's JSON string is its
        /// bytes between quotes, and nothing else is (set by `BytePlanTables`).
        var plain = false
    }

    struct Property: Sendable {
        var name: Int32
        var node: Int32
        var isRequired: Bool
        /// Bit of the property in the object's seen-mask of its kind (required or optional).
        var slot: Int32
    }

    struct Variant: Sendable {
        var name: Int32
        var node: Int32
    }

    /// Node -1 stands for the empty schema: any value.
    var nodes: [Node] = []
    var root: Int32 = -1
    var nameBytes: [UInt8] = []
    var names: [Name] = []
    var properties: [Property] = []
    var variants: [Variant] = []

    // MARK: Rule paths

    /// A trie of every path pattern the rules use; bit n of a mask is trie node n. The
    /// pass carries the mask of the nodes a value's path matches.
    struct TrieNode: Sendable {
        var wildcard: Int32 = -1
        /// Range of `trieNames`.
        var firstName: Int32 = 0
        var nameCount: Int32 = 0
        /// Range of `probeLists`: the record lists values here are appended to.
        var firstProbe: Int32 = 0
        var probeCount: Int32 = 0
        /// Range of `checks`: tests made on the spot.
        var firstCheck: Int32 = 0
        var checkCount: Int32 = 0
        /// With exactly one probe (most nodes), that probe and its entry node, so
        /// recording a value reads neither `probeLists` nor `probes`; -1 otherwise.
        var soleProbe: Int32 = -1
        var soleEntry: Int32 = -1
    }

    struct TrieName: Sendable {
        var name: Int32
        /// `JSONPointer.arrayIndex(name)`, for array elements (PatternMatcher indexes arrays so); -1 when none.
        var index: Int
        var child: Int32
    }

    /// A list of records: the values at one trie node, each tagged with the ordinal of
    /// the enclosing value at `entry` (a trie node, or -1).
    struct Probe: Sendable {
        var node: Int32
        var entry: Int32
    }

    enum CheckKind: UInt8, Sendable {
        case relativeReference, relativeReferenceWithAuthority, equals
    }

    struct Check: Sendable {
        var kind: CheckKind
        var rule: Int32
        /// For equals: the constant.
        var constant: Int32 = -1
    }

    var trie: [TrieNode] = []
    var trieNames: [TrieName] = []
    var probeLists: [Int32] = []
    var probes: [Probe] = []
    var checks: [Check] = []
    /// Trie nodes whose values start an entry (their ordinal is counted).
    var entryMask: UInt64 = 0
    /// Trie nodes with probes or checks.
    var recordMask: UInt64 = 0
    var hasIndexNames = false

    /// Constants of equals rules and conditions.
    enum Constant: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        /// A name (its bytes); `ascii` tells whether byte equality is String equality.
        case string(Int32, ascii: Bool)
    }
    var constants: [Constant] = []

    struct CompiledCondition: Sendable {
        enum Test: Sendable {
            case present(Bool)
            case count(min: Int, max: Int)
            case equals(Int32)
        }
        var probe: Int32
        var test: Test
    }

    enum CompiledRule: Sendable {
        case count(probe: Int32, entry: Int32, min: Int, max: Int, forbidden: [Int], distinct: Int32?, filter: [CompiledCondition])
        case unique(probe: Int32)
        case reference(probe: Int32, wildcard: Bool, targets: Int32, key: Int32, filter: [CompiledCondition], required: Bool)
        /// Decided by checks during the pass.
        case onTheSpot
    }

    struct RuleEntry: Sendable {
        var when: [CompiledCondition]
        var rule: CompiledRule
    }

    var rules: [RuleEntry] = []
}

extension BytePlan {
    /// Compiles `document`; nil when something is out of the pass's reach.
    init?(document: SchemaDocument) {
        var builder = BytePlanBuilder(document: document)
        guard let plan = builder.build() else { return nil }
        self = plan
    }
}

/// Compiles schemas into nodes and rules into the trie. Each rule kind says what the
/// pass decides of it (`RuleKind.planBytes`) through this builder.
package struct BytePlanBuilder {
    /// Something the pass does not handle: every payload then takes the tree path.
    package struct Unsupported: Error {}

    /// A rule as the pass decides it, before the trie is laid out.
    package struct PendingByteRule {
        let pending: PendingRule

        init(_ pending: PendingRule) {
            self.pending = pending
        }
    }

    let document: SchemaDocument
    var plan = BytePlan()
    var definitionNodes: [String: Int32] = [:]
    var nameIndex: [[UInt8]: Int32] = [:]

    init(document: SchemaDocument) {
        self.document = document
    }

    mutating func build() -> BytePlan? {
        do {
            // Definitions first, as ref nodes filled in afterwards, so refs (even
            // recursive ones) have an index to point at.
            for definition in document.definitions {
                definitionNodes[definition.name] = append(BytePlan.Node(kind: .ref, nullable: false, a: -1))
            }
            for definition in document.definitions {
                let body = try compile(definition.schema)
                plan.nodes[Int(definitionNodes[definition.name] ?? 0)].a = body
            }
            plan.root = try compile(document.root)
            try collapseRefs()
            try compileRules()
        } catch {
            return nil
        }
        return plan
    }

    mutating func append(_ node: BytePlan.Node) -> Int32 {
        plan.nodes.append(node)
        return Int32(plan.nodes.count - 1)
    }

    mutating func name(_ text: String) -> Int32 {
        let bytes = Array(text.utf8)
        if let known = nameIndex[bytes] { return known }
        plan.names.append(BytePlan.Name(start: Int32(plan.nameBytes.count), count: Int32(bytes.count)))
        plan.nameBytes += bytes
        let index = Int32(plan.names.count - 1)
        nameIndex[bytes] = index
        return index
    }

    mutating func compile(_ schema: Schema) throws(Unsupported) -> Int32 {
        let nullable = schema.nullable
        switch schema.form {
        case .empty:
            return -1
        case .ref(let name):
            guard let target = definitionNodes[name] else { throw Unsupported() }
            return nullable ? append(BytePlan.Node(kind: .ref, nullable: true, a: target)) : target
        case .type(let type):
            var node = BytePlan.Node(kind: .string, nullable: nullable)
            switch type {
            case .boolean: node.kind = .boolean
            case .string: node.kind = .string
            case .timestamp: node.kind = .timestamp
            // `high` 1 marks float32: its finite range is narrower than a Double's.
            case .float32: node.kind = .number; node.high = 1
            case .float64: node.kind = .number
            default:
                guard let range = type.integerRange else { throw Unsupported() }
                node.kind = .integer
                node.low = range.lowerBound
                node.high = range.upperBound
            }
            return append(node)
        case .enumeration(let values):
            let first = Int32(plan.names.count)
            for value in values {
                let bytes = Array(value.utf8)
                plan.names.append(BytePlan.Name(start: Int32(plan.nameBytes.count), count: Int32(bytes.count)))
                plan.nameBytes += bytes
            }
            return append(BytePlan.Node(kind: .enumeration, nullable: nullable, a: first, b: Int32(values.count)))
        case .elements(let element):
            let index = append(BytePlan.Node(kind: .elements, nullable: nullable))
            let child = try compile(element)
            plan.nodes[Int(index)].a = child
            return index
        case .values(let value):
            let index = append(BytePlan.Node(kind: .values, nullable: nullable))
            let child = try compile(value)
            plan.nodes[Int(index)].a = child
            return index
        case .properties(let form):
            // Seen-masks are 64 bits wide.
            guard form.required.count <= 64, form.optional.count <= 64 else { throw Unsupported() }
            // Two property names canonically equivalent (TG024 when both come): the pass
            // matches names by bytes and would take both keys without a word.
            let names = (form.required + form.optional).map(\.name)
            guard Set(names).count == names.count else { throw Unsupported() }
            let first = Int32(plan.properties.count)
            var entries: [BytePlan.Property] = []
            for (slot, property) in form.required.enumerated() {
                entries.append(BytePlan.Property(name: name(property.name), node: -1, isRequired: true, slot: Int32(slot)))
            }
            for (slot, property) in form.optional.enumerated() {
                entries.append(BytePlan.Property(name: name(property.name), node: -1, isRequired: false, slot: Int32(slot)))
            }
            plan.properties += entries
            let index = append(BytePlan.Node(kind: .properties, nullable: nullable, additional: form.additionalProperties,
                                             a: first, b: Int32(form.required.count), c: Int32(form.optional.count)))
            for (offset, property) in (form.required + form.optional).enumerated() {
                let child = try compile(property.schema)
                plan.properties[Int(first) + offset].node = child
            }
            return index
        case .discriminator(let form):
            let first = Int32(plan.variants.count)
            for variant in form.mapping {
                plan.variants.append(BytePlan.Variant(name: name(variant.tag), node: -1))
            }
            let index = append(BytePlan.Node(kind: .discriminator, nullable: nullable, a: name(form.tag), b: first,
                                             c: Int32(form.mapping.count)))
            for (offset, variant) in form.mapping.enumerated() {
                let child = try compile(variant.schema)
                guard child >= 0, plan.nodes[Int(child)].kind == .properties || plan.nodes[Int(child)].kind == .ref else {
                    throw Unsupported()
                }
                plan.variants[Int(first) + offset].node = child
            }
            return index
        }
    }

    /// Points every child at the node behind non-nullable refs (the definitions'
    /// placeholders); a cycle of refs alone is out of reach.
    mutating func collapseRefs() throws(Unsupported) {
        func resolve(_ start: Int32) throws(Unsupported) -> Int32 {
            var current = start
            var hops = 0
            while current >= 0, plan.nodes[Int(current)].kind == .ref, !plan.nodes[Int(current)].nullable {
                current = plan.nodes[Int(current)].a
                hops += 1
                if hops > plan.nodes.count { throw Unsupported() }
            }
            return current
        }
        for index in plan.nodes.indices {
            switch plan.nodes[index].kind {
            case .ref where plan.nodes[index].nullable, .elements, .values:
                plan.nodes[index].a = try resolve(plan.nodes[index].a)
            default:
                break
            }
        }
        for index in plan.properties.indices { plan.properties[index].node = try resolve(plan.properties[index].node) }
        for index in plan.variants.indices {
            let target = try resolve(plan.variants[index].node)
            guard target >= 0, plan.nodes[Int(target)].kind == .properties else { throw Unsupported() }
            plan.variants[index].node = target
        }
        plan.root = try resolve(plan.root)
    }

    // MARK: Rules

    /// Requests before they are laid out: per trie node, its probes' entries and checks.
    var trieChildren: [[(token: PathPattern.Token, child: Int)]] = [[]]
    var probeRequests: [[Int32]] = [[]]
    var checkRequests: [[BytePlan.Check]] = [[]]
    var entries: Set<Int> = []

    mutating func node(for tokens: [PathPattern.Token]) -> Int {
        var current = 0
        for token in tokens {
            if let found = trieChildren[current].first(where: { $0.token == token }) {
                current = found.child
            } else {
                trieChildren.append([])
                probeRequests.append([])
                checkRequests.append([])
                trieChildren[current].append((token, trieChildren.count - 1))
                current = trieChildren.count - 1
            }
        }
        return current
    }

    /// A record list for values at `tokens`, tagged with ordinals of `entry`. Returns
    /// a provisional id (node, entry) resolved in `layOut`.
    mutating func probe(_ tokens: [PathPattern.Token], entry: Int) -> (node: Int, entry: Int) {
        let node = node(for: tokens)
        if !probeRequests[node].contains(Int32(entry)) { probeRequests[node].append(Int32(entry)) }
        return (node, entry)
    }

    mutating func constant(_ value: JSON, exact: Bool) throws(Unsupported) -> Int32 {
        switch value {
        case .null: plan.constants.append(.null)
        case .bool(let flag): plan.constants.append(.bool(flag))
        case .number(let number): plan.constants.append(.number(number))
        case .string(let text):
            let ascii = text.utf8.allSatisfy { $0 < 0x80 }
            // A condition must decide both ways, which byte equality does only for ASCII.
            if exact, !ascii { throw Unsupported() }
            plan.constants.append(.string(name(text), ascii: ascii))
        case .array, .object:
            throw Unsupported()
        }
        return Int32(plan.constants.count - 1)
    }

    typealias PendingCondition = (probe: (node: Int, entry: Int), test: BytePlan.CompiledCondition.Test)

    mutating func condition(_ condition: Condition, base: [PathPattern.Token], entry: Int) throws(Unsupported) -> PendingCondition {
        let test: BytePlan.CompiledCondition.Test
        switch condition.test {
        case .present(let wanted): test = .present(wanted)
        case .count(let min, let max): test = .count(min: min ?? 0, max: max ?? Int.max)
        case .equals(let value): test = .equals(try constant(value, exact: true))
        }
        return (probe(base + condition.path.tokens, entry: entry), test)
    }

    enum PendingRule {
        case count(probe: (node: Int, entry: Int), entry: Int, min: Int, max: Int, forbidden: [Int], distinct: (node: Int, entry: Int)?, filter: [PendingCondition])
        case unique(probe: (node: Int, entry: Int))
        case reference(probe: (node: Int, entry: Int), wildcard: Bool, targets: Int, key: (node: Int, entry: Int), filter: [PendingCondition], required: Bool)
        case onTheSpot
    }

    mutating func compileRules() throws(Unsupported) {
        guard document.extensions.rules.count <= 64 else { throw Unsupported() }
        var pending: [(when: [PendingCondition], rule: PendingRule)] = []
        for (index, rule) in document.extensions.rules.enumerated() {
            var when: [PendingCondition] = []
            for item in rule.when { when.append(try condition(item, base: [], entry: -1)) }
            let compiled = try rule.kind.planBytes(&self, rule: index).pending
            pending.append((when, compiled))
        }
        guard trieChildren.count <= 64 else { throw Unsupported() }
        layOut()
        func resolve(_ probe: (node: Int, entry: Int)) -> Int32 { probeID(probe) }
        func resolve(_ conditions: [PendingCondition]) -> [BytePlan.CompiledCondition] {
            conditions.map { BytePlan.CompiledCondition(probe: probeID($0.probe), test: $0.test) }
        }
        for (when, rule) in pending {
            let compiled: BytePlan.CompiledRule
            switch rule {
            case .count(let probe, let entry, let min, let max, let forbidden, let distinct, let filter):
                compiled = .count(probe: resolve(probe), entry: Int32(entry), min: min, max: max, forbidden: forbidden,
                                  distinct: distinct.map(resolve), filter: resolve(filter))
            case .unique(let probe):
                compiled = .unique(probe: resolve(probe))
            case .reference(let probe, let wildcard, let targets, let key, let filter, let required):
                compiled = .reference(probe: resolve(probe), wildcard: wildcard, targets: Int32(targets), key: resolve(key),
                                      filter: resolve(filter), required: required)
            case .onTheSpot:
                compiled = .onTheSpot
            }
            plan.rules.append(BytePlan.RuleEntry(when: resolve(when), rule: compiled))
        }
    }

    /// Probe ids by (node, entry), after merging.
    var probeIDs: [Int: [(entry: Int32, id: Int32)]] = [:]

    func probeID(_ probe: (node: Int, entry: Int)) -> Int32 {
        let lists = probeIDs[probe.node] ?? []
        if let exact = lists.first(where: { $0.entry == Int32(probe.entry) }) { return exact.id }
        // An untagged request merged into a tagged list: its records are the same values.
        return lists.first?.id ?? -1
    }

    mutating func layOut() {
        for node in trieChildren.indices {
            var trieNode = BytePlan.TrieNode()
            trieNode.firstName = Int32(plan.trieNames.count)
            for (token, child) in trieChildren[node] {
                switch token {
                case .wildcard:
                    trieNode.wildcard = Int32(child)
                case .name(let text):
                    let index = JSONPointer.arrayIndex(text) ?? -1
                    if index >= 0 { plan.hasIndexNames = true }
                    plan.trieNames.append(BytePlan.TrieName(name: name(text), index: index, child: Int32(child)))
                    trieNode.nameCount += 1
                }
            }
            // An untagged list (entry -1) is dropped when a tagged one exists: unique and
            // reference paths ignore the tags, so one list serves both.
            var wanted = probeRequests[node]
            if wanted.count > 1 { wanted.removeAll { $0 == -1 } }
            trieNode.firstProbe = Int32(plan.probeLists.count)
            for entry in wanted {
                plan.probes.append(BytePlan.Probe(node: Int32(node), entry: entry))
                let id = Int32(plan.probes.count - 1)
                plan.probeLists.append(id)
                probeIDs[node, default: []].append((entry, id))
            }
            trieNode.probeCount = Int32(wanted.count)
            if wanted.count == 1, let sole = probeIDs[node]?.first {
                trieNode.soleProbe = sole.id
                trieNode.soleEntry = sole.entry
            }
            trieNode.firstCheck = Int32(plan.checks.count)
            plan.checks += checkRequests[node]
            trieNode.checkCount = Int32(checkRequests[node].count)
            if trieNode.probeCount > 0 || trieNode.checkCount > 0 { plan.recordMask |= 1 << UInt64(node) }
            if entries.contains(node) { plan.entryMask |= 1 << UInt64(node) }
            plan.trie.append(trieNode)
        }
    }
}

/// The plan's tables copied into memory of their own, so the pass reads them through
/// plain pointers: no array access, retain or closure per key on the hot path.
final class BytePlanTables: @unchecked Sendable {
    // Immutable after init and freed only in deinit: safe to share between threads.
    let nodes: UnsafeMutableBufferPointer<BytePlan.Node>
    let names: UnsafeMutableBufferPointer<BytePlan.Name>
    /// Per name, its words for matching keys (`KeyWord`; `quoted` 0 when not plain).
    let keyWords: UnsafeMutableBufferPointer<KeyWord>
    let nameBytes: UnsafeMutableBufferPointer<UInt8>
    let properties: UnsafeMutableBufferPointer<BytePlan.Property>
    let variants: UnsafeMutableBufferPointer<BytePlan.Variant>
    let trie: UnsafeMutableBufferPointer<BytePlan.TrieNode>
    let trieNames: UnsafeMutableBufferPointer<BytePlan.TrieName>
    let probeLists: UnsafeMutableBufferPointer<Int32>
    let probes: UnsafeMutableBufferPointer<BytePlan.Probe>
    let checks: UnsafeMutableBufferPointer<BytePlan.Check>
    // The rules as plain values (`FlatRule`), their conditions and forbidden counts
    // in pools: reading a rule copies no array, so the rule checks retain nothing.
    let flatRules: UnsafeMutableBufferPointer<FlatRule>
    let ruleCount: Int
    let conditions: UnsafeMutableBufferPointer<BytePlan.CompiledCondition>
    let forbidden: UnsafeMutableBufferPointer<Int>
    let constants: UnsafeMutableBufferPointer<BytePlan.Constant>
    // The rest of the plan the pass reads, here so that a pass copies no plan (a
    // copy of `BytePlan` retains each of its arrays).
    let root: Int32
    let entryMask: UInt64
    let recordMask: UInt64
    let hasIndexNames: Bool

    init(_ plan: BytePlan) {
        func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, array.count))
            _ = buffer.initialize(from: array)
            return buffer
        }
        nodes = copy(plan.nodes)
        names = copy(plan.names)
        nameBytes = copy(plan.nameBytes)
        var words: [KeyWord] = []
        for index in plan.names.indices {
            let name = plan.names[index]
            let bytes = plan.nameBytes[Int(name.start)..<Int(name.start + name.count)]
            names[index].plain = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
            words.append(names[index].plain ? KeyWord(plainName: bytes) : KeyWord())
        }
        keyWords = copy(words)
        properties = copy(plan.properties)
        variants = copy(plan.variants)
        trie = copy(plan.trie)
        trieNames = copy(plan.trieNames)
        probeLists = copy(plan.probeLists)
        probes = copy(plan.probes)
        checks = copy(plan.checks)
        var flat: [FlatRule] = []
        var conditionPool: [BytePlan.CompiledCondition] = []
        var forbiddenPool: [Int] = []
        func pool(_ list: [BytePlan.CompiledCondition]) -> (Int32, Int32) {
            defer { conditionPool += list }
            return (Int32(conditionPool.count), Int32(list.count))
        }
        for entry in plan.rules {
            var rule = FlatRule(kind: .onTheSpot)
            (rule.whenFirst, rule.whenCount) = pool(entry.when)
            switch entry.rule {
            case .onTheSpot:
                break
            case .count(let probe, let entryNode, let min, let max, let forbiddenCounts, let distinct, let filter):
                rule.kind = .count
                rule.probe = probe
                rule.entry = entryNode
                rule.min = min
                rule.max = max
                rule.forbiddenFirst = Int32(forbiddenPool.count)
                rule.forbiddenCount = Int32(forbiddenCounts.count)
                forbiddenPool += forbiddenCounts
                rule.second = distinct ?? -1
                (rule.filterFirst, rule.filterCount) = pool(filter)
            case .unique(let probe):
                rule.kind = .unique
                rule.probe = probe
            case .reference(let probe, let wildcard, let targets, let key, let filter, let required):
                rule.kind = .reference
                rule.probe = probe
                rule.wildcard = wildcard
                rule.entry = targets
                rule.second = key
                rule.required = required
                (rule.filterFirst, rule.filterCount) = pool(filter)
            }
            flat.append(rule)
        }
        flatRules = copy(flat)
        ruleCount = flat.count
        conditions = copy(conditionPool)
        forbidden = copy(forbiddenPool)
        constants = copy(plan.constants)
        root = plan.root
        entryMask = plan.entryMask
        recordMask = plan.recordMask
        hasIndexNames = plan.hasIndexNames
    }

    deinit {
        // All element types are trivial: no deinitialization needed.
        nodes.deallocate()
        names.deallocate()
        keyWords.deallocate()
        nameBytes.deallocate()
        properties.deallocate()
        variants.deallocate()
        trie.deallocate()
        trieNames.deallocate()
        probeLists.deallocate()
        probes.deallocate()
        checks.deallocate()
        flatRules.deallocate()
        conditions.deallocate()
        forbidden.deallocate()
        constants.deallocate()
    }
}
