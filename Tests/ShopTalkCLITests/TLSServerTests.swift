import Foundation
import Glibc
import ShopTalkClient
import ShopTalkTLS
import Testing

/// `shoptalk serve` with TLS, over 127.0.0.1: certificates made in the test,
/// and OpenSSL on both sides.
@Suite("The household server over TLS")
final class TLSServerTests {
    /// Where this test's certificates are made; removed when it ends.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-cert-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A certificate and key made for the test, in `folder`.
    static func certificate(in folder: URL, name: String = "test") throws -> ServerConfigurationFiles {
        let files = ServerConfigurationFiles(certificate: folder.appendingPathComponent("\(name)-cert.pem").path,
                                             key: folder.appendingPathComponent("\(name)-key.pem").path)
        try SelfSignedCertificate.makeIfMissing(certificatePath: files.certificate, keyPath: files.key, commonName: name)
        return files
    }

    func tlsServer(_ extra: [String] = []) throws -> (ServerProcess, CertificateFingerprint) {
        let files = try Self.certificate(in: folder)
        let server = try ServerProcess(arguments: ["--tls-cert", files.certificate, "--tls-key", files.key] + extra)
        return (server, try CertificateFingerprint(pemFile: files.certificate))
    }

    func loggedIn(_ server: ServerProcess, _ name: String, tls: Bool = true) throws -> LineClient {
        let client = try LineClient(port: server.port, tls: tls)
        _ = client.line()
        let answer = client.ask("login \(name) pw-\(name)")
        try #require(answer.hasPrefix("Hello, \(name)!"), "\(answer)")
        return client
    }

    @Test func membersLogInAndSeeEachOthersChangesOverTLS() throws {
        let (server, fingerprint) = try tlsServer()
        let alice = try loggedIn(server, "alice"), bob = try loggedIn(server, "bob")
        #expect(alice.fingerprint == fingerprint)
        #expect(server.logText().contains("tls_sha256=\(fingerprint)"))
        #expect(alice.ask("create list Groceries") == "Created the list Groceries. Try “add … to Groceries” to put something on it.")
        _ = alice.ask("share Groceries with bob")
        #expect(bob.line()?.hasPrefix("» alice shared Groceries with you") == true)
        _ = bob.ask("accept Groceries")
        #expect(alice.line() == "» bob accepted the invite to the Groceries list.")
        #expect(bob.ask("add 2 eggs to Groceries") == "Added 2 eggs to alice's Groceries list.")
        #expect(alice.line() == "» bob added 2 eggs to Groceries.")
        #expect(alice.ask("quit") == "Bye.")
        #expect(alice.isClosedByServer())
    }

    @Test func tlsAutoMakesAPrivateKeyOnceAndLogsItsFingerprint() throws {
        let server = try ServerProcess(arguments: ["--tls", "auto"])
        let certificate = server.folder.appendingPathComponent("tls-cert.pem").path
        let key = server.folder.appendingPathComponent("tls-key.pem").path
        let mode = try #require(FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let fingerprint = try CertificateFingerprint(pemFile: certificate)
        #expect(server.logText().contains("tls_sha256=\(fingerprint)"))
        let client = try LineClient(port: server.port, tls: true)
        #expect(client.fingerprint == fingerprint)
        #expect(server.stop() == 0)
        // Started again, it keeps its certificate: members' pins stay true.
        try server.restart()
        #expect(try LineClient(port: server.port, tls: true).fingerprint == fingerprint)
        // `shoptalk info` shows the same fingerprint, for members to compare.
        let info = try ShopTalkBinary.run(["info", "--db", server.database])
        #expect(info.output.contains("tls sha256: \(fingerprint)\n"))
    }

    @Test func aPlainClientOnTheTLSPortIsToldSoAndTheServerGoesOn() throws {
        let (server, _) = try tlsServer()
        let plain = try LineClient(port: server.port)
        plain.send("login alice pw-alice\n")
        #expect(plain.line() == "This port speaks TLS: connect with “shoptalk connect”, or any TLS client.")
        #expect(plain.isClosedByServer())
        #expect(try loggedIn(server, "alice").ask("add milk") == "Added milk to the Shopping list.")
        #expect(server.logText().contains("a plain client on the TLS port"))
    }

    @Test func aTLSClientOnThePlainPortIsToldSoAndTheServerGoesOn() throws {
        let server = try ServerProcess()
        #expect(throws: ServerStream.Failure.serverSpeaksPlainText) {
            _ = try ServerStream(to: ServerAddress(host: "127.0.0.1", port: server.port), tls: TLSContext.client())
        }
        #expect(try loggedIn(server, "alice", tls: false).ask("add milk") == "Added milk to the Shopping list.")
        #expect(server.waitForLog(containing: "a TLS client on the plain port") != nil)
    }

    @Test func aHandshakeThatNeverFinishesIsDroppedWithoutHoldingUpOthers() throws {
        let (server, _) = try tlsServer(["--idle-timeout", "1"])
        let stalled = try LineClient(port: server.port)
        stalled.send(bytes: [0x16, 0x03, 0x01]) // the start of a ClientHello, and then nothing
        let alice = try loggedIn(server, "alice")
        #expect(alice.ask("add milk") == "Added milk to the Shopping list.")
        let start = Date()
        #expect(stalled.isClosedByServer())
        #expect(Date().timeIntervalSince(start) < 4)
        // The handshake's timeout is the idle timeout at most: whichever fires first closes it.
        let log = try #require(server.waitForLog(containing: "msg=closed conn=1 "))
        #expect(log.contains("reason=\"TLS handshake not finished within 1 s\"") || log.contains("reason=\"idle before logging in\""))
    }

    @Test func aPasswordOverPlainTCPFromAnotherMachineIsRefusedUnread() throws {
        let server = try ServerProcess()
        let neighbour = try LineClient(port: server.port, source: "127.0.0.2")
        _ = neighbour.line()
        _ = neighbour.ask("format json")
        let refused = neighbour.ask("login alice pw-alice")
        #expect(refused.contains(#""error":"tls_required""#))
        #expect(neighbour.ask("relay irc token").contains(#""error":"tls_required""#))
        #expect(!server.logText().contains("msg=login "))
        // From this machine itself, plain TCP is fine.
        #expect(try loggedIn(server, "alice", tls: false).ask("add milk") == "Added milk to the Shopping list.")
        // Over TLS from the other machine too.
        #expect(server.stop() == 0)
        let folder = server.folder
        let files = try Self.certificate(in: folder)
        let secure = try ServerProcess(arguments: ["--tls-cert", files.certificate, "--tls-key", files.key])
        let overTLS = try LineClient(port: secure.port, source: "127.0.0.2", tls: true)
        _ = overTLS.line()
        #expect(overTLS.ask("login alice pw-alice").hasPrefix("Hello, alice!"))
    }

    @Test func allowPlaintextLoginTakesItFromAnotherMachine() throws {
        let server = try ServerProcess(arguments: ["--allow-plaintext-login"])
        let neighbour = try LineClient(port: server.port, source: "127.0.0.2")
        _ = neighbour.line()
        #expect(neighbour.ask("login alice pw-alice").hasPrefix("Hello, alice!"))
    }

    @Test func listeningBeyondThisMachineWithoutTLSIsWarnedAbout() throws {
        let server = try ServerProcess(arguments: ["--listen", "0.0.0.0:0"])
        #expect(server.logText().contains("level=warning msg=\"listening beyond this machine without TLS"))
    }
}

struct ServerConfigurationFiles {
    let certificate: String
    let key: String
}
