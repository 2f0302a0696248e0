import Foundation
import Glibc
import ShopTalkPostgres
import ShopTalkTLS
import TestSupport
import Synchronization
import Testing

/// Two `shoptalk serve` processes on one PostgreSQL database: a household
/// shared across them, live, and nothing acknowledged lost when one dies.
@Suite("Two servers on one PostgreSQL database", .enabled(if: TestCluster.shouldRun, TestCluster.skipped))
struct PostgresServersTests {
    func loggedIn(_ server: ServerProcess, _ name: String) throws -> LineClient {
        let client = try LineClient(port: server.port)
        _ = client.line()
        let answer = client.ask("login \(name) pw-\(name)")
        try #require(answer.hasPrefix("Hello, \(name)!"), "\(answer)")
        return client
    }

    @Test func newsOfAChangeOnOneServerReachesAMemberOnTheOtherLive() throws {
        let database = try TestDatabase()
        let one = try ServerProcess(members: ["alice": "pw-alice", "bob": "pw-bob"], database: database.url)
        let other = try ServerProcess(members: [:], database: database.url)
        defer { _ = one.stop(); _ = other.stop() }
        let alice = try loggedIn(one, "alice"), bob = try loggedIn(other, "bob")
        #expect(alice.ask("create list Groceries").hasPrefix("Created the list Groceries."))
        #expect(alice.ask("share Groceries with bob").hasPrefix("Shared Groceries with bob"))
        // bob hears of the invitation on his server, without saying anything.
        #expect(bob.line()?.hasPrefix("» alice shared Groceries with you") == true)
        #expect(bob.ask("accept Groceries") == "You’ve joined alice's Groceries list (can edit).")
        #expect(alice.line() == "» bob accepted the invite to the Groceries list.")
        #expect(alice.ask("add 3 eggs to Groceries") == "Added 3 eggs to Groceries.")
        #expect(bob.line() == "» alice added 3 eggs to Groceries.")
        #expect(bob.ask("add milk to alice's Groceries") == "Added milk to alice's Groceries list.")
        #expect(alice.line() == "» bob added milk to Groceries.")
    }

    @Test func tlsAutoKeepsEachServersCertificateInItsMachinesDataFolder() throws {
        let database = try TestDatabase()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["XDG_DATA_HOME": data.path]
        let server = try ServerProcess(members: ["alice": "pw-alice"], arguments: ["--tls", "auto"], database: database.url, environment: environment)
        defer { _ = server.stop() }
        let fingerprint = try CertificateFingerprint(pemFile: data.appendingPathComponent("shoptalk/tls-cert.pem").path)
        #expect(server.logText().contains("tls_sha256=\(fingerprint)"))
        let client = try LineClient(port: server.port, tls: true)
        #expect(client.fingerprint == fingerprint)
        _ = client.line()
        #expect(client.ask("login alice pw-alice").hasPrefix("Hello, alice!"))
        let info = try ShopTalkBinary.run(["info", "--db", database.url], environment: environment)
        #expect(info.output.contains("tls sha256: \(fingerprint)\n"), "\(info.output)")
    }

    @Test func membersAddingToOneItemAtOnceThroughOneServersStoreThreadsLoseNothing() throws {
        let database = try TestDatabase()
        let members = ["alice", "bob", "carol", "dave"]
        let server = try ServerProcess(members: Dictionary(uniqueKeysWithValues: members.map { ($0, "pw-\($0)") }), arguments: ["--store-threads", "4"],
                                       database: database.url)
        defer { _ = server.stop() }
        let clients = try members.map { try loggedIn(server, $0) }
        #expect(clients[0].ask("create list Groceries").hasPrefix("Created the list Groceries."))
        for (name, client) in zip(members.dropFirst(), clients.dropFirst()) {
            clients[0].send("share Groceries with \(name)\n")
            var shared = clients[0].line()
            while shared?.hasPrefix("» ") == true { shared = clients[0].line() } // the last one's acceptance, told live
            #expect(shared?.hasPrefix("Shared Groceries with \(name)") == true)
            #expect(client.line()?.hasPrefix("» alice shared Groceries") == true)
            #expect(client.ask("accept Groceries").hasPrefix("You’ve joined alice's Groceries list"))
        }
        // Every member adds an egg 25 times at once, each on their own connection.
        let adds = 25
        let confirmed = Mutex(0)
        nonisolated(unsafe) let connections = clients // each used by one thread only
        DispatchQueue.concurrentPerform(iterations: members.count) { index in
            let client = connections[index]
            let list = index == 0 ? "Groceries" : "alice's Groceries"
            for _ in 0..<adds {
                client.send("add 1 egg to \(list)\n")
                while let answer = client.line() {
                    if answer.hasPrefix("» ") { continue } // another member's add, told live
                    if answer.hasPrefix("Added egg") { confirmed.withLock { $0 += 1 } } else { Issue.record("unexpected answer: \(answer)") }
                    break
                }
            }
        }
        #expect(confirmed.withLock { $0 } == members.count * adds)
        let stored = try PostgresConnection(url: database.url).query("SELECT quantity_thousandths FROM items WHERE name = 'egg'").values
        #expect(stored == [[String(members.count * adds * 1_000)]], "no add lost between store threads: \(stored)")
    }

    @Test func aServerKilledUnderLoadLosesNothingItConfirmed() throws {
        let database = try TestDatabase()
        let one = try ServerProcess(members: ["alice": "pw-alice", "bob": "pw-bob"], database: database.url)
        let other = try ServerProcess(members: [:], database: database.url)
        defer { _ = other.stop() }
        let alice = try loggedIn(one, "alice"), bob = try loggedIn(other, "bob")
        #expect(alice.ask("create list Groceries").hasPrefix("Created the list Groceries."))
        alice.send("share Groceries with bob\n")
        _ = alice.line()
        _ = bob.line()
        _ = bob.ask("accept Groceries")
        // alice adds on one server while it is killed; what it confirmed must be there on the other.
        var confirmed: [String] = []
        let victim = one.process.processIdentifier
        let killer = Thread { usleep(300_000); kill(victim, SIGKILL) }
        killer.start()
        adding: for number in 1...2_000 {
            alice.send("add thing\(number) to Groceries\n")
            while true {
                guard let answer = alice.line() else { break adding }
                if answer.hasPrefix("» ") { continue } // news, not the answer
                if answer.hasPrefix("Added thing\(number) ") { confirmed.append("thing\(number)") }
                break
            }
        }
        #expect(!confirmed.isEmpty, "the server died before confirming anything: the test proves nothing")
        // Read straight from the database, which the other server goes on serving.
        let stored = Set(try PostgresConnection(url: database.url).query("SELECT name FROM items").values.compactMap { $0[0] })
        let lost = confirmed.filter { !stored.contains($0) }
        #expect(lost.isEmpty, "confirmed and lost: \(lost)")
        bob.send("add bread to alice's Groceries\n")
        var answer = bob.line()
        while answer?.hasPrefix("» ") == true { answer = bob.line() } // alice's adds, told live
        #expect(answer == "Added bread to alice's Groceries list.", "the other server serves on")
    }
}
