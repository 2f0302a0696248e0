import Foundation
import Glibc
import Testing

/// `shoptalk serve` over 127.0.0.1, with several clients at once.
@Suite("The household server")
struct ServerTests {
    func loggedIn(_ server: ServerProcess, _ name: String, password: String? = nil) throws -> LineClient {
        let client = try LineClient(port: server.port)
        _ = client.line()
        let answer = client.ask("login \(name) \(password ?? "pw-\(name)")")
        precondition(answer.hasPrefix("Hello, \(name)!"), answer)
        return client
    }

    /// A relay called "irc" that speaks for alice and bob, and a connection
    /// past its greeting; the token `shoptalk relays add` printed once.
    func ircRelay(_ server: ServerProcess) throws -> (client: LineClient, token: String) {
        let added = try ShopTalkBinary.run(["relays", "add", "irc", "--users", "alice,bob", "--db", server.database])
        let token = try #require(added.output.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        let client = try LineClient(port: server.port)
        _ = client.line()
        return (client, token)
    }

    @Test func greetingLoginAndRefusalsBeforeIt() throws {
        let server = try ServerProcess()
        let client = try LineClient(port: server.port)
        #expect(client.line()?.hasPrefix("ShopTalk 0.1.0: say “login NAME PASSWORD”") == true)
        #expect(client.ask("add milk") == "Please log in first: “login NAME PASSWORD”.")
        #expect(client.ask("format json") == #"{"ok":true,"intent":"format","text":"Replies are now json.","lang":"en","data":{}}"#)
        #expect(client.ask("show my lists") == #"{"ok":false,"intent":null,"text":"Please log in first: “login NAME PASSWORD”.","lang":"en","data":{},"error":"unauthenticated"}"#)
        #expect(client.ask("login alice nope").contains(#""error":"unauthenticated""#))
        #expect(client.ask("login zed pw-zed").contains(#""text":"That name and password do not match.""#))
        #expect(client.ask("login alice pw-alice").contains(#""intent":"login""#))
        #expect(client.ask("add milk").contains(#""text":"Added milk to the Shopping list.""#))
        #expect(client.ask("quit").contains(#""text":"Bye.""#))
        #expect(client.isClosedByServer())
        #expect(server.stop() == 0)
        let log = server.logText()
        #expect(log.contains("msg=\"login failed\""))
        #expect(!log.contains("nope") && !log.contains("pw-alice"))
    }

    @Test func membersSeeEachOthersChangesLive() throws {
        let server = try ServerProcess()
        let alice = try loggedIn(server, "alice"), bob = try loggedIn(server, "bob")
        #expect(alice.ask("create list Groceries") == "Created the list Groceries. Try “add … to Groceries” to put something on it.")
        #expect(alice.ask("share Groceries with bob") == "Shared Groceries with bob (can edit). They’ll see it once they say “accept Groceries”.")
        #expect(bob.line() == "» alice shared Groceries with you (can edit). Say “accept Groceries” to add it, or “decline Groceries” if you don't want it.")
        #expect(bob.ask("accept Groceries") == "You’ve joined alice's Groceries list (can edit).")
        #expect(alice.line() == "» bob accepted the invite to the Groceries list.")
        #expect(bob.ask("add 2 eggs to Groceries") == "Added 2 eggs to alice's Groceries list.")
        #expect(alice.line() == "» bob added 2 eggs to Groceries.")
    }

    /// A member whose language is Spanish is greeted and told the news in
    /// Spanish, while the English member who made the change reads English.
    @Test func eachMemberIsSpokenToInTheirOwnLanguage() throws {
        let server = try ServerProcess(members: ["ana": "pw-ana", "bob": "pw-bob"])
        let set = try ShopTalkBinary.run(["users", "reset", "ana", "--lang", "es", "--password-stdin", "--db", server.database], input: "pw-ana\n")
        #expect(set.status == 0)
        #expect(try ShopTalkBinary.run(["users", "list", "--db", server.database]).output == "ana [es]\nbob\n")
        let ana = try LineClient(port: server.port)
        _ = ana.line()
        #expect(ana.ask("login ana pw-ana") == "¡Hola, ana! Di “ayuda” para ver lo que entiendo.")
        let bob = try loggedIn(server, "bob")
        bob.ask("create list Groceries")
        bob.ask("share Groceries with ana")
        #expect(ana.line() == "» bob ha compartido Groceries contigo (puedes editarla). Di “acepta Groceries” para añadirla o “rechaza Groceries”.")
        #expect(ana.ask("acepta Groceries") == "Ya tienes la lista Groceries de bob (puedes editarla).")
        #expect(bob.line() == "» ana accepted the invite to the Groceries list.")
        #expect(ana.ask("añade 2 huevos a Groceries de bob") == "He añadido 2 huevos a la lista Groceries de bob.")
        #expect(bob.line() == "» ana added 2 eggs to Groceries.")
        #expect(ana.ask("quit") == "¡Hasta luego!")
    }

