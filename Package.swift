// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tabgen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tabgen", targets: ["tabgen"]),
        .library(name: "Schema", targets: ["Schema"]),
        // For apps built with SwiftPM: the Swift types generated at build time, and
        // `swift package tabgen emit|check` for teams that commit them (docs/ios.md).
        .plugin(name: "TabgenPlugin", targets: ["TabgenPlugin"]),
        .plugin(name: "TabgenCommand", targets: ["TabgenCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
    ],
    targets: [
        // The runtime of the generated Swift (Runtime/swift, copied into every Swift output),
        // compiled as written: the behaviours tabgen shares with it (RFC 3339, network-path
        // resolution, calendar days) have this one definition (issue 25).
        .target(name: "TabgenRuntime", path: "Runtime/swift"),
        // The strict JSON reader, the JSON value, pointers, locating, writing.
        .target(name: "JSON"),
        // Schema model, its parsing, RFC 8927 checks and validation, the rule engine, findings.
        .target(name: "Schema", dependencies: ["JSON", "TabgenRuntime"]),
        // The schema differ of `tabgen diff`: contract by contract, each event in its direction.
        .target(name: "Evolution", dependencies: ["Schema", "JSON"]),
        // The HTML scanner that finds every contract's bridge elements on a page.
        .target(name: "Pages", dependencies: ["Schema", "JSON"]),
        // The path-configuration contract: its own checks and per-platform resolution.
        .target(name: "PathConfiguration", dependencies: ["Schema", "JSON"]),
        // Code generation: schema -> language-neutral model -> per-language target -> templates.
        .target(name: "CodeGen", dependencies: ["Schema", .product(name: "Mustache", package: "swift-mustache")]),
        // The client reconciliation algorithm (seeds/002), for `tabgen plan`.
        .target(name: "Reconciliation", dependencies: ["Schema"]),
        // The checks made on tabgen.yml before Yams reads it (tabgen and the plugin's runner).
        .target(name: "YAMLGuard", dependencies: [.product(name: "Yams", package: "Yams")]),
        // The command-line tool. The built-in schema.json is compiled into it by the
        // EmbedResources plugin, so the binary works from any directory.
        .executableTarget(
            name: "tabgen",
            dependencies: [
                "Schema",
                "Reconciliation",
                "CodeGen",
                "Evolution",
                "Pages",
                "PathConfiguration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
                "YAMLGuard",
                "TabgenRuntime",
            ],
            plugins: ["EmbedResources"]
        ),
        .executableTarget(name: "embed-resources", path: "Sources/embed-resources"),
        .plugin(
            name: "EmbedResources",
            capability: .buildTool(),
            dependencies: ["embed-resources"]
        ),
        // TabgenPlugin runs tabgen through this: it joins the generated files into the
        // one output file the plugin declares.
        .executableTarget(
            name: "tabgen-plugin-runner",
            dependencies: [.product(name: "Yams", package: "Yams"), "YAMLGuard"],
            path: "Sources/tabgen-plugin-runner"
        ),
        .plugin(name: "TabgenPlugin", capability: .buildTool(), dependencies: ["tabgen", "tabgen-plugin-runner"]),
        .plugin(
            name: "TabgenCommand",
            capability: .command(
                intent: .custom(verb: "tabgen", description: "Run tabgen (emit, check, validate ...) in the package's folder."),
                permissions: [.writeToPackageDirectory(reason: "tabgen emit writes the generated files of tabgen.yml's outputs.")]
            ),
            dependencies: ["tabgen"]
        ),
        // What growth tests measure (CPU time at n and 4n), shared by the test targets.
        .target(name: "GrowthTesting", path: "Tests/GrowthTesting"),
        // What more than one test target needs besides (temporary directories), once.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "SchemaTests",
            // CodeGen: its conformance suites are the payloads the rule engine's agreement tests run on.
            dependencies: ["Schema", "JSON", "GrowthTesting", "CodeGen", "TabgenRuntime"],
            resources: [.copy("Conformance")]
        ),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TabgenRuntime"]),
        .testTarget(name: "EvolutionTests", dependencies: ["Evolution", "Schema", "GrowthTesting"], resources: [.copy("DiffFixtures")]),
        .testTarget(name: "PagesTests", dependencies: ["Pages", "Schema", "JSON", "GrowthTesting"]),
        .testTarget(name: "PathConfigurationTests", dependencies: ["PathConfiguration", "Schema", "GrowthTesting"]),
        .testTarget(name: "ReconciliationTests", dependencies: ["Reconciliation"]),
        .testTarget(name: "CodeGenTests", dependencies: ["CodeGen", "Schema", "GrowthTesting", "TestSupport"], resources: [.copy("Schemas")]),
        .testTarget(
            name: "TabgenCLITests",
            // CodeGen: its SeededGenerator draws the command lines and findings of the agreement tests.
            dependencies: ["tabgen", "Schema", "CodeGen", "Reconciliation", "Evolution", "PathConfiguration", "GrowthTesting", "TestSupport"],
            resources: [.copy("Payloads")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
