import Foundation
import Glibc

/// A `shoptalk serve` started for a test on a free port of 127.0.0.1, with
/// its own database and members; stopped (by its PID) when the test ends.
final class ServerProcess {
    let folder: URL
    let database: String
    let process = Process()
    let logPath: String
    private(set) var port: UInt16 = 0

    init(members: [String: String] = ["alice": "pw-alice", "bob": "pw-bob", "carol": "pw-carol"], arguments: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        database = folder.appendingPathComponent("shoptalk.sqlite").path
        for (name, password) in members {
            let added = try ShopTalkBinary.run(["users", "add", name, "--password-stdin", "--db", database], input: password + "\n")
            precondition(added.status == 0, added.error)
        }
        logPath = folder.appendingPathComponent("server.log").path
        FileManager.default.createFile(atPath: logPath, contents: nil)
        process.executableURL = ShopTalkBinary.url
        process.arguments = ["serve", "--db", database, "--listen", "127.0.0.1:0", "--log-level", "debug"] + arguments
        process.standardError = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The first log line says where it listens.
        guard let line = waitForLog(containing: "msg=listening"), let range = line.range(of: "addr=127.0.0.1:"),
              let port = UInt16(line[range.upperBound...].prefix { $0.isNumber }) else {
            throw CocoaError(.fileReadUnknown)
        }
        self.port = port
    }

    /// Waits (at most `seconds`) until the log holds `text`; returns the log then, or nil.
    func waitForLog(containing text: String, seconds: Double = 10) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let log = logText()
            if log.contains(text) { return log }
            usleep(20_000)
        } while Date() < deadline && process.isRunning
        let log = logText()
        return log.contains(text) ? log : nil
    }

    /// Sends a signal and waits for the exit status, at most `seconds`.
    func stop(signal: Int32 = SIGTERM, within seconds: Double = 5) -> Int32? {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }

    /// Everything logged so far.
    func logText() -> String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A line client over a blocking socket with a receive timeout.
final class LineClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16, timeout: Double = 5, receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ text: String) {
        _ = text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    func send(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// The next line, without its newline; nil on timeout or end of stream.
    func line() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// Sends a line and returns the next `count` lines.
    func say(_ text: String, lines count: Int = 1) -> [String] {
        send(text + "\n")
        return (0..<count).compactMap { _ in line() }
    }

    /// Sends a line and returns its one reply line.
    func ask(_ text: String) -> String { say(text).first ?? "<nothing>" }

    /// True when the server closed the connection (reading returns the end).
    func isClosedByServer() -> Bool {
        while line() != nil {}
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) == 0
    }
}
