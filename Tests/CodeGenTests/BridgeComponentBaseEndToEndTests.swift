import Foundation
import Schema
import Testing
@testable import CodeGen

/// The generated Swift bridge component bases (`bridgeComponent: true`), compiled with
/// the real toolchain against the Hotwire Native double (`Tests/Swift/doubles`) and
/// driven by an app's subclasses (`Tests/Swift/BridgeComponentDriver/main.swift`): the
/// app module in Swift 6 mode with default MainActor isolation (the default of new Xcode
/// app targets), warnings as errors; the public variant type-checked as a package module
/// (nonisolated by default).
struct BridgeComponentRun: CompileAndTypecheckRun {
    var setupError: String?
    var compileOutput: String?
    var typecheckOutput: String?
    /// What swiftc said of code that needs `Message` to be `Sendable`: nil when it compiled.
    var sendableProbeOutput: String?
    var stdout = ""
    var stderr = ""

    static let shared: BridgeComponentRun = run()

    static func contract(_ name: String) throws -> SchemaDocument {
        try Support.document(at: Support.packageRoot.appendingPathComponent("contracts/\(name).json"), name: "contracts/\(name).json")
    }

    /// Builds the Hotwire Native double (`Tests/Swift/doubles/HotwireNative`) into `doubles`
    /// as a static library and its module: compile against it with `-I doubles`, link with
    /// `-L doubles -lHotwireNative`. What swiftc said when it failed, else nil.
    static func buildHotwireNative(_ swiftc: URL, into doubles: URL) throws -> String? {
        let double = Support.packageRoot.appendingPathComponent("Tests/Swift/doubles/HotwireNative/HotwireNative.swift")
        let built = try Support.run(swiftc, [
            "-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-module-name", "HotwireNative",
            "-emit-library", "-static", "-emit-module", "-emit-module-path", doubles.appendingPathComponent("HotwireNative.swiftmodule").path,
            "-o", doubles.appendingPathComponent("libHotwireNative.a").path, double.path,
        ])
        return built.status == 0 ? nil : "the HotwireNative double: " + built.stdout + built.stderr
    }

