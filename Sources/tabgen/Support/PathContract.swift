import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Schema
import PathConfiguration

/// The path-configuration contract (contracts/path-configuration.json, compiled into
/// the binary) and the path configurations checked against it, read from a file or
/// fetched from the server that serves them.
enum PathContract {
    static let builtinName = "path-configuration.json (built in)"

    /// `--schema PATH` (an app's own copy, with its custom properties), or the built-in one.
    static func loadSchema(path: String?) throws(CLIError) -> SchemaDocument {
        if let path { return try SchemaLoader.load(path: path) }
        let bytes = try BuiltIn.bytes(named: "path-configuration.json", what: "path-configuration schema")
        do {
            return try SchemaReader(fileName: builtinName).read(bytes)
        } catch {
            throw CLIError(error.description, prefixed: false)
        }
    }

    /// A configuration's bytes: an http(s) URL is fetched (Rails apps serve them from a
    /// controller, as ios_v1.json and android_v1.json), anything else is a file or `-`.
    /// The name is how findings name the source.
    /// Past `maxBytes` it throws `TooLarge` (validate reports TG002 for it).
    static func read(_ source: String, maxBytes: Int, timeout: Double, headers: [HTTPHeader]) throws(ReadError) -> (name: String, bytes: [UInt8]) {
        guard isURL(source) else {
            let name = source == "-" ? "<stdin>" : source
            let descriptor: Int32
            do { descriptor = try FileInput.open(path: source) } catch { throw .failed(error) }
            defer { if descriptor != STDIN_FILENO { close(descriptor) } }
            switch FileInput.readAll(descriptor: descriptor, limit: maxBytes) {
            case .success(let bytes): return (name, bytes)
            case .failure(.tooLarge): throw .tooLarge(name: name, limit: maxBytes)
            case .failure(.io(let message)): throw .failed(CLIError("cannot read \(FileInput.shown(source)): \(message)"))
            }
        }
        guard let page = PageURL(source) else { throw .failed(CLIError("\(ControlCharacters.escaped(PageURL.redacted(source))): not an absolute http or https URL")) }
        var sent = headers
        if !sent.contains(where: { $0.name.lowercased() == "accept" }) {
            sent.append(HTTPHeader(name: "Accept", value: "application/json"))
        }
        let fetcher = PageFetcher(timeout: timeout, maxBytes: maxBytes, headers: sent,
                                  userAgent: "tabgen/\(Tabgen.configuration.version) (Hotwire Native; path-configuration)")
        switch fetcher.fetch(page.url).outcome {
        case .page(let bytes): return (page.text, bytes)
        case .tooLarge: throw .tooLarge(name: page.text, limit: maxBytes)
        case .crossOriginRedirect(let target): throw .failed(CLIError("\(page.text) redirects to another origin (\(PageURL.redacted(target.absoluteString))); tabgen does not follow it"))
        case .failed(let reason): throw .failed(CLIError("cannot fetch \(page.text): \(reason)"))
        }
    }

    enum ReadError: Error {
        /// Larger than the limit; reading stopped there.
        case tooLarge(name: String, limit: Int)
        case failed(CLIError)

        var cliError: CLIError {
            switch self {
            case .tooLarge(let name, let limit): CLIError("\(name) is larger than \(limit) bytes")
            case .failed(let error): error
            }
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
