import Schema

/// How Kotlin spells the model's types, and which serializers read and write them.
///
/// kotlinx.serialization's own primitive serializers accept quoted numbers and booleans
/// (`"1"` for an `Int`, `"true"` for a `Boolean`) even when not lenient; JSON Type
/// Definition does not. Every number and boolean therefore goes through a strict
/// serializer of the runtime, installed per file with `@file:UseSerializers`, so field
/// types stay plain `Int`, `Boolean`, `UInt`.
struct KotlinTypeMapping {
    let model: TypeModel
    let names: NameTable
    /// The package, for qualifying a type a nested class would shadow.
    let package: String

    static func primitive(_ type: PrimitiveType) -> String {
        switch type {
        case .boolean: "Boolean"
        case .string: "String"
        // RFC 3339 text kept as received, with its instant; equal when the instants are.
        case .timestamp: "TabgenTimestamp"
        case .float32: "Float"
        case .float64: "Double"
        case .int8: "Byte"
        case .uint8: "UByte"
        case .int16: "Short"
        case .uint16: "UShort"
        case .int32: "Int"
        case .uint32: "UInt"
        }
    }

    /// The runtime serializer that reads `type` strictly, or nil when the default one is
    /// strict already (`String`) or the type names its own (`TabgenTimestamp`).
    static func strictSerializer(_ type: PrimitiveType) -> String? {
        switch type {
        case .string, .timestamp: nil
        case .boolean: "TabgenBooleanSerializer"
        case .float32: "TabgenFloatSerializer"
        case .float64: "TabgenDoubleSerializer"
        case .int8: "TabgenInt8Serializer"
        case .uint8: "TabgenUInt8Serializer"
        case .int16: "TabgenInt16Serializer"
        case .uint16: "TabgenUInt16Serializer"
        case .int32: "TabgenInt32Serializer"
        case .uint32: "TabgenUInt32Serializer"
        }
    }

    /// The Kotlin type. Type names in `shadowed` (nested classes of the declaration being
    /// written) are qualified with the package.
    func expression(_ type: TypeRef, shadowed: Set<String> = []) -> String {
        Self.expression(type, names: names, package: package, shadowed: shadowed)
    }

    static func expression(_ type: TypeRef, names: NameTable, package: String = "", shadowed: Set<String> = []) -> String {
        switch type {
        case .primitive(let kind): primitive(kind)
        case .any: "JsonElement"
        case .array(let inner): "List<\(expression(inner, names: names, package: package, shadowed: shadowed))>"
        case .map(let inner): "Map<String, \(expression(inner, names: names, package: package, shadowed: shadowed))>"
        case .named(let id): qualified(names.typeName(id), package: package, shadowed: shadowed)
        case .nullable(let inner): expression(inner, names: names, package: package, shadowed: shadowed) + "?"
        }
    }

    func typeName(_ id: DeclarationID, shadowed: Set<String> = []) -> String {
        Self.qualified(names.typeName(id), package: package, shadowed: shadowed)
    }

    static func qualified(_ name: String, package: String, shadowed: Set<String>) -> String {
        shadowed.contains(name) && !package.isEmpty ? "\(package).\(name)" : name
    }

    /// A Kotlin expression for the `KSerializer` of `type` (aliases followed), for code
    /// that picks a serializer explicitly (the fixtures, `validate()` of an alias root).
    func serializer(_ type: TypeRef, shadowed: Set<String> = [], seen: Set<DeclarationID> = []) -> String {
        switch type {
        case .primitive(let kind):
            if let strict = Self.strictSerializer(kind) { return strict }
            return kind == .timestamp ? "TabgenTimestamp.serializer()" : "String.serializer()"
        case .any:
            return "JsonElement.serializer()"
        case .array(let inner):
            return "ListSerializer(\(serializer(inner, shadowed: shadowed, seen: seen)))"
        case .map(let inner):
            return "MapSerializer(String.serializer(), \(serializer(inner, shadowed: shadowed, seen: seen)))"
        case .nullable(let inner):
            return serializer(inner, shadowed: shadowed, seen: seen) + ".nullable"
        case .named(let id):
            guard let declaration = model[id] else { return "JsonElement.serializer()" }
            switch declaration.kind {
            case .alias(let target):
                guard !seen.contains(id) else { return "JsonElement.serializer()" }
                return serializer(target, shadowed: shadowed, seen: seen.union([id]))
            case .enumeration, .union:
                return "\(typeName(id, shadowed: shadowed)).Serializer"
            case .structure:
                return "\(typeName(id, shadowed: shadowed)).serializer()"
            }
        }
    }

    /// The imports a serializer expression of `serializer(_:)` needs.
    static func imports(forSerializer expression: String) -> Set<String> {
        var imports: Set<String> = []
        for (marker, name) in [("ListSerializer(", "builtins.ListSerializer"), ("MapSerializer(", "builtins.MapSerializer"),
                               (".nullable", "builtins.nullable"), ("String.serializer()", "builtins.serializer"),
                               ("JsonElement", "json.JsonElement")] where expression.contains(marker) {
            imports.insert("kotlinx.serialization." + name)
        }
        return imports
    }

    /// The strict primitive serializers a use of `type` needs in the file that uses it
    /// (through aliases, whose expansion the serialization plugin sees in the using file;
    /// not through structs, enums and unions, which bring their own).
    func strictSerializers(in type: TypeRef, seen: Set<DeclarationID> = []) -> Set<String> {
        switch type {
        case .primitive(let kind):
            return Self.strictSerializer(kind).map { [$0] } ?? []
        case .any:
            return []
        case .array(let inner), .map(let inner), .nullable(let inner):
            return strictSerializers(in: inner, seen: seen)
        case .named(let id):
            guard !seen.contains(id), let declaration = model[id], case .alias(let target) = declaration.kind else { return [] }
            return strictSerializers(in: target, seen: seen.union([id]))
        }
    }

    /// Whether the spelling of `type` mentions `{}` (`JsonElement`), for imports.
    func mentionsAny(_ type: TypeRef) -> Bool {
        switch type {
        case .any: true
        case .array(let inner), .map(let inner), .nullable(let inner): mentionsAny(inner)
        case .primitive, .named: false
        }
    }

    /// Whether the spelling of `type` names a runtime type (`TabgenTimestamp`), for imports.
    func mentionsRuntime(_ type: TypeRef) -> Bool {
        switch type {
        case .primitive(let kind): kind == .timestamp
        case .array(let inner), .map(let inner), .nullable(let inner): mentionsRuntime(inner)
        case .any, .named: false
        }
    }

    /// Whether JSON `null` is a value of `type` (aliases followed; `{}` includes null).
    func admitsNull(_ type: TypeRef) -> Bool {
        if model.isNullable(type) { return true }
        if case .any = model.resolved(type) { return true }
        return false
    }
}
