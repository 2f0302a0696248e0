import Foundation
import Glibc
import Synchronization
import Testing

/// The household's bot on a real IRC server (ngircd), inside `shoptalk
/// serve`: members on IRC and on the LAN share lists and see each other's
/// news, and the bot comes back after the IRC server restarts.
@Suite("The IRC bot against a real IRC server", .enabled(if: IRCServer.shouldRun, "ngircd is not installed here (.ci/run installs it)"))
struct IRCEndToEndTests {
    @Test func membersOnIRCAndTheLANShareListsAndNews() throws {
        let irc = try IRCServer()
        let server = try ServerProcess(
            arguments: ["--irc-server", "127.0.0.1:\(irc.port)", "--irc-nick", "shopbot", "--irc-channels", "#home"]
        ) { database in
            for (member, nick) in [("alice", "alice"), ("bob", "bobby")] {
                let linked = try ShopTalkBinary.run(["users", "link", member, "irc:\(nick)", "--insecure-nick", "--db", database])
                try #require(linked.status == 0, "\(linked.error)")
            }
        }
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        let alice = try IRCTestClient(port: irc.port, nick: "alice"), bob = try IRCTestClient(port: irc.port, nick: "bobby")
        try alice.join("#home")
        try bob.join("#home")

        // In the channel when addressed, answered there to the asker.
        alice.send("PRIVMSG #home :shopbot: create list Groceries")
        #expect(alice.message(from: "shopbot", to: "#home") == "alice: Created the list Groceries. Try “add … to Groceries” to put something on it.")
        // In private, answered in private.
        bob.send("PRIVMSG shopbot :add bread")
        #expect(bob.message(from: "shopbot", to: "bobby") == "Added bread to the Shopping list.")
        alice.send("PRIVMSG #home :shopbot, share Groceries with bob")
        #expect(alice.message(from: "shopbot", to: "#home")?.hasPrefix("alice: Shared Groceries with bob") == true)
        // News by private message, to the nick the member speaks as.
        #expect(bob.message(from: "shopbot", to: "bobby")?.hasPrefix("alice shared Groceries with you") == true)
        bob.send("PRIVMSG shopbot :accept Groceries")
        #expect(bob.message(from: "shopbot", to: "bobby") == "You’ve joined alice's Groceries list (can edit).")
        #expect(alice.message(from: "shopbot", to: "alice") == "bob accepted the invite to the Groceries list.")
        bob.send("PRIVMSG #home :shopbot: add 2 eggs to Groceries")
        #expect(bob.message(from: "shopbot", to: "#home") == "bobby: Added 2 eggs to alice's Groceries list.")
        #expect(alice.message(from: "shopbot", to: "alice") == "bob added 2 eggs to Groceries.")

        // A change made on the LAN reaches the IRC member.
        let lan = try LineClient(port: server.port)
        _ = lan.line()
        _ = lan.ask("login alice pw-alice")
        #expect(lan.ask("add milk to Groceries") == "Added milk to Groceries.")
        #expect(bob.message(from: "shopbot", to: "bobby") == "alice added milk to Groceries.")

        // A nick linked to nobody is told once how to link, and acts for no one.
        let stranger = try IRCTestClient(port: irc.port, nick: "carol")
        stranger.send("PRIVMSG shopbot :add milk")
        #expect(stranger.message(from: "shopbot", to: "carol")?.contains("say “link” to me in private") == true)
        stranger.send("PRIVMSG shopbot :show my lists")
        #expect(stranger.message(from: "shopbot", to: "carol", seconds: 3) == nil)
        #expect(lan.say("what's on Groceries?", lines: 3) == ["Groceries:", "- 2 eggs", "- milk"])
    }

