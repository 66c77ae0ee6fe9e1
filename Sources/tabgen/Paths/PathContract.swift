import ArgumentParser
import Foundation
import Schema

/// The path-configuration contract (contracts/path-configuration.json, compiled into
/// the binary) and the path configurations checked against it, read from a file or
/// fetched from the server that serves them.
enum PathContract {
    static let builtinName = "path-configuration.json (built in)"

    /// `--schema PATH` (an app's own copy, with its custom properties), or the built-in one.
    static func loadSchema(path: String?) throws(CLIError) -> SchemaDocument {
        if let path { return try SchemaLoader.load(path: path) }
        guard let data = EmbeddedResources.data(named: "path-configuration.json") else {
            throw CLIError("the built-in path-configuration schema is missing from this build")
        }
        do {
            return try SchemaReader(fileName: builtinName).read(Array(data))
        } catch {
            throw CLIError(error.description, prefixed: false)
        }
    }

    /// A configuration's bytes: an http(s) URL is fetched (Rails apps serve them from a
    /// controller, as ios_v1.json and android_v1.json), anything else is a file or `-`.
    /// The name is how findings name the source.
    static func read(_ source: String, maxBytes: Int, timeout: Double, headers: [HTTPHeader]) throws(CLIError) -> (name: String, bytes: [UInt8]) {
        guard isURL(source) else {
            return (source == "-" ? "<stdin>" : source, try FileInput.readAll(path: source, limit: maxBytes))
        }
        guard let page = PageURL(source) else { throw CLIError("\(source): not an absolute http or https URL") }
        var sent = headers
        if !sent.contains(where: { $0.name.lowercased() == "accept" }) {
            sent.append(HTTPHeader(name: "Accept", value: "application/json"))
        }
        let fetcher = PageFetcher(timeout: timeout, maxBytes: maxBytes, headers: sent,
                                  userAgent: "tabgen/\(Tabgen.configuration.version) (Hotwire Native; path-configuration)")
        switch fetcher.fetch(page.url).outcome {
        case .page(let bytes): return (page.text, bytes)
        case .tooLarge: throw CLIError("\(page.text) is larger than \(maxBytes) bytes")
        case .crossOriginRedirect(let target): throw CLIError("\(page.text) redirects to another origin (\(PageURL.redacted(target.absoluteString))); tabgen does not follow it")
        case .failed(let reason): throw CLIError("cannot fetch \(page.text): \(reason)")
        }
    }

    static func isURL(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The platforms a configuration is served to, from its name when not given:
    /// Rails apps name them ios_v1.json and android_v1.json; any other name is both.
    static func platforms(_ option: PlatformOption?, name: String) -> Set<AppPlatform> {
        if let option { return option.platforms }
        let last = (name.split(separator: "?").first.map(String.init) ?? name).split(separator: "/").last.map { $0.lowercased() } ?? ""
        if last.contains("android") { return [.android] }
        if last.contains("ios") { return [.ios] }
        return Set(AppPlatform.allCases)
    }
}

/// `--platform`: which apps a path configuration is served to.
enum PlatformOption: String, CaseIterable, ExpressibleByArgument {
    case ios, android, both

    var platforms: Set<AppPlatform> {
        switch self {
        case .ios: [.ios]
        case .android: [.android]
        case .both: Set(AppPlatform.allCases)
        }
    }
}
