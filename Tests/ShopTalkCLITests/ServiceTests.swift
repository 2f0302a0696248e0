import Foundation
import Glibc
import ShopTalkStore
import ShopTalkTLS
import TestSupport
import Testing

/// What running ShopTalk as a service needs: `serve --config`, `backup`
/// while serving, and `info` about a configured server.
@Suite("Running as a service")
struct ServiceTests {
    let scratch: TemporaryDirectory
    var folder: URL { scratch.url }

    init() throws { scratch = try TemporaryDirectory("shoptalk-service") }

    func config(_ text: String) throws -> String {
        let path = folder.appendingPathComponent("serve.conf").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [
        ("listen = 127.0.0.1:0\nlisen = 0.0.0.0:7420\n", "serve.conf, line 2: unknown key 'lisen'"),
        ("# a comment\n\nmax-connections = many\n", "invalid value 'many' for max-connections on line 3 of "),
        ("allow-plaintext-login = maybe\n", "serve.conf, line 1: 'allow-plaintext-login' takes yes or no, not 'maybe'"),
        ("tls auto\n", "serve.conf, line 1: expected “key = value”"),
        ("log-level = info\nlog-level = debug\n", "serve.conf, line 2: 'log-level' is set twice"),
        ("config = other.conf\n", "serve.conf, line 1: unknown key 'config'"),
    ])
    func aBadConfigLineIsAUsageErrorNamingTheLine(text: String, message: String) throws {
        let path = try config(text)
        let result = try ShopTalkBinary.run(["serve", "--config", path, "--db", folder.appendingPathComponent("db.sqlite").path])
        #expect(result.status == 2)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.error.contains("usage: shoptalk serve"))
    }

    @Test func theConfigSetsWhatTheFlagsLeaveOutAndFlagsWin() throws {
        let path = try config("tls = auto\nmax-lines-per-second = 0\n")
        let server = try ServerProcess(arguments: ["--config", path])
        let fingerprint = try CertificateFingerprint(pemFile: server.folder.appendingPathComponent("tls-cert.pem").path)
        #expect(server.logText().contains("tls_sha256=\(fingerprint)"))
        #expect(server.stop() == 0)
        let overridden = try ServerProcess(arguments: ["--config", path, "--tls", "off"])
        #expect(!overridden.logText().contains("tls_sha256"))
        let client = try LineClient(port: overridden.port)
        #expect(client.line()?.hasPrefix("ShopTalk") == true)
    }

    @Test func infoReadsTheServersConfigForItsDatabaseAndFingerprint() throws {
        let database = folder.appendingPathComponent("home.sqlite").path
        let path = try config("db = \(database)\ntls = auto\n")
        let certificate = folder.appendingPathComponent("tls-cert.pem").path
        try SelfSignedCertificate.makeIfMissing(certificatePath: certificate, keyPath: folder.appendingPathComponent("tls-key.pem").path, commonName: "t")
        let info = try ShopTalkBinary.run(["info", "--config", path])
        #expect(info.status == 0)
        #expect(info.output.contains("database: \(database)\n"))
        #expect(info.output.contains("tls sha256: \(try CertificateFingerprint(pemFile: certificate))\n"))
    }

    /// The example in docs/service, which the systemd unit reads from /etc/shoptalk.
    @Test func theShippedConfigIsOneServeAccepts() throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/service/serve.conf").path
        let info = try ShopTalkBinary.run(["info", "--config", shipped])
        #expect(info.status == 0, "\(info.error)")
        #expect(info.output.hasPrefix("database: /var/lib/shoptalk/shoptalk.sqlite\n"))
        let unit = try String(contentsOf: URL(fileURLWithPath: shipped).deletingLastPathComponent().appendingPathComponent("shoptalk.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/local/bin/shoptalk serve --config /etc/shoptalk/serve.conf\n"))
    }

    @Test func backupCopiesTheDatabaseWhileTheServerServes() throws {
        let server = try ServerProcess()
        let alice = try LineClient(port: server.port)
        _ = alice.line()
        _ = alice.ask("login alice pw-alice")
        #expect(alice.ask("add milk and 2 eggs") == "Added milk and 2 eggs to the Shopping list.")
        let copy = folder.appendingPathComponent("backup.sqlite").path
        let backup = try ShopTalkBinary.run(["backup", copy, "--db", server.database])
        #expect(backup.status == 0)
        #expect(backup.output == "Backed up \(server.database) to \(copy): 3 members, 1 lists, 2 items.\n")
        // The server goes on while the copy stands alone, with what was committed.
        #expect(alice.ask("add jam") == "Added jam to the Shopping list.")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files == ["backup.sqlite"], "a partial copy or a log was left beside it: \(files)")
        let read = try ShopTalkBinary.run(["chat", "--db", copy, "--user", "alice"], input: "what's on my list\n")
        #expect(read.output.contains("- 2 eggs\n") && read.output.contains("- milk\n") && !read.output.contains("jam"))
        // Backing up again replaces the copy, now with the jam.
        _ = try ShopTalkBinary.run(["backup", copy, "--db", server.database])
        #expect(try ShopTalkBinary.run(["info", "--db", copy]).output.contains("items: 3"))
    }

    /// systemd and closed terminals send SIGHUP, which would end a process by default.
    @Test func sighupIsLoggedAndChangesNothing() throws {
        let server = try ServerProcess()
        let alice = try LineClient(port: server.port)
        _ = alice.line()
        _ = alice.ask("login alice pw-alice")
        kill(server.process.processIdentifier, SIGHUP)
        #expect(server.waitForLog(containing: "SIGHUP ignored") != nil)
        #expect(alice.ask("add milk") == "Added milk to the Shopping list.")
        #expect(server.process.isRunning)
    }

    /// History older than the retention goes, in batches, off any member's
    /// command; items still know who added them.
    @Test func historyBeyondItsRetentionIsPrunedAndWhoAddedStillAnswers() throws {
        let server = try ServerProcess(arguments: ["--history-days", "30"]) { database in
            _ = try ShopTalkBinary.run(["chat", "--db", database, "--user", "alice"], input: "add milk\nadd 2 eggs\ncreate list Party\n")
            // Written two months ago, as far as the history knows.
            let old = Int64(Date().addingTimeInterval(-60 * 86_400).timeIntervalSince1970 * 1000)
            try Database(path: database).execute("UPDATE activity SET at = \(old)")
        }
        let log = try #require(server.waitForLog(containing: "msg=\"history pruned\""))
        #expect(log.contains("rows=4 older_than_days=30"))
        let alice = try LineClient(port: server.port)
        _ = alice.line()
        _ = alice.ask("login alice pw-alice")
        #expect(alice.ask("what changed on Shopping list?") == "Nothing has changed on the Shopping list yet.")
        #expect(alice.ask("who added the milk?").hasPrefix("You added milk to the Shopping list"))
        // What happens now is kept.
        _ = alice.ask("add jam")
        #expect(Array(alice.say("what changed on Shopping list?", lines: 3).suffix(2)) == ["Just now:", "- you added jam"])
    }

    @Test func backupOfNoDatabaseFailsAndWritesNothing() throws {
        let copy = folder.appendingPathComponent("backup.sqlite").path
        let result = try ShopTalkBinary.run(["backup", copy, "--db", folder.appendingPathComponent("none.sqlite").path])
        #expect(result.status == 1)
        #expect(result.error.contains("there is no database there"))
        #expect(!FileManager.default.fileExists(atPath: copy))
    }
}
