/// Finds struct fields that close a cycle of value types: a struct that contains itself
/// through struct fields and aliases only. Arrays and maps break such cycles (they
/// store elements out of line) and so do unions (value-type targets must box them).
enum RecursionAnalysis {
    static func markRecursiveFields(in declarations: inout [Declaration]) {
        var index: [DeclarationID: Int] = [:]
        for (position, declaration) in declarations.enumerated() { index[declaration.id] = position }

        /// The structs a type stores inline (through nullable and aliases, not through
        /// arrays, maps or unions).
        func inlineStructs(_ type: TypeRef, _ seenAliases: inout Set<DeclarationID>) -> [DeclarationID] {
            switch type {
            case .nullable(let inner):
                return inlineStructs(inner, &seenAliases)
            case .named(let id):
                guard let position = index[id] else { return [] }
                switch declarations[position].kind {
                case .structure: return [id]
                case .alias(let target):
                    guard seenAliases.insert(id).inserted else { return [] }
                    return inlineStructs(target, &seenAliases)
                case .enumeration, .union: return []
                }
            case .primitive, .any, .array, .map:
                return []
            }
        }

        // A field closes a cycle when a struct it stores inline reaches its owner back:
        // when the two are in one strongly connected component of the "stores inline"
        // graph. Components (Tarjan, iteratively: a chain of 10,000 structs must not
        // overflow the stack) make this linear; a search per field was quadratic.
        var targetsOf: [[Int]] = Array(repeating: [], count: declarations.count)
        for position in declarations.indices {
            guard case .structure(let structure) = declarations[position].kind else { continue }
            var seen: Set<DeclarationID> = []
            targetsOf[position] = structure.fields.flatMap { inlineStructs($0.type, &seen) }.compactMap { index[$0] }
        }
        let component = stronglyConnectedComponents(targetsOf)

        for position in declarations.indices {
            guard case .structure(var structure) = declarations[position].kind else { continue }
            var changed = false
            for fieldIndex in structure.fields.indices {
                var seen: Set<DeclarationID> = []
                let targets = inlineStructs(structure.fields[fieldIndex].type, &seen).compactMap { index[$0] }
                if targets.contains(where: { component[$0] == component[position] }) {
                    structure.fields[fieldIndex].isRecursive = true
                    changed = true
                }
            }
            if changed { declarations[position].kind = .structure(structure) }
        }
    }

    /// The strongly connected component of each node (Tarjan's algorithm, without
    /// recursion), as a number shared by the nodes of one component.
    static func stronglyConnectedComponents(_ edges: [[Int]]) -> [Int] {
        let count = edges.count
        var order = Array(repeating: -1, count: count)
        var low = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var component = Array(repeating: -1, count: count)
        var stack: [Int] = []
        var next = 0
        var components = 0
        for start in 0..<count where order[start] < 0 {
            // (node, index of the next edge to follow)
            var work: [(node: Int, edge: Int)] = [(start, 0)]
            order[start] = next
            low[start] = next
            next += 1
            stack.append(start)
            onStack[start] = true
            while let top = work.last {
                let node = top.node
                if top.edge < edges[node].count {
                    work[work.count - 1].edge += 1
                    let target = edges[node][top.edge]
                    if order[target] < 0 {
                        order[target] = next
                        low[target] = next
                        next += 1
                        stack.append(target)
                        onStack[target] = true
                        work.append((target, 0))
                    } else if onStack[target] {
                        low[node] = min(low[node], order[target])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { low[parent] = min(low[parent], low[node]) }
                if low[node] == order[node] {
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component[member] = components
                        if member == node { break }
                    }
                    components += 1
                }
            }
        }
        return component
    }
}
