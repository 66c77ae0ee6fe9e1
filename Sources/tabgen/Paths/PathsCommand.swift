import ArgumentParser

/// `tabgen paths`: what a path configuration means on each platform.
struct PathsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paths",
        abstract: "Show the path-configuration properties iOS and Android apply to URLs, and where they differ.",
        usage: """
        tabgen paths [resolve] CONFIG URL... [--urls-from FILE] [--format text|json]
        tabgen paths accessors --lang swift|kotlin [--out FILE]
        """,
        discussion: """
        A Hotwire Native path configuration decides, for each URL, how the apps present \
        it and which native screen replaces the web view. The iOS and Android libraries \
        read the same file differently (case of patterns, defaults, values one of them \
        does not know): `tabgen paths CONFIG URL...` computes both and reports each \
        difference (PC201-PC205). `tabgen paths accessors` generates typed accessors \
        for an app. See docs/path-configuration.md.
        """,
        subcommands: [PathsResolveCommand.self, PathsAccessorsCommand.self],
        defaultSubcommand: PathsResolveCommand.self
    )
}
