import Foundation
import Schema
@testable import CodeGen

/// The contracts that list events, as the end-to-end tests of every language emit them:
/// the two example contracts, and `share`, a test contract whose types are named like the
/// menu's (`MenuData`, `Item`), so that emitting them into one app proves the namespaces.
enum ContractEvents {
    static let share = """
    {
      "metadata": {"tabgen": {"contract": {
        "component": "share", "stimulusIdentifier": "bridge--share",
        "events": [
          {"name": "connect", "direction": "webToNative", "data": "MenuData"},
          {"name": "shared", "direction": "nativeToWeb", "replyTo": "connect", "data": "Item"}
        ]
      }}},
      "definitions": {
        "MenuData": {"properties": {"url": {"type": "string"}}, "optionalProperties": {"item": {"ref": "Item"}}},
        "Item": {"properties": {"title": {"type": "string"}}, "optionalProperties": {"kind": {"enum": ["link", "text"]}}}
      }
    }
    """

    /// A menu whose two items share an index: it breaks MN101, the rule of the menu's
    /// `display` event (contracts/menu.json), and nothing else.
    static let duplicateIndexMenu = #"{"title":"Actions","items":[{"title":"Edit","index":0},{"title":"Delete","index":0}]}"#

    /// What `tabgen validate --contract menu --event display` reports on
    /// `duplicateIndexMenu` (written from the rule's message and the unique rule's reason,
    /// checked against the CLI and the validator): code, pointer, message.
    static let duplicateIndexFinding = ["MN101", "/items/1/index", "two items have the same index: 0 is also at /items/0/index"]

    /// name -> document: menu, form (contracts/) and share (above).
    static func documents() throws -> [(name: String, document: SchemaDocument)] {
        let folder = Support.packageRoot.appendingPathComponent("contracts")
        return [
            ("menu", try Support.document(at: folder.appendingPathComponent("menu.json"))),
            ("form", try Support.document(at: folder.appendingPathComponent("form.json"))),
            ("share", try Support.document(json: share, name: "share.json")),
        ]
    }

    /// contracts/form.json with `"additionalProperties": false`: data that admits no member
    /// it does not list, which the bridge's `metadata` must not count as (issue 26);
    /// `component` renames it (one Swift module takes one `FormComponentBase`).
    static func closedForm(component: String = "form") throws -> SchemaDocument {
        let form = try String(contentsOf: Support.packageRoot.appendingPathComponent("contracts/form.json"), encoding: .utf8)
        let closed = form.replacingOccurrences(of: #""additionalProperties": true"#, with: #""additionalProperties": false"#)
            .replacingOccurrences(of: #""component": "form""#, with: "\"component\": \"\(component)\"")
            .replacingOccurrences(of: #""stimulusIdentifier": "bridge--form""#, with: "\"stimulusIdentifier\": \"bridge--\(component)\"")
        guard closed.contains(#""additionalProperties": false"#), closed.contains("\"component\": \"\(component)\"") else {
            throw CodeGenError("contracts/form.json no longer says \"additionalProperties\": true or \"component\": \"form\"")
        }
        return try Support.document(json: closed, name: "\(component).json")
    }

    /// The message roots' type names (`MenuData`, `Selection`) of a document, in order.
    static func rootNames(_ document: SchemaDocument, target: any LanguageTarget) -> [String] {
        let model = ModelBuilder().build(document)
        let names = target.nameTable(for: model)
        return model.messageRoots.map { names.typeName($0.id) }
    }
}
