import Schema

/// The ViewComponents of a contract that lists events: one per web-to-native event whose
/// data the server renders into the page, that is an event with data (an object) and a
/// `value` (the Stimulus value that holds the JSON, `data-bridge--menu-display-value`), or
/// a `fromElement` that reads every field from an attribute of the controller's element
/// (the guides' button: `data-bridge-title`), which the component renders there.
///
/// Any other event gets none: the controller builds its data at run time (the demos'
/// `submitDisabled`, or a menu read from the page's targets, which are the component's
/// content, not its element). Each component is named after its event inside the
/// contract's module (`Menu::DisplayComponent` in `app/components/menu/display_component.rb`,
/// Zeitwerk's names), since a contract may render several events and two contracts may
/// both have a `connect` event.
extension RubyContexts {
    /// One event's component context, in contract order.
    func eventComponents() throws -> [[String: Any]] {
        guard let contract = model.contract, model.listsEvents else { return [] }
        let rendered = contract.webToNativeEvents.filter { !($0.value ?? "").isEmpty }
        // `tabgen validate --html` reads every value of a contract from each of its elements,
        // so two rendered events belong on one element, which a component per event cannot
        // give: refused rather than generated into pages that fail validation.
        if rendered.count > 1 {
            throw CodeGenError("ruby: the events \(rendered.map(\.name).joined(separator: ", ")) of \(contract.component) all have a value; a page carries them on one element, and the Ruby target makes a ViewComponent per event: give only one web-to-native event a value")
        }
        let fromElement = contract.webToNativeEvents.filter { Self.elementAttributes(of: $0) != nil }
        // A component per event renders an element per event: the controller reads one.
        if !fromElement.isEmpty, rendered.count + fromElement.count > 1 {
            throw CodeGenError("ruby: the events \((rendered + fromElement).map(\.name).joined(separator: ", ")) of \(contract.component) all have data the server renders (a value, or fromElement attributes of the element); a page carries them on one element, and the Ruby target makes a ViewComponent per event: keep one")
        }
        let taken = Set(names.types.values)
        return try (rendered + fromElement).compactMap { event -> [String: Any]? in
            guard case .definition(let definition) = event.data,
                  let root = model.messageRoots.first(where: { $0.definition == definition }),
                  let declaration = model[root.id], case .structure = declaration.kind else { return nil }
            let fields = Self.elementAttributes(of: event)
            let attribute = fields.map { $0.map(\.attribute).joined(separator: ", ") } ?? contract.valueAttribute(of: event)
            try Self.checkAttributeText(("stimulusIdentifier", contract.stimulusIdentifier))
            if let fields {
                for field in fields { try Self.checkAttributeText(("attribute of \(field.field)", field.attribute)) }
            } else {
                try Self.checkAttributeText(("value attribute", attribute))
            }
            var className = RubyNaming.typeIdentifier([event.name, "component"])
            // A data type of the module with that name: the component takes `Bridge` before `Component`.
            if taken.contains(className) { className = String(className.dropLast("Component".count)) + "BridgeComponent" }
            let dataName = names.typeName(root.id)
            let path = "\(moduleFile)/\(RubyNaming.fileName(className))"
            var context = file()
            context["className"] = className
            context["qualifiedName"] = "\(moduleName)::\(className)"
            context["componentFile"] = path
            context["dataClass"] = dataName
            context["qualifiedDataClass"] = "\(moduleName)::\(dataName)"
            context["stimulusLiteral"] = RubyLiterals.string(contract.stimulusIdentifier)
            context["bridgeEventLiteral"] = RubyLiterals.string(event.name)
            context["fromElement"] = fields != nil
            if let fields {
                context["fieldAttributesLiteral"] = "{ " + fields.map { "\(RubyLiterals.string($0.field)) => \(RubyLiterals.string($0.attribute))" }.joined(separator: ", ") + " }"
            } else {
                context["valueAttributeLiteral"] = RubyLiterals.string(attribute)
            }
            context["eventLiteral"] = RubyLiterals.string("invalid_message.\(moduleFile)_\(RubyNaming.fileName(className))")
            context["erbHeader"] = input.header.lines.map(RubyLiterals.erbComment)
            var about = "Renders the element of the \(contract.component) bridge component's Stimulus controller (\(contract.stimulusIdentifier)) with the data of its \(event.name) event in \(attribute), which the controller sends to the native app."
            if let description = event.description { about += " " + description }
            context["contractLines"] = RubyLiterals.comment(about, width: 88)
            context["checkLines"] = RubyLiterals.comment("Checked as `tabgen validate --contract \(contract.component) --event \(event.name)` checks it, once per message object (the value object is frozen and keeps its findings).", width: 88)
            context["testClass"] = "\(className)Test"
            context["fixturesPath"] = fixturesPath(of: root.id, upToOutput: Self.contractTestUpToOutput, own: "fixtures/\(moduleFile)/\(dataName).fixtures.json")
            return context
        }
    }

    /// For an event whose data the controller reads from its element (`fromElement`), the
    /// attribute the component renders each field into: the first attribute of the field's
    /// read list (`data-bridge-title`), which the controller reads first. Nil when a field
    /// reads a target or an `each` (the component's content holds those) or no attribute.
    static func elementAttributes(of event: ContractEvent) -> [(field: String, attribute: String)]? {
        guard let fields = event.fromElement, case .definition = event.data else { return nil }
        var attributes: [(field: String, attribute: String)] = []
        for field in fields {
            guard case .read(let read) = field.source, read.target == nil,
                  let attribute = read.names.first(where: { !ElementRead.pseudoNames.contains($0) }) else { return nil }
            attributes.append((field.name, attribute.lowercased()))
        }
        return attributes
    }

    /// Text written into an HTML attribute name unescaped: Stimulus's own characters only.
    static func checkAttributeText(_ items: (what: String, text: String)...) throws {
        for (what, text) in items {
            guard !text.isEmpty, text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "." }) else {
                throw CodeGenError("ruby: the contract's \(what) \(JSONWriter.quoted(text)) cannot be written into an HTML attribute")
            }
        }
    }
}
