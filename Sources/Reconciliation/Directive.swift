import Schema

/// What a `configure` message asks for, as the iOS client parses it (seeds/000).
public enum Directive: Hashable, Sendable {
    /// No tab bar, one web view: `{"active": null, "tabs": []}`.
    case bootstrap
    /// A tab bar; `active` is the server's guess of the current page's tab.
    case tabbed(active: String, tabs: [TabData])

    public var tabs: [TabData] {
        switch self {
        case .bootstrap: []
        case .tabbed(_, let tabs): tabs
        }
    }
}

extension Directive {
    /// Reads the data of a `configure` message. Unknown members are ignored, as
    /// clients must; `active` is ignored when `tabs` is empty, as clients do.
    ///
    /// Payloads are validated against the schema first; these checks remain so that a
    /// looser `--schema` cannot hand the reconciler a message no client would accept.
    public init(json: JSON) throws(DirectiveError) {
        guard let object = json.objectValue else {
            throw DirectiveError("a configure payload is a JSON object, found \(json.kindName)", at: .root)
        }
        let tabsPointer = JSONPointer.root.appending(key: "tabs")
        guard let elements = object["tabs"]?.arrayValue else {
            throw DirectiveError("tabs must be an array", at: tabsPointer)
        }
        var tabs: [TabData] = []
        var seen: Set<String> = []
        for (index, element) in elements.enumerated() {
            let tab = try TabData(json: element, at: tabsPointer.appending(index: index))
            guard seen.insert(tab.id).inserted else {
                throw DirectiveError("duplicate tab id \"\(tab.id)\"", at: tabsPointer.appending(index: index).appending(key: "id"))
            }
            tabs.append(tab)
        }
        if tabs.isEmpty {
            self = .bootstrap
            return
        }
        let activePointer = JSONPointer.root.appending(key: "active")
        guard let active = object["active"]?.stringValue, seen.contains(active) else {
            throw DirectiveError("active must name one of the tabs when tabs is not empty", at: activePointer)
        }
        self = .tabbed(active: active, tabs: tabs)
    }
}

extension TabData {
    init(json: JSON, at pointer: JSONPointer) throws(DirectiveError) {
        guard let object = json.objectValue else {
            throw DirectiveError("a tab is a JSON object, found \(json.kindName)", at: pointer)
        }
        func string(_ key: String) throws(DirectiveError) -> String {
            guard let value = object[key]?.stringValue else {
                throw DirectiveError("\(key) must be a string", at: pointer.appending(key: key))
            }
            return value
        }
        var deprecated: Deprecation?
        if let value = object["deprecated"] {
            guard let level = value.stringValue.flatMap(Deprecation.init(rawValue:)) else {
                throw DirectiveError("deprecated must be \"soft\" or \"hard\"", at: pointer.appending(key: "deprecated"))
            }
            deprecated = level
        }
        var replaces: String?
        if object["replaces"] != nil {
            replaces = try string("replaces")
        }
        self.init(id: try string("id"), title: try string("title"), icon: try string("icon"), path: try string("path"),
                  deprecated: deprecated, replaces: replaces)
    }
}
