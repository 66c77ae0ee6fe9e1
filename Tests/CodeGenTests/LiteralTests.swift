import Foundation
import Schema
import Testing
@testable import CodeGen

@Suite("Hostile strings become inert comments and literals")
struct LiteralTests {
    static let hostile = [
        "*/", "/*", "\"\"\"", "\\", "\\(x)", "$", "${x}", "#{x}", "a\nb", "a\r\nb", "a\rb", "a\u{2028}b", "a\u{85}b",
        "\u{202E}evil", "bell\u{7}", "nul\0", "é 名前 😀", "\u{FDFD}", "",
    ]

    @Test("string literals escape everything that could end them or interpolate", arguments: hostile)
    func stringLiteral(_ text: String) {
        let literal = SwiftLiterals.string(text)
        #expect(literal.hasPrefix("\"") && literal.hasSuffix("\""))
        let body = literal.dropFirst().dropLast()
        // Only printable ASCII inside, and every quote or backslash is escaped.
        #expect(body.unicodeScalars.allSatisfy { (" "..."~").contains($0) })
        var escaped = false
        for character in body {
            if escaped { escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            #expect(character != "\"")
        }
        #expect(!escaped)
    }

    @Test("comments stay comments: one marker per line, no line breaks inside", arguments: hostile)
    func comment(_ text: String) {
        let lines = SwiftLiterals.comment("Doc: \(text) end", documentation: true)
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix("///"))
            #expect(!line.unicodeScalars.contains { [0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029, 0x202E, 0x07, 0x00].contains($0.value) })
        }
    }

    @Test("the hostile schema generates files whose hostile text is only in comments and escaped literals")
    func hostileSchema() throws {
        let url = Support.schemasDirectory.appendingPathComponent("tabgen/hostile.jtd.json")
        let files = try Support.generate(try Support.document(at: url, name: "hostile.jtd.json"))
        for file in files where file.path.hasSuffix(".swift") {
            for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(!line.unicodeScalars.contains { [0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029, 0x202E, 0x07].contains($0.value) }, "\(file.path): \(line)")
                let trimmed = line.drop { $0 == " " }
                // Hostile description text appears only in comment lines.
                if line.contains("Ends a comment") { #expect(trimmed.hasPrefix("///"), "\(file.path): \(line)") }
                // Outside comments and string literals, no hostile text is left.
                let code = Support.codeOutsideLiteralsAndComments(String(line))
                for marker in ["${x}", "*/", "/*", "\"\"\"", "\\(x)", "é", "😀"] {
                    #expect(!code.contains(marker), "\(file.path): \(line)")
                }
            }
        }
        // The end-to-end test compiles this output and round-trips every enum value.
        #expect(files.contains { $0.path == "U2a_u2f.swift" })
    }

    @Test("rule tables are Swift literals of the rule data")
    func ruleTable() throws {
        let rules = try Support.builtIn().extensions.rules
        let expressions = SwiftRuleTable.expressions(rules)
        #expect(expressions.count == rules.count)
        #expect(expressions[0].contains(".count(path: [.name(\"tabs\")], min: nil, max: nil, forbidden: [1], distinct: [.name(\"id\")], where: [])"))
        // TG108 counts only the tabs that are not deprecated.
        #expect(expressions[7].contains(".count(path: [.name(\"tabs\")], min: 2, max: nil, forbidden: [], distinct: nil, where: [TabgenCondition(path: [.name(\"deprecated\")], test: .present(false))])"))
        #expect(expressions[5].contains("severity: .warning"))
        #expect(expressions[5].contains(".equals(path: [.name(\"active\")], value: .null)"))
    }
}
