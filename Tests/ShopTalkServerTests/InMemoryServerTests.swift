import Foundation
import Glibc
import ShopTalkAccounts
import ShopTalkDomain
import ShopTalkGrammarFiles
import ShopTalkStore
import Synchronization
import Testing
@testable import ShopTalkServer

/// The server inside the test's own process, its clients on in-memory
/// connections (``Server/connectInMemory()``): the whole server — logins,
/// the committer, live news — with no binary started and no port.
@Suite("A server in the test's process")
struct InMemoryServerTests {
    /// A server on a database of its own with these members (password "pw-NAME"), started; shut down by the caller.
    static func server(members: [String], clock: @escaping @Sendable () -> Date = Date.init,
                       configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> (Server, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-inmemory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("shoptalk.sqlite").path
        let store = try Store.open(path)
        // A light hash: these tests are about the server, not about PBKDF2's cost.
        for member in members { try store.accountBook.setPassword(PasswordHash.make("pw-\(member)"), for: UserName(member), at: Date()) }
        var configuration = ServerConfiguration(databasePath: path)
        configuration.listens = false
        configure(&configuration)
        let server = try Server(configuration: configuration, grammars: LanguageFiles.builtIn.grammars(defaultLanguage: "en", deferred: true),
                                wording: LanguageFiles.builtIn.wording(deferred: true), log: Log(level: .error), clock: clock)
        server.start()
        return (server, folder)
    }

    @Test func twoMembersShareAListAndReadEachOthersNewsLive() throws {
        let (server, folder) = try Self.server(members: ["alice", "bob"])
        defer {
            server.shutDown()
            try? FileManager.default.removeItem(at: folder)
        }
        let alice = try InMemoryClient(server), bob = try InMemoryClient(server)
        #expect(alice.line()?.hasPrefix("ShopTalk") == true, "the greeting")
        _ = bob.line()
        #expect(alice.ask("login alice pw-alice") == "Hello, alice! Say “help” to see what I understand.")
        #expect(bob.ask("login bob pw-bob") == "Hello, bob! Say “help” to see what I understand.")
        #expect(alice.ask("create list Groceries") == "Created the list Groceries. Try “add … to Groceries” to put something on it.")
        #expect(alice.ask("share Groceries with bob")?.hasPrefix("Shared Groceries with bob") == true)
        #expect(bob.line()?.hasPrefix("» alice shared Groceries with you") == true, "news, live, on bob's connection")
        #expect(bob.ask("accept Groceries") == "You’ve joined alice's Groceries list (can edit).")
        #expect(alice.line() == "» bob accepted the invite to the Groceries list.")
        #expect(bob.ask("add 2 eggs to Groceries") == "Added 2 eggs to alice's Groceries list.")
        #expect(alice.line() == "» bob added 2 eggs to Groceries.")
        #expect(alice.ask("quit") == "Bye.")
        #expect(alice.line() == nil, "closed by the server")
    }

    /// What the server dates, it dates on the clock it is given: a test
    /// moves that clock instead of waiting for the time of day.
    @Test func changesAreDatedOnTheServersClock() throws {
        let then = Date(timeIntervalSince1970: 1_000_000_000)
        let (server, folder) = try Self.server(members: ["alice"], clock: { then })
        defer { try? FileManager.default.removeItem(at: folder) }
        let alice = try InMemoryClient(server)
        _ = alice.line()
        _ = alice.ask("login alice pw-alice")
        #expect(alice.ask("add milk")?.hasPrefix("Added milk") == true)
        server.shutDown()
        let exported = try Store.open(folder.appendingPathComponent("shoptalk.sqlite").path).export().serialized
        #expect(exported.contains(#""added_at":\#(Int64(then.timeIntervalSince1970 * 1_000))"#), "\(exported.prefix(600))")
    }

    /// A full server makes room by closing the connection that has waited
    /// longest (a second at least, on the server's clock) without logging
    /// in, not by turning the household away; before that second, the
    /// newcomer is the one told the server is full.
    @Test func aFullServerMakesRoomByClosingOneThatNeverLoggedIn() throws {
        let clock = MovableClock(Date(timeIntervalSince1970: 1_000_000_000))
        let (server, folder) = try Self.server(members: ["alice", "bob"], clock: clock.now) { $0.maximumConnections = 2 }
        defer {
            server.shutDown()
            try? FileManager.default.removeItem(at: folder)
        }
        let idle = try InMemoryClient(server)
        #expect(idle.line()?.hasPrefix("ShopTalk") == true)
        let alice = try InMemoryClient(server)
        _ = alice.line()
        #expect(alice.ask("login alice pw-alice") == "Hello, alice! Say “help” to see what I understand.")
        clock.advance(by: 0.5)
        let early = try InMemoryClient(server)
        #expect(early.line() == "ShopTalk is full (2 connections); try again later.")
        #expect(early.line() == nil, "closed")
        clock.advance(by: 0.5)
        let bob = try InMemoryClient(server)
        #expect(bob.line()?.hasPrefix("ShopTalk") == true)
        #expect(bob.ask("login bob pw-bob") == "Hello, bob! Say “help” to see what I understand.")
        #expect(bob.ask("add tea") == "Added tea to the Shopping list.")
        #expect(idle.line() == nil, "closed to make room")
        #expect(alice.ask("add milk") == "Added milk to the Shopping list.")
    }

    @Test func aWrongPasswordIsRefusedAndTheSessionGoesOn() throws {
        let (server, folder) = try Self.server(members: ["alice"])
        defer {
            server.shutDown()
            try? FileManager.default.removeItem(at: folder)
        }
        let client = try InMemoryClient(server)
        _ = client.line()
        #expect(client.ask("login alice wrong") == "That name and password do not match.")
        #expect(client.ask("add milk") == "Please log in first: “login NAME PASSWORD”.")
        #expect(client.ask("login alice pw-alice") == "Hello, alice! Say “help” to see what I understand.")
        #expect(client.ask("add milk") == "Added milk to the Shopping list.")
    }
}

/// A client on the test's end of an in-memory connection: lines out, lines in (waiting 5 seconds at most).
final class InMemoryClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(_ server: Server) throws {
        fd = try server.connectInMemory()
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// The next line, or nil when none came in time or the server closed.
    func line() -> String? {
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            if let end = buffer.firstIndex(of: 10) {
                defer { buffer.removeSubrange(...end) }
                return String(decoding: buffer[..<end], as: UTF8.self)
            }
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    func ask(_ text: String) -> String? {
        send(text)
        return line()
    }
}

/// A clock a test moves by hand, for the server to read.
final class MovableClock: Sendable {
    private let time: Mutex<Date>

    init(_ start: Date) { time = Mutex(start) }

    var now: @Sendable () -> Date { { [self] in time.withLock { $0 } } }

    func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }
}
