import Schema

/// The properties form: properties added or removed, required or optional, and
/// `additionalProperties`. Whether a client tolerates a property it does not know
/// depends on the object's `additionalProperties` in the schema that client was built from.
extension SchemaWalk {
    /// Each property is a step of the walk, and so are the removed ones and
    /// `additionalProperties` after them: what one reports comes after the walk under
    /// the one before, as in document order.
    mutating func compareProperties(_ oldForm: PropertiesForm, _ newForm: PropertiesForm, _ oldObject: Schema, _ newObject: Schema) {
        let oldName = old.objectName(at: oldObject.pointer)
        let newName = new.objectName(at: newObject.pointer)
        for (property, isRequired) in newForm.all {
            then { $0.compareProperty(property, isRequired, in: oldForm, oldName: oldName) }
        }
        then { $0.compareRemovedProperties(oldForm, newForm, oldObject, newObject, newName: newName) }
    }

    private mutating func compareProperty(_ property: Property, _ isRequired: Bool, in oldForm: PropertiesForm, oldName: String) {
        let quoted = JSONWriter.quoted(property.name)
        guard let (oldProperty, wasRequired) = oldForm.property(named: property.name) else {
            let oldClients: Effect = oldForm.additionalProperties
                ? .safe("\(oldName) allows unknown properties, so old clients ignore it")
                : .strict("\(oldName) does not allow unknown properties in the old schema: strict clients reject it; tabgen-generated clients ignore unknown keys")
            if isRequired {
                report(.requiredPropertyAdded, "property \(quoted) added as required", old: nil, new: property.schema.pointer,
                       oldClients: oldClients, newClients: .breaking("an old server does not send it"))
            } else {
                report(.optionalPropertyAdded, "optional property \(quoted) added", old: nil, new: property.schema.pointer,
                       oldClients: oldClients, newClients: .safe("it is optional, and an old server omits it"))
            }
            return
        }
        if isRequired, !wasRequired {
            report(.propertyMadeRequired, "property \(quoted) became required", old: oldProperty.schema.pointer, new: property.schema.pointer,
                   oldClients: .safe("old clients accept it when it is present"),
                   newClients: .breaking("an old server may omit it"))
        } else if !isRequired, wasRequired {
            report(.propertyMadeOptional, "property \(quoted) became optional", old: oldProperty.schema.pointer, new: property.schema.pointer,
                   oldClients: .breaking("old clients require it, and the new server may omit it"),
                   newClients: .safe("an old server always sends it"))
        }
        thenCompare(oldProperty.schema, property.schema)
    }

    private mutating func compareRemovedProperties(_ oldForm: PropertiesForm, _ newForm: PropertiesForm, _ oldObject: Schema, _ newObject: Schema,
                                                   newName: String) {
        for (property, wasRequired) in oldForm.all where newForm.property(named: property.name) == nil {
            let quoted = JSONWriter.quoted(property.name)
            let newClients: Effect = newForm.additionalProperties
                ? .safe("\(newName) allows unknown properties, so new clients ignore it when an old server sends it")
                : .strict("an old server may still send it, and \(newName) does not allow unknown properties in the new schema: strict clients reject it; tabgen-generated clients ignore unknown keys")
            let container = newObject.pointer.appending(key: newForm.hasPropertiesKeyword ? "properties" : "optionalProperties")
            if wasRequired {
                report(.requiredPropertyRemoved, "required property \(quoted) removed", old: property.schema.pointer, new: nil, at: container,
                       oldClients: .breaking("old clients require it, and the new server does not send it"), newClients: newClients)
            } else {
                report(.optionalPropertyRemoved, "optional property \(quoted) removed", old: property.schema.pointer, new: nil, at: container,
                       oldClients: .safe("it was optional: old clients handle its absence"), newClients: newClients)
            }
        }
        if oldForm.additionalProperties != newForm.additionalProperties {
            // The keyword's pointer on both sides; where it is absent (false), positions
            // fall back to the object.
            let oldPointer = oldObject.pointer.appending(key: "additionalProperties")
            let newPointer = newObject.pointer.appending(key: "additionalProperties")
            if newForm.additionalProperties {
                report(.additionalPropertiesAllowed, "additionalProperties changed from false to true in \(newName)", old: oldPointer, new: newPointer,
                       oldClients: .strict("the new server may send properties the old schema rejects: strict clients reject them; tabgen-generated clients ignore unknown keys"),
                       newClients: .safe("an old server sends only properties the new schema admits"))
            } else {
                report(.additionalPropertiesForbidden, "additionalProperties changed from true to false in \(newName)", old: oldPointer, new: newPointer,
                       oldClients: .safe("the new server sends only properties the old schema admits"),
                       newClients: .strict("an old server may send properties the new schema rejects: strict clients reject them; tabgen-generated clients ignore unknown keys"))
            }
        }
    }
}
