import Schema

/// Builds the language-neutral `TypeModel` from a schema document.
///
/// Names follow jtd-codegen: a definition is named by its key, the root by
/// `metadata.tabgen.rootName` (or `fallbackRootName`), and an inline type (a property,
/// element or variant that is itself an object, enum or union) by its parent's name
/// parts followed by the property name or variant tag. Only raw parts are recorded
/// here; each target turns them into identifiers and resolves collisions.
public struct ModelBuilder {
    /// The root's name when the schema does not set `metadata.tabgen.rootName`.
    public var fallbackRootName: String

    public init(fallbackRootName: String = "Root") {
        self.fallbackRootName = fallbackRootName
    }

    public func build(_ document: SchemaDocument) -> TypeModel {
        if document.listsEvents { return buildEvents(document) }
        var state = State(document: document)
        let rootName = document.extensions.rootName ?? fallbackRootName
        let rootID = state.declare(document.root, parts: [rootName], isRoot: true)
        for definition in document.definitions {
            _ = state.declare(definition.schema, parts: [definition.name], isRoot: false)
        }
        // A nullable root whose declaration does not carry the null (a struct, enum or
        // union) is used as `T?`.
        let rootType: TypeRef = document.root.nullable && !state.isAlias(document.root) ? .nullable(.named(rootID)) : .named(rootID)
        var declarations = state.declarations
        RecursionAnalysis.markRecursiveFields(in: &declarations)
        return TypeModel(declarations: declarations, root: rootType, rootID: rootID,
                         contract: document.extensions.contract, rules: document.extensions.rules, document: document)
    }

    /// A contract that lists events: its root is empty and declares nothing; every
    /// definition is generated, and the event data definitions are the message roots.
    /// Each root carries the rules of its events; `rules` (the root's) is empty.
    func buildEvents(_ document: SchemaDocument) -> TypeModel {
        var state = State(document: document)
        for definition in document.definitions {
            _ = state.declare(definition.schema, parts: [definition.name], isRoot: false)
        }
        var declarations = state.declarations
        RecursionAnalysis.markRecursiveFields(in: &declarations)
        let roots = (document.extensions.contract?.eventDataDefinitions ?? []).compactMap { entry -> MessageRoot? in
            guard let schema = document.definition(named: entry.name) else { return nil }
            let id = State.definitionID(entry.name)
            let type: TypeRef = schema.nullable && !state.isAlias(schema) ? .nullable(.named(id)) : .named(id)
            return MessageRoot(id: id, type: type, definition: entry.name, events: entry.events, rules: document.rules(ofDataOf: entry.name))
        }
        let first = roots.first
        return TypeModel(declarations: declarations, root: first?.type ?? .any, rootID: first?.id ?? DeclarationID(""),
                         contract: document.extensions.contract, rules: [], document: document, messageRoots: roots)
    }

    struct State {
        let document: SchemaDocument
        var declarations: [Declaration] = []

        static func id(for schema: Schema) -> DeclarationID {
            DeclarationID(schema.pointer.description)
        }

        static func definitionID(_ name: String) -> DeclarationID {
            DeclarationID(JSONPointer.root.appending(key: "definitions").appending(key: name).description)
        }

        /// Whether a schema is declared as an alias (it carries its own `nullable`).
        func isAlias(_ schema: Schema) -> Bool {
            switch schema.form {
            case .properties, .enumeration, .discriminator: false
            default: true
            }
        }

        /// Whether a definition reached through aliases admits null.
        func aliasChainIsNullable(_ name: String) -> Bool {
            var seen: Set<String> = []
            var current = name
            while seen.insert(current).inserted, let schema = document.definition(named: current) {
                if schema.nullable { return true }
                guard case .ref(let next) = schema.form else { return false }
                current = next
            }
            return false
        }

        /// Declares `schema` (a definition, the root, an inline object, enum or union)
        /// and, recursively, the inline types it introduces. Returns its id.
        mutating func declare(_ schema: Schema, parts: [String], isRoot: Bool, unionID: DeclarationID? = nil) -> DeclarationID {
            let id = Self.id(for: schema)
            let position = declarations.count
            let kind: Declaration.Kind
            switch schema.form {
            case .properties(let form):
                kind = .structure(structure(form, parts: parts))
            case .enumeration(let values):
                let descriptions = schema.metadata["enumDescription"]?.objectValue
                kind = .enumeration(Enumeration(cases: values.map { EnumCase(value: $0, docs: descriptions?[$0]?.stringValue) }))
            case .discriminator(let form):
                var variants: [Variant] = []
                for variant in form.mapping {
                    let variantID = declare(variant.schema, parts: parts + [variant.tag], isRoot: false, unionID: id)
                    variants.append(Variant(tagValue: variant.tag, structure: variantID))
                }
                kind = .union(Union(tag: form.tag, variants: variants))
            case .elements(let element):
                kind = .alias(nullable(schema.nullable, .array(typeRef(element, parts: parts + ["Element"]))))
            case .values(let value):
                kind = .alias(nullable(schema.nullable, .map(typeRef(value, parts: parts + ["Value"]))))
            case .ref, .type, .empty:
                kind = .alias(typeRef(schema, parts: parts))
            }
            let declaration = Declaration(id: id, nameParts: parts, docs: schema.description, kind: kind,
                                          schemaPointer: schema.pointer, isRoot: isRoot, unionID: unionID)
            declarations.insert(declaration, at: position)
            return id
        }

        mutating func structure(_ form: PropertiesForm, parts: [String]) -> Structure {
            var fields: [Field] = []
            for (property, isRequired) in form.all {
                let type = typeRef(property.schema, parts: parts + [property.name])
                fields.append(Field(jsonName: property.name, docs: property.schema.description, type: type,
                                    isRequired: isRequired, schemaPointer: property.schema.pointer))
            }
            return Structure(fields: fields, additionalProperties: form.additionalProperties)
        }

        func nullable(_ flag: Bool, _ type: TypeRef) -> TypeRef {
            flag && !type.isNullable ? .nullable(type) : type
        }

        /// The type of a value validated by `schema`; inline objects, enums and unions
        /// become declarations named `parts`.
        mutating func typeRef(_ schema: Schema, parts: [String]) -> TypeRef {
            switch schema.form {
            case .empty:
                return .any  // null is already a JSON value
            case .type(let primitive):
                return nullable(schema.nullable, .primitive(primitive))
            case .elements(let element):
                return nullable(schema.nullable, .array(typeRef(element, parts: parts)))
            case .values(let value):
                return nullable(schema.nullable, .map(typeRef(value, parts: parts)))
            case .ref(let name):
                let target = Self.definitionID(name)
                guard let definition = document.definition(named: name) else { return .any }
                if isAlias(definition) {
                    // The alias carries its own null; add one only when it has none.
                    return schema.nullable && !aliasChainIsNullable(name) ? .nullable(.named(target)) : .named(target)
                }
                return nullable(schema.nullable || definition.nullable, .named(target))
            case .properties, .enumeration, .discriminator:
                let id = declare(schema, parts: parts, isRoot: false)
                return nullable(schema.nullable, .named(id))
            }
        }
    }
}
