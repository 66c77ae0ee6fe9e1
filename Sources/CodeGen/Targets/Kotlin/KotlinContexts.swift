import Schema

/// The template contexts of the Kotlin target: every name, type spelling, literal,
/// comment and import decided here, so templates only lay them out.
///
/// Every context sets every key its template reads (Mustache looks a missing key up in
/// the enclosing contexts, which would leak a parent's value into a child).
struct KotlinContexts {
    let target: KotlinTarget
    let input: TargetInput
    let types: KotlinTypeMapping
    let walk: KotlinValidationWalk
    /// Per enum and union, the names of its nested classes (values, variants), resolved
    /// case-insensitively (they name class files) and never the enclosing type's name.
    let caseNames: [DeclarationID: [String]]
    /// The package of the generated types: `<package>.<component>` for a schema with a
    /// bridge contract (unless `contractPackage: false`), so two bridge components'
    /// `MessageData`s live in two packages of one app instead of colliding. A package,
    /// not an enclosing object: types stay top-level, one file each, and an app imports
    /// `com.example.app.navigation.*` exactly as Hotwire names the component.
    let package: String
    /// The package of `TabgenRuntime.kt`: `runtimePackage`, or the types' own package.
    let runtimePackage: String
    /// Per struct, the members decoding tolerates (`decoding: tolerant`): optional members
    /// that must not be null and required members that may be null.
    let tolerated: [DeclarationID: [KotlinTolerance.Member]]

    var model: TypeModel { input.model }
    var names: NameTable { input.names }
    var options: KotlinOptions { target.options }

    init(target: KotlinTarget, input: TargetInput) {
        self.target = target
        self.input = input
        let package = Self.codePackage(target.options, contract: input.model.contract)
        self.package = package
        self.runtimePackage = target.options.runtimePackage.isEmpty ? package : target.options.runtimePackage
        let types = KotlinTypeMapping(model: input.model, names: input.names, package: package)
        self.types = types
        let tolerated = target.options.decoding == .tolerant ? KotlinTolerance.members(input.model, types: types) : [:]
        self.tolerated = tolerated
        self.walk = KotlinValidationWalk(model: input.model, seeds: Set(tolerated.keys))
        var caseNames: [DeclarationID: [String]] = [:]
        for declaration in input.model.declarations {
            let raw: [String]
            switch declaration.kind {
            case .enumeration(let enumeration): raw = enumeration.cases.map(\.value)
            case .union(let union): raw = union.variants.map(\.tagValue)
            case .structure, .alias: continue
            }
            var scope = NameResolver(reserved: KotlinNaming.reservedCaseNames.union([input.names.typeName(declaration.id)]), caseInsensitive: true)
            caseNames[declaration.id] = raw.map { scope.claim(KotlinNaming.caseIdentifier($0)) }
        }
        self.caseNames = caseNames
    }

    static func codePackage(_ options: KotlinOptions, contract: BridgeContract?) -> String {
        if !options.namespace.isEmpty { return options.package + "." + options.namespace }
        guard options.contractPackage, let contract else { return options.package }
        let segment = componentSegment(contract.component)
        return segment.isEmpty ? options.package : options.package + "." + segment
    }

    /// The package segment of a component (`overflow-menu` -> `overflowmenu`, `object` ->
    /// `object_`), with `--schema` and `contracts:` alike; empty for a component with no
    /// letter, digit or `_`.
    static func componentSegment(_ component: String) -> String {
        var segment = String(component.lowercased().unicodeScalars.filter { Naming.isASCIIAlphanumeric($0) || $0 == "_" })
        if segment.isEmpty { return segment }
        if let first = segment.unicodeScalars.first, Naming.isDigit(first) { segment = "_" + segment }
        if KotlinNaming.keywords.contains(segment) { segment += "_" }
        return segment
    }

    /// `public ` or `internal `: the modifier of top-level declarations.
    var visibility: String { options.visibility == .public ? "public " : "internal " }
    /// `public ` or nothing: the modifier of members (members of an internal type are
    /// internal without one; explicit API mode asks only for effectively public ones).
    var memberVisibility: String { options.visibility == .public ? "public " : "" }

