import Testing
@testable import Schema

/// The byte pass's rule checks on the repository schema against the tree path, on tab
/// bars of every size from 0 to 12: ids compared pairwise (up to 8) or through the
/// table (more), duplicates at any two positions, ids of equal length that differ in
/// one byte, `active` found at any position or missing, many `replaces` (a reference
/// with more than 8 referring values), deprecated tabs. `BytePassTests.both` also
/// checks that the findings through the pass (which skips the rules it cleared) are
/// the tree path's.
struct ByteRulesTests {
    typealias Generator = BytePassTests.TextGenerator

    static let ids = ["home", "homf", "hom", "homes", "explore", "profile", "cart", "a", "b", "library", "librarz", "settings",
                      "notifications", "x1"]

    @Test func agreesOnTabBarsOfEverySize() throws {
        let document = try repositorySchema()
        let validator = PayloadValidator(document: document)
        let scratch = ByteScratch()
        var generator = Generator(state: 2026, exotic: false)
        var valid = 0
        var invalid = 0
        for _ in 0..<6000 {
            let count = generator.next(13)
            var ids = Self.ids.shuffled(using: &generator)
            if count > 1, generator.chance(250) { ids[generator.next(count)] = ids[generator.next(count)] }
            var tabs: [String] = []
            for number in 0..<count {
                var members = ["\"id\":\"\(ids[number])\"", "\"title\":\"T\"", "\"icon\":\"i\"", "\"path\":\"/\(ids[number])\""]
                if generator.chance(150) { members.append("\"deprecated\":\"soft\"") }
                if generator.chance(count > 8 ? 900 : 100) { members.append("\"replaces\":\"\(ids[generator.next(count + 1)])\"") }
                tabs.append("{" + members.joined(separator: ",") + "}")
            }
            var text = "{\"tabs\":[" + tabs.joined(separator: ",") + "]"
            switch generator.next(6) {
            case 0: text += ",\"active\":null"
            case 1: break
            default: text += ",\"active\":\"\(ids[generator.next(count + 1)])\""
            }
            text += "}"
            let (byte, tree) = BytePassTests.both(Array(text.utf8), validator, scratch)
            #expect(byte == tree, "\(text)")
            if tree { valid += 1 } else { invalid += 1 }
        }
        // Both kinds, in numbers that mean something.
        #expect(valid > 500 && invalid > 2000, "valid \(valid), invalid \(invalid)")
    }
}
