import Schema

/// Types, enums and changes of form. A change that only widens what a field admits
/// breaks the clients built for the narrower schema and no one else.
extension SchemaWalk {
    mutating func compareTypes(_ oldType: PrimitiveType, _ newType: PrimitiveType, _ oldPointer: JSONPointer, _ newPointer: JSONPointer) {
        let oldName = oldType.rawValue
        let newName = newType.rawValue
        let at = (old: oldPointer.appending(key: "type"), new: newPointer.appending(key: "type"))
        if oldType.holdsEveryValue(of: newType) {
            report(.typeNarrowed, "type narrowed from \(oldName) to \(newName)", old: at.old, new: at.new,
                   oldClients: .safe("\(oldName) holds every \(newName) value the new server sends"),
                   newClients: .breaking("new clients decode \(newName), which cannot hold every \(oldName) value an old server may send"))
        } else if newType.holdsEveryValue(of: oldType) {
            report(.typeWidened, "type widened from \(oldName) to \(newName)", old: at.old, new: at.new,
                   oldClients: .breaking("old clients decode \(oldName), which cannot hold every \(newName) value the new server may send"),
                   newClients: .safe("\(newName) holds every \(oldName) value an old server sends"))
        } else {
            reportTypeChanged(from: oldName, to: newName, at.old, at.new)
        }
    }

    /// Two different forms: compatible only through the empty form (any JSON) or
    /// between an enum and a string.
    mutating func compareShapes(_ oldSchema: Schema, _ newSchema: Schema) {
        let oldName = oldSchema.form.displayName
        let newName = newSchema.form.displayName
        switch (oldSchema.form, newSchema.form) {
        case (_, .empty):
            report(.typeWidened, "type widened from \(oldName) to \(newName)", old: oldSchema.pointer, new: newSchema.pointer,
                   oldClients: .breaking("the new server may send any JSON value, and old clients expect \(oldName)"),
                   newClients: .safe("new clients accept any value"))
        case (.empty, _):
            report(.typeNarrowed, "type narrowed from \(oldName) to \(newName)", old: oldSchema.pointer, new: newSchema.pointer,
                   oldClients: .safe("old clients accept any value"),
                   newClients: .breaking("an old server may send any JSON value, and new clients expect \(newName)"))
        case (.enumeration, .type(.string)):
            report(.enumBecameString, "enum became type string", old: oldSchema.pointer, new: newSchema.pointer,
                   oldClients: .strict("the new server may send any string: strict clients reject values outside the old enum; tabgen-generated clients keep unknown values"),
                   newClients: .safe("every enum value is a string"))
        case (.type(.string), .enumeration):
            report(.stringBecameEnum, "type string became an enum", old: oldSchema.pointer, new: newSchema.pointer,
                   oldClients: .safe("every enum value is a string"),
                   newClients: .strict("an old server may send any string: strict clients reject values outside the enum; tabgen-generated clients keep unknown values"))
        default:
            reportTypeChanged(from: oldName, to: newName, oldSchema.pointer, newSchema.pointer)
        }
    }

    private mutating func reportTypeChanged(from oldName: String, to newName: String, _ oldPointer: JSONPointer, _ newPointer: JSONPointer) {
        report(.typeChanged, "type changed from \(oldName) to \(newName)", old: oldPointer, new: newPointer,
               oldClients: .breaking("old clients expect \(oldName), and the new server sends \(newName)"),
               newClients: .breaking("new clients expect \(newName), and an old server sends \(oldName)"))
    }

    /// Unknown enum values break strict clients only: tabgen's generated code keeps them.
    mutating func compareEnums(_ oldValues: [String], _ newValues: [String], _ oldPointer: JSONPointer, _ newPointer: JSONPointer) {
        let oldSet = Set(oldValues)
        let newSet = Set(newValues)
        for (index, value) in newValues.enumerated() where !oldSet.contains(value) {
            report(.enumValueAdded, "enum value \(JSONWriter.quoted(value)) added", old: nil, new: newPointer.appending(key: "enum").appending(index: index),
                   oldClients: .strict("the new server may send it: strict clients reject an unknown value; tabgen-generated clients keep it as an unknown value"),
                   newClients: .safe("an old server never sends it"))
        }
        for (index, value) in oldValues.enumerated() where !newSet.contains(value) {
            report(.enumValueRemoved, "enum value \(JSONWriter.quoted(value)) removed", old: oldPointer.appending(key: "enum").appending(index: index), new: nil,
                   at: newPointer.appending(key: "enum"),
                   oldClients: .safe("the new server no longer sends it"),
                   newClients: .strict("an old server may still send it: strict clients reject an unknown value; tabgen-generated clients keep it as an unknown value"))
        }
    }
}

extension Form {
    /// The form for messages: `string`, `enum`, `elements`, `empty form (any JSON)`...
    var displayName: String {
        switch self {
        case .type(let type): type.rawValue
        case .empty: "the empty form (any JSON)"
        default: keyword
        }
    }
}

extension PrimitiveType {
    /// Whether every JSON value valid for `other` decodes faithfully as `self`. Integer
    /// types compare by range; float64 holds every integer and float32 exactly,
    /// float32 holds integers up to 2^24; a string holds any timestamp.
    func holdsEveryValue(of other: PrimitiveType) -> Bool {
        if self == other { return true }
        switch (self, other) {
        case (.string, .timestamp):
            return true
        case (.float64, .float32):
            return true
        case (.float64, _):
            return other.integerRange != nil
        case (.float32, _):
            guard let range = other.integerRange else { return false }
            return range.lowerBound >= -16_777_216 && range.upperBound <= 16_777_216
        default:
            guard let mine = integerRange, let theirs = other.integerRange else { return false }
            return mine.lowerBound <= theirs.lowerBound && theirs.upperBound <= mine.upperBound
        }
    }
}