    // MARK: Files

    /// The generated-file header as `//` lines.
    var headerLines: [String] {
        input.header.lines.map { "// " + $0 }
    }

    /// Imports and file-level serializers a file needs, collected while building it.
    struct FileNeeds {
        var imports: Set<String> = []
        var strictSerializers: Set<String> = []
        var usesRuntime = false

        mutating func formUnion(_ other: FileNeeds) {
            imports.formUnion(other.imports)
            strictSerializers.formUnion(other.strictSerializers)
            usesRuntime = usesRuntime || other.usesRuntime
        }
    }

    /// The context of `file.mustache` for a file of `package` with `body`.
    func file(package: String, needs: FileNeeds, body: NestedTemplate?) -> [String: Any] {
        var imports = needs.imports
        var context: [String: Any] = ["header": headerLines, "package": package, "vis": visibility, "pub": memberVisibility]
        if !needs.strictSerializers.isEmpty {
            imports.insert("kotlinx.serialization.UseSerializers")
            context["useSerializers"] = needs.strictSerializers.sorted().map { "\($0)::class" }.joined(separator: ", ")
        } else {
            context["useSerializers"] = false
        }
        if needs.usesRuntime, runtimePackage != package {
            imports.insert(runtimePackage + ".*")
        }
        context["imports"] = imports.sorted()
        context["hasImports"] = !imports.isEmpty
        if let body { context["body"] = body }
        return context
    }

    func docLines(_ text: String?) -> [String] {
        text.map(KotlinLiterals.kdoc) ?? []
    }

    /// The file of a top-level declaration (structs, enums, unions, aliases; variants are
    /// written inside their union's file).
    func declarationFile(_ declaration: Declaration) -> [String: Any] {
        var needs = FileNeeds()
        let body = self.declaration(declaration, needs: &needs)
        return file(package: package, needs: needs, body: NestedTemplate(template: "declaration", context: body))
    }

    func declaration(_ declaration: Declaration, needs: inout FileNeeds) -> [String: Any] {
        var context: [String: Any]
        switch declaration.kind {
        case .structure(let structure): context = structContext(declaration, structure, variant: nil, needs: &needs)
        case .enumeration(let enumeration): context = enumContext(declaration, enumeration, needs: &needs)
        case .union(let union): context = unionContext(declaration, union, needs: &needs)
        case .alias(let type): context = aliasContext(declaration, type, needs: &needs)
        }
        let support = support(declaration, needs: &needs)
        context["support"] = support
        context["validateBody"] = support["validateBody"] ?? "emptyList()"
        if context["rootDecode"] as? Bool == true {
            needs.usesRuntime = true
            context["decodeSchema"] = decodeSchema()
        }
        return context
    }

    /// The `TabgenSchema(...)` of the file with `decode(json)`, or of a bridge component
    /// base: the schema as string literals (one a line) and the decoding policy.
    func decodeSchema() -> [String: Any] {
        let pieces = DecodingSchema.pieces(DecodingSchema.text(of: model)).map(KotlinLiterals.string)
        let lines = pieces.enumerated().map { index, literal in
            index == pieces.count - 1 ? (index == 0 ? "" : "    ") + literal + "," : (index == 0 ? "" : "    ") + literal + " +"
        }
        // The class is named here so that the runtime part it is in is emitted (`KotlinRuntime.mentioned`).
        return ["type": "TabgenSchema", "lines": lines, "strict": options.decoding == .strict ? "true" : "false"]
    }

    func base(_ declaration: Declaration) -> [String: Any] {
        let context: [String: Any] = [
            "name": names.typeName(declaration.id),
            "docLines": docLines(declaration.docs),
            "vis": visibility, "pub": memberVisibility,
            // Only the root struct or union has `decode(json)` (set by their contexts).
            "rootDecode": false, "hasCompanion": false, "decodeSerializer": "", "contract": false,
        ]
        return context.merging(declaration.kind.templateFlags) { own, _ in own }
    }

