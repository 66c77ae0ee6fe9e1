import Foundation
import Testing

/// Issue 26: what the bridge really sends. The Stimulus `BridgeComponent.send` adds
/// `metadata: {url}` to the data of every web-to-native message, so form's data-less
/// `submitDisabled` arrives as `{"metadata":{"url":"..."}}`, which `validate --event`
/// refused (TG013 /metadata). And TG023 watches the namespaces the contracts declare.
@Suite("validate: the bridge's envelope and the contracts' identifiers")
struct BridgeEnvelopeCommandTests {
    /// A project with the form, menu and navigation contracts and the guides' `button`.
    func project() throws -> URL {
        let directory = try ContractsCommandTests.project(ContractsCommandTests.menuFormNavigation, config: "version: 1\ncontracts: contracts\n")
        try Data(ContractsEmitTests.buttonContract.utf8).write(to: directory.appendingPathComponent("contracts/button.json"))
        return directory
    }

    @Test func everyWebToNativeEventCarriesTheMetadataEnvelope() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let submitDisabled = ["--contract", "form", "--event", "submitDisabled"]
        // An event without data has no data of its own: the envelope alone, or nothing.
        for payload in [#"{"metadata":{"url":"https://x"}}"#, "{}", #"{"metadata":{"url":"https://x","more":1}}"#] {
            let result = try CLI.validate(payload, submitDisabled, in: directory)
            #expect(result.status == 0, "\(payload): \(result.stdout)\(result.stderr)")
        }
        // The envelope is typed, as the apps read metadata.url; findings are located.
        let cases: [(payload: String, line: String)] = [
            (#"{"metadata":{"url":5}}"#, "payload.json:1:20: error[TG010] form.submitDisabled /metadata/url: expected a string, found number 5"),
            (#"{"metadata":"https://x"}"#, "payload.json:1:13: error[TG014] form.submitDisabled /metadata: expected an object, found string \"https://x\""),
            (#"{"metadata":{}}"#, "payload.json:1:13: error[TG012] form.submitDisabled /metadata: missing required property \"url\""),
            (#"{"other":1}"#, "payload.json:1:2: error[TG013] form.submitDisabled /other: property \"other\" is not allowed here (the schema does not list it and does not allow additional properties)"),
        ]
        for (payload, line) in cases {
            let result = try CLI.validate(payload, submitDisabled, in: directory)
            #expect(result.status == 1, "\(payload)")
            #expect(result.stdoutLines == [line], "\(payload): \(result.stdout)")
        }
        // Events with data, and the one-event navigation contract, take it beside their own.
        let menu = #"{"title":"A","items":[{"title":"Edit","index":0}],"metadata":{"url":"https://x/menu"}}"#
        #expect(try CLI.validate(menu, ["--contract", "menu", "--event", "display"], in: directory).status == 0)
        let badMenu = try CLI.validate(menu.replacingOccurrences(of: #""https://x/menu""#, with: "null"), ["--contract", "menu", "--event", "display"], in: directory)
        #expect(badMenu.status == 1 && badMenu.stdout.contains("error[TG010] menu.display /metadata/url: expected a string, found null"), "\(badMenu.stdout)")
        #expect(try CLI.validate(#"{"active":null,"tabs":[],"metadata":{"url":"https://x"}}"#, ["--contract", "navigation"], in: directory).status == 0)
        let badTabs = try CLI.validate(#"{"active":null,"tabs":[],"metadata":[]}"#, ["--contract", "navigation"], in: directory)
        #expect(badTabs.status == 1 && badTabs.stdout.contains("error[TG014] navigation.configure /metadata: expected an object"), "\(badTabs.stdout)")
    }

    @Test func unknownComponentsInTheContractsNamespacesAreReported() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("""
        <html><body>
        <div data-controller="bridge--navigation" data-bridge--navigation-config-value='{"active":null,"tabs":[]}'></div>
        <button data-controller="button" data-button-connect-value='{"title":"Share"}'></button>
        <button data-controller="bridge--button dropdown"></button>
        </body></html>
        """.utf8).write(to: directory.appendingPathComponent("page.html"))
        let result = try CLI.run(["validate", "--html", "page.html"], in: directory)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdoutLines == [
            #"page.html:4:1: warning[TG023] (root): data-controller="bridge--button" names a bridge component that no contract of the project describes (contracts: button, bridge--form, bridge--menu, bridge--navigation) (did you mean "button", the identifier of contract button?), so nothing checks what it sends"#,
        ], "\(result.stdout)")
    }
}
