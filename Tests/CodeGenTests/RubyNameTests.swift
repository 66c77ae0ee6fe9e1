import Foundation
import Schema
import Testing
@testable import CodeGen
import TestSupport

/// Generated Ruby names never clash with Ruby's, its standard library's or Rails'
/// constants: a contract component `time` gives `module TimeBridge` (not `module Time`,
/// a TypeError on load), `kernel` does not reopen `Kernel`, `view` gives
/// `ViewBridgeComponent` (not `class ViewComponent < ViewComponent::Base`).
@Suite("Ruby: module and component names never clash with Ruby or Rails constants")
struct RubyNameTests {
    // `data`: Ruby 3.2 defines the class Data (`module Data` is a TypeError there), though
    // the Ruby 3.1 this runs with does not: the name is checked, the load cannot be.
    static let components = ["time", "string", "set", "hash", "object", "integer", "float", "kernel", "data", "view", "navigation"]

    static func document(component: String) throws -> SchemaDocument {
        let text = try String(contentsOf: Support.packageRoot.appendingPathComponent("schema.json"), encoding: .utf8)
        let replaced = text.replacingOccurrences(of: #""component": "navigation""#, with: #""component": "\#(component)""#)
        #expect(component == "navigation" || replaced != text)
        return try Support.document(json: replaced, name: "\(component).json")
    }

    @Test("names taken by Ruby or Rails get Bridge; every generated app loads and renders in one Ruby")
    func clashes() throws {
        guard let ruby = RubySupport.ruby else { throw CodeGenError("ruby not found on PATH (scripts/web-env installs it)") }
        let root = try temporaryDirectory("tabgen-ruby-names")
        defer { try? FileManager.default.removeItem(at: root) }
        var expected: [(module: String, component: String)] = []
        for component in Self.components {
            let files = try RubySupport.generate(try Self.document(component: component), options: ["tests": "false"])
            try Support.write(files, to: root.appendingPathComponent(component))
            let componentFile = try #require(files.first { $0.path.hasPrefix("app/components/") && $0.path.hasSuffix(".rb") })
            let model = try #require(files.first { $0.path.hasSuffix("/message_data.rb") })
            let moduleName = try #require(model.contents.split(separator: "\n").first { $0.hasPrefix("module ") }).dropFirst("module ".count)
            let className = try #require(componentFile.contents.split(separator: "\n").first { $0.hasPrefix("class ") })
                .dropFirst("class ".count).prefix { $0 != " " }
            expected.append((String(moduleName), String(className)))
        }
        #expect(expected.map(\.module) == ["TimeBridge", "StringBridge", "SetBridge", "HashBridge", "ObjectBridge", "IntegerBridge",
                                           "FloatBridge", "KernelBridge", "DataBridge", "View", "Navigation"])
        #expect(expected.map(\.component) == ["TimeComponent", "StringComponent", "SetComponent", "HashComponent", "ObjectComponent",
                                              "IntegerComponent", "FloatComponent", "KernelComponent", "DataComponent", "ViewBridgeComponent",
                                              "NavigationComponent"])
        // All eleven apps in one process, as one Rails app could hold them: each loads, keeps
        // the core classes intact, and renders its <nav>.
        let checks = expected.map { names in
            """
            raise 'not a module: \(names.module)' unless \(names.module).instance_of?(Module)
            raise 'not a component: \(names.component)' unless \(names.component).superclass == ViewComponent::Base
            html = ActionView::Base.empty.render(\(names.component).new(\(names.module)::MessageData.from_h('active' => nil, 'tabs' => [])))
            raise "no nav: #{html}" unless html.start_with?('<nav data-controller=')
            """
        }.joined(separator: "\n")
        let script = """
        require 'json'
        require_relative '\(RubySupport.double.path)'
        Dir[File.join(__dir__, '*/app/models/**/*.rb')].sort.each { |file| require file }
        Dir[File.join(__dir__, '*/app/components/**/*.rb')].sort.each { |file| require file }
        raise 'Time broken' unless Time.now.is_a?(Time) && Kernel.respond_to?(:puts) && String.new('x') == 'x'
        \(checks)
        puts 'loaded'

        """
        try Data(script.utf8).write(to: root.appendingPathComponent("load.rb"))
        let result = try Support.run(ruby, ["-w", "load.rb"], in: root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "loaded\n", "\(result.stdout)\(result.stderr)")
    }

    @Test("an explicit ruby.module that Ruby or Rails defines is an error before anything is written")
    func explicitModule() {
        for name in ["Time", "Kernel", "ViewComponent", "Rails", "Set"] {
            #expect(throws: CodeGenError.self) { try RubyOptions(["module": name]) }
        }
        #expect(throws: Never.self) { try RubyOptions(["module": "TabBar"]) }
    }
}
