import Foundation
import Testing
import TestSupport

/// contracts/menu.json's own rule, MN101 (item indexes are unique), checks the data of the
/// display event only: what the generated code of every language reports the same way.
struct MenuRuleCommandTests {
    static let menu = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("contracts/menu.json").path
    static let duplicateIndex = #"{"title":"Actions","items":[{"title":"Edit","index":0},{"title":"Delete","index":0}]}"#

    func project() throws -> URL {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("contracts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.menu, toPath: directory.appendingPathComponent("contracts/menu.json").path)
        try Data("version: 1\ncontracts: contracts\n".utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        try Data(Self.duplicateIndex.utf8).write(to: directory.appendingPathComponent("menu.json"))
        return directory
    }

    @Test func twoItemsOfOneIndexBreakMN101() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["validate", "--contract", "menu", "--event", "display", "menu.json"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdoutLines == ["menu.json:1:82: error[MN101] menu.display /items/1/index: two items have the same index: 0 is also at /items/0/index"], "\(result.stdout)")
    }

    @Test func theReplyIsNotCheckedByTheDisplayRule() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["validate", "--contract", "menu", "--event", "selected", "menu.json"], in: directory)
        #expect(result.status == 1)
        #expect(!result.stdout.contains("MN101"), "\(result.stdout)")
        #expect(result.stdout.contains("TG012"), "\(result.stdout)")
    }

    @Test func explainDescribesMN101() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try CLI.explain(["--schema", "contracts/menu.json", "MN101"], in: directory)
        #expect(text.contains("reply names the picked item by its index alone"), "\(text)")
    }
}
