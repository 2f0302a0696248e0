import Foundation
import Glibc
import ShopTalkJSON
import ShopTalkMatrix
import Testing

/// A real Matrix homeserver for the tests: Synapse, from PyPI in a virtual
/// environment that `scripts/synapse-venv.sh` makes (`.ci/run` sources it),
/// on a free port of 127.0.0.1 with SQLite and a config of the test's own,
/// ended by its PID. Where it is missing the Matrix tests are skipped,
/// visibly — except on CI (`CI` or `SHOPTALK_REQUIRE_MATRIX` set), where they fail.
final class SynapseServer {
    /// The virtual environment's python: `SHOPTALK_SYNAPSE`, else where the script puts it.
    static let python: String? = {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["SHOPTALK_SYNAPSE"], environment["HOME"].map { "\($0)/.cache/shoptalk/synapse/bin/python" }].compactMap { $0 }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
    static var isRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return (environment["CI"] ?? "").isEmpty == false || environment["SHOPTALK_REQUIRE_MATRIX"] == "1"
    }
    static var shouldRun: Bool { python != nil || isRequired }

    static let serverName = "shoptalk.test"
    let folder: URL
    let port: UInt16
    let sharedSecret = "shoptalk-test-\(UUID().uuidString)"
    private let python: String
    private var process: Process?

    var url: String { "http://127.0.0.1:\(port)" }

    /// Messages are limited to a burst of 4, then one a second, so that the bot meets 429s and must wait them out.
    init() throws {
        python = try #require(Self.python, "Synapse is not installed: source scripts/synapse-venv.sh (which .ci/run does) to install it from PyPI")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-synapse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = IRCServer.freePort()
        let path = folder.path
        let config = """
            server_name: "\(Self.serverName)"
            pid_file: \(path)/homeserver.pid
            listeners:
              - port: \(port)
                bind_addresses: ['127.0.0.1']
                type: http
                tls: false
                x_forwarded: false
                resources:
                  - names: [client]
                    compress: false
            database:
              name: sqlite3
              args:
                database: \(path)/homeserver.db
            media_store_path: \(path)/media
            signing_key_path: \(path)/signing.key
            registration_shared_secret: "\(sharedSecret)"
            report_stats: false
            trusted_key_servers: []
            suppress_key_server_warning: true
            enable_metrics: false
            rc_message:
              per_second: 1
              burst_count: 4
            rc_login:
              address: {per_second: 100, burst_count: 1000}
              account: {per_second: 100, burst_count: 1000}
              failed_attempts: {per_second: 100, burst_count: 1000}
            rc_joins:
              local: {per_second: 100, burst_count: 1000}
            rc_invites:
              per_room: {per_second: 100, burst_count: 1000}
              per_user: {per_second: 100, burst_count: 1000}

            """
        try config.write(to: folder.appendingPathComponent("homeserver.yaml"), atomically: true, encoding: .utf8)
        let keys = try Self.run(python, ["-m", "synapse.app.homeserver", "-c", "\(path)/homeserver.yaml", "--generate-keys"])
        try #require(keys.status == 0, "synapse --generate-keys: \(keys.output)")
        try start()
    }

    /// Starts Synapse and waits until it answers.
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-m", "synapse.app.homeserver", "-c", folder.appendingPathComponent("homeserver.yaml").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let response = try? MatrixHTTP.exchange(HTTPRequest("GET", "/_matrix/client/versions"), port: port), response.status == 200 { return }
            guard process.isRunning else { break }
            usleep(100_000)
        }
        throw POSIXError(.ECONNREFUSED)
    }

    /// Ends Synapse at once, as a crash would, and waits for it to be gone.
    func kill() {
        guard let process, process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A new user, registered with the shared secret, as Synapse's own tool does it.
    func register(_ name: String, password: String, admin: Bool = false) throws {
        let tool = URL(fileURLWithPath: python).deletingLastPathComponent().appendingPathComponent("register_new_matrix_user").path
        let result = try Self.run(tool, ["-u", name, "-p", password, admin ? "--admin" : "--no-admin", "-k", sharedSecret, url])
        try #require(result.status == 0, "register_new_matrix_user \(name): \(result.output)")
    }

    /// Lets `user` send as fast as they like (Synapse's admin API, as an admin registered for it).
    func liftRateLimit(of user: String) throws {
        try liftRateLimit(of: [user])
    }

    func liftRateLimit(of users: [String]) throws {
        try register("admin", password: "pw-admin", admin: true)
        let admin = try MatrixTestClient(self, name: "admin", password: "pw-admin")
        for user in users {
            try admin.post("/_synapse/admin/v1/users/\(MatrixAPI.percentEncoded(user))/override_ratelimit",
                           .object([("messages_per_second", .int(0)), ("burst_count", .int(0))]))
        }
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: folder)
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}

/// One blocking HTTP exchange with a server on 127.0.0.1, for the tests.
enum MatrixHTTP {
    static func exchange(_ request: HTTPRequest, port: UInt16, timeout: Int = 30) throws -> HTTPResponse {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(fd) }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let bytes = Array(request.serialized(host: "127.0.0.1:\(port)").utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw POSIXError(.EPIPE) }
            sent += count
        }
        var reader = HTTPResponseReader(), buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 {
                guard let response = try reader.response(ended: true) else { throw POSIXError(.ECONNRESET) }
                return response
            }
            reader.append(buffer[..<count])
            if let response = try reader.response() { return response }
        }
    }
}

/// A person on Matrix, as the tests play them: logs in, makes rooms,
/// invites, says things (waiting out its own rate limits), and reads the room.
final class MatrixTestClient {
    let user: String
    private let port: UInt16
    private let token: String
    private var sent = 0

