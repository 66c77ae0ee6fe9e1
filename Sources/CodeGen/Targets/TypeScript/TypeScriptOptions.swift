/// The TypeScript target's options (`--option typescript.flavor=javascript`, tabgen.yml `options:`).
public struct TypeScriptOptions: Sendable, Equatable {
    public enum Flavor: String, Sendable, CaseIterable {
        /// `navigation_controller.ts`, for apps that compile TypeScript (jsbundling, Vite).
        case typescript
        /// `navigation_controller.js`, an ES module with JSDoc types, for importmap apps.
        case javascript
    }

    public typealias Decoding = DecodingPolicy

    public var flavor: Flavor = .typescript
    public var decoding: Decoding = .tolerant
    /// Emit fixtures and the `node:test` round-trip tests.
    public var tests = true

    public init() {}

    public static let documentation: [(name: String, help: String)] = [
        ("flavor", "typescript (a .ts file) or javascript (an ES module with JSDoc types, for importmap apps); default typescript"),
        ("decoding", "tolerant (send what the native clients decode: null optional members, missing nullable ones, unknown members and enum values, reported as warnings) or strict (refuse them); default tolerant"),
        ("tests", "emit fixtures/ and the node:test round-trip test (default true)"),
    ]

    public init(_ values: [String: String]) throws(CodeGenError) {
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            switch name {
            case "flavor", "flavour":
                guard let flavor = Flavor(rawValue: value.lowercased()) else {
                    throw CodeGenError("typescript option flavor must be typescript or javascript, not \(value)")
                }
                self.flavor = flavor
            case "decoding":
                decoding = try TargetOption.decoding(value, language: "typescript")
            case "tests":
                tests = try TargetOption.flag(value, language: "typescript", name: name)
            default:
                let known = Self.documentation.map(\.name).joined(separator: ", ")
                throw CodeGenError("unknown typescript option \(name) (known: \(known))")
            }
        }
    }
}