    static func run() -> BridgeComponentRun {
        Support.swiftcRun("tabgen-bridge") { swiftc, root, result in
            let doubles = root.appendingPathComponent("doubles")
            let app = root.appendingPathComponent("app")
            let library = root.appendingPathComponent("library")
            for directory in [doubles, app, library] {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            if let failure = try Self.buildHotwireNative(swiftc, into: doubles) {
                result.compileOutput = failure
                return
            }
            // The library's Message is not Sendable: neither is the double's.
            let probe = root.appendingPathComponent("SendableProbe.swift")
            try "import HotwireNative\nfunc probe(_ message: Message) -> any Sendable { message }\n".write(to: probe, atomically: true, encoding: .utf8)
            let probed = try Support.run(swiftc, ["-typecheck", "-swift-version", "6", "-I", doubles.path, probe.path])
            result.sendableProbeOutput = probed.status == 0 ? nil : probed.stdout + probed.stderr
            // The app: the built-in navigation contract as an app uses it (internal, no
            // namespace), the menu and form contracts in namespaces, sharing one runtime.
            var options = SwiftOptions()
            options.bridgeComponent = true
            options.tests = false
            try Support.write(try Support.generate(try Support.builtIn(), options: options), to: app, prefix: "Navigation__")
            for name in ["menu", "form"] {
                var contractOptions = options
                contractOptions.runtime = false
                contractOptions.namespace = SwiftOptions.defaultNamespace(component: name)
                try Support.write(try Support.generate(try contract(name), options: contractOptions), to: app, prefix: name.capitalized + "__")
            }
            // Issue 26: data that admits no unknown member, decoded strictly, beside them.
            var closedOptions = options
            closedOptions.runtime = false
            closedOptions.decoding = .strict
            closedOptions.namespace = SwiftOptions.defaultNamespace(component: "closed-form")
            try Support.write(try Support.generate(try ContractEvents.closedForm(component: "closed-form"), options: closedOptions), to: app, prefix: "ClosedForm__")
            // decoding: strict at run time (the built-in contract renamed: one module, one
            // NavigationComponentBase): every error refused, TG102 included.
            var strictOptions = options
            strictOptions.runtime = false
            strictOptions.decoding = .strict
            strictOptions.namespace = SwiftOptions.defaultNamespace(component: "strict-navigation")
            let builtIn = try String(contentsOf: Support.packageRoot.appendingPathComponent("schema.json"), encoding: .utf8)
            let strictNavigation = builtIn.replacingOccurrences(of: #""component": "navigation""#, with: #""component": "strict-navigation""#)
                .replacingOccurrences(of: #""stimulusIdentifier": "bridge--navigation""#, with: #""stimulusIdentifier": "bridge--strict-navigation""#)
            try Support.write(try Support.generate(try Support.document(json: strictNavigation, name: "schema.json"), options: strictOptions),
                              to: app, prefix: "StrictNavigation__")
            let driver = Support.packageRoot.appendingPathComponent("Tests/Swift/BridgeComponentDriver/main.swift")
            try FileManager.default.copyItem(at: driver, to: app.appendingPathComponent("main.swift"))
            var publicOptions = options
            publicOptions.accessLevel = .public
            publicOptions.namespace = "TabBar"
            // The strict variant of the delivery rule must compile too (docs/decoding.md).
            publicOptions.decoding = .strict
            try Support.write(try Support.generate(try Support.builtIn(), options: publicOptions), to: library, prefix: "Public__")

            func sources(_ directory: URL) throws -> [String] {
                try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map { directory.appendingPathComponent($0).path }
            }
            let executable = root.appendingPathComponent("app-run")
            guard try result.compileAndTypecheck(swiftc, program: [
                "-swift-version", "6", "-warnings-as-errors", "-default-isolation", "MainActor", "-module-name", "App",
                "-I", doubles.path, "-L", doubles.path, "-lHotwireNative", "-o", executable.path,
            ] + (try sources(app)), library: ["-I", doubles.path] + (try sources(library))) else { return }
            let run = try Support.run(executable, [])
            result.stdout = run.stdout
            result.stderr = run.stderr
            if run.status != 0 { result.setupError = "the app exited \(run.status): \(run.stderr)" }
        }
    }

    /// The lines the driver printed under `CASE\t<label>`, without the CASE line.
    func lines(of label: String) -> [String] {
        var lines: [String] = []
        var inside = false
        for line in stdout.split(separator: "\n").map(String.init) {
            if line.hasPrefix("CASE\t") || line == "END" {
                inside = line == "CASE\t\(label)"
                continue
            }
            if inside { lines.append(line) }
        }
        return lines
    }
}

@Suite("End to end: generated Swift bridge component bases over the Hotwire Native double")
struct BridgeComponentBaseEndToEndTests {
    let run = BridgeComponentRun.shared

    @Test("the bases compile in an app module (Swift 6, default MainActor isolation) without warnings")
    func compiles() {
        run.expectClean(run.compileOutput)
    }

    @Test("the public, namespaced, strict (decoding: strict) base type-checks in a package module")
    func publicVariantTypechecks() {
        #expect(run.typecheckOutput == nil, "\(run.typecheckOutput ?? "")")
    }

    @Test("the double's Message is not Sendable, as the library's is not: code that needs it to be does not compile")
    func messageIsNotSendable() {
        #expect(run.sendableProbeOutput?.contains("type 'Message' does not conform to the 'Sendable' protocol") == true,
                "\(run.sendableProbeOutput ?? "the probe compiled")")
    }

    @Test("each base names its component")
    func names() {
        #expect(run.stdout.split(separator: "\n").first == "NAME\tnavigation\tmenu\tform")
    }

    @Test("a configure arriving calls onConfigure with the decoded data")
    func configure() {
        #expect(run.lines(of: "configure") == ["CALL\tnavigation\tonConfigure tabs=home,inbox active=inbox"])
    }

    @Test("a member of the wrong type reaches onDecodingFailure with TG010 and its pointer, and nothing else")
    func wrongType() {
        let lines = run.lines(of: "wrong type")
        #expect(lines.count == 1)
        #expect(lines.first == "CALL\tnavigation\tonDecodingFailure configure: TG010 error /tabs/0/title")
    }

    @Test("a missing member reaches onDecodingFailure with TG012 at its object")
    func missingMember() {
        #expect(run.lines(of: "missing member") == ["CALL\tnavigation\tonDecodingFailure configure: TG012 error /tabs/0"])
    }

    @Test("a list that is a number reaches onDecodingFailure with TG014 at the list, as tabgen validate reports it")
    func wrongShape() {
        #expect(run.lines(of: "wrong shape") == ["CALL\tnavigation\tonDecodingFailure configure: TG014 error /tabs"])
    }

    @Test("of two findings, the first tabgen validate reports: TG012 at the object, before TG011 inside it")
    func firstFindingInTextOrder() {
        #expect(run.lines(of: "enum value of the wrong type, after a missing member") == ["CALL\tnavigation\tonDecodingFailure configure: TG012 error /tabs/1"])
    }

    @Test("text that is not JSON reaches onDecodingFailure with TG001")
    func notJSON() {
        #expect(run.lines(of: "not JSON") == ["CALL\tnavigation\tonDecodingFailure configure: TG001 error (root)"])
    }

    @Test("a key written twice (JSONDecoder would take the last) is refused by the text check: TG001")
    func duplicateKey() {
        #expect(run.lines(of: "duplicate key") == ["CALL\tnavigation\tonDecodingFailure configure: TG001 error (root)"])
    }

    @Test("duplicate tab ids (a rule, found by validate()) reach onDecodingFailure with TG103, and onConfigure is not called")
    func duplicateIDs() {
        #expect(run.lines(of: "duplicate ids") == ["CALL\tnavigation\tonDecodingFailure configure: TG103 error /tabs/2/id"])
    }

    @Test("active naming no tab (TG102, sent by the reference Rails app) is reported through onToleratedErrors, then handled")
    func activeNamesNoTab() {
        #expect(run.lines(of: "active names no tab") == [
            "CALL\tnavigation\tonToleratedErrors configure: TG102 error /active",
            "CALL\tnavigation\tonConfigure tabs=home,explore,library,profile active=favorites",
        ])
    }