    init(_ synapse: SynapseServer, name: String, password: String) throws {
        port = synapse.port
        user = "@\(name):\(SynapseServer.serverName)"
        let answer = try Self.call(MatrixAPI.login(user: name, password: password), port: port)
        token = try #require(answer["access_token"]?.stringValue, "login \(name): \(answer.serialized)")
    }

    static func call(_ request: HTTPRequest, port: UInt16) throws -> JSON {
        while true {
            let response = try MatrixHTTP.exchange(request, port: port)
            switch MatrixOutcome(response) {
            case .ok(let json): return json
            case .rateLimited(let milliseconds): usleep(UInt32(min(milliseconds, 10_000)) * 1_000 + 10_000)
            default: throw MatrixTestFailure(description: "\(request.method) \(request.target): \(response.status) \(response.text)")
            }
        }
    }

    private func call(_ method: String, _ path: String, _ body: JSON? = nil) throws -> JSON {
        try Self.call(HTTPRequest(method, "/_matrix/client/v3" + path, bearer: token, body: body?.serialized ?? (method == "GET" ? nil : "{}")), port: port)
    }

    /// A POST to any path of the homeserver (its admin API, say).
    func post(_ path: String, _ body: JSON) throws {
        _ = try Self.call(HTTPRequest("POST", path, bearer: token, body: body.serialized), port: port)
    }

    /// A new room, with these people invited; `encrypted` turns end-to-end encryption on from the start.
    /// `alias`: a public room, found by "#alias:shoptalk.test".
    func createRoom(inviting users: [String], direct: Bool = false, encrypted: Bool = false, alias: String? = nil) throws -> String {
        var body: [(String, JSON)] = [("invite", .array(users.map(JSON.string))), ("preset", .string(alias == nil ? "private_chat" : "public_chat")),
                                      ("is_direct", .bool(direct))]
        if let alias { body.append(("room_alias_name", .string(alias))) }
        if encrypted {
            body.append(("initial_state", .array([.object([("type", .string("m.room.encryption")), ("state_key", .string("")),
                                                           ("content", .object([("algorithm", .string("m.megolm.v1.aes-sha2"))]))])])))
        }
        return try #require(try call("POST", "/createRoom", .object(body))["room_id"]?.stringValue)
    }

    func invite(_ other: String, to room: String) throws {
        _ = try call("POST", "/rooms/\(MatrixAPI.percentEncoded(room))/invite", .object([("user_id", .string(other))]))
    }

    func join(_ room: String) throws { _ = try call("POST", "/join/\(MatrixAPI.percentEncoded(room))") }

    func leave(_ room: String) throws { _ = try call("POST", "/rooms/\(MatrixAPI.percentEncoded(room))/leave") }

    /// Says `text` in the room; the event's ID.
    @discardableResult
    func say(_ text: String, in room: String) throws -> String {
        try send(.object([("msgtype", .string("m.text")), ("body", .string(text))]), type: "m.room.message", in: room)
    }

    @discardableResult
    func send(_ content: JSON, type: String, in room: String) throws -> String {
        sent += 1
        let path = "/rooms/\(MatrixAPI.percentEncoded(room))/send/\(type)/test\(sent)-\(UUID().uuidString.prefix(8))"
        return try #require(try call("PUT", path, content)["event_id"]?.stringValue)
    }

    /// What was said in the room, oldest first.
    func messages(in room: String) throws -> [Said] {
        let chunk = try call("GET", "/rooms/\(MatrixAPI.percentEncoded(room))/messages?dir=b&limit=200")["chunk"]?.arrayValue ?? []
        return chunk.reversed().compactMap { event in
            guard event["type"]?.stringValue == "m.room.message", let content = event["content"] else { return nil }
            let answers = (content["org.shoptalk.answers"]?.arrayValue ?? []).compactMap { answer -> Said.Answer? in
                guard let id = answer["event_id"]?.stringValue, let body = answer["body"]?.stringValue else { return nil }
                return Said.Answer(to: id, body: body)
            }
            return Said(sender: event["sender"]?.stringValue ?? "", kind: content["msgtype"]?.stringValue ?? "", body: content["body"]?.stringValue ?? "",
                        inReplyTo: content["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.stringValue, answers: answers)
        }
    }

    /// Reads the room until `done` holds of what was said there, for at most `seconds`; what was said then.
    func waitFor(in room: String, seconds: Double = 30, _ done: ([Said]) -> Bool) throws -> [Said] {
        let deadline = Date().addingTimeInterval(seconds)
        var said = try messages(in: room)
        while !done(said), Date() < deadline {
            usleep(200_000)
            said = try messages(in: room)
        }
        return said
    }

    struct Said: Equatable, CustomStringConvertible {
        var sender: String
        var kind: String
        var body: String
        var inReplyTo: String?
        /// A message answering the lines of several messages at once: which line each answer is to.
        var answers: [Answer] = []
        var description: String { "\(sender) \(kind) \(inReplyTo.map { "(re \($0.prefix(6))) " } ?? "")\(body)" }

        struct Answer: Equatable {
            var to: String
            var body: String
        }

        /// The lines this message answers, in order, each once: the one it
        /// replies to, or those it lists.
        var answered: [String] {
            if let inReplyTo { return [inReplyTo] }
            var lines: [String] = []
            for answer in answers where lines.last != answer.to { lines.append(answer.to) }
            return lines
        }
    }
}

struct MatrixTestFailure: Error, CustomStringConvertible {
    let description: String
}
