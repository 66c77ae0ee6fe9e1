import Schema

extension TypeModel {
    /// The code and message `tabgen validate` gives a `null` where a value of `type`
    /// belongs (`PayloadValidator.describe`), for generated code that decodes such a null
    /// tolerantly and reports it. Nil when `type` accepts null.
    public func nullFinding(_ type: TypeRef, seen: Set<DeclarationID> = []) -> (code: String, message: String)? {
        switch type {
        case .nullable, .any: return nil
        case .primitive(let primitive): return (FindingCode.wrongType, "expected \(primitive.expectedName), found null")
        case .array: return (FindingCode.wrongShape, "expected an array, found null")
        case .map: return (FindingCode.wrongShape, "expected an object, found null")
        case .named(let id):
            switch self[id]?.kind {
            case .enumeration(let enumeration)?:
                return (FindingCode.notInEnum, "null is not one of " + AllowedValues.list(enumeration.cases.map(\.value)))
            case .alias(let target)?:
                // A cycle of aliases holds no value at all; say what the CLI says of one.
                guard !seen.contains(id) else { return (FindingCode.wrongType, "wrong type, found null") }
                return nullFinding(target, seen: seen.union([id]))
            case .structure?, .union?: return (FindingCode.wrongShape, "expected an object, found null")
            case nil: return nil
            }
        }
    }
}
