import Schema
import Testing
@testable import Reconciliation

@Suite("Directive: reading a configure payload")
struct DirectiveTests {
    private func directive(_ text: String) throws -> Directive {
        try Directive(json: JSONReader().parse(Array(text.utf8)))
    }

    @Test("The protocol notes' example: tabbed, with a tab being sunset")
    func protocolExample() throws {
        let parsed = try directive("""
            {"active": "home",
             "tabs": [
              {"id": "home", "title": "Home", "icon": "house.fill", "path": "/"},
              {"id": "explore", "title": "Explore", "icon": "magnifyingglass", "path": "/explore", "deprecated": "soft"},
              {"id": "favorites", "title": "Favorites", "icon": "heart.fill", "path": "/favorites", "replaces": "explore"},
              {"id": "profile", "title": "Profile", "icon": "person.crop.circle", "path": "/profile", "badge": 3}]}
            """)
        guard case .tabbed(let active, let tabs) = parsed else {
            Issue.record("expected a tabbed directive")
            return
        }
        #expect(active == "home")
        #expect(tabs.map(\.id) == ["home", "explore", "favorites", "profile"])
        #expect(tabs[1].deprecated == .soft)
        #expect(tabs[2].replaces == "explore")
        #expect(tabs[0] == TabData(id: "home", title: "Home", icon: "house.fill", path: "/"))
    }

    @Test("No tabs is bootstrap mode, whatever active says")
    func bootstrap() throws {
        #expect(try directive(#"{"active": null, "tabs": []}"#) == .bootstrap)
        #expect(try directive(#"{"active": "home", "tabs": []}"#) == .bootstrap)
    }

    @Test("Payloads no client can act on are refused, with a pointer")
    func refusals() {
        #expect(throws: DirectiveError("tabs must be an array", at: JSONPointer.root.appending(key: "tabs"))) {
            try directive(#"{"active": null}"#)
        }
        #expect(throws: DirectiveError.self) { try directive(#"{"active": null, "tabs": [{"id": "a", "title": "A", "icon": "a", "path": "/"}, {"id": "b", "title": "B", "icon": "b", "path": "/b"}]}"#) }
        #expect(throws: DirectiveError.self) { try directive(#"{"active": "a", "tabs": [{"id": "a", "title": "A", "icon": "a", "path": "/"}, {"id": "a", "title": "B", "icon": "b", "path": "/b"}]}"#) }
        #expect(throws: DirectiveError.self) { try directive(#"{"active": "a", "tabs": [{"id": "a", "title": "A", "icon": "a", "path": "/", "deprecated": "later"}, {"id": "b", "title": "B", "icon": "b", "path": "/b"}]}"#) }
        #expect(throws: DirectiveError.self) { try directive("[]") }
    }
}
