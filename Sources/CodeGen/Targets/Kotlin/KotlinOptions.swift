/// The Kotlin target's options (`--kotlin-package`, tabgen.yml `options:`).
public struct KotlinOptions: Sendable, Equatable {
    public typealias Decoding = DecodingPolicy

    /// The visibility of every generated declaration.
    public enum Visibility: String, Sendable, CaseIterable {
        /// For a library module other modules use.
        case `public`
        /// For sources added to the app module itself.
        case `internal`
    }

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
    /// The project's shared fixtures folder, relative to the output (tabgen.yml `fixtures:`);
    /// nil: the output writes its own `fixtures/`.
    public var sharedFixtures: String?
    public var decoding: Decoding = .tolerant
    public var visibility: Visibility = .public
    /// Emit every runtime helper, not only those this schema uses: for a runtime that
    /// other outputs share (`runtime: false`, `runtimePackage:` pointing here).
    public var runtimeAll = false
    /// Put the code of a schema with a bridge contract in `<package>.<component>`
    /// (`com.example.app.navigation`), so that two bridge components' `MessageData`s
    /// never collide in one app.
    public var contractPackage = true
    /// Emit `<Component>ComponentBase.kt`, the Hotwire Native `BridgeComponent` base of the
    /// contract (off by default: it imports dev.hotwire.core, which a module holding only
    /// the types does not have).
    public var bridgeComponent = false
    /// The last segment of the types' package (`<package>.<namespace>`) in place of the
    /// component's name; empty: the component's (see `contractPackage`).
    public var namespace: String = ""

    public init() {}

    /// The package the runtime lives in.
    public var effectiveRuntimePackage: String { runtimePackage.isEmpty ? package : runtimePackage }

    /// The command-line flags of these options.
    public static let flags: [TargetFlag] = [
        TargetFlag(name: "kotlin-package", option: "package", help: "Package of the generated Kotlin (default tabgen.generated).", valueName: "PACKAGE"),
    ]

    /// The option names tabgen.yml accepts, with what they mean.
    public static let documentation: [(name: String, help: String)] = [
        ("package", "package of the generated Kotlin (default tabgen.generated), e.g. com.example.app.tabs"),
        ("runtimePackage", "package of TabgenRuntime.kt when another output emits it (default: package)"),
        ("runtime", "emit TabgenRuntime.kt: true (default; the helpers this schema uses), all (every helper, for a runtime other outputs share), or false when runtimePackage already has one"),
        ("decoding", "tolerant (default: null for an absent optional member, a missing nullable member and unknown enum values decode, and validate() reports them) or strict (they are SerializationExceptions)"),
        ("visibility", "public (default) or internal: the visibility of every generated declaration; clean under -Xexplicit-api=strict"),
        ("contractPackage", "put a schema with a bridge contract in <package>.<component> (default true), so two components' types never collide"),
        ("namespace", "the last segment of the types' package, <package>.<namespace> (default: the bridge component's name, see contractPackage)"),
        ("tests", "emit fixtures/ and the JUnit test under src/test (default true)"),
        ("sharedFixtures", "the project's shared fixtures folder relative to the output directory, set by tabgen.yml's fixtures: (default: none, the output writes its own fixtures/)"),
        ("bridgeComponent", "emit <Component>ComponentBase.kt, a typed Hotwire Native BridgeComponent base (default false: it imports dev.hotwire.core)"),
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
                if value.lowercased() == "all" {
                    runtime = true
                    runtimeAll = true
                } else {
                    runtime = try TargetOption.flag(value, language: "kotlin", name: name)
                }
            case "decoding":
                decoding = try TargetOption.decoding(value, language: "kotlin")
            case "visibility":
                guard let level = Visibility(rawValue: value) else {
                    throw CodeGenError("kotlin option visibility must be public or internal, not \(value)")
                }
                visibility = level
            case "contractPackage":
                contractPackage = try TargetOption.flag(value, language: "kotlin", name: name)
            case "namespace":
                guard value.isEmpty || (KotlinNaming.isPackageName(value) && !value.contains(".") && !KotlinNaming.keywords.contains(value)) else {
                    throw CodeGenError("kotlin option namespace must be one package name segment (like menu), not \(value)")
                }
                namespace = value
            case "tests":
                tests = try TargetOption.flag(value, language: "kotlin", name: name)
            case "sharedFixtures":
                sharedFixtures = try TargetOption.sharedFixtures(value, language: "kotlin")
            case "bridgeComponent":
                bridgeComponent = try TargetOption.flag(value, language: "kotlin", name: name)
            default:
                let known = Self.documentation.map(\.name).joined(separator: ", ")
                throw CodeGenError("unknown kotlin option \(name) (known: \(known))")
            }
        }
    }
}
