import Foundation

/// The files compiled into the binary by the EmbedResources plugin (`EmbeddedResources`,
/// which the plugin generates at build time): the built-in schemas, codes.md, the templates
/// and the runtimes. Everything else reads them through here because SwiftPM's native
/// build system compiles TabgenPlugin's copy of tabgen once without running build-tool
/// plugins, before the build that uses it (docs/ios.md): that attempt fails in this file
/// alone instead of in every user of the resources.
enum BuiltIn {
    /// The one name of the generated enum, so that pass reports one error per job.
    private typealias Generated = EmbeddedResources

    /// The bytes of the file under `name` (`schema.json`, `swift/struct.mustache`), or nil.
    static func data(named name: String) -> Data? {
        Generated.data(named: name)
    }

    /// The keys of the embedded files, sorted.
    static var names: [String] { Generated.names }

    /// A hash of the embedded files and of the sources code generation depends on
    /// (`.tabgen-manifest` records it).
    static var generatorFingerprint: String { Generated.generatorFingerprint }

    /// The bytes of a file every build embeds; `what` names it if this build lacks it.
    static func bytes(named name: String, what: String) throws(CLIError) -> [UInt8] {
        guard let data = data(named: name) else { throw CLIError("the built-in \(what) is missing from this build") }
        return Array(data)
    }

    /// The built-in navigation schema, `schema.json`.
    static func schema() throws(CLIError) -> [UInt8] {
        try bytes(named: "schema.json", what: "schema")
    }
}
