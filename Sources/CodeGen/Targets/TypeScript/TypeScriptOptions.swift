/// The TypeScript target's options (`--option typescript.flavor=javascript`, tabgen.yml `options:`).
public struct TypeScriptOptions: TargetOptions, Equatable {
    public static let language = "typescript"

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
    /// The project's shared fixtures folder, relative to the output (tabgen.yml `fixtures:`);
    /// nil: the output writes its own `fixtures/`.
    public var sharedFixtures: String?
    /// The module (file name, without extension) of a contract that lists events; empty:
    /// the component's name in snake case (`menu.ts`). The module is the namespace:
    /// `import * as menu from "./menu.js"`.
    public var namespace: String = ""

    /// The default module of a component's contract: its name in snake_case
    /// (`overflow-menu` → `overflow_menu`), as Stimulus's file names are
    /// (`overflow_menu_controller.js` registers `overflow-menu`). One rule for `--schema`
    /// and `contracts:`, so a component's files are named alike however it is emitted.
    public static func defaultNamespace(component: String) -> String {
        Naming.snakeCase(Naming.nonEmptyWords(component))
    }
    /// Write `tabgen_runtime.ts` (`.js`), the runtime every module of the folder imports:
    /// false when another contract of the folder writes it (tabgen.yml `contracts:`).
    public var runtime = true
    /// With every part, not only those this schema uses: for a runtime other contracts'
    /// modules share.
    public var runtimeAll = false
    /// Also write `<module>_bridge_component.ts` (`.js` in flavor javascript) for a contract that lists events: a typed
    /// Stimulus `BridgeComponent` base (TypeScriptBridgeComponent).
    public var bridgeComponent = false

    public init() {}

    /// The command-line flags of these options.
    public static let flags: [TargetFlag] = [
        TargetFlag(name: "flavor", option: "flavor",
                   help: "Flavor of the generated TypeScript: typescript (a .ts file) or javascript (an ES module with JSDoc types, for importmap apps).",
                   valueName: "FLAVOR", values: Flavor.allCases.map(\.rawValue)),
    ]

    public static let specs: [TargetOptionSpec<Self>] = [
        .value("flavor", aliases: ["flavour"], \.flavor, help: "typescript (a .ts file) or javascript (an ES module with JSDoc types, for importmap apps); default typescript",
               expected: "typescript or javascript") { Flavor(rawValue: $0.lowercased()) },
        .decoding(\.decoding, help: "tolerant (send what the native clients decode: null optional members, missing nullable or array ones, unknown members and enum values, reported as warnings) or strict (refuse them); default tolerant"),
        .flag("tests", \.tests, help: "emit fixtures/ and the node:test round-trip test (default true)"),
        .sharedFixtures(\.sharedFixtures),
        .value("namespace", \.namespace, help: "the module (file name) of a contract that lists events, which is its namespace (default: the component's name in snake_case, e.g. menu)",
               expected: "a module name of letters, digits and _") { value in
            value.isEmpty || (value.unicodeScalars.allSatisfy { Naming.isASCIIAlphanumeric($0) || $0 == "_" }
                && value.unicodeScalars.first.map { !Naming.isDigit($0) } == true) ? value : nil
        },
        .runtime(\.runtime, all: \.runtimeAll, help: "emit tabgen_runtime.ts (.js in flavor javascript), which the modules import: true (default; the parts this schema uses), all (every part, for a runtime other contracts' modules share), or false when another output writes it into the same folder"),
        .flag("bridgeComponent", \.bridgeComponent, help: "also emit <module>_bridge_component.ts (.js in flavor javascript) for a contract that lists events: an abstract Stimulus BridgeComponent base with a typed send per event, replies checked by parse<Type> (default false)"),
    ]
}
