import Foundation
import TabBar
import Testing

/// The generated types decode the repository's example payload and find nothing wrong.
@Test func decodesTheTabbedExample() throws {
    let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")
    let data = try Data(contentsOf: examples.appendingPathComponent("tabbed.json"))
    let message = try JSONDecoder().decode(MessageData.self, from: data)
    #expect(tabIDs(of: message) == ["home", "explore", "favorites", "profile"])
    #expect(message.active == "home")
    #expect(message.tabs[1].deprecated == .soft)
    #expect(message.validate().isEmpty)
    #expect(MessageData.bridgeComponent == "navigation")
}

/// A payload that breaks a rule decodes (clients are tolerant) and says why.
@Test func reportsWhatTheServerGotWrong() throws {
    let payload = #"{"active": "nowhere", "tabs": [{"id": "home", "title": "Home", "icon": "house", "path": "/"}]}"#
    let message = try JSONDecoder().decode(MessageData.self, from: Data(payload.utf8))
    #expect(message.validate().map(\.code).sorted() == ["TG101", "TG102"])
}
