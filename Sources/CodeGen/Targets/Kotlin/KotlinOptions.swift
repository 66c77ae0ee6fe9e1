/// The Kotlin target's options (`--kotlin-package`, tabgen.yml `options:`).
public struct KotlinOptions: Sendable, Equatable {
    /// The package of the generated code (`com.example.app.tabs`).
    public var package: String = "tabgen.generated"
    /// The package of `TabgenRuntime.kt`; empty: the same as `package`. A second output
    /// (another schema) in the same app can use the first one's runtime with
    /// `runtime: false` and `runtimePackage:` set to that output's package.
    public var runtimePackage: String = ""
    /// Emit `TabgenRuntime.kt` (strict primitive serializers, timestamps, violations, the
    /// rule runtime and `BridgeJson`).
    public var runtime = true
    /// Emit fixtures and the JUnit round-trip test.
    public var tests = true

    public init() {}

    /// The package the runtime lives in.
    public var effectiveRuntimePackage: String { runtimePackage.isEmpty ? package : runtimePackage }

    /// The option names tabgen.yml accepts, with what they mean.
    public static let documentation: [(name: String, help: String)] = [
        ("package", "package of the generated Kotlin (default tabgen.generated), e.g. com.example.app.tabs"),
        ("runtimePackage", "package of TabgenRuntime.kt when another output emits it (default: package)"),
        ("runtime", "emit TabgenRuntime.kt (default true; false when runtimePackage already has one)"),
        ("tests", "emit fixtures/ and the JUnit test under src/test (default true)"),
    ]

    /// Reads options given as strings (from tabgen.yml or the command line).
    public init(_ values: [String: String]) throws(CodeGenError) {
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            switch name {
            case "package":
                guard KotlinNaming.isPackageName(value) else {
                    throw CodeGenError("kotlin option package must be a Kotlin package name (like com.example.app.tabs), not \(value)")
                }
                package = value
            case "runtimePackage":
                guard value.isEmpty || KotlinNaming.isPackageName(value) else {
                    throw CodeGenError("kotlin option runtimePackage must be a Kotlin package name, not \(value)")
                }
                runtimePackage = value
            case "runtime":
                runtime = try TargetOption.flag(value, language: "kotlin", name: name)
            case "tests":
                tests = try TargetOption.flag(value, language: "kotlin", name: name)
            default:
                let known = Self.documentation.map(\.name).joined(separator: ", ")
                throw CodeGenError("unknown kotlin option \(name) (known: \(known))")
            }
        }
    }
}
