import Testing

/// The messages the reference clients act on although they deviate from the schema
/// (docs/decoding.md). Generated clients decode them; the server side still hears of
/// each one, with the code and pointer every generated `validate()` reports too.
struct TolerantPayloadTests {
    func findings(_ name: String) throws -> CLIResult {
        try CLI.run(["validate", "--format", "json", CLI.payload("tolerant/\(name).json")])
    }

    @Test(arguments: [
        ("deprecated-null", #""code":"TG011","pointer":"/tabs/1/deprecated","message":"null is not one of \"soft\", \"hard\"""#),
        ("replaces-null", #""code":"TG010","pointer":"/tabs/1/replaces","message":"expected a string, found null""#),
        ("active-missing", #""code":"TG012","pointer":"","message":"missing required property \"active\"""#),
        ("deprecated-unknown", #""code":"TG011","pointer":"/tabs/1/deprecated","message":"\"gentle\" is not one of \"soft\", \"hard\"""#),
    ])
    func deviationIsReportedOnce(_ name: String, _ expected: String) throws {
        let result = try findings(name)
        #expect(result.status == 1)
        #expect(result.stdoutLines.count == 1)
        #expect(result.stdout.contains(#""severity":"error","# + expected), "\(result.stdout)")
    }

    /// The Hotwire Android bridge adds `metadata` to every message's data: the root
    /// takes unknown members, as TabData does.
    @Test func unknownRootMemberIsAccepted() throws {
        let result = try findings("root-metadata")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }
}
