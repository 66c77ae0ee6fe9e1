/// One tab as the server describes it in a `configure` message.
public struct TabData: Hashable, Sendable {
    public var id: String
    public var title: String
    public var icon: String
    public var path: String
    /// Set when the server is phasing the tab out.
    public var deprecated: Deprecation?
    /// The id of a deprecated tab this one takes the place of.
    public var replaces: String?

    public init(id: String, title: String, icon: String, path: String, deprecated: Deprecation? = nil, replaces: String? = nil) {
        self.id = id
        self.title = title
        self.icon = icon
        self.path = path
        self.deprecated = deprecated
        self.replaces = replaces
    }
}
