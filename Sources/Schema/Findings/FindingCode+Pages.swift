extension FindingCode {
    /// A page's element connects a `bridge--*` controller that no contract of the project
    /// describes: what it sends is checked by nothing (a warning, once per identifier per page).
    public static let unknownBridgeComponent = "TG023"
}