    @Test("with decoding: strict, the same message reaches onDecodingFailure only: every error is refused")
    func strictRefusesActiveNamingNoTab() {
        #expect(run.lines(of: "strict: active names no tab") == ["CALL\tstrict\tonDecodingFailure configure: TG102 error /active"])
    }

    @Test("a message without tabs (bootstrap to the reference Android client) is reported through onToleratedErrors, then handled with no tabs; strict refuses it")
    func missingTabs() {
        #expect(run.lines(of: "missing tabs") == [
            "CALL\tnavigation\tonToleratedErrors configure: TG012 error (root)",
            "CALL\tnavigation\tonConfigure tabs= active=home",
        ])
        #expect(run.lines(of: "strict: missing tabs") == ["CALL\tstrict\tonDecodingFailure configure: TG012 error (root)"])
    }

    @Test("two tabs replacing one (TG107, which traps the iOS client: crashesClients) reach onDecodingFailure only")
    func duplicateReplaces() {
        #expect(run.lines(of: "duplicate replaces") == ["CALL\tnavigation\tonDecodingFailure configure: TG107 error /tabs/3/replaces"])
    }

    @Test("an unknown enum value is reported as a warning, then handled")
    func unknownEnumValue() {
        #expect(run.lines(of: "unknown enum value") == [
            "CALL\tnavigation\tonDecodingWarnings configure: TG011 warning /tabs/2/deprecated",
            "CALL\tnavigation\tonConfigure tabs=home,inbox,old active=home",
        ])
    }

    @Test("an event the contract does not list reaches onUnknownEvent")
    func unknownEvent() {
        #expect(run.lines(of: "unknown event") == ["CALL\tnavigation\tonUnknownEvent reload"])
    }

    @Test("by default, findings and unknown events are logged (stderr off Apple platforms), not swallowed")
    func defaultLogging() {
        #expect(run.lines(of: "default logging").isEmpty, "the handler must not be called")
        #expect(run.stderr.contains("navigation configure: error TG103 /tabs/2/id: "), "\(run.stderr)")
        #expect(run.stderr.contains("navigation: unknown event \"reload\""), "\(run.stderr)")
    }

    @Test("a typed reply answers the last display message with the selected index, under the display event")
    func menuReply() {
        #expect(run.lines(of: "menu display and selected reply") == [
            "CALL\tmenu\tonDisplay title=Actions items=0:Edit,2:Delete source=none",
            "REPLY\t7\tdisplay\thttps://example.com/page\t{\"selectedIndex\":2}",
            "SENT\ttrue",
        ])
    }

    @Test("a menu item whose index is not a number reaches onDecodingFailure with its pointer")
    func menuWrongType() {
        #expect(run.lines(of: "menu wrong index type") == ["CALL\tmenu\tonDecodingFailure display: TG010 error /items/0/index"])
    }

    @Test("data-less events call their handlers, with the message's metadata where overridden; a data-less reply resends the connect message's data")
    func form() {
        #expect(run.lines(of: "form") == [
            "CALL\tform\tonConnect submitTitle=Save",
            "CALL\tform\tonSubmitDisabled",
            "CALL\tform\tonSubmitEnabled url=https://example.com/page",
            // The echo: the connect message itself, as the demo apps' reply(to: "connect") sends it.
            "REPLY\t9\tconnect\thttps://example.com/page\t{\"submitTitle\":\"Save\",\"metadata\":{\"url\":\"https://example.com/page\"}}",
            "SENT\ttrue",
        ])
    }

    @Test("the demo's messages, metadata in their data, reach the handlers of data with additionalProperties false decoded strictly")
    func closedDataTakesTheEnvelope() {
        #expect(run.lines(of: "closed form") == ["CALL\tclosed-form\tonConnect submitTitle=Save", "CALL\tclosed-form\tonSubmitDisabled"])
    }
}
