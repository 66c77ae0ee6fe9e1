#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress display on standard error (`[12/40] checking https://…`),
/// redrawn in place; only when standard error is a terminal, so logs and pipes
/// never see it. Used from one thread.
final class ProgressLine {
    private var shown = false

    private init() {}

    /// A progress line, or nil when standard error is not a terminal.
    static func onTerminal() -> ProgressLine? {
        isatty(STDERR_FILENO) == 1 ? ProgressLine() : nil
    }

    func show(done: Int, total: Int, current: String) {
        var text = "[\(done)/\(total)] checking \(current)"
        let width = Self.terminalWidth()
        if text.count >= width {
            text = String(text.prefix(max(width - 2, 1))) + "…"
        }
        put("\r\u{1B}[K" + text)
        shown = true
    }

    /// Removes the line, before other output or at the end.
    func clear() {
        guard shown else { return }
        put("\r\u{1B}[K")
        shown = false
    }

    private func put(_ text: String) {
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let written = bytes.withUnsafeBufferPointer { buffer in
                write(STDERR_FILENO, buffer.baseAddress.map { $0 + start }, buffer.count - start)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            start += written
        }
    }

    private static func terminalWidth() -> Int {
        var size = winsize()
        let status = withUnsafeMutablePointer(to: &size) { ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), $0) }
        if status == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
