import Foundation
import Glibc
import ShopTalkTLS
import Testing

/// A real IRC server for the tests: ngircd from Debian's packages (which
/// `.ci/run` installs), on a free port of 127.0.0.1 with a config of the
/// test's own, ended by its PID. Where it is missing the IRC tests are
/// skipped, visibly — except on CI (`CI` or `SHOPTALK_REQUIRE_IRC` set),
/// where they fail.
final class IRCServer {
    static let binary: String? = ["/usr/sbin/ngircd", "/usr/bin/ngircd", "/usr/local/sbin/ngircd"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return (environment["CI"] ?? "").isEmpty == false || environment["SHOPTALK_REQUIRE_IRC"] == "1"
    }
    /// Whether the IRC tests run: ngircd is here, or CI requires it (and they fail without it).
    static var shouldRun: Bool { binary != nil || isRequired }

    let folder: URL
    let port: UInt16
    /// The TLS port, with a certificate made by the test (`certificate`), when asked for.
    let tlsPort: UInt16?
    var certificate: String { folder.appendingPathComponent("cert.pem").path }
    private var process: Process?

    init(tls: Bool = false) throws {
        let binary = try #require(Self.binary, "ngircd is not installed: .ci/run installs it from Debian's packages (apt-get install ngircd)")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-ircd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = Self.freePort()
        tlsPort = tls ? Self.freePort() : nil
        if tls {
            try SelfSignedCertificate.makeIfMissing(certificatePath: certificate, keyPath: folder.appendingPathComponent("key.pem").path,
                                                    commonName: "irc.shoptalk.test", names: ["localhost", "127.0.0.1"])
            // ngircd reads its key after it has become "nobody".
            chmod(folder.appendingPathComponent("key.pem").path, 0o644)
            chmod(folder.path, 0o755)
        }
        let ssl = tlsPort.map { tlsPort in
            """
            [SSL]
                CertFile = \(folder.appendingPathComponent("cert.pem").path)
                KeyFile = \(folder.appendingPathComponent("key.pem").path)
                Ports = \(tlsPort)

            """
        } ?? ""
        let config = """
            [Global]
                Name = irc.shoptalk.test
                Info = ShopTalk's test server
                Listen = 127.0.0.1
                Ports = \(port)
                MotdPhrase = "ShopTalk test server"
            [Limits]
                MaxConnectionsIP = 0
                PingTimeout = 120
                PongTimeout = 20
            [Options]
                Ident = no
                PAM = no
                DNS = no

            """ + ssl
        try config.write(to: folder.appendingPathComponent("ngircd.conf"), atomically: true, encoding: .utf8)
        _ = binary
        try start()
    }

    /// Starts ngircd and waits until it accepts connections.
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary!)
        process.arguments = ["--nodaemon", "--config", folder.appendingPathComponent("ngircd.conf").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? IRCTestClient(port: port, nick: nil)) != nil { return }
            usleep(50_000)
        }
        throw POSIXError(.ECONNREFUSED)
    }

    /// Ends ngircd by its PID, at once, as a crash would, and waits for it
    /// to be gone. (SIGKILL: a process started by the test runner inherits
    /// its blocked signals, and ngircd would never see a SIGTERM.)
    func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    static func freePort() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return UInt16(bigEndian: address.sin_port)
    }
}

/// A person on IRC, as a raw socket: registers, joins, says things, and
/// reads what comes, answering PING on the way. `@unchecked Sendable`: a
/// test hands each client to one thread at a time.
final class IRCTestClient: @unchecked Sendable {
    private let client: LineClient
    let nick: String?

    /// Connects; with a nick, registers and waits for the welcome.
    init(port: UInt16, nick: String?) throws {
        client = try LineClient(port: port, timeout: 1)
        self.nick = nick
        guard let nick else { return }
        client.send("NICK \(nick)\r\nUSER \(nick) 0 * :\(nick)\r\n")
        _ = try #require(wait(for: { $0.contains(" 001 ") }), "\(nick) was not welcomed")
    }

    func send(_ line: String) { client.send(line + "\r\n") }

    /// A line as bytes, for text that is not UTF-8.
    func send(bytes: [UInt8]) { client.send(bytes: bytes + [0x0D, 0x0A]) }

    func join(_ channel: String) throws {
        send("JOIN \(channel)")
        _ = try #require(wait(for: { $0.contains(" 366 ") }), "\(nick ?? "?") did not join \(channel)")
    }

    /// Reads lines until one matches (within `seconds`); that line, or nil.
    func wait(seconds: Double = 15, for matches: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            guard let line = client.line()?.trimmingCharacters(in: .newlines) else { continue }
            if line.hasPrefix("PING ") { send("PONG " + line.dropFirst(5)) }
            if matches(line) { return line }
        }
        return nil
    }

    /// The next PRIVMSG from `from` to `target` (a channel, or this client), its text.
    func message(from: String, to target: String, seconds: Double = 15, containing text: String = "") -> String? {
        wait(seconds: seconds) { $0.hasPrefix(":\(from)!") && $0.contains(" PRIVMSG \(target) :") && (text.isEmpty || $0.contains(text)) }
            .map { String($0[$0.range(of: " PRIVMSG \(target) :")!.upperBound...]) }
    }
}
