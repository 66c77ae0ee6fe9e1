import Foundation
import Testing
import TestSupport

/// What tabgen prints cannot leak a URL's password (issue 23, item 15) nor be made to
/// forge lines with control characters in file names, keys or URLs (item 17).
struct OutputEscapingTests {
    @Test func redirectNotesHideTheURLsCredentials() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let page = "http://alice:s3cr3t@127.0.0.1:\(server.port)"
        for format in ["text", "json", "github"] {
            let result = try CLI.run(["validate", "--format", format, "--url", "\(page)/redirect-same", "\(page)/redirect-chain"])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stdout.contains("followed a redirect to"), "\(format): \(result.stdout)")
            #expect(!result.stdout.contains("s3cr3t") && !result.stderr.contains("s3cr3t"), "\(format): \(result.stdout)")
            #expect(!result.stdout.contains("alice"), "\(format): \(result.stdout)")
        }
        let text = try CLI.run(["validate", "--url", "\(page)/redirect-same"])
        #expect(text.stdoutLines == ["http://***@127.0.0.1:\(server.port)/redirect-same:1:1: note: followed a redirect to http://***@127.0.0.1:\(server.port)/ok.html (same origin)"])
    }

    @Test func errorsAboutURLsHideTheirCredentials() throws {
        let refused = try CLI.run(["validate", "--url", "http://alice:s3cr3t@127.0.0.1:1/"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("cannot fetch http://***@127.0.0.1:1/"))
        let notHTTP = try CLI.run(["validate", "--url", "ftp://alice:s3cr3t@example.com/"])
        #expect(notHTTP.status == 2)
        #expect(notHTTP.stderr.contains("--url ftp://***@example.com/: not an absolute http or https URL"), "\(notHTTP.stderr)")
        let list = try CLI.run(["validate", "--urls-from", "-"], stdin: Data("ftp://alice:s3cr3t@example.com/\n".utf8))
        #expect(list.status == 2)
        #expect(list.stderr.contains("<stdin>:1: not an absolute http or https URL: ftp://***@example.com/"), "\(list.stderr)")
        let config = try CLI.run(["validate", "--path-config", "ftp://alice:s3cr3t@example.com/ios_v1.json"])
        #expect(config.status == 2)
        #expect(!config.stderr.contains("s3cr3t"), "\(config.stderr)")
        for result in [refused, notHTTP, list, config] {
            #expect(!result.stderr.contains("s3cr3t") && !result.stdout.contains("s3cr3t"))
        }
    }

    /// A file name that would start a `::error` line of its own in a GitHub Actions log.
    static let forgingName = "x.json\n::error file=forged.json,line=1::forged\n\u{1B}[2K"

    @Test func fileNamesAndKeysCannotForgeLines() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // An invalid payload whose offending key holds a line feed too (JTD admits no
        // property the schema does not list).
        let schema = directory.appendingPathComponent("schema.json").path
        try Data(#"{"properties":{"a":{"type":"string"}}}"#.utf8).write(to: URL(fileURLWithPath: schema))
        let payload = #"{"a":"x","k\n::error::key":1}"#
        try Data(payload.utf8).write(to: directory.appendingPathComponent(Self.forgingName))
        try Data((payload + "\n").utf8).write(to: directory.appendingPathComponent(Self.forgingName + ".jsonl"))
        for arguments in [[Self.forgingName], ["--jsonl", Self.forgingName + ".jsonl"]] {
            for format in ["text", "github", "json"] {
                let result = try CLI.run(["validate", "--schema", schema, "--format", format] + arguments, in: directory)
                #expect(result.status == 1, "\(arguments) \(format): \(result.stderr)")
                // One finding, one line; nothing but tabgen's own annotation starts with `::`.
                #expect(result.stdoutLines.count == 1, "\(arguments) \(format): \(result.stdout.debugDescription)")
                #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stdout.debugDescription)")
                if format == "text" {
                    #expect(result.stdout.hasPrefix(#"x.json\n::error file=forged.json,line=1::forged\n\u001b[2K"#), "\(result.stdout)")
                    #expect(result.stdout.contains(#"error[TG013] /k\n::error::key: property "k\n::error::key" is not allowed"#), "\(result.stdout)")
                }
            }
        }
        let missing = try CLI.run(["validate", "missing\n::error::forged.json"], in: directory)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains(#"cannot read missing\n::error::forged.json"#), "\(missing.stderr)")
    }

    @Test func pageURLsCannotForgeLines() throws {
        // What the URL parser lets through (a tab) is escaped where the URL is printed.
        let result = try CLI.run(["validate", "--url", "http://127.0.0.1:1/a\tb"])
        #expect(!result.stderr.contains("\t"), "\(result.stderr.debugDescription)")
    }
}
