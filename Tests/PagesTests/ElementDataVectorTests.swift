import Foundation
import Testing
@testable import Pages
import Schema
import JSON

/// The page-reading vectors (Tests/Vectors/element-data, format in Tests/Vectors/README.md)
/// through `ElementData`, as `validate --html` builds an event's data: each case's element
/// tree written as HTML, scanned, read with the case's `fromElement` as the contract
/// reader reads it. The TypeScript runtime's readElementData runs the same cases
/// (Tests/Runtime/typescript/element-data.test.mjs), so both sides build the same data.
@Suite struct ElementDataVectorTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors/element-data")

    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var name: String
        var json: JSON
        var testDescription: String { "\(file):\(name)" }
    }

    static let cases: [Case] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().flatMap { file -> [Case] in
            guard let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
                  case .object(let vector)? = try? JSONReader().parse(Array(bytes)),
                  case .array(let entries)? = vector["cases"] else { return [] }
            return entries.map { entry in
                guard case .object(let object) = entry, case .string(let name)? = object["name"] else { return Case(file: file, name: "?", json: entry) }
                return Case(file: file, name: name, json: entry)
            }
        }
    }()

    @Test func theFolderHasCases() {
        #expect(Self.cases.count >= 20)
    }

    @Test(arguments: cases) func elementDataAgrees(_ vector: Case) throws {
        guard case .object(let entry) = vector.json, case .string(let identifier)? = entry["identifier"],
              let fromElement = entry["fromElement"], let element = entry["element"], let expected = entry["data"] else {
            Issue.record("\(vector.file):\(vector.name): needs identifier, fromElement, element and data")
            return
        }
        var platform: String?
        if case .string(let name)? = entry["platform"] { platform = name }
        let fields = try Self.fields(fromElement, identifier: identifier)
        let scanner = BridgePageScanner(components: [
            .init(identifier: identifier, valueAttributes: [], readsElement: true, targets: fields.flatMap(\.source.targets)),
        ])
        let scan = scanner.scan(Array(("<!DOCTYPE html><html><body>" + Self.html(element) + "</body></html>").utf8))
        let scanned = try #require(scan.elements.first?.first)
        let built = ElementData(fields: fields, element: scanned, scan: scan, platform: platform)
        if expected == .string("missing") {
            #expect(!built.missingTargets.isEmpty || !built.throwingFields.isEmpty, "expected nothing sent, got \(JSONWriter.string(built.data))")
        } else {
            #expect(built.missingTargets.isEmpty && built.throwingFields.isEmpty)
            #expect(JSONWriter.string(built.data) == JSONWriter.string(expected))
        }
    }

    /// The case's fromElement as the contract reader reads it, in a one-event contract.
    static func fields(_ fromElement: JSON, identifier: String) throws -> [ElementField] {
        let text = #"{"metadata": {"tabgen": {"contract": {"component": "c", "stimulusIdentifier": \#(JSONWriter.string(.string(identifier))), "events": [{"name": "e", "direction": "webToNative", "data": "D", "fromElement": \#(JSONWriter.string(fromElement))}]}}}, "definitions": {"D": {"properties": {}, "additionalProperties": true}}}"#
        let document = try SchemaReader(fileName: "vector.json").read(Array(text.utf8))
        return try #require(document.extensions.contract?.event(named: "e")?.fromElement)
    }

    /// The tree as HTML: `{tag, attributes, children: [element | text]}`, text and attribute
    /// values escaped; an element HTML calls void gets no end tag.
    static func html(_ node: JSON) -> String {
        switch node {
        case .string(let text):
            return escaped(text, quote: false)
        case .object(let element):
            guard case .string(let tag)? = element["tag"] else { return "" }
            var attributes = ""
            if case .object(let map)? = element["attributes"] {
                for member in map.members {
                    if case .string(let value) = member.value { attributes += " \(member.key)=\"\(escaped(value, quote: true))\"" }
                }
            }
            var children = ""
            if case .array(let nodes)? = element["children"] { children = nodes.map(html).joined() }
            if ["input", "br", "img", "hr", "meta", "link"].contains(tag) { return "<\(tag)\(attributes)>" }
            return "<\(tag)\(attributes)>\(children)</\(tag)>"
        default:
            return ""
        }
    }

    static func escaped(_ text: String, quote: Bool) -> String {
        var result = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        if quote { result = result.replacingOccurrences(of: "\"", with: "&quot;") }
        return result
    }
}