    /// One item across languages over the server: what Ana adds in Spanish
    /// Klaus ticks off in German, and each reads the other's news in their own words.
    @Test func anItemIsTheSameThingInEveryMembersLanguage() throws {
        let server = try ServerProcess(members: ["ana": "pw-ana", "klaus": "pw-klaus", "claire": "pw-claire", "lan": "pw-lan"])
        for (member, language) in [("ana", "es"), ("klaus", "de"), ("claire", "fr"), ("lan", "vi")] {
            let set = try ShopTalkBinary.run(
                ["users", "reset", member, "--lang", language, "--password-stdin", "--db", server.database], input: "pw-\(member)\n")
            #expect(set.status == 0)
        }
        /// A member logged in, greeted in their own language.
        func connected(_ name: String) throws -> LineClient {
            let client = try LineClient(port: server.port)
            _ = client.line()
            client.ask("login \(name) pw-\(name)")
            return client
        }
        let ana = try connected("ana"), klaus = try connected("klaus")
        ana.ask("crea una lista llamada Casa")
        ana.ask("comparte Casa con klaus")
        _ = klaus.line()
        klaus.ask("nimm Casa an")
        _ = ana.line()
        #expect(ana.ask("añade leche y 6 huevos a Casa") == "He añadido leche y 6 huevos a Casa.")
        #expect(klaus.line() == "» ana hat Milch und 6 Eier auf Casa gesetzt.")
        #expect(klaus.ask("hab die Milch") == "Die Milch auf anas Liste Casa abgehakt.")
        #expect(ana.line() == "» klaus ya tiene la leche de Casa.")
        #expect(klaus.ask("füg Eier zu Casa hinzu") == "Steht schon auf anas Liste Casa: 6 Eier.")
        #expect(klaus.ask("format json").contains(#""ok":true"#))
        let shown = klaus.ask("was steht auf Casa?")
        #expect(shown.contains(#"{"name":"huevos","display":"Eier","quantity":6,"unit":null,"checked":false,"lang":"es"}"#), "\(shown)")
        // Claire and Lan join later: the news and the list in their words.
        let claire = try connected("claire"), lan = try connected("lan")
        ana.ask("comparte Casa con claire y lan")
        _ = claire.line()
        _ = lan.line()
        claire.ask("accepte Casa")
        lan.ask("nhận Casa")
        #expect(claire.line() == "» Lan a rejoint la liste Casa.")
        #expect(claire.ask("ajoute du beurre à Casa") == "Ajouté à la liste Casa d'Ana : du beurre.")
        #expect(lan.line() == "» Claire đã thêm bơ động vật vào Casa của Ana.")
        let lanReads = [lan.ask("Casa có gì?")] + (0..<3).map { _ in lan.line() ?? "" }
        #expect(lanReads == ["Casa của Ana:", "- bơ động vật", "- 6 quả trứng", "- [x] sữa"])
    }

    @Test func anUnknownLanguageForAMemberIsRefused() throws {
        let result = try ShopTalkBinary.run(["users", "add", "zoe", "--lang", "tlh", "--password-stdin", "--db", ":memory:"], input: "pw\n")
        #expect(result.status == 1)
        #expect(result.error == "shoptalk: no language “tlh”; there are: de, en, es, fr, ru, vi, zh\n")
    }

