/// What `tabgen validate` was asked to do: the values of `ValidateCommand`'s options as
/// plain stored properties, so a run does not need the argument parser's property
/// wrappers. The defaults are those of `ValidateCommand`.
struct ValidateOptions: Equatable {
    var files: [String] = []
    var jsonl = false
    var html = false
    var urls: [String] = []
    var urlsFrom: String?
    var headers: [HTTPHeader] = []
    var timeout: Double = 10
    var concurrency = 4
    var allowMissing = false
    var schema: String?
    var config: String?
    var contract: String?
    var event: String?
    var format: ReportFormat = .text
    var strictFlag = false
    var maxBytesOption: Int?
    var jobsOption: Int?
    var maxFindings = 100
    var quiet = false
    var pathConfigs: [String] = []
    var platform: PlatformOption?
    var payloadPointer: String?
    var carry: [String] = []
    var exitStatus: ExitStatusMode = .findings
    var records: RecordsMode = .findings
    var summary: SummaryFormat = .text
}

extension ValidateOptions {
    /// The options of the commonest command lines, `validate FILE...` with some of the
    /// flags and options below, read without swift-argument-parser; nil for any other
    /// command line, which then goes through the parser.
    ///
    /// Why: building the parser's model of the commands costs about two thirds of the
    /// instructions of `tabgen validate small.json` (Mirror reflection and first-time
    /// protocol conformance lookups, each of which scans every conformance record of
    /// the static binary); see issue 13 and scripts/bench-startup.
    ///
    /// The parser gives the same options for every command line taken here (and
    /// ValidateArgumentReaderTests compares the two on thousands of them): after `validate`,
    /// the parser reads an argument that does not start with `-`, or is `-` alone, as a
    /// FILE (the `.remaining` strategy of `files`, which lets options sit between FILEs),
    /// each of these flags sets its property, and each of these options takes the next
    /// argument when that does not start with `-` (for --format, one of its values; for
    /// --jobs, --max-findings and --max-bytes, a number).
    /// Anything else returns nil: any other option, one given twice, a value starting
    /// with `-`, `--`, `-h`, `--version`, combined short flags, `--option=value`, and a
    /// command line that `validate()` rejects, so the parser prints its usage as before.
    init?(commonArguments arguments: [String]) {
        guard arguments.first == "validate" else { return nil }
        self.init()
        var seen: Set<String> = []
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            if argument == "-" || !argument.hasPrefix("-") {
                files.append(argument)
                continue
            }
            guard seen.insert(argument == "-q" ? "--quiet" : argument).inserted else { return nil }
            switch argument {
            case "--jsonl": jsonl = true
            case "--html": html = true
            case "--allow-missing": allowMissing = true
            case "--strict": strictFlag = true
            case "--quiet", "-q": quiet = true
            case "--jobs", "--max-findings", "--max-bytes":
                // A number, as the parser reads an Int option (`Int(value)`); anything else,
                // a negative number included, goes to the parser for its error.
                guard let value = rest.popFirst(), !value.hasPrefix("-"), let number = Int(value) else { return nil }
                switch argument {
                case "--jobs": jobsOption = number
                case "--max-findings": maxFindings = number
                default: maxBytesOption = number
                }
            case "--format", "--schema", "--config", "--contract", "--event":
                // A value that does not start with `-` is the option's, as the parser reads it.
                guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                switch argument {
                case "--format":
                    guard let format = ReportFormat(rawValue: value) else { return nil }
                    self.format = format
                case "--schema": schema = value
                case "--config": config = value
                case "--contract": contract = value
                default: event = value
                }
            default: return nil
            }
        }
        do {
            try validate()
        } catch {
            return nil
        }
    }
}
