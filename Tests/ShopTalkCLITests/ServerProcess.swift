import Foundation
import Glibc
import ShopTalkTLS

/// A `shoptalk serve` started for a test on a free port of 127.0.0.1, with
/// its own database and members; stopped (by its PID) when the test ends.
final class ServerProcess {
    let folder: URL
    let database: String
    private(set) var process = Process()
    let logPath: String
    let arguments: [String]
    /// Set for the server beside the test's own environment.
    let environment: [String: String]
    /// The open-files limit the server starts under (soft and hard), when not the test's own.
    let fileLimit: Int?
    private(set) var port: UInt16 = 0

    /// `prepare` runs with the database's path once the members are added, before the server starts.
    /// `database`: a PostgreSQL URL (or a file) instead of a file of the test's own.
    init(members: [String: String] = ["alice": "pw-alice", "bob": "pw-bob", "carol": "pw-carol"], arguments: [String] = [],
         database: String? = nil, environment: [String: String] = [:], fileLimit: Int? = nil, prepare: (String) throws -> Void = { _ in }) throws {
        self.environment = environment
        self.fileLimit = fileLimit
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.database = database ?? folder.appendingPathComponent("shoptalk.sqlite").path
        for (name, password) in members {
            let added = try ShopTalkBinary.run(["users", "add", name, "--password-stdin", "--db", self.database], input: password + "\n")
            precondition(added.status == 0, added.error)
        }
        try prepare(self.database)
        logPath = folder.appendingPathComponent("server.log").path
        FileManager.default.createFile(atPath: logPath, contents: nil)
        self.arguments = arguments
        try start(listen: arguments.contains("--listen") ? nil : "127.0.0.1:0")
    }

    /// Starts the server again after ``stop(signal:within:)``, on the same
    /// port, database and options: a server restarting under its clients.
    func restart() throws {
        process = Process()
        try start(listen: "127.0.0.1:\(port)")
    }

    private func start(listen: String?) throws {
        let logged = logText()
        process.executableURL = ShopTalkBinary.url
        process.environment = ShopTalkBinary.environment(environment)
        process.arguments = ["serve", "--db", database, "--log-level", "debug"] + (listen.map { ["--listen", $0] } ?? []) + arguments
        if let fileLimit {
            // Through the shell, whose `ulimit` sets the limit the server is started under.
            process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", ShopTalkBinary.url.path] + process.arguments!
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
        }
        let log = FileHandle(forWritingAtPath: logPath)!
        log.seekToEndOfFile()
        process.standardError = log
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The log's "listening" line says where (the first one since this start).
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && process.isRunning {
            let text = logText().dropFirst(logged.count)
            if let line = text.split(separator: "\n").first(where: { $0.contains("msg=listening") }),
               let range = line.range(of: "addr="), let colon = line[range.upperBound...].firstIndex(of: ":"),
               let port = UInt16(line[line.index(after: colon)...].prefix { $0.isNumber }) {
                self.port = port
                return
            }
            usleep(20_000)
        }
        throw CocoaError(.fileReadUnknown)
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

/// A line client over a blocking socket with a receive timeout, plain or
/// TLS (then `fingerprint` is the server certificate's). `source` binds the
/// client's end to another loopback address (127.0.0.2), which the server
/// counts as another machine.
final class LineClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    private let tls: TLSStream?
    private(set) var fingerprint: CertificateFingerprint?

    init(port: UInt16, timeout: Double = 5, receiveBuffer: Int32? = nil, source: String? = nil, tls: Bool = false) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        }
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
        guard tls else {
            self.tls = nil
            return
        }
        signal(SIGPIPE, SIG_IGN) // OpenSSL writes with write(2)
        let stream = try TLSStream(context: TLSContext.client(), fd: fd, isServer: false)
        guard stream.handshake() == .done(0) else { throw POSIXError(.EPROTO) }
        self.tls = stream
        fingerprint = stream.peerFingerprint
    }

    deinit { close(fd) }

    func send(_ text: String) {
        send(bytes: Array(text.utf8))
    }

    func send(bytes: [UInt8]) {
        if let tls {
            _ = bytes.withUnsafeBytes { tls.write($0) }
        } else {
            _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
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
            let count: Int
            if let tls {
                guard case .done(let read) = chunk.withUnsafeMutableBytes({ tls.read(into: $0) }) else { return nil }
                count = read
            } else {
                count = recv(fd, &chunk, chunk.count, 0)
            }
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
        if let tls {
            var byte: UInt8 = 0
            return withUnsafeMutableBytes(of: &byte) { tls.read(into: $0) } == .closed
        }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) == 0
    }
}
