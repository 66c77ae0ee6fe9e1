import ArgumentParser
import Foundation
import Schema
import PathConfiguration

/// `tabgen paths accessors`: typed accessors for path-configuration properties.
struct PathsAccessorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accessors",
        abstract: "Generate typed accessors for path-configuration properties (Swift for iOS, Kotlin for Android).",
        discussion: """
        One file, from the properties the schema declares (the built-in one, or \
        --schema with the app's own properties added to definitions.Properties), so an \
        app reads `properties.pullToRefreshEnabled` with its platform's default instead \
        of a string key and a cast:

          // iOS
          let properties = PathConfigurationProperties(Hotwire.config.pathConfiguration.properties(for: url))
          if properties.pullToRefreshEnabled { ... }     // true when absent, as on iOS

          // Android
          val properties = PathConfigurationProperties(pathConfiguration.properties(location))
          if (properties.pullToRefreshEnabled) { ... }   // false when absent, as on Android

        Each file holds the properties its platform reads, with that platform's \
        defaults and reading of enum values; properties the schema does not declare \
        stay reachable by key (`properties[custom: "key"]`, `properties.custom("key")`).

        Exit codes: 0 written; 2 usage, I/O or schema error.

        Examples:
          tabgen paths accessors --lang swift --out ios/App/PathConfigurationProperties.swift
          tabgen paths accessors --lang kotlin --kotlin-package com.example.app.paths --out app/src/main/kotlin/PathConfigurationProperties.kt
        """
    )

    enum Language: String, ExpressibleByArgument, CaseIterable {
        case swift, kotlin
    }

    @Option(help: "The language: swift (iOS) or kotlin (Android).")
    var lang: Language

    @Option(help: ArgumentHelp("Write to FILE (atomically) instead of standard output.", valueName: "FILE"), completion: .file())
    var out: String?

    @Option(help: ArgumentHelp("Path-configuration schema with the app's own properties (default: the built-in one).", valueName: "PATH"), completion: .file(extensions: ["json"]))
    var schema: String?

    @Option(name: .customLong("swift-access"), help: ArgumentHelp("Access level of the Swift declarations: public or internal.", valueName: "LEVEL"))
    var swiftAccess = "public"

    @Option(name: .customLong("kotlin-package"), help: ArgumentHelp("Package of the Kotlin file.", valueName: "NAME"))
    var kotlinPackage = "pathconfiguration"

    func validate() throws {
        if !["public", "internal"].contains(swiftAccess) { throw ValidationError("--swift-access must be public or internal") }
        let segments = kotlinPackage.split(separator: ".", omittingEmptySubsequences: false)
        if segments.contains(where: { segment in
            segment.isEmpty || segment.first?.isNumber == true || !segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                || PathAccessorsGenerator.kotlinKeywords.contains(String(segment))
        }) {
            throw ValidationError("--kotlin-package \(kotlinPackage): not a Kotlin package name (dot-separated identifiers)")
        }
        if lang == .swift && kotlinPackage != "pathconfiguration" { throw ValidationError("--kotlin-package applies to --lang kotlin") }
        if lang == .kotlin && swiftAccess != "public" { throw ValidationError("--swift-access applies to --lang swift") }
    }

    func run() throws {
        do throws(CLIError) {
            let document = try PathContract.loadSchema(path: schema)
            let name = schema.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "path-configuration.json"
            let generator = PathAccessorsGenerator(catalog: PathPropertyCatalog(document: document), schemaName: name)
            if let problem = generator.nameProblem(swift: lang == .swift) {
                throw CLIError("\(document.sourceName): \(problem); rename it in the schema")
            }
            let text = lang == .swift ? generator.swift(accessLevel: swiftAccess) : generator.kotlin(package: kotlinPackage)
            guard let out else {
                FileHandle.standardOutput.write(Data(text.utf8))
                return
            }
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
            } catch {
                throw CLIError("cannot write \(out): \(error.localizedDescription)")
            }
        } catch {
            throw Exit.report(error)
        }
    }
}
