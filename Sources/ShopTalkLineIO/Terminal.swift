import Foundation

/// The terminal on standard input and output, for a line editor: keys
/// arrive one by one, unechoed (raw mode), and what is written goes out at
/// once. Raw mode is undone on `restore()`, and on SIGTERM, SIGHUP and
/// SIGINT, so a terminal is never left unusable.
public final class Terminal: @unchecked Sendable {
    // `@unchecked Sendable`: used by the one thread that runs the chat; the
    // copy of the settings a signal handler needs is the global below.
    private var saved: termios?

    public init() {}

    /// Whether standard input and output are both a terminal: a person typing.
    public static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Keys without echo or line buffering; Ctrl-C and Ctrl-Z come as keys.
    /// Output keeps its newline translation, so replies print as they are.
    public func enterRawMode() {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        saved = settings
        terminalSettingsToRestore = settings
        settings.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        settings.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        for signal in [SIGTERM, SIGHUP, SIGINT] { Glibc.signal(signal, restoreAndExit) }
    }

    /// Reads one line typed without echo, as a password is: the terminal's
    /// settings come back afterwards, and on SIGINT or SIGTERM meanwhile.
    /// Nil at end of input. Reads byte by byte, so nothing typed after the
    /// line is taken from whoever reads next.
    public func readHiddenLine(prompt: String) -> String? {
        var settings = termios()
        let isTerminal = tcgetattr(STDIN_FILENO, &settings) == 0
        if isTerminal {
            terminalSettingsToRestore = settings
            for signal in [SIGTERM, SIGHUP, SIGINT] { Glibc.signal(signal, restoreAndExit) }
            var hidden = settings
            hidden.c_lflag &= ~tcflag_t(ECHO)
            hidden.c_lflag |= tcflag_t(ECHONL)
            // TCSANOW, and echo off before the prompt shows: a password typed
            // the moment the prompt appears is neither echoed nor thrown away.
            tcsetattr(STDIN_FILENO, TCSANOW, &hidden)
        }
        FileHandle.standardError.write(Data(prompt.utf8))
        defer {
            if isTerminal {
                tcsetattr(STDIN_FILENO, TCSANOW, &settings)
                terminalSettingsToRestore = nil
                for signal in [SIGTERM, SIGHUP, SIGINT] { Glibc.signal(signal, SIG_DFL) }
            }
        }
        return Self.readLine(from: STDIN_FILENO)
    }

    /// One line from `fd`, a byte at a time, without its line ending; nil at end of input before any.
    public static func readLine(from fd: Int32) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Puts the terminal back as it was before raw mode.
    public func restore() {
        guard var settings = saved else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        saved = nil
        terminalSettingsToRestore = nil
    }

    /// Columns of the terminal, 80 when it does not say.
    public var columns: Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` above the line being typed, which is then shown again
    /// below it, unharmed: news that arrives while someone types.
    public func printAbove(_ text: String, editor: LineEditor, prompt: String) {
        write("\r\u{1B}[K" + text + editor.rendering(prompt: prompt, columns: columns))
    }

    /// Reads what the terminal sent: nil at end of input.
    public func read() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? Array(buffer[..<count]) : nil
        }
    }
}

/// The settings raw mode replaced, for a signal handler to put back: a
/// handler can reach only globals. Written before the handlers are set.
nonisolated(unsafe) private var terminalSettingsToRestore: termios?

private func restoreAndExit(_ signal: Int32) {
    if var settings = terminalSettingsToRestore { tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) }
    _exit(128 + signal)
}