    // MARK: Structs

    /// A variant struct's place in its union.
    struct VariantInfo {
        var union: Declaration
        var tag: String
        var tagValue: String
        var caseName: String
        /// The union's nested class names, which shadow top-level types inside it.
        var shadowed: Set<String>
    }

    func structContext(_ declaration: Declaration, _ structure: Structure, variant: VariantInfo?, needs: inout FileNeeds) -> [String: Any] {
        var context = base(declaration)
        needs.imports.insert("kotlinx.serialization.Serializable")
        let name = variant?.caseName ?? names.typeName(declaration.id)
        context["name"] = name
        context["supertype"] = variant.map { " : \(names.typeName($0.union.id))" } ?? ""
        context["isVariant"] = variant != nil

        var paragraphs: [[String]] = []
        if let docs = declaration.docs { paragraphs.append(KotlinLiterals.commentText(docs)) }
        if let variant {
            let unionName = names.typeName(variant.union.id)
            paragraphs.append(KotlinLiterals.commentText("The variant of [\(unionName)] with \(variant.tag) = \(JSONWriter.quoted(variant.tagValue)) on the wire."))
        }
        if declaration.isRoot, let contract = model.contract {
            paragraphs.append(KotlinLiterals.commentText("Bridge contract: the data of the `\(contract.event)` event of the `\(contract.component)` bridge component, sent by the Stimulus controller `\(contract.stimulusIdentifier)` from its `\(contract.value)` value (HTML attribute `\(contract.valueAttribute)`). Decode `message.jsonData` with `\(name).decode(json)`, which reads the text as `tabgen validate` does."))
            context["contract"] = ["component": KotlinLiterals.string(contract.component), "event": KotlinLiterals.string(contract.event)]
        } else if let contract = model.contract, let root = model.eventRoot(declaration.id), let sentence = root.contractSentence(component: contract.component) {
            paragraphs.append(KotlinLiterals.commentText(sentence + " Decode `message.jsonData` with `BridgeJson.decodeFromString(\(name).serializer(), json)`."))
            context["contract"] = root.wireEvent.map { ["component": KotlinLiterals.string(contract.component), "event": KotlinLiterals.string($0)] } ?? false
        } else {
            context["contract"] = false
        }
        context["docLines"] = KotlinLiterals.kdoc(lines: joinParagraphs(paragraphs))
        let rootDecode = declaration.isRoot && variant == nil && !structure.fields.isEmpty
        context["rootDecode"] = rootDecode
        context["hasCompanion"] = rootDecode || (model.contract != nil && declaration.isRoot)
        context["decodeSerializer"] = types.serializer(.named(declaration.id))

        let fieldNames = names.fields[declaration.id] ?? []
        // Optional members that must not be null get a nested serializer each, named
        // after the property (case-insensitively unique: nested classes are files too).
        var nestedScope = NameResolver(reserved: ["Companion"], caseInsensitive: true)
        var nestedNames: [Int: String] = [:]
        let members = tolerated[declaration.id] ?? []
        let tolerant = Set(members.map(\.jsonName))
        for (index, (field, plainName)) in zip(structure.fields, fieldNames).enumerated()
        where !field.isRequired && !types.admitsNull(field.type) && !tolerant.contains(field.jsonName) {
            nestedNames[index] = nestedScope.claim(KotlinNaming.caseIdentifier(plainName) + "Serializer")
        }
        let shadowed = (variant?.shadowed ?? []).union(nestedNames.values)
        var fields: [[String: Any]] = []
        var nestedSerializers: [String] = []
        for (index, (field, plainName)) in zip(structure.fields, fieldNames).enumerated() {
            needs.strictSerializers.formUnion(types.strictSerializers(in: field.type))
            if types.mentionsAny(field.type) { needs.imports.insert("kotlinx.serialization.json.JsonElement") }
            var annotations: [String] = []
            if plainName != field.jsonName {
                needs.imports.insert("kotlinx.serialization.SerialName")
                annotations.append("@SerialName(\(KotlinLiterals.string(field.jsonName)))")
            }
            let valueType = types.expression(field.type, shadowed: shadowed)
            let type: String
            let defaultValue: String
            if field.isRequired {
                type = valueType
                defaultValue = ""
            } else if tolerant.contains(field.jsonName), !types.admitsNull(field.type) {
                // Absent or a value; `null` reads as absent (recorded for validate()).
                type = valueType.hasSuffix("?") ? valueType : valueType + "?"
                defaultValue = " = null"
            } else if let nested = nestedNames[index] {
                // Absent or a value: `null` on the wire is an error, as in every client.
                let inner = field.type.nonNullable
                type = types.expression(inner, shadowed: shadowed) + "?"
                defaultValue = " = null"
                annotations.append("@Serializable(with = \(nested)::class)")
                let serializer = types.serializer(inner, shadowed: shadowed)
                needs.imports.formUnion(KotlinTypeMapping.imports(forSerializer: serializer))
                needs.usesRuntime = true
                nestedSerializers.append("private object \(nested) : TabgenOptionalValueSerializer<\(types.expression(inner, shadowed: shadowed))>(\(serializer))")
            } else {
                // Absent, null and a value are three different things.
                type = "TabgenOptional<\(valueType)>"
                defaultValue = " = TabgenOptional.Absent"
                needs.usesRuntime = true
            }
            fields.append([
                "name": KotlinNaming.escaped(plainName),
                "type": type,
                "defaultValue": defaultValue,
                "annotations": annotations,
                "docLines": docLines(field.docs),
            ])
        }
        context["fields"] = fields
        context["tolerant"] = false
        if !members.isEmpty {
            needs.usesRuntime = true
            for item in ["ExperimentalSerializationApi", "KeepGeneratedSerializer", "Transient"] {
                needs.imports.insert("kotlinx.serialization." + item)
            }
            // One line per deviation when it fits in 100 columns, else one argument a line.
            let deviationLines = members.flatMap { member -> [String] in
                let arguments = [KotlinLiterals.string(member.jsonName),
                                 "TabgenDeviation.Kind." + member.kind.runtimeName,
                                 KotlinLiterals.string(member.code), KotlinLiterals.string(member.message)]
                let line = "            TabgenDeviation(\(arguments.joined(separator: ", ")),"
                return line.count <= 100 ? [line] : ["            TabgenDeviation("] + arguments.map { "                \($0)," } + ["            ),"]
            }
            context["tolerant"] = ["name": name, "deviationLines": deviationLines] as [String: Any]
        }
        context["isObject"] = fields.isEmpty
        context["nestedSerializers"] = nestedSerializers
        context["hasNestedSerializers"] = !nestedSerializers.isEmpty
        // Variants inherit validate() from their union; they need a body only for their
        // nested serializers.
        context["hasBody"] = variant == nil || !nestedSerializers.isEmpty || !members.isEmpty
        if variant == nil { needs.usesRuntime = true }  // validate() returns TabgenViolation
        return context
    }

