import Testing
@testable import Schema

/// TG020 (a path that resolves to "//host") and TG021 (the empty path), beside TG104.
struct PathResolutionTests {
    let validator: PayloadValidator

    init() throws {
        validator = PayloadValidator(document: try repositorySchema())
    }

    func findings(path: String) throws -> [Finding] {
        let tabs = #"{"id": "a", "title": "A", "icon": "i", "path": \#(JSONWriter.quoted(path))}, {"id": "b", "title": "B", "icon": "i", "path": "/b"}"#
        return validator.findings(for: try parse(#"{"active": "a", "tabs": [\#(tabs)]}"#))
    }

    @Test("valid paths that resolve to a path starting with // warn TG020", arguments: [
        "/..//evil.com", "/%2e//evil.com", "/%2E%2e//evil.com", ".//evil.com", "./..//evil.com", "/a/..//evil.com",
        "/./..//evil.com", "a/../..//evil.com", "/..//evil.com/x?y=1#z", "/%2e%2e//evil.com/",
    ])
    func networkPath(path: String) throws {
        let found = try findings(path: path)
        #expect(found.map(\.code) == ["TG020"], "\(found.map(\.message))")
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.contains(#"reads as the host "evil.com""#) == true)
        #expect(found.first?.pointer.description == "/tabs/0/path")
    }

    @Test("paths with an empty segment that stays inside are fine", arguments: ["/a//b", "/x", "a//b", "/a/b/..//c", "/?next=//evil.com", "/#//x", "..", "/.."])
    func innocent(path: String) throws {
        #expect(try findings(path: path).isEmpty, "\(path)")
    }

    @Test("an empty path warns TG021; an authority is still TG104")
    func emptyAndAuthority() throws {
        #expect(try findings(path: "").map(\.code) == ["TG021"])
        #expect(try findings(path: "//evil.com").map(\.code) == ["TG104"])
    }

    /// The examples behind a leading "/", so that each resolves to a network path and
    /// the resolution (the generated runtime's) returns it.
    @Test("remove_dot_segments, RFC 3986 section 5.2.4 examples")
    func dotSegments() {
        #expect(RelativeReference.networkPathResolution(of: "//a/b/c/./../../g") == "//a/g")
        #expect(RelativeReference.networkPathResolution(of: "//mid/content=5/../6") == "//mid/6")
        #expect(RelativeReference.networkPathResolution(of: "//a/b/..") == "//a/")
        #expect(RelativeReference.networkPathResolution(of: "/../..//x") == "//x")
    }
}
