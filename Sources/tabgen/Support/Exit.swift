import ArgumentParser

/// The documented exit codes, shared by every subcommand.
enum Exit: Int32 {
    /// Everything checked is valid (warnings allowed unless --strict).
    case success = 0
    /// Some input is invalid; the findings say why.
    case invalid = 1
    /// Usage, I/O or schema error: tabgen could not do what was asked.
    case failure = 2

    var exitCode: ExitCode { ExitCode(rawValue) }
}

extension Exit {
    /// Prints `error` on standard error and gives the exit code it ends the command with (2).
    static func report(_ error: CLIError) -> ExitCode {
        printError(error.description)
        return failure.exitCode
    }
}