    @Test func eachConnectionKeepsItsOwnListAndAskedQuestionsAsTheChatDoes() throws {
        let server = try ServerProcess()
        let phone = try loggedIn(server, "alice"), laptop = try loggedIn(server, "alice")
        phone.ask("create list Food")
        phone.ask("create list Party")
        #expect(phone.ask("switch to Food") == "Switched to Food; “add eggs” now adds to it.")
        #expect(phone.ask("what's on Party?") == "Party is empty.")
        #expect(phone.ask("add milk") == "Added milk to Party.") // just after naming Party: where she is working
        #expect(phone.ask("thanks") == "You're welcome.")
        #expect(phone.ask("add milk") == "Added milk to Food.")
        #expect(laptop.ask("add tea") == "Added tea to the Shopping list.") // another conversation, on the default list
        #expect(phone.ask("add 1,5 kg of rice") == "Added 1.5 kg of rice to Food.")
        #expect(phone.ask("delete the Food list") == "Delete Food and its 2 items? Say yes to delete it, or no to keep it.")
        #expect(laptop.ask("yes") == "There is no question waiting for an answer, so I did nothing.")
        #expect(phone.ask("yes") == "Deleted Food and its 2 items.")
        #expect(phone.ask("add bread") == "Added bread to the Shopping list.")
    }

