import Foundation
import Glibc
import ShopTalkTLS
import Testing

/// `shoptalk connect`, the members' terminal client, against a real server:
/// through a pseudo-terminal as a person types, and through pipes as a script.
@Suite("shoptalk connect")
final class ConnectTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-connect-\(UUID().uuidString)")
    var knownServers: String { folder.appendingPathComponent("known_servers").path }

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func tlsServer() throws -> ServerProcess {
        let files = try TLSServerTests.certificate(in: folder)
        return try ServerProcess(arguments: ["--tls-cert", files.certificate, "--tls-key", files.key])
    }

    /// alice's Groceries, shared with bob (who accepted it), set up over TLS.
    func sharedGroceries(_ server: ServerProcess) throws -> LineClient {
        let alice = try LineClient(port: server.port, tls: true), bob = try LineClient(port: server.port, tls: true)
        for (client, name) in [(alice, "alice"), (bob, "bob")] {
            _ = client.line()
            try #require(client.ask("login \(name) pw-\(name)").hasPrefix("Hello"))
        }
        _ = alice.ask("create list Groceries")
        _ = alice.ask("share Groceries with bob")
        _ = bob.line()
        try #require(bob.ask("accept Groceries") == "You’ve joined alice's Groceries list (can edit).")
        return bob
    }

    func connect(_ server: ServerProcess, as user: String = "alice", host: String = "127.0.0.1", input: String, extra: [String] = []) throws -> ShopTalkBinary.Result {
        try ShopTalkBinary.run(["connect", "\(user)@\(host):\(server.port)", "--password-stdin", "--known-servers", knownServers] + extra, input: input)
    }

    @Test func newsAppearsAboveTheLineBeingTypedWhichStaysAsItWas() throws {
        let server = try tlsServer()
        let bob = try sharedGroceries(server)
        let terminal = try PseudoTerminal(["connect", "alice@127.0.0.1:\(server.port)", "--known-servers", knownServers])
        defer { terminal.close() }
        terminal.wait(for: "alice@127.0.0.1:\(server.port)'s password: ")
        terminal.send("pw-alice\r")
        let welcome = terminal.wait(for: "Hello, alice!")
        #expect(!welcome.contains("pw-alice"), "the password was echoed")
        terminal.send("add bre")
        terminal.wait(for: "add bre")
        #expect(bob.ask("add 2 eggs to Groceries") == "Added 2 eggs to alice's Groceries list.")
        let news = terminal.wait(for: "» bob added 2 eggs to Groceries.")
        #expect(news.contains("\r\u{1B}[K» bob added"), "the line being typed was not cleared before the news")
        // The half-typed line comes back below the news, the cursor at its end, and typing goes on.
        let redrawn = terminal.screen.components(separatedBy: "» bob added 2 eggs to Groceries.").last ?? ""
        #expect(redrawn.contains("\r> add bre\u{1B}[K\r\u{1B}[9C") || terminal.wait(for: "> add bre").contains("\u{1B}[9C"))
        terminal.send("ad to Groceries\r")
        terminal.wait(for: "Added bread to Groceries.")
        #expect(bob.line() == "» alice added bread to Groceries.")
        terminal.send([0x04]) // Ctrl-D on the empty line
        #expect(terminal.exitStatus() == 0)
        #expect(terminal.isInLineMode, "the terminal was left in raw mode")
    }

    /// The password is asked for only once the server has answered and its
    /// certificate is pinned (or checked), and a wrong one is asked again.
    @Test func theServerIsCheckedBeforeThePasswordAndAWrongOneIsAskedAgain() throws {
        let server = try tlsServer()
        let terminal = try PseudoTerminal(["connect", "alice@127.0.0.1:\(server.port)", "--known-servers", knownServers])
        defer { terminal.close() }
        let beforePrompt = terminal.wait(for: "'s password: ")
        #expect(beforePrompt.contains("its certificate (SHA-256"), "the fingerprint was not shown before the password was asked for")
        #expect(!beforePrompt.contains("> "), "a stray chat prompt stood before the password's")
        terminal.send("not-it\r")
        let again = terminal.wait(for: "'s password: ")
        #expect(again.contains("That name and password do not match."))
        terminal.send("pw-alice\r")
        terminal.wait(for: "Hello, alice!")
        terminal.send([0x04])
        #expect(terminal.exitStatus() == 0)
    }

    @Test func threeWrongPasswordsEndTheClient() throws {
        let server = try tlsServer()
        let terminal = try PseudoTerminal(["connect", "alice@127.0.0.1:\(server.port)", "--known-servers", knownServers])
        defer { terminal.close() }
        for _ in 1...3 {
            terminal.wait(for: "'s password: ")
            terminal.send("not-it\r")
        }
        terminal.wait(for: "That name and password do not match.")
        #expect(terminal.exitStatus() == 1)
    }

    @Test func aServerThatIsNotThereIsNeverSentAPassword() throws {
        // Port 1 of this machine: nothing listens there, so the connection is refused.
        let terminal = try PseudoTerminal(["connect", "alice@127.0.0.1:1", "--known-servers", knownServers])
        defer { terminal.close() }
        #expect(terminal.wait(for: "cannot connect to 127.0.0.1").contains("cannot connect"))
        #expect(terminal.exitStatus() == 1)
        #expect(!terminal.screen.contains("password"))
    }

    @Test func theCertificateIsPinnedOnFirstUseAndAChangedOneRefusedBeforeThePassword() throws {
        let server = try tlsServer()
        let first = try connect(server, input: "pw-alice\nadd milk\n")
        #expect(first.status == 0)
        #expect(first.output == "Hello, alice! Say “help” to see what I understand.\nAdded milk to the Shopping list.\nBye.\n")
        let fingerprint = try CertificateFingerprint(pemFile: folder.appendingPathComponent("test-cert.pem").path)
        #expect(first.error.contains("now pinned"))
        #expect(try String(contentsOfFile: knownServers, encoding: .utf8) == "127.0.0.1:\(server.port) \(fingerprint)\n")
        let second = try connect(server, input: "pw-alice\nadd eggs\n")
        #expect(second.status == 0 && second.error.isEmpty)

        // The same address with another certificate: someone standing in for the server.
        let other = try TLSServerTests.certificate(in: folder, name: "impostor")
        try "127.0.0.1:\(server.port) \(try CertificateFingerprint(pemFile: other.certificate))\n"
            .write(toFile: knownServers, atomically: true, encoding: .utf8)
        let logins = server.logText().components(separatedBy: "msg=login ").count
        let refused = try connect(server, input: "pw-alice\nadd jam\n")
        #expect(refused.status == 1)
        #expect(refused.error.contains("shows a different certificate from the one pinned"))
        #expect(refused.error.contains("remove line\n1 of \(knownServers)") || refused.error.contains("remove line 1 of"))
        #expect(server.logText().components(separatedBy: "msg=login ").count == logins, "it logged in anyway")
    }

    @Test func jsonFormatPassesTheProtocolThrough() throws {
        let server = try tlsServer()
        let result = try connect(server, input: "pw-alice\nadd milk\n", extra: ["--format", "json"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(#"{"ok":true,"intent":"login""#))
        #expect(lines[1].hasPrefix(#"{"ok":true,"intent":"add_items","text":"Added milk to the Shopping list.""#))
        #expect(lines[2].hasPrefix(#"{"ok":true,"intent":"quit""#))
    }

    @Test func aWrongPasswordEndsWithTheServersWordsAndStatusOne() throws {
        let server = try tlsServer()
        let result = try connect(server, input: "nope\nadd milk\n")
        #expect(result.status == 1)
        #expect(result.error.hasSuffix("shoptalk: That name and password do not match.\n"))
    }

    @Test func aPlainServerIsJoinedOnThisMachineAndRefusedAcrossTheNetwork() throws {
        let server = try ServerProcess(arguments: ["--listen", "0.0.0.0:0"])
        let local = try connect(server, input: "pw-alice\nadd milk\n")
        #expect(local.status == 0)
        #expect(local.output.contains("Added milk to the Shopping list."))
        // 127.0.0.2 stands in for another machine: the password is not sent.
        let remote = try connect(server, host: "127.0.0.2", input: "pw-alice\nadd milk\n")
        #expect(remote.status == 1)
        #expect(remote.error.contains("does not speak TLS, so your password would cross the network readable"))
        #expect(!server.logText().contains("addr=127.0.0.2"), "it sent the password")
    }

    @Test func itReconnectsAfterTheServerRestartsAndLogsInAgain() throws {
        let server = try tlsServer()
        let terminal = try PseudoTerminal(["connect", "alice@127.0.0.1:\(server.port)", "--known-servers", knownServers])
        defer { terminal.close() }
        terminal.wait(for: "password: ")
        terminal.send("pw-alice\r")
        terminal.wait(for: "Hello, alice!")
        #expect(server.stop() == 0)
        terminal.wait(for: "Lost the connection to 127.0.0.1:\(server.port); reconnecting…")
        terminal.send("add j")
        try server.restart()
        let reconnected = terminal.wait(for: "Reconnected to 127.0.0.1:\(server.port) as alice.")
        // What was typed meanwhile is still there under the news of it.
        let below = reconnected.components(separatedBy: "as alice.").last ?? ""
        #expect(below.contains("> add j") || terminal.wait(for: "> add j").contains("add j"))
        terminal.send("am\r")
        terminal.wait(for: "Added jam to the Shopping list.")
        terminal.send("quit\r")
        #expect(terminal.exitStatus() == 0)
    }
}
