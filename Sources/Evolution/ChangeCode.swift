/// The stable codes of `tabgen diff`. Codes never change meaning once released; new
/// kinds get new codes. They are distinct from the payload codes (TG0xx, TG1xx).
///
/// D00x properties, D01x nullability and types, D02x enums, D03x discriminators,
/// D04x definitions, D05x rules, D06x the bridge contract, D09x documentation.
package enum ChangeCode: String, Sendable, CaseIterable, Comparable {
    case optionalPropertyAdded = "D001"
    case requiredPropertyAdded = "D002"
    case optionalPropertyRemoved = "D003"
    case requiredPropertyRemoved = "D004"
    case propertyMadeRequired = "D005"
    case propertyMadeOptional = "D006"
    case additionalPropertiesAllowed = "D007"
    case additionalPropertiesForbidden = "D008"

    case nullableAdded = "D010"
    case nullableRemoved = "D011"
    case typeChanged = "D012"
    case typeWidened = "D013"
    case typeNarrowed = "D014"
    case enumBecameString = "D015"
    case stringBecameEnum = "D016"

    case enumValueAdded = "D020"
    case enumValueRemoved = "D021"

    case discriminatorTagChanged = "D030"
    case variantAdded = "D031"
    case variantRemoved = "D032"

    case definitionRenamed = "D040"
    case refRetargeted = "D041"

    case ruleAdded = "D050"
    case ruleRemoved = "D051"
    case ruleTightened = "D052"
    case ruleLoosened = "D053"
    case ruleChanged = "D054"
    case ruleTextChanged = "D055"

    case contractChanged = "D060"
    case contractAddedOrRemoved = "D061"
    case rootNameChanged = "D062"
    case eventAdded = "D063"
    case eventRemoved = "D064"
    case eventChanged = "D065"
    case elementSourceChanged = "D066"

    case descriptionChanged = "D090"

    package var code: String { rawValue }

    /// A short name of the kind of change, for JSON output and the README table.
    package var title: String {
        switch self {
        case .optionalPropertyAdded: "optional property added"
        case .requiredPropertyAdded: "required property added"
        case .optionalPropertyRemoved: "optional property removed"
        case .requiredPropertyRemoved: "required property removed"
        case .propertyMadeRequired: "property became required"
        case .propertyMadeOptional: "property became optional"
        case .additionalPropertiesAllowed: "additionalProperties turned on"
        case .additionalPropertiesForbidden: "additionalProperties turned off"
        case .nullableAdded: "nullable added"
        case .nullableRemoved: "nullable removed"
        case .typeChanged: "type changed"
        case .typeWidened: "type widened"
        case .typeNarrowed: "type narrowed"
        case .enumBecameString: "enum became string"
        case .stringBecameEnum: "string became enum"
        case .enumValueAdded: "enum value added"
        case .enumValueRemoved: "enum value removed"
        case .discriminatorTagChanged: "discriminator tag changed"
        case .variantAdded: "discriminator variant added"
        case .variantRemoved: "discriminator variant removed"
        case .definitionRenamed: "definition renamed"
        case .refRetargeted: "ref names another definition"
        case .ruleAdded: "rule added"
        case .ruleRemoved: "rule removed"
        case .ruleTightened: "rule tightened"
        case .ruleLoosened: "rule loosened"
        case .ruleChanged: "rule changed"
        case .ruleTextChanged: "rule message or description changed"
        case .contractChanged: "bridge contract changed"
        case .contractAddedOrRemoved: "bridge contract added or removed"
        case .rootNameChanged: "root type name changed"
        case .eventAdded: "event added"
        case .eventRemoved: "event removed"
        case .eventChanged: "event direction, reply or value changed"
        case .elementSourceChanged: "data read from the element changed"
        case .descriptionChanged: "description changed"
        }
    }

    package static func < (lhs: ChangeCode, rhs: ChangeCode) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
