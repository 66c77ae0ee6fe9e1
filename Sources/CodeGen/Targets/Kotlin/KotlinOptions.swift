/// The Kotlin target's options (`--kotlin-package`, tabgen.yml `options:`).
public struct KotlinOptions: TargetOptions, Equatable {
    public static let language = "kotlin"

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

    public static let specs: [TargetOptionSpec<Self>] = [
        .value("package", \.package, help: "package of the generated Kotlin (default tabgen.generated), e.g. com.example.app.tabs",
               expected: "a Kotlin package name (like com.example.app.tabs)") { KotlinNaming.isPackageName($0) ? $0 : nil },
        .value("runtimePackage", \.runtimePackage, help: "package of TabgenRuntime.kt when another output emits it (default: package)",
               expected: "a Kotlin package name") { $0.isEmpty || KotlinNaming.isPackageName($0) ? $0 : nil },
        .runtime(\.runtime, all: \.runtimeAll, help: "emit TabgenRuntime.kt: true (default; the helpers this schema uses), all (every helper, for a runtime other outputs share), or false when runtimePackage already has one"),
        .decoding(\.decoding, help: "tolerant (default: null for an absent optional member, a missing nullable or array member and unknown enum values decode, and validate() reports them) or strict (they are SerializationExceptions)"),
        .value("visibility", \.visibility, help: "public (default) or internal: the visibility of every generated declaration; clean under -Xexplicit-api=strict",
               expected: "public or internal") { Visibility(rawValue: $0) },
        .flag("contractPackage", \.contractPackage, help: "put a schema with a bridge contract in <package>.<component> (default true), so two components' types never collide"),
        .value("namespace", \.namespace, help: "the last segment of the types' package, <package>.<namespace> (default: the bridge component's name, see contractPackage)",
               expected: "one package name segment (like menu)") { value in
            value.isEmpty || (KotlinNaming.isPackageName(value) && !value.contains(".") && !KotlinNaming.keywords.contains(value)) ? value : nil
        },
        .flag("tests", \.tests, help: "emit the fixtures and the JUnit test under src/test (default true)"),
        .sharedFixtures(\.sharedFixtures),
        .flag("bridgeComponent", \.bridgeComponent, help: "emit <Component>ComponentBase.kt, a typed Hotwire Native BridgeComponent base (default false: it imports dev.hotwire.core)"),
    ]
}
