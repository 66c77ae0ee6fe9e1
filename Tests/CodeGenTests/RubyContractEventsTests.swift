import Foundation
import Schema
import Testing
@testable import CodeGen
import TestSupport

/// The Ruby of the contracts that list events (menu, form, share) emitted into ONE Rails
/// app, as an app holds them: a module per contract (`Menu::MenuData` and
/// `Share::MenuData`), fixtures and tests per event data type, a ViewComponent per event
/// with a value (`Menu::DisplayComponent`, `Form::ConnectComponent`), no file written twice.
/// Every file passes `ruby -wc` and every generated test runs in one `ruby -w`
/// (RubyStyleTests checks the same files with RuboCop).
@Suite("Ruby: contracts that list events, in one Rails app")
final class RubyContractEventsTests: TemporaryDirectorySuite {
    /// Uses both MenuData classes side by side, and each event data type's validate.
    static let appTest = """
    # frozen_string_literal: true

    require 'test_helper'

    class NamespacesTest < Minitest::Test
      def test_two_contracts_menu_data_are_two_classes
        menu = Menu::MenuData.from_json('{"title":"Actions","items":[{"title":"Edit","index":0}]}')
        share = Share::MenuData.from_json('{"url":"https://example.com"}')
        refute_equal Menu::MenuData, Share::MenuData
        assert_empty menu.validate
        assert_empty share.validate
        assert_equal ['TG012'], Menu::MenuData.from_h({ 'title' => 'Actions' }).validate.map(&:code)
        assert_equal ['TG010'], Menu::Contract.check({ 'selectedIndex' => 'one' }, 'Selection').map(&:code)
      end

      # MN101, the rule of the menu's display event, as tabgen validate --contract menu
      # --event display reports it; the reply's data is not checked by it.
      def test_menu_data_checks_the_display_rule
        payload = '\(ContractEvents.duplicateIndexMenu)'
        expected = [[\(ContractEvents.duplicateIndexFinding.map { "'\($0)'" }.joined(separator: ", "))]]
        triples = ->(violations) { violations.map { |violation| [violation.code, violation.pointer, violation.message] } }
        assert_equal expected, triples.call(Menu::Contract.check(JSON.parse(payload), 'MenuData'))
        assert_equal expected, triples.call(Menu::MenuData.from_json(payload).validate)
        assert_empty Menu::Contract.check(JSON.parse(payload), 'Selection').select { |violation| violation.code == 'MN101' }
      end
    end

    """

    @Test("menu, form and share in one app: ruby -wc, every fixture's tests, both MenuData classes")
    func oneApp() throws {
        let ruby = try RubySupport.requireRuby()
        var paths: [String] = []
        for (index, contract) in try ContractEvents.documents().enumerated() {
            // One runtime for the app, the first contract's, as emit does with tabgen.yml `contracts:`.
            let files = try RubySupport.generate(contract.document, options: index == 0 ? [:] : ["runtime": "false"])
            // A component per event with a value: menu's display, form's connect; share has no value.
            let components = files.map(\.path).filter { $0.hasPrefix("app/components/") && $0.hasSuffix(".rb") }
            let expected = ["menu": ["app/components/menu/display_component.rb"], "form": ["app/components/form/connect_component.rb"]]
            #expect(components == expected[contract.name, default: []], "\(contract.name): \(components)")
            paths += files.map(\.path)
            try Support.write(files, to: directory)
        }
        #expect(Set(paths).count == paths.count, "two contracts write one path: \(paths.sorted())")
        #expect(Set(paths).isSuperset(of: [
            "app/models/menu/menu_data.rb", "app/models/share/menu_data.rb", "app/models/form/form_data.rb", "app/models/tabgen_runtime.rb",
            "fixtures/menu/MenuData.fixtures.json", "fixtures/menu/Selection.fixtures.json", "fixtures/share/MenuData.fixtures.json",
            "test/contracts/menu_test.rb", "test/contracts/share_test.rb", "test/contracts/form_test.rb", "test/tabgen_test_support.rb",
        ]), "\(paths.sorted())")
        try RubySupport.addTestSupport(to: directory)
        try Data(Self.appTest.utf8).write(to: directory.appendingPathComponent("test/namespaces_test.rb"))
        for path in paths where path.hasSuffix(".rb") {
            let result = try Support.run(ruby, ["-wc", path], in: directory)
            #expect(result.status == 0 && result.stdout + result.stderr == "Syntax OK\n", "\(path): \(result.stdout)\(result.stderr)")
        }
        let tests = paths.filter { $0.hasPrefix("test/") && $0.hasSuffix("_test.rb") } + ["test/namespaces_test.rb"]
        // One test file per contract (5 event data types' tests, 2 components' tests), the namespaces test.
        #expect(tests.count == 4)
        try RubySupport.expectTestsPass(ruby, tests, in: directory)
    }
}
