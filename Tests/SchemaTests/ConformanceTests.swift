import Foundation
import Testing
@testable import Schema

/// The RFC 8927 test suites of json-typedef-spec, run in full.
struct ConformanceTests {
    struct ValidationCase: Sendable, CustomTestStringConvertible {
        var name: String
        var schema: JSON
        var instance: JSON
        var errors: [JSON]
        var testDescription: String { name }
    }

    static func validationCases() throws -> [ValidationCase] {
        guard case .object(let suite) = try JSONReader().parse(try conformanceData("validation.json")) else { return [] }
        return suite.members.map { member in
            ValidationCase(name: member.key, schema: member.value["schema"] ?? .null,
                           instance: member.value["instance"] ?? .null, errors: member.value["errors"]?.arrayValue ?? [])
        }
    }

    static func invalidSchemas() throws -> [(String, JSON)] {
        guard case .object(let suite) = try JSONReader().parse(try conformanceData("invalid_schemas.json")) else { return [] }
        return suite.members.map { ($0.key, $0.value) }
    }

    @Test func suitesHaveTheExpectedSize() throws {
        #expect(try Self.validationCases().count == 316)
        #expect(try Self.invalidSchemas().count == 49)
    }

    @Test(arguments: try validationCases())
    func validation(_ testCase: ValidationCase) throws {
        let document = try SchemaReader(fileName: testCase.name).read(Array(JSONWriter.string(testCase.schema).utf8))
        let actual = InstanceValidator.validate(testCase.instance, against: document).map {
            [$0.instancePath.map(\.text), $0.schemaPath]
        }
        let expected = testCase.errors.map { error in
            [error["instancePath"]?.arrayValue?.compactMap(\.stringValue) ?? [],
             error["schemaPath"]?.arrayValue?.compactMap(\.stringValue) ?? []]
        }
        #expect(Set(actual) == Set(expected))
        #expect(actual.count == expected.count)
    }

    @Test(arguments: try invalidSchemas().map(\.0))
    func invalidSchemaIsRejected(_ name: String) throws {
        let schema = try #require(try Self.invalidSchemas().first { $0.0 == name }?.1)
        let text = JSONWriter.string(schema)
        do {
            _ = try SchemaReader(fileName: "case.json").read(Array(text.utf8))
            Issue.record("accepted invalid schema \(name): \(text)")
        } catch {
            // Every rejection says where (file:line:col and a pointer) and why.
            let first = try #require(error.errors.first)
            #expect(first.description.hasPrefix("case.json:1:"))
            #expect(first.message.count > 10)
        }
    }
}
