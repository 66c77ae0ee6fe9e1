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

        func edges(_ id: DeclarationID) -> [DeclarationID] {
            guard let position = index[id], case .structure(let structure) = declarations[position].kind else { return [] }
            var seen: Set<DeclarationID> = []
            return structure.fields.flatMap { inlineStructs($0.type, &seen) }
        }

        func reaches(_ start: DeclarationID, _ goal: DeclarationID) -> Bool {
            var stack = [start]
            var visited: Set<DeclarationID> = []
            while let current = stack.popLast() {
                if current == goal { return true }
                guard visited.insert(current).inserted else { continue }
                stack += edges(current)
            }
            return false
        }

        for position in declarations.indices {
            guard case .structure(var structure) = declarations[position].kind else { continue }
            let owner = declarations[position].id
            var changed = false
            for fieldIndex in structure.fields.indices {
                var seen: Set<DeclarationID> = []
                let targets = inlineStructs(structure.fields[fieldIndex].type, &seen)
                if targets.contains(where: { reaches($0, owner) }) {
                    structure.fields[fieldIndex].isRecursive = true
                    changed = true
                }
            }
            if changed { declarations[position].kind = .structure(structure) }
        }
    }
}