    @Test func anOfflineMemberGetsTheNewsAtLogin() throws {
        let server = try ServerProcess()
        let alice = try loggedIn(server, "alice")
        #expect(alice.ask("create list Groceries") == "Created the list Groceries. Try “add … to Groceries” to put something on it.")
        #expect(alice.ask("share Groceries with carol") == "Shared Groceries with carol (can edit). They’ll see it once they say “accept Groceries”.")
        let carol = try LineClient(port: server.port)
        _ = carol.line()
        #expect(carol.say("login carol pw-carol", lines: 2) == [
            "Hello, carol! Say “help” to see what I understand.",
            "» alice shared Groceries with you (can edit). Say “accept Groceries” to add it, or “decline Groceries” if you don't want it.",
        ])
    }

    @Test func aRelaySpeaksForItsMembersOnly() throws {
        let server = try ServerProcess()
        let (relay, token) = try ircRelay(server)
        #expect(relay.ask("relay irc wrong-token") == "That relay name and token do not match.")
        #expect(relay.ask("relay irc \(token)") == "Relay irc ready: start each line with “:NICK ”.")
        #expect(relay.ask(":alice add milk") == ":alice Added milk to the Shopping list.")
        #expect(relay.ask(":carol add milk") == ":carol This relay may not speak for carol.")
        #expect(relay.ask(":alice create list Groceries") == ":alice Created the list Groceries. Try “add … to Groceries” to put something on it.")
        #expect(relay.ask(":alice share Groceries with bob") == ":alice Shared Groceries with bob (can edit). They’ll see it once they say “accept Groceries”.")
        #expect(relay.line() == ":bob alice shared Groceries with you (can edit). Say “accept Groceries” to add it, or “decline Groceries” if you don't want it.")
        let carol = try loggedIn(server, "carol")
        #expect(carol.ask("show my lists").hasPrefix("You have no lists yet."))
        // A line that cannot be read still goes back to whoever said it, if the relay speaks for them.
        relay.send(bytes: Array(":alice add ".utf8) + [0xFF] + Array("\n".utf8))
        #expect(relay.line() == ":alice That line is not valid UTF-8 text.")
        #expect(relay.ask(":bob add " + String(repeating: "x", count: 5_000)) == ":bob That line is too long (5009 bytes); a line may hold up to 4096.")
        #expect(relay.ask(":carol add milk\u{7}") == "That line holds control or direction characters; please type plain text.")
    }

    @Test func aRelayMemberWhoQuitsLeavesTheRelayConnectedAndTheirNewsKept() throws {
        let server = try ServerProcess()
        let (relay, token) = try ircRelay(server)
        #expect(relay.ask("relay irc \(token)") == "Relay irc ready: start each line with “:NICK ”.")
        #expect(relay.ask(":alice create list Groceries") == ":alice Created the list Groceries. Try “add … to Groceries” to put something on it.")
        #expect(relay.ask(":alice QUIT") == ":alice Bye, alice.")
        // Her conversation starts afresh: no current list.
        #expect(relay.ask(":alice add eggs") == ":alice Added eggs to the Shopping list.")
        #expect(relay.ask(":bob quit") == ":bob Bye, bob.")
        #expect(relay.ask(":alice share Groceries with bob") == ":alice Shared Groceries with bob (can edit). They’ll see it once they say “accept Groceries”.")
        // Nothing reaches the relay for bob while he is away …
        #expect(relay.ask(":alice what's on Groceries") == ":alice Groceries is empty.")
        // … and it is all there when he speaks again.
        #expect(relay.ask(":bob accept Groceries") == ":bob alice shared Groceries with you (can edit). Say “accept Groceries” to add it, or “decline Groceries” if you don't want it.")
        #expect(relay.line() == ":bob You’ve joined alice's Groceries list (can edit).")
    }

    @Test func aLineTooLongIsRefusedAndTheConnectionKept() throws {
        let server = try ServerProcess(arguments: ["--max-line-bytes", "64"])
        let alice = try loggedIn(server, "alice")
        #expect(alice.ask("add " + String(repeating: "x", count: 100)) == "That line is too long (104 bytes); a line may hold up to 64.")
        #expect(alice.ask("add milk") == "Added milk to the Shopping list.")
    }

    @Test func connectionsBeyondTheLimitAreTurnedAway() throws {
        let server = try ServerProcess(arguments: ["--max-connections", "2"])
        let first = try loggedIn(server, "alice"), second = try loggedIn(server, "bob")
        let third = try LineClient(port: server.port)
        #expect(third.line() == "ShopTalk is full (2 connections); try again later.")
        #expect(third.isClosedByServer())
        #expect(first.ask("add milk") == "Added milk to the Shopping list.")
        #expect(second.ask("add tea") == "Added tea to the Shopping list.")
    }

    /// One address cannot take every connection the household has.
    @Test func oneAddressGetsItsShareOfConnections() throws {
        let server = try ServerProcess(arguments: ["--max-connections-per-address", "3"])
        let mine = try (0..<3).map { _ in try LineClient(port: server.port, source: "127.0.0.2") }
        for client in mine { #expect(client.line()?.hasPrefix("ShopTalk 0.1.0") == true) }
        let fourth = try LineClient(port: server.port, source: "127.0.0.2")
        #expect(fourth.line() == "Too many connections from your address already (at most 3); close one and try again.")
        #expect(fourth.isClosedByServer())
        // Another address still gets in, and the first gets its place back when one closes.
        let alice = try loggedIn(server, "alice")
        #expect(alice.ask("add milk") == "Added milk to the Shopping list.")
        shutdown(mine[0].fd, Int32(SHUT_RDWR))
        var again: LineClient?
        for _ in 0..<50 where again == nil {
            let client = try LineClient(port: server.port, source: "127.0.0.2")
            if client.line()?.hasPrefix("ShopTalk 0.1.0") == true { again = client } else { usleep(20_000) }
        }
        #expect(again != nil)
    }

    @Test func linesBeyondTheRateAreRefusedNotApplied() throws {
        let server = try ServerProcess(arguments: ["--max-lines-per-second", "2"])
        let alice = try loggedIn(server, "alice")
        for index in 0..<10 { alice.send("add item\(index)\n") }
        let answers = (0..<10).compactMap { _ in alice.line() }
        let refused = answers.filter { $0.hasPrefix("Slow down") }.count
        #expect(answers.count == 10)
        #expect(refused >= 5)
        // Each connection has a limit of its own: the second one asks at once, no waiting for the first's to refill.
        let again = try loggedIn(server, "alice")
        let list = again.say("what's on my list", lines: 1 + 10 - refused)
        #expect(list.count == 1 + 10 - refused)
    }

    @Test func aSilentUnauthenticatedClientIsClosed() throws {
        let server = try ServerProcess(arguments: ["--idle-timeout", "1"])
        let silent = try LineClient(port: server.port)
        _ = silent.line()
        #expect(silent.isClosedByServer())
        #expect(server.stop() == 0)
        #expect(server.logText().contains("reason=\"idle before logging in\""))
    }

    @Test func failedLoginsFromOneAddressSlowDown() throws {
        let server = try ServerProcess()
        let client = try LineClient(port: server.port)
        _ = client.line()
        for _ in 0..<5 { _ = client.ask("login alice wrong") }
        let start = Date()
        #expect(client.ask("login alice wrong") == "That name and password do not match.")
        #expect(Date().timeIntervalSince(start) >= 0.25)
    }

    @Test func aClientVanishingMidLineHarmsNobody() throws {
        let server = try ServerProcess()
        do {
            let leaving = try loggedIn(server, "bob")
            leaving.send("add half a li")
        }
        let alice = try loggedIn(server, "alice")
        #expect(alice.ask("add milk") == "Added milk to the Shopping list.")
        #expect(server.stop() == 0)
    }

    @Test func aClientThatNeverReadsIsDropped() throws {
        let server = try ServerProcess(arguments: ["--max-lines-per-second", "0"])
        let greedy = try LineClient(port: server.port, receiveBuffer: 4_096)
        _ = greedy.line()
        _ = greedy.ask("login alice pw-alice")
        greedy.send(bytes: Array(String(repeating: "help\n", count: 6_000).utf8))
        #expect(server.waitForLog(containing: "reason=\"output limit: the client does not read\"", seconds: 60) != nil)
        let other = try loggedIn(server, "bob")
        #expect(other.ask("add milk") == "Added milk to the Shopping list.")
        #expect(server.stop() == 0)
    }

    /// Started with fewer open files than --max-connections needs (and not
    /// allowed to raise it), the server says so; connections it cannot take
    /// are closed and logged, not left hanging, and members get in again once
    /// others leave.
    @Test func aLowOpenFilesLimitIsSaidAndConnectionsPastItAreClosedAndLogged() throws {
        let server = try ServerProcess(arguments: ["--max-connections", "200"], fileLimit: 40)
        #expect(server.waitForLog(containing: "the open-files limit is below what --max-connections needs") != nil)
        do {
            let crowd = (0..<50).compactMap { _ in try? LineClient(port: server.port, timeout: 2) }
            let greeted = crowd.filter { $0.line() != nil }
            #expect(greeted.count < crowd.count, "past the limit, a connection is closed at once")
            #expect(server.waitForLog(containing: "msg=\"cannot accept a connection\"") != nil)
        } // the crowd leaves
        // Closing its side is seen by the server once it reads: give it a moment to let them go.
        var alice: LineClient?
        for _ in 0..<50 where alice == nil {
            if let client = try? LineClient(port: server.port), client.line() != nil {
                alice = client
            } else {
                usleep(100_000)
            }
        }
        // The log's end says what the server last did, should it be gone.
        let member = try #require(alice, "\(server.logText().suffix(3_000))")
        #expect(member.ask("login alice pw-alice").hasPrefix("Hello, alice!"), "\(server.logText().suffix(3_000))")
        #expect(server.stop() == 0, "\(server.logText().suffix(3_000))")
    }

    /// Dispatch opens its descriptors the first time it needs them; a crowd
    /// that used up the open-files limit before then left the server deaf to
    /// SIGTERM (no signalfd), or dead (no epoll: a trap). By the time it says
    /// it is listening, it holds them all: a signalfd for each signal it
    /// watches and a timerfd for each of dispatch's three clocks.
    @Test func theServerHoldsDispatchsDescriptorsBeforeItListens() throws {
        let server = try ServerProcess()
        let folder = "/proc/\(server.process.processIdentifier)/fd"
        let kinds = try FileManager.default.contentsOfDirectory(atPath: folder).compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")
        }
        #expect(kinds.filter { $0 == "anon_inode:[signalfd]" }.count == 3, "SIGINT, SIGTERM, SIGHUP: \(kinds)")
        #expect(kinds.filter { $0 == "anon_inode:[timerfd]" }.count == 3, "uptime, monotonic, wall: \(kinds)")
        #expect(server.stop() == 0)
    }

    @Test func sigtermWithClientsConnectedLosesNothing() throws {
        let server = try ServerProcess()
        let alice = try loggedIn(server, "alice"), bob = try loggedIn(server, "bob")
        // A program reading JSON gets its goodbye as a reply object, as every line it reads.
        let program = try loggedIn(server, "carol")
        #expect(program.ask("format json").contains(#""ok":true"#))
        var confirmed = 0
        for index in 0..<20 {
            if alice.ask("add a\(index)").hasPrefix("Added") { confirmed += 1 }
            if bob.ask("add b\(index)").hasPrefix("Added") { confirmed += 1 }
        }
        #expect(server.stop(signal: SIGTERM) == 0)
        #expect(alice.line() == "ShopTalk is shutting down. Goodbye.")
        #expect(program.line() == #"{"ok":false,"intent":null,"text":"ShopTalk is shutting down. Goodbye.","lang":"en","data":{},"error":"not_available"}"#)
        // The store was closed before the process ended: the last connection folds its log back into the file.
        #expect(!FileManager.default.fileExists(atPath: server.database + "-wal"))
        let check = try ShopTalkBinary.run(["chat", "--db", server.database, "--user", "alice", "--format", "json"], input: "show my lists\n")
        let bobs = try ShopTalkBinary.run(["chat", "--db", server.database, "--user", "bob", "--format", "json"], input: "show my lists\n")
        #expect(confirmed == 40)
        #expect(check.output.contains(#""items":20"#))
        #expect(bobs.output.contains(#""items":20"#))
    }
}
