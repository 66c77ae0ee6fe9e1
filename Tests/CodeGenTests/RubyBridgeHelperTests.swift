import Foundation
import Testing
@testable import CodeGen

/// `app/helpers/tabgen_bridge_helper.rb`, which reads the bridge components from the app's
/// user agent (Tests/Ruby/rails drives it in a Rails app): one per app, with the runtime.
struct RubyBridgeHelperTests {
    static let path = "app/helpers/tabgen_bridge_helper.rb"

    @Test func writtenWithTheRuntimeOnly() throws {
        let files = try RubySupport.generate(try Support.builtIn())
        let helper = Support.file(files, Self.path)
        #expect(helper.contains("module TabgenBridgeHelper\n"))
        #expect(helper.contains("  def tabgen_bridge_component_supported?(component)\n"))
        let second = try RubySupport.generate(try Support.builtIn(), options: ["runtime": "false"])
        #expect(!second.map(\.path).contains(Self.path))
    }

    /// The plain helper of a component named `bridge` would be the same file.
    @Test func aHelperOfComponentBridgeIsRefused() throws {
        let text = try String(contentsOf: Support.packageRoot.appendingPathComponent("schema.json"), encoding: .utf8)
            .replacingOccurrences(of: #""component": "navigation""#, with: #""component": "bridge""#)
        let document = try Support.document(json: text)
        let error = try #require(throws: CodeGenError.self) { try RubySupport.generate(document, options: ["view": "helper"]) }
        #expect(error.message.contains("app/helpers/tabgen_bridge_helper.rb"), "\(error.message)")
        // With a ViewComponent there is no such file: fine.
        #expect(try RubySupport.generate(document).map(\.path).contains(Self.path))
    }
}
