import Schema

/// The properties a path-configuration schema declares (`definitions.Properties`):
/// each one's type and, from `metadata.platforms`, which platform reads it and its
/// default there. Resolution, the checks and the generated accessors all read this,
/// so a property added to the schema is known to all three.
package struct PathPropertyCatalog: Sendable {
    package enum ValueType: Sendable, Equatable {
        case boolean
        case string
        /// An enum: its values, and the values iOS understands when fewer (`push`).
        case enumeration(name: String, values: [String], iosValues: [String]?)
        /// Any other JTD type: read as JSON, never interpreted.
        case other
    }

    package struct Property: Sendable {
        package var name: String
        package var type: ValueType
        package var description: String?
        /// Per platform that reads the property: its default (nil: none).
        package var defaults: [AppPlatform: JSON?]

        package func isRead(by platform: AppPlatform) -> Bool { defaults[platform] != nil }
        package func defaultValue(on platform: AppPlatform) -> JSON? { defaults[platform] ?? nil }
    }

    package var properties: [Property]

    package init(properties: [Property]) {
        self.properties = properties
    }

    package func property(named name: String) -> Property? {
        properties.first { $0.name == name }
    }

    /// The catalog of `document`; empty when it has no `Properties` definition.
    package init(document: SchemaDocument) {
        guard let definition = document.definition(named: "Properties"), case .properties(let form) = definition.form else {
            properties = []
            return
        }
        properties = (form.required + form.optional).map { entry in
            let schema = entry.schema
            var type = ValueType.other
            var target = schema
            var enumName = entry.name
            if case .ref(let name) = schema.form, let referenced = document.definition(named: name) {
                target = referenced
                enumName = name
            }
            switch target.form {
            case .type(.boolean): type = .boolean
            case .type(.string): type = .string
            case .enumeration(let values):
                var iosValues: [String]?
                if case .object(let platforms)? = target.metadata["platforms"], case .object(let ios)? = platforms["ios"],
                   case .array(let list)? = ios["values"] {
                    iosValues = list.compactMap(\.stringValue)
                }
                type = .enumeration(name: enumName, values: values, iosValues: iosValues)
            default: type = .other
            }
            // A property without metadata.platforms (an app's own) is read by both, with no default.
            var defaults: [AppPlatform: JSON?] = schema.metadata["platforms"] == nil ? [.ios: .none, .android: .none] : [:]
            if case .object(let platforms)? = schema.metadata["platforms"] {
                for platform in AppPlatform.allCases {
                    guard case .object(let settings)? = platforms[platform.rawValue] else { continue }
                    defaults[platform] = .some(settings["default"])
                }
            }
            return Property(name: entry.name, type: type, description: schema.description, defaults: defaults)
        }
    }
}

/// The two platforms of a Hotwire Native app.
package enum AppPlatform: String, Sendable, CaseIterable, Hashable {
    case ios, android

    package var displayName: String {
        switch self {
        case .ios: "iOS"
        case .android: "Android"
        }
    }
}
