import Schema

/// Valid JTD schemas that no target can turn into code that compiles, refused before
/// anything is generated (emit exits 2 and writes nothing): a type that is an array,
/// map or alias of itself with no struct between (`typealias A = [A]` is an error in
/// Swift and Kotlin, and the Ruby target recursed until it crashed); a struct that
/// contains itself through required, non-nullable members only (no finite JSON value
/// has that type); inline types nested deeper than `maxNesting` (tsc gives up with
/// TS2321 near 50).
enum UngeneratableSchema {
    static let maxNesting = 32

    /// What is wrong, each message starting with the JSON pointer of the schema at fault.
    static func problems(in model: TypeModel) -> [String] {
        var problems: [String] = []
        let declarations = model.declarations
        var index: [DeclarationID: Int] = [:]
        for (position, declaration) in declarations.enumerated() { index[declaration.id] = position }

        func named(in type: TypeRef, throughContainers: Bool) -> [DeclarationID] {
            switch type {
            case .named(let id): return [id]
            case .nullable(let inner): return named(in: inner, throughContainers: throughContainers)
            case .array(let inner), .map(let inner): return throughContainers ? named(in: inner, throughContainers: true) : []
            case .primitive, .any: return []
            }
        }
        func name(_ position: Int) -> String {
            declarations[position].nameParts.joined(separator: "")
        }
        func pointer(_ position: Int) -> String {
            let text = declarations[position].schemaPointer.description
            return text.isEmpty ? "(root)" : text
        }
        func cycles(_ edges: [[Int]]) -> [[Int]] {
            let component = RecursionAnalysis.stronglyConnectedComponents(edges)
            var members: [Int: [Int]] = [:]
            for node in edges.indices where !edges[node].isEmpty { members[component[node], default: []].append(node) }
            return members.values.filter { group in group.count > 1 || edges[group[0]].contains(group[0]) }
                .map { $0.sorted() }.sorted { $0[0] < $1[0] }
        }

        // Aliases of aliases, through arrays, maps and null.
        var aliasEdges: [[Int]] = Array(repeating: [], count: declarations.count)
        for (position, declaration) in declarations.enumerated() {
            guard case .alias(let target) = declaration.kind else { continue }
            aliasEdges[position] = named(in: target, throughContainers: true).compactMap { index[$0] }.filter {
                if case .alias = declarations[$0].kind { return true }
                return false
            }
        }
        for cycle in cycles(aliasEdges) {
            let names = cycle.map(name).joined(separator: " -> ")
            problems.append("\(pointer(cycle[0])): \(names) -> \(name(cycle[0])) is an array, map or alias of itself with no object in between; no target language can declare such a type. Wrap it in an object (\"properties\") to generate code for it")
        }

        // Structs that hold each other through required, non-nullable members.
        var requiredEdges: [[Int]] = Array(repeating: [], count: declarations.count)
        for (position, declaration) in declarations.enumerated() {
            guard case .structure(let structure) = declaration.kind else { continue }
            for field in structure.fields where field.isRequired {
                var type = field.type
                var seen: Set<DeclarationID> = []
                // Through aliases (not arrays or maps: an empty one ends the value).
                while !type.isNullable, case .named(let id) = type, let target = index[id], case .alias(let inner) = declarations[target].kind,
                      seen.insert(id).inserted {
                    type = inner
                }
                guard !type.isNullable, case .named(let id) = type, let target = index[id], case .structure = declarations[target].kind else { continue }
                requiredEdges[position].append(target)
            }
        }
        for cycle in cycles(requiredEdges) {
            let names = cycle.map(name).joined(separator: " -> ")
            problems.append("\(pointer(cycle[0])): \(names) -> \(name(cycle[0])) contains itself through required members that cannot be null, so no finite JSON value has this type. Make one of those members optional or nullable")
        }

        // Nesting of inline types.
        let nesting: Set<String> = ["properties", "optionalProperties", "elements", "values", "mapping"]
        for (position, declaration) in declarations.enumerated() {
            let depth = declaration.schemaPointer.tokens.filter { if case .key(let key) = $0 { nesting.contains(key) } else { false } }.count
            if depth > maxNesting {
                problems.append("\(pointer(position)): types nested \(depth) levels deep; tabgen generates at most \(maxNesting) (the TypeScript compiler gives up near 50). Move inner types to \"definitions\"")
                break
            }
        }
        return problems
    }
}