    func joinParagraphs(_ paragraphs: [[String]]) -> [String] {
        var lines: [String] = []
        for paragraph in paragraphs where !paragraph.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines += paragraph
        }
        return lines
    }

    // MARK: Enums

    func enumContext(_ declaration: Declaration, _ enumeration: Enumeration, needs: inout FileNeeds) -> [String: Any] {
        var context = base(declaration)
        let name = names.typeName(declaration.id)
        needs.usesRuntime = true
        for item in ["KSerializer", "Serializable", "descriptors.PrimitiveKind", "descriptors.PrimitiveSerialDescriptor",
                     "descriptors.SerialDescriptor", "encoding.Decoder", "encoding.Encoder"] {
            needs.imports.insert("kotlinx.serialization." + item)
        }
        let cases = caseNames[declaration.id] ?? []
        context["cases"] = zip(enumeration.cases, cases).map { enumCase, caseName -> [String: Any] in
            ["caseName": caseName, "literal": KotlinLiterals.string(enumCase.value), "docLines": docLines(enumCase.docs), "enumName": name]
        }
        let entries = "\(memberVisibility)val entries: List<\(name)> get() = listOf(\(cases.joined(separator: ", ")))"
        context["entriesLines"] = entries.count + 8 <= 100 ? [entries]
            : ["\(memberVisibility)val entries: List<\(name)>", "    get() = listOf("] + cases.map { "        \($0)," } + ["    )"]
        context["serialName"] = KotlinLiterals.string("\(package).\(name)")
        let strict = options.decoding == .strict
        context["strict"] = strict
        if strict { needs.imports.insert("kotlinx.serialization.SerializationException") }
        let expected = AllowedValues.list(enumeration.cases.map(\.value))
        // The expected values inside a string template: as a literal's content.
        context["expectedEscaped"] = String(KotlinLiterals.string(expected).dropFirst().dropLast())
        context["unknownOrigin"] = strict ? "built with [of]: strict decoding rejects such values" : "a newer server sent it"
        context["serializerDoc"] = strict
            ? "Reads and writes a [\(name)] as its plain JSON string; a value this version does not know is an error."
            : "Reads and writes a [\(name)] as its plain JSON string; unknown values included."
        return context
    }

    // MARK: Unions

    func unionContext(_ declaration: Declaration, _ union: Union, needs: inout FileNeeds) -> [String: Any] {
        var context = base(declaration)
        let name = names.typeName(declaration.id)
        needs.usesRuntime = true
        for item in ["KSerializer", "Serializable", "descriptors.SerialDescriptor", "encoding.Decoder", "encoding.Encoder"] {
            needs.imports.insert("kotlinx.serialization." + item)
        }
        let cases = caseNames[declaration.id] ?? []
        let shadowed = Set(cases).union(["Serializer"])
        context["tagLiteral"] = KotlinLiterals.string(union.tag)
        context["rootDecode"] = declaration.isRoot
        context["decodeSerializer"] = "Serializer"
        context["serialName"] = KotlinLiterals.string("\(package).\(name)")
        var variants: [[String: Any]] = []
        for (variant, caseName) in zip(union.variants, cases) {
            var item: [String: Any] = ["caseName": caseName, "tagLiteral": KotlinLiterals.string(variant.tagValue)]
            if let structure = model[variant.structure], case .structure(let form) = structure.kind {
                let info = VariantInfo(union: declaration, tag: union.tag, tagValue: variant.tagValue, caseName: caseName, shadowed: shadowed)
                item["body"] = NestedTemplate(template: "struct", context: structContext(structure, form, variant: info, needs: &needs), indent: "    ")
            } else {
                item["body"] = [String]()
            }
            variants.append(item)
        }
        context["variants"] = variants
        context["hasVariants"] = !variants.isEmpty
        if variants.isEmpty { needs.imports.insert("kotlinx.serialization.SerializationException") }
        return context
    }

    // MARK: Aliases

    func aliasContext(_ declaration: Declaration, _ type: TypeRef, needs: inout FileNeeds) -> [String: Any] {
        var context = base(declaration)
        if types.mentionsAny(type) { needs.imports.insert("kotlinx.serialization.json.JsonElement") }
        if types.mentionsRuntime(type) { needs.usesRuntime = true }
        context["target"] = types.expression(type)
        let rules = KotlinRuleTable.expressions(model.rules(of: declaration))
        context["rules"] = ruleLines(rules, indent: "        ")
        context["hasRules"] = !rules.isEmpty
        context["rulesHolder"] = names.extras["rules"] ?? (names.typeName(declaration.id) + "Rules")
        if !rules.isEmpty {
            needs.usesRuntime = true
            for name in KotlinRuleTable.jsonNames(in: rules) { needs.imports.insert("kotlinx.serialization.json." + name) }
        }
        return context
    }
}
