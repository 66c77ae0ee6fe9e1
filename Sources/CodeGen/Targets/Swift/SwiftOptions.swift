/// The Swift target's options (`--swift-access-level`, tabgen.yml `options:`).
public struct SwiftOptions: TargetOptions, Equatable {
    public static let language = "swift"

    public enum AccessLevel: String, Sendable, CaseIterable {
        /// For a separate module (a Swift package the app imports).
        case `public`
        /// For files added to the app target itself.
        case `internal`
    }

    public typealias Decoding = DecodingPolicy

    public var accessLevel: AccessLevel = .internal
    public var decoding: Decoding = .tolerant
    /// Wrap every generated type in `enum <namespace>` (`TabBar.MessageData`); empty: none,
    /// or for a contract that lists events the component's name (`SwiftTarget.resolved(for:)`).
    public var namespace: String = ""

    /// The namespace of a component's contract: the component as a type with `Contract`
    /// added (`MenuContract`, `ErrorContract`). The component alone would sit at the top
    /// level of the app's module and shadow the types of that name it imports: SwiftUI's
    /// `Form`, `Menu`, `Button`, Swift's `Error`; no SwiftUI, Foundation, Swift or Hotwire
    /// Native type ends in `Contract`. One rule for `--schema` and `contracts:`. With
    /// `contracts:`, an output's own `namespace` option (`prefix`) starts each contract's
    /// namespace (`App` -> `AppMenu`): one enum cannot take every contract, as their types'
    /// names and files may meet.
    public static func defaultNamespace(component: String, prefix: String = "") -> String {
        prefix.isEmpty ? SwiftNaming.typeIdentifier([component, "contract"]) : prefix + SwiftNaming.typeIdentifier([component])
    }

    /// A type the generated code uses (case-insensitively, as file names on macOS are).
    static func isReservedNamespace(_ name: String) -> Bool {
        SwiftNaming.reservedTypeNames.union(SwiftBridgeComponent.hotwireTypeNames).contains { $0.lowercased() == name.lowercased() }
    }
    /// The module the generated tests `@testable import` (the app target); empty: none.
    public var testableImport: String = ""
    /// Emit `TabgenRuntime.swift` (JSON values, violations, the rule runtime). Turn it off
    /// for the second of two outputs compiled into the same module.
    public var runtime = true
    /// Emit the code of every rule kind, not only of those this schema uses: for a runtime
    /// that other outputs of the same module share (`runtime: false`).
    public var runtimeAll = false
    /// Emit fixtures and the round-trip tests.
    public var tests = true
    /// The project's shared fixtures folder, relative to the output (tabgen.yml `fixtures:`);
    /// nil: the output writes its own `fixtures/`.
    public var sharedFixtures: String?
    /// Emit `<Component>ComponentBase.swift`, the Hotwire Native `BridgeComponent` base of
    /// the contract (off by default: it imports HotwireNative, which a module holding only
    /// the types, the build plugin's output or a server-side Swift tool does not have).
    public var bridgeComponent = false
    /// Where in the output directory the types and the runtime go (empty: the directory
    /// itself), and the tests (`Tests`). An Xcode 16 project compiles every file of a
    /// synchronized folder into its target, so `tabgen init` puts each in its target's folder.
    public var sourcesFolder = ""
    public var testsFolder = "Tests"

    public init() {}

    /// The command-line flags of these options.
    public static let flags: [TargetFlag] = [
        TargetFlag(name: "swift-access-level", option: "accessLevel",
                   help: "Access level of the generated Swift: internal (files in the app target) or public (a module of its own).",
                   valueName: "LEVEL", values: ["internal", "public"]),
        TargetFlag(name: "swift-testable-import", option: "testableImport",
                   help: "Module the generated Swift tests @testable import (the app target).", valueName: "MODULE"),
    ]

    public static let specs: [TargetOptionSpec<Self>] = [
        .value("accessLevel", \.accessLevel, help: "public or internal (default internal)", expected: "public or internal") { AccessLevel(rawValue: $0) },
        .decoding(\.decoding, help: "tolerant or strict (default tolerant): whether decoding accepts null optional members, missing nullable or array members and unknown enum values"),
        TargetOptionSpec("namespace", help: "wrap every type in `enum NAME`, not a type the generated code uses such as Error (default: none for a one-event schema; the component's name and Contract, e.g. MenuContract, for a contract that lists events; with contracts: NAME and the component, e.g. AppMenu)") { options, value throws(CodeGenError) in
            guard value.isEmpty || SwiftNaming.isPlainIdentifier(value) else {
                throw CodeGenError("swift option namespace must be a Swift identifier, not \(value)")
            }
            guard !Self.isReservedNamespace(value) else {
                throw CodeGenError("swift option namespace must not be \(value), a type the generated code uses (e.g. \(value)Contract)")
            }
            options.namespace = value
        },
        .value("testableImport", \.testableImport, help: "module the generated tests @testable import (default: none)",
               expected: "a module name") { $0.isEmpty || SwiftModuleName.isValid($0) ? $0 : nil },
        .runtime(\.runtime, all: \.runtimeAll, help: "emit TabgenRuntime.swift: true (default; the rule kinds this schema uses), all (every rule kind, for a runtime other outputs of the module share), or false for a second output in the same module"),
        .flag("tests", \.tests, help: "emit fixtures/ and Tests/ (default true)"),
        .sharedFixtures(\.sharedFixtures),
        .flag("bridgeComponent", \.bridgeComponent, help: "emit <Component>ComponentBase.swift, a typed Hotwire Native BridgeComponent base (default false: it imports HotwireNative)"),
        folder("sourcesFolder", \.sourcesFolder, help: "folder of the output for the types and the runtime (default: the output itself; an Xcode 16 app target's synchronized folder)"),
        folder("testsFolder", \.testsFolder, help: "folder of the output for the tests (default Tests; an Xcode 16 test target's synchronized folder)"),
    ]

    /// A folder inside the output (`sourcesFolder` may be empty: the output itself).
    static func folder(_ name: String, _ property: WritableKeyPath<Self, String> & Sendable, help: String) -> TargetOptionSpec<Self> {
        TargetOptionSpec(name, help: help) { options, value throws(CodeGenError) in
            let folder = value.hasSuffix("/") ? String(value.dropLast()) : value
            guard (folder.isEmpty && name == "sourcesFolder") || OutputDirectory.isSafeRelativePath(folder) else {
                throw CodeGenError("swift option \(name) must be a relative path inside the output, without . or .. (not '\(value)')")
            }
            options[keyPath: property] = folder
        }
    }
}
