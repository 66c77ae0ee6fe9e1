import Foundation
import Testing
import TestSupport

/// A Rails app's tabgen.yml (the gem's `tabgen:install` writes one): the `ruby` output is
/// the app's root, and the Stimulus controller's outputs sit inside it, outside the
/// folders the Ruby target writes.
@Suite("tabgen.yml of a Rails app")
final class RailsConfigLayoutTests: TemporaryDirectorySuite, TabgenCLISuite {
    @Test("outputs inside a ruby output are allowed outside app/models, app/components, test/contracts and fixtures")
    func outputsInsideTheRailsRoot() throws {
        let config = directory.appendingPathComponent("tabgen.yml")
        try Data("""
        version: 1
        outputs:
          - lang: ruby
            out: .
          - lang: typescript
            out: app/javascript/controllers/bridge
            options:
              flavor: javascript
              tests: false
          - lang: typescript
            out: test/javascript/bridge

        """.utf8).write(to: config)
        let emit = try tabgen(["emit", "-q"], in: directory)
        #expect(emit.status == 0, "\(emit.stderr)")
        for path in ["app/components/navigation_component.rb", "app/models/navigation/message_data.rb", ".tabgen-manifest",
                     "app/javascript/controllers/bridge/navigation_controller.js", "app/javascript/controllers/bridge/.tabgen-manifest",
                     "test/javascript/bridge/navigation_controller.test.ts", "test/javascript/bridge/fixtures/MessageData.fixtures.json"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path), "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("app/javascript/controllers/bridge/navigation_controller.test.js").path))
        let check = try tabgen(["check"], in: directory)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

        // The ruby output's own folders (and their parents) stay refused, either order.
        for (inner, relation) in [("app/components/bridge", "inside"), ("app/helpers/bridge", "inside"), ("test/helpers", "inside"), ("test", "inside"), ("fixtures", "inside")] {
            try Data("version: 1\noutputs:\n  - lang: ruby\n    out: .\n  - lang: typescript\n    out: \(inner)\n".utf8).write(to: config)
            let refused = try tabgen(["check"], in: directory)
            #expect(refused.status == 2, "\(inner)")
            #expect(refused.stderr.contains("outputs[1].out \(inner) is \(relation) outputs[0].out ."), "\(refused.stderr)")
        }
        try Data("version: 1\noutputs:\n  - lang: typescript\n    out: web/app/models/js\n  - lang: ruby\n    out: web\n".utf8).write(to: config)
        let around = try tabgen(["check"], in: directory)
        #expect(around.status == 2)
        #expect(around.stderr.contains("outputs[1].out web is around outputs[0].out web/app/models/js"), "\(around.stderr)")
        // Only a ruby output holds others: a swift output around a kotlin one is still refused.
        try Data("version: 1\noutputs:\n  - lang: swift\n    out: .\n  - lang: kotlin\n    out: android\n".utf8).write(to: config)
        #expect(try tabgen(["check"], in: directory).status == 2)
    }
}
