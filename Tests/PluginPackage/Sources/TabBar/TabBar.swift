// MessageData, TabData and Deprecation come from TabgenPlugin; this file uses them the
// way an app's NavigationComponent would.

/// The ids of the tabs a message asks for, in order.
public func tabIDs(of message: MessageData) -> [String] {
    message.tabs.map(\.id)
}
