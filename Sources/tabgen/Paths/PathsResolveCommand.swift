import ArgumentParser
import Foundation
import Schema
import PathConfiguration

/// `tabgen paths [resolve] CONFIG URL...`: the properties each platform applies to
/// each URL, and the findings where they differ.
struct PathsResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve URLs against a path configuration as iOS and as Android do.",
        discussion: """
        For each URL, tabgen applies the configuration's rules the way each library \
        does: the rules in order, then the built-in *_historical_location rules; a rule \
        applies when one of its patterns is found anywhere in the URL's path plus \
        ?query (iOS matches case-sensitively, Android ignoring case); a later rule \
        overrides an earlier one key by key; then each known property is read with the \
        platform's own default (pull_to_refresh_enabled: true on iOS, false on \
        Android) and reading (Android reads enum values ignoring case and throws on a \
        non-boolean where a boolean belongs; iOS ignores values it does not know).

        Each URL is printed with a table of the properties on both platforms, then the \
        differences, located in CONFIG:

          config.json:5:34: warning[PC202] /rules/0/properties/context: context: iOS "default" (default), Android "modal" (rule 0) (...)

        PC201 a rule applies on one platform only; PC202 a property both read differs; \
        PC203 a native screen on one platform only (iOS view_controller other than \
        "web", Android uri outside hotwire://fragment/web); PC204 (error) the Android \
        app throws for the URL; PC205 (error) searching a pattern in the URL took \
        more than its bound (one ICU progress report per character of the URL and \
        1,000 more) and was given up; PC206 (error) a platform ignores the whole document \
        (each loads it its own way: Android with Gson, which takes comments; iOS with \
        JSONSerialization, which drops the document for one bad rule), shown applying \
        the built-in rules only.

        A URL is absolute (https://app.example.com/recipes/1?tab=2) or a path \
        (/recipes/1), which is resolved against https://app.example.invalid; it is at \
        most 8,192 bytes.

        Exit codes: 0 no error (differences are warnings, unless --strict); 1 an \
        error (or any difference with --strict); 2 usage, I/O or schema error.

        Examples:
          tabgen paths config/path_configuration.json /recipes/new /recipes/1/edit
          tabgen paths https://example.com/android_v1.json /photos/1.jpg
          tabgen paths --urls-from urls.txt --format json config.json
        """
    )

    @Argument(help: ArgumentHelp("The path configuration: a FILE, - or an http(s) URL.", valueName: "CONFIG"), completion: .file(extensions: ["json"]))
    var config: String

    @Argument(help: ArgumentHelp("URLs or paths to resolve.", valueName: "URL"))
    var locations: [String] = []

    @Option(name: .customLong("urls-from"), help: ArgumentHelp("Also resolve the URLs listed in FILE, one per line (blank lines and # comments skipped).", valueName: "FILE"), completion: .file())
    var urlsFrom: String?

    @Option(help: ArgumentHelp("Path-configuration schema with the app's own properties (default: the built-in one).", valueName: "PATH"), completion: .file(extensions: ["json"]))
    var schema: String?

    @Option(name: .customLong("header"), help: ArgumentHelp("With a CONFIG URL: send an HTTP header, e.g. 'Authorization: Bearer ...' (repeatable).", valueName: "'NAME: VALUE'"))
    var headers: [HTTPHeader] = []

    @Flag(name: .customLong("ios-ignores-query"), help: "Model an iOS app that sets Hotwire.config.pathConfiguration.matchQueryStrings = false (patterns see the path only).")
    var iosIgnoresQuery = false

    @Option(help: "Output format: text (a table per URL, then its findings) or json (one object per URL, per line).")
    var format: PathsFormat = .text

    @Flag(help: "Exit 1 on any difference, not only on errors.")
    var strict = false

    func validate() throws {
        if locations.isEmpty && urlsFrom == nil { throw ValidationError("give at least one URL after CONFIG, or --urls-from FILE") }
        if config == "-" && urlsFrom == "-" { throw ValidationError("- (standard input) can be given only once") }
        if !headers.isEmpty && !PathContract.isURL(config) { throw ValidationError("--header applies to a CONFIG given as an http(s) URL") }
    }

    func run() throws {
        let report: PathsReport
        do {
            report = try load()
        } catch {
            throw Exit.report(error)
        }
        let output = OutputBuffer(descriptor: STDOUT_FILENO)
        var errors = 0
        var warnings = 0
        for entry in report.entries {
            for finding in entry.findings {
                if finding.finding.severity == .error { errors += 1 } else { warnings += 1 }
            }
            let lines = format == .json ? [PathsRenderer.json(entry)] : PathsRenderer.text(entry, catalog: report.resolver.catalog)
            for line in lines { output.line(line) }
        }
        output.flush()
        if errors > 0 || (strict && warnings > 0) { throw Exit.invalid.exitCode }
    }

    private func load() throws(CLIError) -> PathsReport {
        let document = try PathContract.loadSchema(path: schema)
        let name: String
        let bytes: [UInt8]
        do {
            (name, bytes) = try PathContract.read(config, maxBytes: 64 << 20, timeout: 10, headers: headers)
        } catch {
            throw error.cliError
        }
        // Each platform loads the document its own way; tabgen's strict reading stands
        // for the document itself (rule positions, PC201) when it can read it.
        let loaded: [AppPlatform: PathConfigurationLoading.Loaded] = [.ios: PathConfigurationLoading.ios(bytes), .android: PathConfigurationLoading.android(bytes)]
        let configuration: PathConfiguration
        switch bytes.withUnsafeBufferPointer({ JSONReader().parse(buffer: $0) }) {
        case .success(let value): configuration = PathConfiguration(json: value)
        case .failure(let error):
            // JSONSerialization takes repeated keys, Gson's lenient reader comments,
            // single quotes and trailing commas: resolve when either platform loads it.
            if let load = [loaded[.ios], loaded[.android]].compactMap({ $0 }).first(where: { $0.dropped == nil }) {
                configuration = load.configuration
                break
            }
            let position = bytes.withUnsafeBufferPointer { SourcePosition(offset: error.offset, in: $0) }
            throw CLIError("\(name):\(position.line):\(position.column): not well-formed JSON: \(error) (tabgen validate --path-config says more)", prefixed: true)
        }
        var targets = locations
        for (position, target) in locations.enumerated() where target.utf8.count > PathsReport.maxURLBytes {
            throw CLIError("URL argument \(position + 1): \(target.utf8.count) bytes, longer than the limit of \(PathsReport.maxURLBytes) bytes for a URL")
        }
        if let urlsFrom {
            let text = String(decoding: try FileInput.readAll(path: urlsFrom, limit: 64 << 20), as: UTF8.self)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let target = line.trimmingCharacters(in: .whitespaces)
                guard !target.isEmpty, !target.hasPrefix("#") else { continue }
                guard target.utf8.count <= PathsReport.maxURLBytes else {
                    throw CLIError("\(FileInput.shown(urlsFrom)):\(number + 1): a URL of \(target.utf8.count) bytes, longer than the limit of \(PathsReport.maxURLBytes) bytes for a URL")
                }
                targets.append(target)
            }
        }
        for target in targets where PathsReport.absolute(target) == nil {
            throw CLIError("\(target): not an absolute URL or a path starting with /")
        }
        let resolver = PathResolver(configuration: configuration, catalog: PathPropertyCatalog(document: document),
                                    iosMatchesQueryStrings: !iosIgnoresQuery, loaded: loaded)
        return PathsReport(configName: name, configBytes: bytes, resolver: resolver, locations: targets)
    }
}

enum PathsFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