    /// A list name that another program wrote with CR LF and an IRC command
    /// in it (nothing a member can type) is said as words: the bot does not
    /// quit, and neither its channel nor a terminal on the LAN sees raw controls.
    @Test func aNameHoldingProtocolIsSaidAsWords() throws {
        let irc = try IRCServer()
        let server = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(irc.port)", "--irc-channels", "#home"]) { database in
            _ = try ShopTalkBinary.run(["users", "link", "alice", "irc:alice", "--insecure-nick", "--db", database])
            _ = try ShopTalkBinary.run(["chat", "--db", database, "--user", "alice"], input: "create list Groceries\nadd eggs to Groceries\n")
            try SQLiteFile.execute("UPDATE lists SET name = 'milk' || char(13, 10) || 'QUIT :pwned' || char(13, 10) || 'PRIVMSG #home :' || char(27) || ']0;owned' || char(7) WHERE name = 'Groceries'", in: database)
        }
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        let alice = try IRCTestClient(port: irc.port, nick: "alice")
        try alice.join("#home")
        alice.send("PRIVMSG #home :shopbot: show my lists")
        var said: [String] = []
        // "IRC ready" is logged on registration, before the bot's JOIN leaves its send queue: under
        // load alice may see that JOIN after her own. A JOIN is not something said, so it is not counted.
        while let line = alice.wait(seconds: 5, for: { ($0.hasPrefix(":shopbot!") && !$0.contains(" JOIN ")) || $0.contains(" QUIT ") }) {
            said.append(line)
        }
        #expect(!said.isEmpty)
        #expect(!said.contains { $0.contains(" QUIT ") }, "\(said)")
        #expect(said.allSatisfy { $0.contains(" PRIVMSG #home :") }, "\(said)")
        #expect(!said.contains { $0.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" } }, "\(said)")
        // The bot is still there, and still answers.
        alice.send("PRIVMSG shopbot :add jam")
        #expect(alice.message(from: "shopbot", to: "alice") == "Added jam to the Shopping list.")
        // What comes in with controls is refused as it is on every transport, not stored half-stripped.
        alice.send("PRIVMSG shopbot :add \u{1B}[31mred\u{1B}[0m milk")
        #expect(alice.message(from: "shopbot", to: "alice") == "That line holds control or direction characters; please type plain text.")
        // An older client's Latin-1 is read as such.
        alice.send(bytes: Array("PRIVMSG shopbot :add caf".utf8) + [0xE9])
        #expect(alice.message(from: "shopbot", to: "alice") == "Added café to the Shopping list.")
        // A terminal on the LAN reads the name with its controls shown, not acted on.
        let lan = try LineClient(port: server.port)
        _ = lan.line()
        _ = lan.ask("login alice pw-alice")
        let lists = lan.say("show my lists", lines: 4).joined(separator: "\n")
        #expect(!lists.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\r" }, "\(lists)")
        #expect(lists.contains("\\u{1B}]0;owned\\u{7}"), "\(lists)")
    }

    /// "announce Groceries in #news": the bot tells the channel of every
    /// change to the list, whoever makes it and wherever, joining the channel
    /// when it must: at once for a new announcement, on connecting for the others.
    @Test func aListAnnouncedInAChannelHasItsNewsToldThere() throws {
        let irc = try IRCServer()
        let server = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(irc.port)", "--irc-channels", "#home"]) { database in
            _ = try ShopTalkBinary.run(["users", "link", "alice", "irc:alice", "--insecure-nick", "--db", database])
            let chat = try ShopTalkBinary.run(["chat", "--db", database, "--user", "alice"], input: "create list Party\nannounce Party in #party\n")
            try #require(chat.output.contains("News of Party will go to #party too"), "\(chat.output)")
        }
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        let alice = try IRCTestClient(port: irc.port, nick: "alice")
        try alice.join("#news")
        try alice.join("#party")
        alice.send("PRIVMSG shopbot :create list Groceries")
        #expect(alice.message(from: "shopbot", to: "alice")?.hasPrefix("Created the list Groceries") == true)
        alice.send("PRIVMSG shopbot :announce Groceries in #news")
        #expect(alice.message(from: "shopbot", to: "alice")?.hasPrefix("News of Groceries will go to #news too") == true)

        let lan = try LineClient(port: server.port)
        _ = lan.line()
        _ = lan.ask("login alice pw-alice")
        #expect(lan.ask("add milk to Groceries") == "Added milk to Groceries.")
        #expect(alice.message(from: "shopbot", to: "#news") == "alice added milk to Groceries.")
        #expect(lan.ask("add cake to Party") == "Added cake to Party.")
        #expect(alice.message(from: "shopbot", to: "#party") == "alice added cake to Party.")
        #expect(lan.ask("stop announcing Groceries") == "News of Groceries no longer goes to #news.")
        _ = lan.ask("add tea to Groceries")
        _ = lan.ask("add candles to Party")
        #expect(alice.message(from: "shopbot", to: "#party") == "alice added candles to Party.")
        #expect(alice.message(from: "shopbot", to: "#news", seconds: 2) == nil)
    }

    @Test func theBotComesBackAfterTheIRCServerRestarts() throws {
        let irc = try IRCServer()
        let server = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(irc.port)", "--irc-channels", "#home"]) { database in
            _ = try ShopTalkBinary.run(["users", "link", "alice", "irc:alice", "--insecure-nick", "--db", database])
        }
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        irc.stop()
        #expect(server.waitForLog(containing: "msg=\"IRC connection lost; reconnecting\"") != nil)
        try irc.start()
        let deadline = Date().addingTimeInterval(20)
        while server.logText().components(separatedBy: "msg=\"IRC ready\"").count < 3 && Date() < deadline { usleep(100_000) }
        #expect(server.logText().components(separatedBy: "msg=\"IRC ready\"").count == 3, "the bot did not come back")
        let alice = try IRCTestClient(port: irc.port, nick: "alice")
        alice.send("PRIVMSG shopbot :add jam")
        #expect(alice.message(from: "shopbot", to: "alice") == "Added jam to the Shopping list.")
        #expect(server.stop() == 0)
    }

    @Test func theBotSpeaksTLSAndChecksTheServersCertificate() throws {
        let irc = try IRCServer(tls: true)
        let tlsPort = try #require(irc.tlsPort)
        let server = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(tlsPort)", "--irc-tls", "--irc-tls-ca", irc.certificate]) { database in
            _ = try ShopTalkBinary.run(["users", "link", "alice", "irc:alice", "--insecure-nick", "--db", database])
        }
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        let alice = try IRCTestClient(port: irc.port, nick: "alice")
        alice.send("PRIVMSG shopbot :add jam")
        #expect(alice.message(from: "shopbot", to: "alice") == "Added jam to the Shopping list.")

        // Without the authority that signed it, the certificate is refused, and nothing is said.
        let trusting = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(tlsPort)", "--irc-tls", "--irc-nick", "other"])
        #expect(trusting.waitForLog(containing: "certificate verify failed") != nil)
        #expect(!trusting.logText().contains("IRC ready"))
    }

    /// On a network without services accounts (ngircd), a nick proves
    /// itself with a one-time code, and speaks for its member only while the
    /// bot sees it stay: once it quits, whoever takes the nick next is a stranger.
    @Test func aNickIsLinkedFromIRCWithACodeConfirmedByTheLoggedInMember() throws {
        let irc = try IRCServer()
        let server = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(irc.port)", "--irc-channels", "#home"])
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        let carol = try IRCTestClient(port: irc.port, nick: "carol")
        // Out of sight, a nick cannot be vouched for.
        carol.send("PRIVMSG shopbot :link")
        #expect(carol.message(from: "shopbot", to: "carol") == "To link carol, join #home first: I only trust a nick I can see, so I know when it leaves.")
        try carol.join("#home")
        carol.send("PRIVMSG shopbot :link")
        let offer = try #require(carol.message(from: "shopbot", to: "carol"))
        let code = try #require(offer.components(separatedBy: "“link irc ").dropFirst().first?.prefix { $0 != "”" })
        #expect(code.count == 8)

        let lan = try LineClient(port: server.port)
        _ = lan.line()
        #expect(lan.ask("link irc \(code)").hasPrefix("Please log in first"))
        _ = lan.ask("login carol pw-carol")
        #expect(lan.ask("link irc wrongcode") == "No IRC link is waiting for that code: say “link” to the bot in private on IRC to get a new one.")
        #expect(lan.ask("link irc \(code)") == "Linked irc:carol to you while that nick stays in a channel with the bot: it ends when the nick quits or changes, or the bot reconnects.")
        #expect(carol.message(from: "shopbot", to: "carol") == "Linked: carol speaks for carol here until you quit, change nick or leave my channels.")
        carol.send("PRIVMSG shopbot :add milk")
        #expect(carol.message(from: "shopbot", to: "carol") == "Added milk to the Shopping list.")
        // A code is good once, and the link is not kept in the store.
        #expect(lan.ask("link irc \(code)").hasPrefix("No IRC link is waiting"))
        #expect(!(try ShopTalkBinary.run(["users", "list", "--db", server.database]).output.contains("irc:carol")))

        // carol quits; someone else takes her nick, and speaks for no one.
        carol.send("QUIT :bye")
        let mallory = try IRCTestClient(port: irc.port, nick: "carol")
        try mallory.join("#home")
        mallory.send("PRIVMSG shopbot :what's on my list?")
        #expect(mallory.message(from: "shopbot", to: "carol")?.contains("I don't know carol yet") == true)
        mallory.send("PRIVMSG shopbot :remove milk")
        #expect(mallory.message(from: "shopbot", to: "carol", seconds: 3) == nil)
        #expect(lan.say("what's on my list?", lines: 2) == ["Shopping list:", "- milk"])
    }

    /// Leaving the bot's last channel ends a link by code at once, before
    /// the nick quits: out of sight, the bot would never see it change hands
    /// (the probe: alicep links, parts, quits; a stranger takes alicep).
    @Test func aLinkByCodeEndsWhenTheNickLeavesTheBotsChannels() throws {
        let irc = try IRCServer()
        let server = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(irc.port)", "--irc-channels", "#home"])
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        let alice = try IRCTestClient(port: irc.port, nick: "alicep")
        try alice.join("#home")
        alice.send("PRIVMSG shopbot :link")
        let offer = try #require(alice.message(from: "shopbot", to: "alicep"))
        let code = try #require(offer.components(separatedBy: "“link irc ").dropFirst().first?.prefix { $0 != "”" })
        let lan = try LineClient(port: server.port)
        _ = lan.line()
        _ = lan.ask("login alice pw-alice")
        #expect(lan.ask("link irc \(code)").hasPrefix("Linked irc:alicep to you"))
        #expect(alice.message(from: "shopbot", to: "alicep")?.hasPrefix("Linked: alicep speaks for alice") == true)
        alice.send("PRIVMSG shopbot :add milk")
        #expect(alice.message(from: "shopbot", to: "alicep") == "Added milk to the Shopping list.")

        // PART alone ends it: the nick, still on the network, speaks for no one.
        alice.send("PART #home :brb")
        #expect(server.waitForLog(containing: "msg=\"IRC link by code ended\"") != nil)
        alice.send("PRIVMSG shopbot :remove milk")
        #expect(alice.message(from: "shopbot", to: "alicep")?.contains("I don't know alicep yet") == true)
        #expect(lan.ask("add bread") == "Added bread to the Shopping list.")
        alice.send("QUIT :bye")
        let mallory = try IRCTestClient(port: irc.port, nick: "alicep")
        try mallory.join("#home")
        // The nick was told it is unknown a moment ago: its new holder hears nothing, and changes nothing.
        mallory.send("PRIVMSG shopbot :remove milk")
        #expect(mallory.message(from: "shopbot", to: "alicep", seconds: 2) == nil, "no answer and no news of alice's lists")
        #expect(lan.say("what's on my list?", lines: 5).contains("- milk"))
    }

    /// Stopped while an answer's lines wait behind the flood limits (one a
    /// second once the burst went on registering), the bot sends them before
    /// it quits, for a few seconds, and lets the IRC server read them before
    /// its QUIT: a change made is told.
    @Test func aStopSendsTheLinesThatWaitBeforeItQuits() throws {
        let irc = try IRCServer()
        let server = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(irc.port)", "--irc-channels", "#home"]) { database in
            _ = try ShopTalkBinary.run(["users", "link", "alice", "irc:alice", "--insecure-nick", "--db", database])
            _ = try ShopTalkBinary.run(["chat", "--db", database, "--user", "alice"], input: "add zorp and blick\n")
        }
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        let alice = try IRCTestClient(port: irc.port, nick: "alice")
        try alice.join("#home")
        alice.send("PRIVMSG shopbot :what's on my list?")
        #expect(alice.message(from: "shopbot", to: "alice") == "Shopping list:")
        #expect(server.stop(signal: SIGTERM, within: 10) == 0)
        var rest: [String] = []
        while let said = alice.message(from: "shopbot", to: "alice", seconds: 2) { rest.append(said) }
        #expect(rest == ["- blick", "- zorp"])
    }

    /// A nick alone is no proof: `users link` refuses it unless the operator
    /// names the risk; a services account is what it asks for instead.
    @Test func linkingANickAloneNeedsTheOperatorToAcceptTheRisk() throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-link-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: database) }
        _ = try ShopTalkBinary.run(["users", "add", "bob", "--password-stdin", "--db", database], input: "pw\n")
        let refused = try ShopTalkBinary.run(["users", "link", "bob", "irc:bobby", "--db", database])
        #expect(refused.status == 1)
        #expect(refused.error.contains("anyone who takes the nick bobby would read and change bob's lists"), "\(refused.error)")
        #expect(refused.error.contains("irc-account:ACCOUNT"))
        let account = try ShopTalkBinary.run(["users", "link", "bob", "irc-account:bob_b", "--db", database])
        #expect(account.status == 0 && account.output.contains("whoever is logged in to that services account speaks for bob"))
        let insecure = try ShopTalkBinary.run(["users", "link", "bob", "irc:bobby", "--insecure-nick", "--db", database])
        #expect(insecure.status == 0 && insecure.output.contains("anyone using that nick speaks for bob"))
        #expect(try ShopTalkBinary.run(["users", "list", "--db", database]).output == "bob irc:bobby irc-account:bob_b\n")
        #expect(try ShopTalkBinary.run(["users", "unlink", "irc-account:bob_b", "--db", database]).status == 0)
    }

    /// Twenty unlinked nicks saying five things each do not hold up a
    /// member: each stranger hears once, after the household.
    @Test func strangersCannotCrowdOutAMember() throws {
        let irc = try IRCServer()
        let server = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(irc.port)", "--irc-channels", "#home"]) { database in
            _ = try ShopTalkBinary.run(["users", "link", "alice", "irc:alice", "--insecure-nick", "--db", database])
        }
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        let alice = try IRCTestClient(port: irc.port, nick: "alice")
        let strangers = try (0..<20).map { try IRCTestClient(port: irc.port, nick: "guest\($0)") }
        for stranger in strangers {
            for line in 0..<5 { stranger.send("PRIVMSG shopbot :add thing \(line)") }
        }
        // Every client notes when its answers come, each on a thread of its own.
        let answered = Mutex<[String: [Date]]>([:])
        let group = DispatchGroup()
        for client in [alice] + strangers {
            DispatchQueue.global().async(group: group) {
                // The first answer may wait its turn; a second would come soon after.
                var wait = 40.0
                while client.message(from: "shopbot", to: client.nick!, seconds: wait) != nil {
                    answered.withLock { $0[client.nick!, default: []].append(Date()) }
                    wait = 3
                }
            }
        }
        // Once the first stranger is answered, the others' answers wait in the bot's queue.
        let deadline = Date().addingTimeInterval(20)
        while answered.withLock({ $0["guest0"] == nil }) && Date() < deadline { usleep(20_000) }
        alice.send("PRIVMSG shopbot :add milk")
        group.wait()
        let times = answered.withLock { $0 }
        let aliceAnswered = try #require(times["alice"]?.first, "alice was not answered")
        // The bot says a line a second: when alice had her answer, most strangers were still waiting for theirs.
        let before = strangers.filter { (times[$0.nick!]?.first ?? .distantFuture) < aliceAnswered }.count
        #expect(before < 12, "\(before) strangers were answered before alice")
        // Each stranger is told once, however much it says.
        for stranger in strangers { #expect(times[stranger.nick!]?.count == 1, "\(stranger.nick!): \(times[stranger.nick!] ?? [])") }
    }
}
