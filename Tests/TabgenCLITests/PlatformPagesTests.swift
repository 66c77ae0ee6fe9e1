import Foundation
import Testing
import TestSupport

/// `validate --html --platform`: an element opted out on a platform
/// (`data-controller-optout-ios`, read as hotwire-native-bridge's `platformOptingOut`
/// reads it) is not judged for it, an event's `platforms` say what each app requires or
/// ignores, and a finding that holds on one platform only says which.
struct PlatformPagesTests {
    static let menu = ContractsCommandTests.root.appendingPathComponent("contracts/menu.json").path

    /// A project whose only contract is contracts/menu.json, edited by `edit`.
    func project(_ edit: (String) -> String = { $0 }) throws -> URL {
        let directory = try temporaryDirectory()
        let contract = try String(contentsOfFile: Self.menu, encoding: .utf8)
        let edited = edit(contract)
        try Data(edited.utf8).write(to: directory.appendingPathComponent("menu.json"))
        try Data("version: 1\ncontracts: [menu.json]\n".utf8).write(to: directory.appendingPathComponent("tabgen.yml"))
        return directory
    }

    /// The menu contract with the official demos' difference: iOS decodes `source` as
    /// required, Android never reads it.
    static func withPlatforms(_ contract: String) -> String {
        contract.replacingOccurrences(of: #""description": "Show the menu.""#, with: #""description": "Show the menu.", "platforms": {"ios": {"requires": ["/source"]}, "android": {"ignores": ["/source"]}}"#)
    }

    func write(_ text: String, _ name: String, in directory: URL) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    static let broken = #"data-bridge--menu-display-value='{"title": 7, "items": []}'"#

    @Test func anElementOptedOutOnAPlatformIsJudgedForTheOtherOnly() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("""
        <div data-controller="bridge--menu" \(Self.broken)></div>
        <div data-controller="bridge--menu" data-controller-optout-ios="bridge--menu" \(Self.broken)></div>
        """, "page.html", in: directory)
        let both = try CLI.run(["validate", "--html", "page.html"], in: directory)
        #expect(both.status == 1)
        #expect(both.stdoutLines == [
            #"page.html:1:70: error[TG010] menu.display /title: expected a string, found number 7"#,
            #"page.html:2:1: warning[TG004] menu.display (root): another element with data-controller="bridge--menu" (the first is at 1:1): each sends a display message and the app keeps whichever arrives last (on Android)"#,
            #"page.html:2:112: error[TG010] menu.display /title: expected a string, found number 7 (on Android)"#,
        ], "\(both.stdout)")
        let ios = try CLI.run(["validate", "--html", "--platform", "ios", "page.html"], in: directory)
        #expect(ios.stdoutLines == [#"page.html:1:70: error[TG010] menu.display /title: expected a string, found number 7 (on iOS)"#], "\(ios.stdout)")
        let android = try CLI.run(["validate", "--html", "--platform", "android", "page.html"], in: directory)
        #expect(android.stdoutLines.count == 3, "\(android.stdout)")
        #expect(android.stdoutLines.allSatisfy { $0.hasSuffix(" (on Android)") }, "\(android.stdout)")
    }

    /// The bridge compares the attribute's whole value with the identifier (`==`): a token
    /// list, spaces or another case do not opt out; the attribute's name is
    /// case-insensitive, as HTML lowercases it.
    @Test(arguments: [
        (#"data-controller-optout-ios="bridge--menu""#, true),
        (#"DATA-CONTROLLER-OPTOUT-IOS=bridge--menu"#, true),
        (#"data-controller-optout-ios="bridge--menu&#32;""#, false),
        (#"data-controller-optout-ios="bridge--menu bridge--form""#, false),
        (#"data-controller-optout-ios="Bridge--Menu""#, false),
        (#"data-controller-optout-ios="true""#, false),
        (#"data-controller-optout-ios"#, false),
        (#"data-controller-optout="bridge--menu""#, false),
    ])
    func theOptOutValueIsTheWholeIdentifier(attribute: String, optsOut: Bool) throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(#"<div data-controller="bridge--menu" \#(attribute) \#(Self.broken)></div>"#, "page.html", in: directory)
        let ios = try CLI.run(["validate", "--html", "--platform", "ios", "page.html"], in: directory)
        if optsOut {
            #expect(ios.stdoutLines == [#"page.html:1:1: error[TG003] (root): no element on this page has data-controller="bridge--menu", so the app gets no display data from it (--allow-missing accepts such pages) (on iOS)"#], "\(ios.stdout)")
        } else {
            #expect(ios.stdoutLines.count == 1 && ios.stdoutLines[0].contains("error[TG010] menu.display /title"), "\(ios.stdout)")
        }
    }

    @Test func anElementOptedOutOnBothPlatformsSendsNothing() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(#"<div data-controller="bridge--menu" data-controller-optout-ios="bridge--menu" data-controller-optout-android="bridge--menu" \#(Self.broken)></div>"#, "page.html", in: directory)
        let result = try CLI.run(["validate", "--html", "page.html"], in: directory)
        #expect(result.stdoutLines == [#"page.html:1:1: error[TG003] (root): no element on this page has data-controller="bridge--menu", so the app gets no display data from it (--allow-missing accepts such pages)"#], "\(result.stdout)")
        let allowed = try CLI.run(["validate", "--html", "--allow-missing", "page.html"], in: directory)
        #expect(allowed.status == 0, "\(allowed.stdout)")
    }

    @Test func aFieldOnePlatformRequiresAndTheOtherIgnores() throws {
        let directory = try project(Self.withPlatforms)
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(#"<div data-controller="bridge--menu" data-bridge--menu-display-value='{"title": "Actions", "items": []}'></div>"#, "page.html", in: directory)
        let missing = try CLI.run(["validate", "--html", "page.html"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stdoutLines == [#"page.html:1:70: error[TG012] menu.display (root): missing required property "source", which the iOS app cannot decode the display data without (the contract's platforms.ios.requires) (on iOS)"#], "\(missing.stdout)")
        let android = try CLI.run(["validate", "--html", "--platform", "android", "page.html"], in: directory)
        #expect(android.status == 0, "\(android.stdout)")
        // A source Android never reads is judged for iOS alone.
        try write(#"<div data-controller="bridge--menu" data-bridge--menu-display-value='{"title": "Actions", "items": [], "source": {"x": "0", "y": 0, "width": 10, "height": 10}}'></div>"#, "page.html", in: directory)
        let wrong = try CLI.run(["validate", "--html", "page.html"], in: directory)
        #expect(wrong.stdoutLines == [#"page.html:1:70: error[TG010] menu.display /source/x: expected a number, found string "0" (on iOS)"#], "\(wrong.stdout)")
        let androidWrong = try CLI.run(["validate", "--html", "--platform", "android", "page.html"], in: directory)
        #expect(androidWrong.status == 0, "\(androidWrong.stdout)")
        // Findings outside the ignored field hold on both platforms, and say no platform.
        try write(#"<div data-controller="bridge--menu" data-bridge--menu-display-value='{"title": 7, "items": [], "source": {"x": 0, "y": 0, "width": 10, "height": 10}}'></div>"#, "page.html", in: directory)
        let title = try CLI.run(["validate", "--html", "page.html"], in: directory)
        #expect(title.stdoutLines == [#"page.html:1:70: error[TG010] menu.display /title: expected a string, found number 7"#], "\(title.stdout)")
    }

    @Test(arguments: [
        (#""platforms": {"web": {"requires": ["/source"]}}"#, "/metadata/tabgen/contract/events/0/platforms/web", "unknown key \"web\"; expected android, ios"),
        (#""platforms": {"ios": {"requires": ["source"]}}"#, "/metadata/tabgen/contract/events/0/platforms/ios/requires/0", "requires holds JSON pointers into the event's data such as \"/source\", found \"source\""),
        (#""platforms": {"ios": {"needs": ["/source"]}}"#, "/metadata/tabgen/contract/events/0/platforms/ios/needs", "unknown key \"needs\"; expected ignores, requires"),
        (#""platforms": {"ios": ["/source"]}"#, "/metadata/tabgen/contract/events/0/platforms/ios", "platforms.ios must be an object with requires and/or ignores, found array"),
    ])
    func aMalformedPlatformsEntryIsASchemaError(entry: String, pointer: String, message: String) throws {
        let directory = try project { $0.replacingOccurrences(of: #""description": "Show the menu.""#, with: #""description": "Show the menu.", \#(entry)"#) }
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("<p></p>", "page.html", in: directory)
        let result = try CLI.run(["validate", "--html", "page.html"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains(pointer) && result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func onlyAWebToNativeEventWithDataHasPlatforms() throws {
        let directory = try project { $0.replacingOccurrences(of: #""description": "The user picked an item; the page clicks the item at selectedIndex.""#, with: #""description": "x", "platforms": {"ios": {"requires": ["/selectedIndex"]}}"#) }
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("<p></p>", "page.html", in: directory)
        let result = try CLI.run(["validate", "--html", "page.html"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("/metadata/tabgen/contract/events/1/platforms"), "\(result.stderr)")
        #expect(result.stderr.contains("only a webToNative event with data has platforms"), "\(result.stderr)")
    }

    @Test func platformIsForPathConfigurationsAndPages() throws {
        let result = try CLI.run(["validate", "--platform", "ios", "payload.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--platform applies to --path-config, --html, --url and --urls-from"), "\(result.stderr)")
    }
}
