import Foundation
import Testing

/// A pseudo-terminal with `shoptalk` running in it, as a person at a
/// terminal would run it: keys go in as the bytes a terminal sends, and what
/// it writes is read back. The process ends by itself (Ctrl-D); `close()`
/// ends it by its PID if it did not.
final class PseudoTerminal {
    private let master: Int32
    private let process = Process()
    /// Everything read so far.
    private(set) var screen = ""

    init(_ arguments: [String], columns: UInt16 = 80) throws {
        // /dev/ptmx and two Linux ioctls (TIOCSPTLCK, TIOCGPTN): Swift's Glibc
        // module does not offer posix_openpt.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var unlock: CInt = 0, number: CUnsignedInt = 0
        guard ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            throw POSIXError(.EIO)
        }
        var size = winsize()
        size.ws_col = columns
        size.ws_row = 24
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = FileHandle(forUpdatingAtPath: "/dev/pts/\(number)")!
        process.executableURL = ShopTalkBinary.url
        process.arguments = arguments
        process.environment = ShopTalkBinary.environment()
        process.standardInput = slave
        process.standardOutput = slave
        process.standardError = slave
        try process.run()
        try slave.close()
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { _ = write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `text` has appeared since the last wait (or `deadline`
    /// passes, which the test reports); returns what came in meanwhile.
    @discardableResult
    func wait(for text: String, seconds: Double = 10) -> String {
        let start = screen.endIndex
        let deadline = Date().addingTimeInterval(seconds)
        while !screen[start...].contains(text) {
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard remaining > 0 else {
                Issue.record("“\(text)” did not appear; the screen since the last wait: \(screen[start...].debugDescription)")
                break
            }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, remaining) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            screen += String(decoding: buffer[..<count], as: UTF8.self)
        }
        return String(screen[start...])
    }

    /// Waits for the process to end by itself; its exit status.
    func exitStatus(seconds: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline {
            // Keep the terminal drained so the process is never blocked writing.
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 50) > 0 {
                var buffer = [UInt8](repeating: 0, count: 4_096)
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count > 0 { screen += String(decoding: buffer[..<count], as: UTF8.self) }
            }
        }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Whether the terminal echoes and edits lines itself, as before any raw mode.
    var isInLineMode: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ECHO) != 0 && settings.c_lflag & tcflag_t(ICANON) != 0
    }

    func close() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        Glibc.close(master)
    }
}
