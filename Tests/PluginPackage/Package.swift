// swift-tools-version:6.0
// An app-side package as a team would write it, for CI (Tests/Plugin/run.sh): its
// TabBar target gets MessageData from TabgenPlugin at build time, and its test decodes
// the repository's example payload with it.
import PackageDescription

let package = Package(
    name: "TabgenPluginCheck",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "tabgen", path: "../..")],
    targets: [
        .target(name: "TabBar", plugins: [.plugin(name: "TabgenPlugin", package: "tabgen")]),
        .testTarget(name: "TabBarTests", dependencies: ["TabBar"]),
    ],
    swiftLanguageModes: [.v6]
)
