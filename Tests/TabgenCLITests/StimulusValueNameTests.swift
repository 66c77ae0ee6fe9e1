import Foundation
import Testing
import TestSupport

/// A contract value with `_` (issue 23 item 7), named as Stimulus 3 names it everywhere.
/// Stimulus's value_properties makes the key `dasherize(token) + "-value"` and data_map
/// reads `data-<identifier>-<dasherize(key)>`; dasherize touches only capitals, so
/// `static values = { tab_bar: String }` is read from `data-<identifier>-tab_bar-value`
/// into `tabBarValue` (camelize of the key). The controller, the Ruby component and
/// `validate --html` must all use that attribute, and validate must not take an attribute
/// Stimulus does not read (`-tab-bar-value`) for it.
struct StimulusValueNameTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("schema.json")
    static let valid = "{&quot;mode&quot;: &quot;tabbed&quot;, &quot;active&quot;: &quot;home&quot;, &quot;tabs&quot;: [{&quot;id&quot;: &quot;home&quot;, &quot;title&quot;: &quot;Home&quot;, &quot;icon&quot;: &quot;house&quot;, &quot;path&quot;: &quot;/&quot;}, {&quot;id&quot;: &quot;me&quot;, &quot;title&quot;: &quot;Me&quot;, &quot;icon&quot;: &quot;person&quot;, &quot;path&quot;: &quot;/me&quot;}]}"
    static let invalid = "{&quot;mode&quot;: &quot;tabbed&quot;}"

    func project() throws -> URL {
        let directory = try temporaryDirectory()
        let schema = try String(contentsOf: Self.schema, encoding: .utf8)
        let renamed = schema.replacingOccurrences(of: #""value": "config""#, with: #""value": "tab_bar""#)
        #expect(renamed != schema)
        try Data(renamed.utf8).write(to: directory.appendingPathComponent("schema.json"))
        let config = """
        version: 1
        schema: schema.json
        outputs:
          - lang: typescript
            out: web/controllers
            options: {flavor: javascript, tests: false}
          - lang: ruby
            out: rails
        """
        try Data(config.utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        return directory
    }

    func page(_ attributes: String) -> String {
        "<!DOCTYPE html><html><body><nav data-controller=\"bridge--navigation\" \(attributes)></nav></body></html>"
    }

    @Test func controllerComponentAndValidateUseStimulusAttribute() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let emit = try CLI.run(["emit", "-q"], in: directory)
        #expect(emit.status == 0, "\(emit.stderr)")
        let controller = try String(contentsOf: directory.appendingPathComponent("web/controllers/navigation_controller.js"), encoding: .utf8)
        #expect(controller.contains("return { tab_bar: String }"))
        #expect(controller.contains(".tabBarValue)"))
        #expect(controller.contains("`data-${controller.identifier}-tab_bar-value`"))
        let component = try String(contentsOf: directory.appendingPathComponent("rails/app/components/navigation_component.rb"), encoding: .utf8)
        #expect(component.contains(#"value_attribute: "data-bridge--navigation-tab_bar-value""#))

        let cases: [(attributes: String, status: Int32)] = [
            ("data-bridge--navigation-tab_bar-value=\"\(Self.valid)\"", 0),
            ("data-bridge--navigation-tab_bar-value=\"\(Self.invalid)\"", 1),
            // Stimulus reads tab_bar: a valid payload beside it, where Stimulus does not look, is no excuse.
            ("data-bridge--navigation-tab-bar-value=\"\(Self.valid)\" data-bridge--navigation-tab_bar-value=\"\(Self.invalid)\"", 1),
            ("data-bridge--navigation-tab-bar-value=\"\(Self.valid)\"", 1),
        ]
        for (attributes, status) in cases {
            try Data(page(attributes).utf8).write(to: directory.appendingPathComponent("page.html"))
            let result = try CLI.run(["validate", "--html", "page.html"], in: directory)
            #expect(result.status == status, "\(attributes): \(result.stdout)\(result.stderr)")
        }
    }
}
